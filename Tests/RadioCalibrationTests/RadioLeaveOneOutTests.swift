import Foundation
import Population
import RadioCalibration
import Testing
import WarnSimCore
import WarnSimTestSupport

@Suite("Leave one radio data set out: the variants and their misfit on the campaign they did not see")
struct RadioLeaveOneOutTests {
    /// The shipped variant of each left-out campaign.
    static let variantFiles: [RadioCampaign: String] = [
        .dp3t: "without-dp3t.yaml", .lanfer: "without-lanfer.yaml", .dublin: "bus-lanfer-empty.yaml",
    ]

    @Test("the variants are the fits' output byte for byte, and the misfit table is the command's")
    func variantsAndMisfits() throws {
        let (scenarios, table) = try RadioFitTests.loadInputs()
        let result = try RadioLeaveOneOut.run(
            scenarios: scenarios, lanfer: try RadioFitTests.loadLanfer(), dublin: try RadioFitTests.loadDublin(), table: table)
        for (campaign, fit) in zip(RadioCampaign.allCases, result.fits) {
            #expect(fit.leftOut == campaign)
            let file = try ProjectFiles.required(ProjectFiles.url("Configs/radio/variants/\(Self.variantFiles[campaign]!)"))
            let shipped = try String(contentsOf: file, encoding: .utf8)
            #expect(
                shipped == RadioParametersWriter.yaml(fit, generatedFrom: "warnsim radio fit --leave-out \(campaign.rawValue)"),
                "\(file.lastPathComponent) is not `warnsim radio fit --leave-out \(campaign.rawValue)`'s output")
        }
        // Every campaign's places are summarised, each row over its bands.
        #expect(Set(result.rows.map(\.leftOut)) == Set(RadioCampaign.allCases.map(\.rawValue)))
        for row in result.rows { #expect(row.bands > 0 && row.passing <= row.bands) }
        // Without the Dublin Bus, the riders' bus is missed by about 20 dB at every band.
        let dublin = result.rows.filter { $0.leftOut == "dublin" }
        #expect(dublin.count == 1 && dublin[0].passing == 0 && dublin[0].meanMisfit < -15)
        // Without DP-3T, every level hangs on the crowded bus: every DP-3T place is missed, too faint.
        let dp3t = result.rows.filter { $0.leftOut == "dp3t" }
        #expect(dp3t.count == 6)
        for row in dp3t { #expect(row.passing == 0 && row.meanMisfit > 10, "\(row)") }
        // Without Lanfer, the DP-3T room's slopes still carry Lanfer's office and bus.
        for site in ["office", "bus"] {
            let row = try #require(result.rows.first { $0.leftOut == "lanfer" && $0.site == site })
            #expect(row.passing == row.bands, "\(row)")
        }
        // The table in Configs/radio/README.md is this output (`warnsim radio check --leave-one-out`).
        let readme = try String(contentsOf: try ProjectFiles.required(ProjectFiles.url("Configs/radio/README.md")), encoding: .utf8)
        #expect(readme.contains(result.markdown), "Configs/radio/README.md lacks `warnsim radio check --leave-one-out`'s table")
    }

    @Test("leaving DP-3T out needs the Dublin Bus, the only other EN-scale campaign")
    func withoutDP3TNeedsDublin() throws {
        let (scenarios, table) = try RadioFitTests.loadInputs()
        var options = RadioFitOptions()
        options.leftOut = .dp3t
        #expect(throws: InputError.self) {
            try RadioFit.fit(scenarios: scenarios, lanfer: try RadioFitTests.loadLanfer(), table: table, options: options)
        }
    }
}
