import Foundation
import Population
import Testing
import WarnSimCore
import WarnSimTestSupport

@Suite("Radio model fitted to DP-3T experiment 34")
struct RadioFitTests {
    static func loadInputs() throws -> ([DP3TScenario], DeviceCalibrationTable) {
        let folder = try ProjectFiles.required(ProjectFiles.dp3t)
        for name in DP3TMeasurements.scenarioNames {
            _ = try ProjectFiles.required(folder.appendingPathComponent("exp34-epfl-soldiers/\(name).sqlite"))
        }
        let table = try DeviceCalibrationTable.load(try ProjectFiles.required(ProjectFiles.calibrationTable))
        return (try DP3TMeasurements.loadAll(directory: folder), table)
    }

    @Test("reference data reads as documented (row counts, table size)")
    func referenceCounts() throws {
        let (scenarios, table) = try Self.loadInputs()
        #expect(table.entries.count == 11_809)
        #expect(table.entries.filter { $0.confidence == 3 }.count == 306)
        let totals = scenarios.map { $0.sightings.count + $0.rowsWithoutDistance }
        #expect(totals == [6177, 9885, 6309, 5337, 5275, 1852])
        #expect(scenarios.map(\.rowsWithoutDistance) == [2823, 3118, 4522, 2937, 0, 716])
        #expect(table.entry(model: "SM-G981B/DS")?.txPower == -24)
    }

    @Test("the shipped default is exactly what the fit produces")
    func shippedDefaultComesFromFit() throws {
        let (scenarios, table) = try Self.loadInputs()
        let fitted = try RadioFit.fit(scenarios: scenarios, table: table).parameters
        let shipped = try RadioParameters.load(try ProjectFiles.required(ProjectFiles.radioDefault))
        #expect(shipped == fitted)
    }

    @Test("simulated medians per distance band match the measured ones the model was fitted on")
    func mediansPerBand() throws {
        let (scenarios, table) = try Self.loadInputs()
        let parameters = try RadioParameters.load(try ProjectFiles.required(ProjectFiles.radioDefault))
        let rows = try RadioCheck.run(
            scenarios: scenarios, table: table, parameters: parameters, seed: 99,
            groups: [("room", ["lunch", "party"]), ("vehicle", ["train"])])
        // Bands with at least 100 sightings below 4 m (beyond, the camera
        // tracking is sparse and the detection limit dominates).
        let checked = rows.filter { $0.measuredCount >= 100 && !$0.band.hasPrefix("4") && !$0.band.hasPrefix("6") }
        #expect(checked.count == 10)
        for row in checked {
            // Within 2.5 dB below 3 m (the close-contact range); the log-distance
            // line is 3 dB low at 3–4 m in the room scenarios (Configs/radio/README.md).
            let tolerance = row.band.hasPrefix("3") ? 3.5 : 2.5
            #expect(abs(row.simulatedMedian - row.measuredMedian) <= tolerance, "\(row.scenario) \(row.band): \(row)")
            #expect(row.ks < 0.25, "\(row.scenario) \(row.band): KS \(row.ks)")
            #expect(abs(row.simulatedIQR - row.measuredIQR) <= 5, "\(row.scenario) \(row.band) IQR")
        }
    }

    @Test("attenuation grows with distance and weak sightings are not produced")
    func monotoneAndDetectionLimit() throws {
        let (_, table) = try Self.loadInputs()
        let parameters = try RadioParameters.load(try ProjectFiles.required(ProjectFiles.radioDefault))
        let pocket = try #require(parameters.carriageIndex("pocket"))
        let near = RadioSampler.sample(
            distance: 0.5, environment: .room, carriage: pocket, count: 4000, seed: 1, parameters: parameters, table: table)
        let far = RadioSampler.sample(
            distance: 8, environment: .room, carriage: pocket, count: 4000, seed: 1, parameters: parameters, table: table)
        let nearMedian = SampleStatistics.median(near.sightings.map { Double($0.attenuation) })
        let farMedian = SampleStatistics.median(far.sightings.map { Double($0.attenuation) })
        #expect(farMedian > nearMedian + 5)
        #expect(far.undetected > near.undetected)
        for draw in far.sightings { #expect(Double(draw.rssi) >= parameters.detectionLimitRssi) }
        // Same seed, same draws.
        let again = RadioSampler.sample(
            distance: 8, environment: .room, carriage: pocket, count: 4000, seed: 1, parameters: parameters, table: table)
        #expect(again.sightings == far.sightings)
    }

    @Test("bad radio YAML names the file, the field and the problem")
    func badRadioYAML() throws {
        let good = try String(contentsOf: try ProjectFiles.required(ProjectFiles.radioDefault), encoding: .utf8)
        let cases: [(String, String)] = [
            (good.replacingOccurrences(of: "path_loss_exponent: ", with: "path_loss_exponnt: "), "environments.room.path_loss_exponent"),
            (good.replacingOccurrences(of: "  room:\n", with: "  room:\n    colour: 3\n"), "environments.room.colour"),
            (good.replacingOccurrences(of: "probability: 0.50", with: "probability: 1.5"), "body_blocking.probability"),
            (good + "\nextra_key: 1\n", "extra_key"),
            (
                good.replacingOccurrences(of: "detection_limit_rssi_dbm: -105.00", with: "detection_limit_rssi_dbm: loud"),
                "detection_limit_rssi_dbm"
            ),
        ]
        for (text, field) in cases {
            do {
                _ = try RadioParameters.parse(YAMLSection.parse(text, file: "radio.yaml"))
                Issue.record("accepted bad input for \(field)")
            } catch let error as InputError {
                #expect(error.file == "radio.yaml")
                #expect(error.field == field, "\(error)")
            }
        }
        #expect(throws: InputError.self) { try RadioParameters.parse(YAMLSection.parse("environments: [1, 2", file: "x.yaml")) }
    }
}
