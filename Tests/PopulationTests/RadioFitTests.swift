import Foundation
import Population
import Testing
import WarnSimCore
import WarnSimTestSupport

@Suite("Radio model fitted to DP-3T experiment 34 and Lanfer et al. 2022")
struct RadioFitTests {
    static func loadLanfer() throws -> LanferMeasurements {
        try LanferMeasurements.load(directory: try ProjectFiles.required(ProjectFiles.lanfer))
    }

    static func loadDublin() throws -> DublinBusMeasurements {
        try DublinBusMeasurements.load(directory: try ProjectFiles.required(ProjectFiles.dublin))
    }

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
        // Lanfer et al. 2022: every rssiBLE row; the second block of
        // office/scenarios/OnePlus.csv (1,021 rows after its own header line)
        // has no rssiBLE column and is not read.
        let lanfer = try Self.loadLanfer()
        #expect(lanfer.samples.count == 16_369)
        #expect(lanfer.skippedRows == ["office/scenarios/OnePlus.csv": 1021])
        #expect(Set(lanfer.samples.map(\.site)).count == 4 && Set(lanfer.samples.map(\.sender)).count == 3)
    }

    @Test("the shipped default is exactly what the fit produces")
    func shippedDefaultComesFromFit() throws {
        let (scenarios, table) = try Self.loadInputs()
        let fitted = try RadioFit.fit(
            scenarios: scenarios, lanfer: try Self.loadLanfer(), dublin: try Self.loadDublin(), table: table
        ).parameters
        let shipped = try RadioParameters.load(try ProjectFiles.required(ProjectFiles.radioDefault))
        #expect(shipped == fitted)
    }

    /// The criterion of `warnsim radio check`. Every DP-3T scenario band below 4 m
    /// passes (the fitted lunch, party, office and the held-out train, queue and
    /// movement), and so does every Lanfer band of the office, the bus (its own
    /// environment since 2026-11-25) and the train, and every band of the DP-3T
    /// office (an open-plan setting in the atrium, compared with the room
    /// channel since 2026-11-26). At the check's default seed every row passes
    /// (`RadioCommandTests`); at this seed the two edge rows
    /// (Configs/radio/README.md) may fail: the DP-3T train beyond 4 m, measured
    /// by one receiver, and the parking's 1–1.5 m.
    @Test("simulated medians within the data set's pooled device spread")
    func mediansWithinDeviceSpread() throws {
        let (scenarios, table) = try Self.loadInputs()
        let parameters = try RadioParameters.load(try ProjectFiles.required(ProjectFiles.radioDefault))
        let rows = try RadioCheck.run(
            scenarios: scenarios, lanfer: try Self.loadLanfer(), dublin: try Self.loadDublin(), table: table, parameters: parameters,
            seed: 99)
        #expect(Set(rows.map(\.dataSet)) == ["dp3t-exp34", "lanfer-multichannel-2022", "leith-dublin-bus-2020"])
        #expect(Set(rows.filter { $0.dataSet == "lanfer-multichannel-2022" }.map(\.site)) == Set(LanferMeasurements.sites))
        #expect(Set(rows.map(\.environment)) == Set(RadioEnvironment.allCases.map(\.name)))
        #expect(Set(rows.map(\.distance)).isSubset(of: Set(RadioCheck.bands.map(\.label))))
        for row in rows {
            #expect(row.deviceSpread >= RadioCheck.spreadFloor(parameters))
            #expect(row.passes == (abs(row.simulatedMedian - row.measuredMedian) <= row.deviceSpread + 1e-9))
            #expect(row.measuredQ25 <= row.measuredMedian && row.measuredMedian <= row.measuredQ75)
            #expect(row.simulatedQ25 <= row.simulatedMedian && row.simulatedMedian <= row.simulatedQ75)
            // One spread per data set and environment.
            let sameGroup = rows.filter { $0.dataSet == row.dataSet && $0.environment == row.environment }
            #expect(sameGroup.allSatisfy { $0.deviceSpread == row.deviceSpread })
        }
        let dp3tNear = rows.filter { $0.dataSet == "dp3t-exp34" && !$0.distance.hasPrefix("4") && !$0.distance.hasPrefix("6") }
        #expect(dp3tNear.count == 30)
        for row in dp3tNear { #expect(row.passes, "\(row.site) \(row.distance): \(row)") }
        let failures = rows.filter { !$0.passes }
        #expect(failures.count <= 2, "\(failures)")
        #expect(
            failures.allSatisfy {
                ($0.dataSet == "dp3t-exp34" && $0.devices == 1) || ($0.site == "parking" && $0.distance == "1-1.5 m")
            },
            "\(failures)")
        for row in rows where ["office", "bus", "train"].contains(row.site) && row.dataSet != "dp3t-exp34" {
            #expect(row.passes, "\(row)")
        }
        for row in rows where row.dataSet == "dp3t-exp34" && row.site == "office" {
            #expect(row.environment == "room" && row.passes, "\(row)")
        }
        // The dual-slope fit's gain: the held-out room scenarios pass beyond 4 m too.
        for row in rows where ["queue", "movement"].contains(row.site) { #expect(row.passes, "\(row)") }
    }

    /// The pooled spread by hand: groups {1, 3} (s² = 2, 1 degree of freedom)
    /// and {2, 4, 6} (s² = 4, 2 degrees): (2 + 8) / 3; one-device groups add nothing.
    @Test func pooledDeviceSpreadByHand() {
        let pooled = RadioCheck.pooledDeviceSpread([[1, 3], [2, 4, 6], [9]])
        #expect(abs((pooled ?? 0) - (10.0 / 3).squareRoot()) < 1e-12)
        #expect(RadioCheck.pooledDeviceSpread([[5], []]) == nil)
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
            (good.replacingOccurrences(of: "breakpoint_m: 3.50", with: "breakpoint_m: 0.2"), "environments.room.breakpoint_m"),
            (
                good.replacingOccurrences(of: "far_path_loss_exponent: 0.00", with: "far_path_loss_exponent: -3"),
                "environments.room.far_path_loss_exponent"
            ),
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
