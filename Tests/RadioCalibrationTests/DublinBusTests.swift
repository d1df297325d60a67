import Foundation
import Population
import RadioCalibration
import Testing
import WarnSimCore
import WarnSimTestSupport

@Suite("The Dublin Bus measurements (Leith & Farrell 2021) and the crowded-bus channel")
struct DublinBusTests {
    @Test("the files read as their README describes them")
    func counts() throws {
        let data = try RadioFitTests.loadDublin()
        #expect(data.pairs.count == 60)
        var perDistance: [Double: Int] = [:]
        for pair in data.pairs { perDistance[(pair.distance * 10).rounded() / 10, default: 0] += 1 }
        #expect(perDistance == [0.5: 3, 1.0: 4, 1.2: 15, 1.5: 8, 1.6: 11, 1.8: 11, 2.0: 8])
        let minutes = data.pairs.map(\.totalMinutes)
        #expect(minutes.min() == 8 && minutes.max() == 19)
        #expect(minutes.reduce(0, +) == 968)
        #expect(DublinBusMeasurements.bins.count == 19)
        #expect(DublinBusMeasurements.bins.first! == (48, 50) && DublinBusMeasurements.bins.last! == (90, 100))
    }

    /// The README's orientation figures: minute-weighted median attenuation per
    /// distance, read from the bins' mid-points (69 at 0.5 m, 71 at 1.0, 75 at 1.2,
    /// 73 at 1.6, 79 at 1.8, 73 at 2.0; 1.5 m lies between the 75 and 77 bins).
    @Test("minute-weighted medians per distance match the data set's README")
    func medians() throws {
        let data = try RadioFitTests.loadDublin()
        func median(_ distance: Double) -> Double {
            let values = data.pairs.filter { abs($0.distance - distance) < 0.05 }.flatMap { pair in
                pair.minutes.indices.flatMap { repeatElement(DublinBusMeasurements.mid($0), count: pair.minutes[$0]) }
            }
            return SampleStatistics.median(values)
        }
        #expect(median(0.5) == 69)
        #expect(median(1.0) == 71)
        #expect(median(1.2) == 75)
        #expect(median(1.6) == 73)
        #expect(median(1.8) == 79)
        #expect(median(2.0) == 73)
    }

    /// Leave the Dublin Bus out and the bus channel (Lanfer's bus, levelled on the
    /// DP-3T office) misses every Dublin band by about 20 dB: the misfit the crowd fit removes.
    @Test("without the Dublin Bus, the bus channel misses it by about 20 dB")
    func leaveDublinOut() throws {
        let (scenarios, table) = try RadioFitTests.loadInputs()
        let lanfer = try RadioFitTests.loadLanfer()
        let dublin = try RadioFitTests.loadDublin()
        let without = try RadioFit.fit(scenarios: scenarios, lanfer: lanfer, table: table).parameters
        // The ensemble's empty-bus variant is exactly this fit, its crowded-bus variant the default.
        let variants = ProjectFiles.url("Configs/radio/variants")
        let empty = try RadioParameters.load(try ProjectFiles.required(variants.appendingPathComponent("bus-lanfer-empty.yaml")))
        let riders = try RadioParameters.load(try ProjectFiles.required(variants.appendingPathComponent("bus-dublin-riders.yaml")))
        #expect(empty == without)
        #expect(riders == (try RadioParameters.load(try ProjectFiles.required(ProjectFiles.radioDefault))))
        let rows = try RadioCheck.run(scenarios: scenarios, lanfer: lanfer, dublin: dublin, table: table, parameters: without)
        let dublinRows = rows.filter { $0.dataSet == DublinBusMeasurements.dataSetName }
        #expect(dublinRows.count == 4)
        for row in dublinRows {
            #expect(!row.passes)
            #expect(row.measuredMedian - row.simulatedMedian > 15, "\(row)")
        }
    }

    @Test("the replay histogram file is the data set, converted")
    func replayFileMatches() throws {
        let data = try RadioFitTests.loadDublin()
        let shipped = try String(contentsOf: try ProjectFiles.required(ProjectFiles.dublinReplay), encoding: .utf8)
        #expect(shipped == data.histogramCSV())
    }

    @Test("malformed files name the file, the line and the problem")
    func badInput() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dublin-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let row = Array(repeating: "1", count: 19).joined(separator: " ")
        func write(_ attenuations: String, _ distances: String) throws {
            try attenuations.write(
                to: folder.appendingPathComponent(DublinBusMeasurements.attenuationFile), atomically: true, encoding: .utf8)
            try distances.write(to: folder.appendingPathComponent(DublinBusMeasurements.distanceFile), atomically: true, encoding: .utf8)
        }
        let cases: [(String, String, String)] = [
            ("# h\n\(row)\n1 2 3\n", "1.0\n1.0\n", "line 3"),
            ("\(row)\n", "1.0\n2.0\n", "the files must pair row by row"),
            ("\(row)\n", "-1\n", "not in (0, 100)"),
            ("\(row.replacingOccurrences(of: "1 1", with: "1 x"))\n", "1.0\n", "is not a number"),
            ("\(row.replacingOccurrences(of: "1 1", with: "1 0x1p3"))\n", "1.0\n", "is not a number"),
            ("\(row.replacingOccurrences(of: "1 1", with: "1 2.5"))\n", "1.0\n", "whole number of minutes"),
            ("# only a comment\n", "# nothing\n", "no data rows"),
        ]
        for (attenuations, distances, expected) in cases {
            try write(attenuations, distances)
            #expect {
                _ = try DublinBusMeasurements.load(directory: folder)
            } throws: { error in
                guard let error = error as? InputError else { return false }
                return error.description.contains(expected) && error.description.contains("dublinbus_dataset_")
            }
        }
        try FileManager.default.removeItem(at: folder.appendingPathComponent(DublinBusMeasurements.distanceFile))
        #expect(throws: InputError.self) { try DublinBusMeasurements.load(directory: folder) }
    }
}
