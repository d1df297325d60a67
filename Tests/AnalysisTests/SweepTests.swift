import Analysis
import Foundation
import RiskCalculation
import SimulationTestSupport
import Testing
import WarnSimCore
import WarnSimTestSupport

/// Sweeps: generation of configurations, rejection of invalid ones, identical
/// bytes on any thread count and after an interruption.
@Suite struct SweepTests {
    static func write(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("warnsim-sweep-\(UUID().uuidString).yaml")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    static let production = Result { try ConfigurationLoader.load(path: ProjectFiles.url("Configs/risk/cwa-2021-04-14.yaml").path) }

    @Test func gridsRandomSetsAndLatinHypercubes() throws {
        let grid = try SweepSpecification.load(
            path: Self.write(
                """
                method: grid
                parameters:
                  attenuation_border_1: {values: [55, 60]}
                  day_threshold: {min: 6, max: 7, step: 0.5}
                """))
        let plan = try SweepPlan(grid, production: Self.production.get())
        #expect(plan.columns == ["attenuation_border_1", "day_threshold"])
        #expect(plan.entries.map(\.id) == ["production", "c0001", "c0002", "c0003", "c0004", "c0005", "c0006"])
        #expect(plan.entries[0].cells == ["63", "9"])
        #expect(
            plan.entries.dropFirst().map(\.cells) == [
                ["55", "6"], ["55", "6.5"], ["55", "7"], ["60", "6"], ["60", "6.5"], ["60", "7"],
            ])
        guard case .cwaExposureWindows(let p) = plan.entries[4].configuration!.scheme else {
            Issue.record("scheme")
            return
        }
        #expect(p.minutesAtAttenuationWeights[0].attenuationRange.max == 60 && p.minutesAtAttenuationWeights[1].attenuationRange.min == 60)
        #expect(p.normalizedTimePerDayToRiskLevel[1].normalizedTimeRange.min == 6)

        let lhs = try SweepSpecification.load(
            path: Self.write(
                """
                method: latin_hypercube
                samples: 50
                seed: 3
                parameters:
                  weight_1: {min: 0.5, max: 1.5}
                  trv_5: {min: 0, max: 2}
                """))
        let points = try SweepPlan(lhs, production: Self.production.get()).entries.dropFirst()
        #expect(points.count == 50)
        for column in 0..<2 {
            let (low, high) = column == 0 ? (0.5, 1.5) : (0.0, 2.0)
            let strata = points.map { Int((Double($0.cells[column])! - low) / (high - low) * 50) }
            #expect(Set(strata) == Set(0..<50), "every stratum exactly once")
        }
        let random = try SweepSpecification.load(
            path: Self.write("method: random\nsamples: 20\nparameters:\n  weight_3: {min: 0, max: 1, step: 0.25}\n"))
        let values = try SweepPlan(random, production: Self.production.get()).entries.dropFirst().map { Double($0.cells[0])! }
        #expect(values.allSatisfy { [0, 0.25, 0.5, 0.75, 1].contains($0) })
    }

    @Test func invalidCombinationsAreRejectedWithTheReason() throws {
        let spec = try SweepSpecification.load(path: Self.write("method: grid\nparameters:\n  attenuation_border_1: {values: [60, 80]}\n"))
        let plan = try SweepPlan(spec, production: Self.production.get())
        #expect(plan.entries[1].configuration != nil)
        #expect(plan.entries[2].configuration == nil)
        #expect(plan.entries[2].rejection?.isEmpty == false)
        #expect(plan.scored.count == 2)
    }

    @Test func badSweepFilesNameTheFieldAndProblem() throws {
        let cases: [(String, String)] = [
            ("method: grid\nparameters:\n  day_threshold: {min: 1, max: 5}\n", "parameters.day_threshold.step"),
            ("method: grid\nparameters:\n  no_such_thing: {values: [1]}\n", "parameters.no_such_thing"),
            ("method: grid\nparameters:\n  attenuation_border_7: {values: [1]}\n", "parameters.attenuation_border_7"),
            ("method: random\nparameters:\n  weight_1: {min: 0, max: 1}\n", "samples"),
            ("method: sideways\n", "method"),
            ("method: grid\nparameters:\n  weight_1: {values: [1]}\ncolour: red\n", "colour"),
            ("method: files\nconfigurations: [does-not-exist.yaml]\n", "does-not-exist.yaml"),
            (
                "method: grid\nparameters:\n  parameters.minutesAtAttenuationWeights[9].weight: {values: [1]}\n",
                "minutesAtAttenuationWeights[9]"
            ),
            ("method: grid\nparameters: [1, 2\n", "malformed"),
        ]
        for (text, expected) in cases {
            do {
                let spec = try SweepSpecification.load(path: Self.write(text))
                _ = try SweepPlan(spec, production: Self.production.get())
                Issue.record("accepted: \(text)")
            } catch let error as InputError {
                #expect(error.description.contains(expected), "\(error) should name \(expected)")
            }
        }
    }

