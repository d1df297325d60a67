import Foundation
import Population
import Testing
import WarnSimCore
import WarnSimTestSupport

@Suite("Scenario files: bad input is named, never a crash")
struct ScenarioInputTests {
    /// Writes `text` next to the shipped scenarios (so relative paths resolve) and loads it.
    static func load(_ text: String) throws -> WorldConfig {
        let folder = ProjectFiles.root.appendingPathComponent("Configs/scenarios")
        let url = folder.appendingPathComponent(".test-\(UUID().uuidString).yaml")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        return try WorldConfig.loadWorldSections(url)
    }

    @Test("the shipped scenarios load")
    func shippedScenariosLoad() throws {
        _ = try ProjectFiles.required(ProjectFiles.calibrationTable)
        for name in [
            "town-10k.yaml", "city-100k.yaml", "region-1m.yaml", "village-2k.yaml", "town-10k-lockdown-2021.yaml", "cwa-2020-v1.yaml",
            "cwa-v1-to-v2-timeline.yaml",
        ] {
            let scenario = try WorldConfig.loadWorldSections(try ProjectFiles.required(ProjectFiles.scenario(name)))
            #expect(scenario.calibrationTable.entries.count == 11_809)
            #expect(scenario.population.carriageBySetting.count == Setting.allCases.count)
        }
    }

    @Test("unknown keys, out-of-range values, bad choices and missing files name the field")
    func badScenarios() throws {
        let good = try String(contentsOf: try ProjectFiles.required(ProjectFiles.scenario("village-2k.yaml")), encoding: .utf8)
        let cases: [(String, String)] = [
            (good.replacingOccurrences(of: "  people: 2000", with: "  peeple: 2000"), "population.people"),
            (
                good.replacingOccurrences(of: "    employment_rate: 0.767", with: "    employment_rate: 1.767"),
                "population.work.employment_rate"
            ),
            (good.replacingOccurrences(of: "distance_model: sigmoid", with: "distance_model: cubic"), "epidemiology.distance_model"),
            (
                good.replacingOccurrences(of: "[0.423, 0.332, 0.119, 0.091, 0.035]", with: "[0.5, 0.332, 0.119, 0.091, 0.035]"),
                "population.household_size_shares"
            ),
            (good.replacingOccurrences(of: "    work: table", with: "    work: backpack"), "population.carriage.work"),
            (
                good.replacingOccurrences(
                    of: "    cluster_spacing_m: 3.3\n    clusters_per_room: 3", with: "    cluster_spacing_m: 2.5\n    clusters_per_room: 3"
                ), "population.work.cluster_spacing_m"
            ),
            (
                good.replacingOccurrences(of: "    close_contacts_target: 8.9\n", with: "    close_contacts_target: 50.0\n"),
                "population.transport.close_contacts_target"
            ),
            (good.replacingOccurrences(of: "    closes_minute: 1200\n", with: "    closes_minute: 490\n"), "population.shop.closes_minute"),
            (good.replacingOccurrences(of: "    office_share: 0.50\n", with: "    office_share: 1.5\n"), "population.work.office_share"),
            (
                good.replacingOccurrences(of: "[0.371, 0.275, 0.205]", with: "[0.571, 0.275, 0.205]"),
                "population.work.office_room_shares"
            ),
            (good.replacingOccurrences(of: "[0.371, 0.275, 0.205]", with: "[0.371, 0.275]"), "population.work.office_room_shares"),
            (
                good.replacingOccurrences(of: "office_room_people: [1, 2, 4]", with: "office_room_people: [1, 4, 2]"),
                "population.work.office_room_people"
            ),
            (
                good.replacingOccurrences(of: "office_room_people: [1, 2, 4]", with: "office_room_people: [1, 2.5, 4]"),
                "population.work.office_room_people"
            ),
            (
                good.replacingOccurrences(of: "    visit_minutes: 19\n", with: "    visit_minutes: \"19\"\n"),
                "population.shop.visit_minutes"
            ),
        ]
        for (text, field) in cases {
            do {
                _ = try Self.load(text)
                Issue.record("accepted bad input for \(field)")
            } catch let error as InputError {
                #expect(error.field == field, "\(error)")
                #expect(error.file.hasSuffix(".yaml"), "\(error)")
            }
        }
        // A missing radio file is named by the scenario's field that refers to it, and by its path.
        do {
            _ = try Self.load(good.replacingOccurrences(of: "../radio/default.yaml", with: "../radio/nope.yaml"))
            Issue.record("accepted a missing radio file")
        } catch let error as InputError {
            #expect(error.file.hasSuffix(".yaml") && !error.file.hasSuffix("nope.yaml"), "\(error)")
            #expect(error.field == "radio.parameters", "\(error)")
            #expect(error.problem.contains("nope.yaml") && error.problem.contains("does not exist"), "\(error)")
        }
        // Malformed YAML.
        #expect(throws: InputError.self) { try Self.load("population: [1, 2") }
        // Sections of the other layers are accepted as they are.
        _ = try Self.load(good + "\nanalysis:\n  labels: 0.3\n")
    }
}