    /// A saved chunk is reused only with its checksum and ids intact: an edited
    /// or swapped chunk is recomputed and cannot change `metrics.csv`.
    @Test func editedChunksAreRecomputed() throws {
        let run = try RecordedRunFixture.shared.get()
        let path = try Self.write(
            """
            method: grid
            bootstrap: 20
            parameters:
              day_threshold: {min: 6, max: 13, step: 1}
            """)
        let spec = try SweepSpecification.load(path: path)
        var runner = try SweepRunner(spec: spec, runs: RunSet(folders: [run], options: spec.labels), version: "test")
        runner.chunkSize = 3
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("warnsim-chunks-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let clean = base.appendingPathComponent("clean")
        let resumed = base.appendingPathComponent("resumed")
        try runner.run(folder: clean, workers: 1) { _, _ in }
        struct Interrupted: Error {}
        #expect(throws: Interrupted.self) {
            try runner.run(folder: resumed, workers: 1) { done, _ in if done >= 9 { throw Interrupted() } }
        }
        let partial = resumed.appendingPathComponent(".partial")
        let chunk0 = partial.appendingPathComponent("chunk-00000.csv")
        let chunk1 = partial.appendingPathComponent("chunk-00001.csv")
        let chunk2 = partial.appendingPathComponent("chunk-00002.csv")
        let original0 = try String(contentsOf: chunk0, encoding: .utf8)
        #expect(original0.split(separator: "\n").last?.hasPrefix("# sha256:") == true)
        #expect(FileManager.default.fileExists(atPath: chunk2.path), "the untouched chunk 2 is there to be reused")
        // Chunk 0: a metric changed (the old checksum kept); chunk 1: chunk 0's
        // rows with a valid checksum (wrong ids); chunk 2 untouched.
        let edited = original0.replacingOccurrences(of: ",0.", with: ",9.")
        #expect(edited != original0)
        try edited.write(to: chunk0, atomically: true, encoding: .utf8)
        try original0.write(to: chunk1, atomically: true, encoding: .utf8)
        let timings = try runner.run(folder: resumed, workers: 1) { _, _ in }.timings
        #expect(timings.chunksRefused == 2)
        #expect(timings.chunksReused == 1)
        #expect(
            try Data(contentsOf: clean.appendingPathComponent("metrics.csv"))
                == Data(contentsOf: resumed.appendingPathComponent("metrics.csv")))
    }

    @Test func sameBytesOnAnyThreadCountAndAfterAnInterruption() throws {
        let run = try RecordedRunFixture.shared.get()
        let path = try Self.write(
            """
            method: grid
            bootstrap: 50
            parameters:
              day_threshold: {min: 6, max: 20, step: 1}
            """)
        let spec = try SweepSpecification.load(path: path)
        var runner = try SweepRunner(spec: spec, runs: RunSet(folders: [run], options: spec.labels), version: "test")
        runner.chunkSize = 4
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("warnsim-sweep-out-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let one = base.appendingPathComponent("one")
        let two = base.appendingPathComponent("two")
        let resumed = base.appendingPathComponent("resumed")
        try runner.run(folder: one, workers: 1) { _, _ in }
        try runner.run(folder: two, workers: 2) { _, _ in }
        struct Interrupted: Error {}
        #expect(throws: Interrupted.self) {
            try runner.run(folder: resumed, workers: 2) { done, _ in if done >= 8 { throw Interrupted() } }
        }
        #expect(FileManager.default.fileExists(atPath: resumed.appendingPathComponent(".partial/chunk-00001.csv").path))
        #expect(!FileManager.default.fileExists(atPath: resumed.appendingPathComponent("metrics.csv").path))
        var computed = 0
        try runner.run(folder: resumed, workers: 2) { done, _ in computed = done }
        #expect(computed == 16)
        for name in ["metrics.csv", "pareto.csv", "pr-curve.svg", "pareto.svg", "manifest.json"] {
            let a = try Data(contentsOf: one.appendingPathComponent(name))
            #expect(a == (try Data(contentsOf: two.appendingPathComponent(name))), "\(name) on 1 and 2 threads")
            #expect(a == (try Data(contentsOf: resumed.appendingPathComponent(name))), "\(name) after resuming")
        }
        #expect(!FileManager.default.fileExists(atPath: resumed.appendingPathComponent(".partial").path))
        // The production row equals `evaluate` of the same run, and stricter thresholds never warn more phones.
        let table = try MetricsTable.read(contentsOf: one.appendingPathComponent("metrics.csv"))
        let set = try RunSet(folders: [run], options: spec.labels)
        let own = Evaluator(labels: set.labels, options: spec.labels, resamples: 50, seed: spec.seed).evaluate(
            warnedAt: set.recordedWarnings)
        #expect(try table.value("tp", of: "production") == own[.detectable]!.counts.truePositives)
        #expect(
            try table.value("precision_low", of: "production") == Double(MetricsCSV.fixed(own[.detectable]!.precisionInterval.lower, 6)))
        #expect(try table.value("warnings_per_1000", of: "c0004") == table.value("warnings_per_1000", of: "production"))
        let warned = try (1...15).map { i in try table.value("warnings_per_1000", of: String(format: "c%04d", i))! }
        #expect(zip(warned, warned.dropFirst()).allSatisfy { $0 >= $1 })
    }
}
