import Analysis
import Foundation
import RiskCalculation
import RunRecords
import Simulation
import SimulationTestSupport
import Testing
import WarnSimCore
import WarnSimTestSupport

/// Evaluation on a real recorded run: the batch-scored production
/// configuration reproduces the warnings the simulated apps gave, the window
/// export reproduces the engine, the labels agree with the infection tree, and
/// tampered run files are refused.
@Suite struct RecordedRunTests {
    @Test func batchScoredProductionReproducesTheAppsWarnings() throws {
        let run = try RecordedRun.load(folder: try RecordedRunFixture.shared.get())
        // When the users saw their warnings (HIGH, plus the time to the next
        // opening of the app without notification permission).
        let recorded = run.appUsers.map { run.phones[$0].warnedAt }
        #expect(recorded.contains { $0 != nil }, "the fixture run must warn someone")
        #expect(run.appUsers.contains { run.phones[$0].warnedAt != nil && run.phones[$0].warningDelay > 0 })
        // The fixture's phones run both platforms; each is scored in its own variant.
        #expect(Set(run.appUsers.map { run.phones[$0].platform }) == [.android, .ios])
        #expect(
            run.windows.contains { run.phones[$0.phone].platform == .ios }
                && run.windows.contains { run.phones[$0.phone].platform == .android })
        let scorer = WarningScorer(run: run)
        let scored = try scorer.warnedAt(configurations: [run.risk], workers: 2)
        #expect(scored[0] == recorded)
        // The same on one thread, and in a batch with other configurations.
        let stricter = try ConfigurationTemplate(run.risk, file: "test").configuration(
            setting: [
                ("parameters.normalizedTimePerDayToRiskLevelMapping[0].normalizedTimeRange.max", 30),
                ("parameters.normalizedTimePerDayToRiskLevelMapping[1].normalizedTimeRange.min", 30),
            ], name: "stricter")
        let both = try scorer.warnedAt(configurations: [stricter, run.risk], workers: 1)
        #expect(both[1] == recorded)
        let strictCount = both[0].compactMap { $0 }.count
        #expect(strictCount < recorded.compactMap { $0 }.count, "a higher day threshold warns fewer phones")
    }

    @Test func windowExportReproducesTheEngine() throws {
        let run = try RecordedRun.load(folder: try RecordedRunFixture.shared.get())
        guard case .cwaExposureWindows(let parameters) = run.risk.scheme else {
            Issue.record("not CWA")
            return
        }
        // One file per platform: each holds the phones that ran that variant.
        var high = 0
        for platform in RiskPlatform.allCases {
            let text = try CWAWindowExport.json(run: run, platform: platform)
            let file = try WindowFile.parse(text, file: "export.json")
            #expect(file.cases.count == Set(run.windows.map(\.phone).filter { run.phones[$0].platform == platform }).count)
            #expect(file.configuration?.scheme == run.risk.scheme)
            let engine = CWARiskEngine(parameters: parameters, platform: platform)
            for testCase in file.cases {
                let result = try engine.calculate(testCase.windows, referenceDay: file.referenceDay)
                #expect(result.totalRiskLevel == testCase.expected?.totalRiskLevel)
                #expect(result.numberOfDaysWithHighRisk == testCase.expected?.numberOfDaysWithHighRisk)
                if result.totalRiskLevel == .high { high += 1 }
            }
        }
        #expect(high > 0)
    }

    @Test func labelsFollowTheInfectionTreeAndTheirDefinitions() throws {
        let run = try RecordedRun.load(folder: try RecordedRunFixture.shared.get())
        let labels = PhoneLabels(run: run, options: LabelOptions())
        let infectedBy = Dictionary(run.infections.map { ($0.person, $0.infector) }, uniquingKeysWith: { a, _ in a })
        let detectable = labels.positive[.detectable]!
        let infected = labels.positive[.infected]!
        #expect(detectable.contains(true) && infected.contains(true))
        for (slot, person) in labels.phones.enumerated() {
            if detectable[slot] {
                #expect(infected[slot])
                let infector = infectedBy[person]!
                #expect(run.phones[infector].hasApp && run.phones[infector].sharedKeys)
            }
            #expect(infected[slot] == ((infectedBy[person] ?? -1) >= 0))
        }
        // A continuous stretch of 15 minutes is also 15 cumulative minutes.
        var continuous = LabelOptions()
        continuous.closeContactMode = .continuous
        let strict = PhoneLabels(run: run, options: continuous)
        for slot in labels.phones.indices where strict.positive[.closeContact]![slot] {
            #expect(labels.positive[.closeContact]![slot])
            #expect(labels.exposureTime[.closeContact]![slot]! <= strict.exposureTime[.closeContact]![slot]!)
        }
        // A higher dose threshold never adds phones.
        var higher = LabelOptions()
        higher.doseThreshold = labels.doseThreshold * 4
        let fewer = PhoneLabels(run: run, options: higher)
        #expect(zip(fewer.positive[.dose]!, labels.positive[.dose]!).allSatisfy { !$0 || $1 })
        #expect(fewer.positive[.dose]!.filter { $0 }.count < labels.positive[.dose]!.filter { $0 }.count)
    }

    @Test func evaluationIsReproducibleAndSeedIntervalsNeedTwoRuns() throws {
        let set = try RunSet(folders: [try RecordedRunFixture.shared.get()], options: LabelOptions())
        let a = Evaluator(labels: set.labels, options: set.options, resamples: 200, seed: 5).evaluate(warnedAt: set.recordedWarnings)
        let b = Evaluator(labels: set.labels, options: set.options, resamples: 200, seed: 5).evaluate(warnedAt: set.recordedWarnings)
        let outcomes = FieldOutcomeCalculator(runs: set).outcomes(warnedAt: set.recordedWarnings)
        // (Compared as metrics.csv rows: NaN intervals are not == to themselves.)
        #expect(
            MetricsCSV.row(
                id: "x", parameters: [], metrics: a, outcomes: outcomes, encounters: EncounterOutcomes(matrix: nil), primary: .detectable)
                == MetricsCSV.row(
                    id: "x", parameters: [], metrics: b, outcomes: outcomes, encounters: EncounterOutcomes(matrix: nil),
                    primary: .detectable))
        let m = a[.infected]!
        #expect(m.counts.phones == Double(set.labels[0].phones.count))
        #expect(m.precisionSeedInterval.lower.isNaN)
        if !m.counts.precision.isNaN {
            #expect(m.precisionInterval.lower <= m.counts.precision && m.counts.precision <= m.precisionInterval.upper)
        }
        let two = try RunSet(folders: [try RecordedRunFixture.shared.get(), try RecordedRunFixture.second.get()], options: LabelOptions())
        let pooled = Evaluator(labels: two.labels, options: two.options, resamples: 200, seed: 5).evaluate(warnedAt: two.recordedWarnings)
        #expect(pooled[.infected]!.counts.phones == Double(two.labels[0].phones.count + two.labels[1].phones.count))
        #expect(!pooled[.infected]!.recallSeedInterval.lower.isNaN)
    }

    @Test func radioRangeSpansTheChannelsAndIsAPointForOne() throws {
        let two = try RunSet(folders: [try RecordedRunFixture.shared.get(), try RecordedRunFixture.second.get()], options: LabelOptions())
        let one = Evaluator(labels: two.labels, options: two.options, resamples: 50, seed: 5).evaluate(warnedAt: two.recordedWarnings)
        let split = Evaluator(labels: two.labels, options: two.options, resamples: 50, seed: 5, radioGroups: [[0], [1]])
            .evaluate(warnedAt: two.recordedWarnings)
        for label in GroundTruthLabel.allCases {
            let pooled = one[label]!
            if !pooled.counts.recall.isNaN {
                #expect(pooled.recallRadioRange.lower == pooled.counts.recall && pooled.recallRadioRange.upper == pooled.counts.recall)
            }
            // Two channels: the range runs from one run's value to the other's.
            let perRun = (0..<2).map { run in
                two.labels[run].counts(label, warned: two.recordedWarnings[run].map { $0 != nil }).recall
            }.filter { !$0.isNaN }
            guard !perRun.isEmpty else { continue }
            #expect(split[label]!.recallRadioRange.lower == perRun.min()! && split[label]!.recallRadioRange.upper == perRun.max()!)
            #expect(split[label]!.counts == pooled.counts, "the channels change the range, not the pooled counts")
        }
    }

    @Test func changedOrTruncatedRunFilesAreRefused() throws {
        let original = try RecordedRunFixture.shared.get()
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("warnsim-tamper-\(UUID().uuidString)")
        try FileManager.default.copyItem(atPath: original, toPath: copy.path)
        defer { try? FileManager.default.removeItem(at: copy) }
        let windows = copy.appendingPathComponent("windows.bin")
        var bytes = try Data(contentsOf: windows)
        bytes[bytes.count - 1] ^= 1
        try bytes.write(to: windows)
        #expect(throws: InputError.self) { try RecordedRun.load(folder: copy.path) }
        do {
            _ = try RecordedRun.load(folder: copy.path)
        } catch let error as InputError {
            #expect(error.file.hasSuffix("windows.bin") && error.problem.contains("SHA-256"))
        }
        // Decoding itself refuses truncation at any point with the record named.
        let good = [UInt8](try Data(contentsOf: URL(fileURLWithPath: original).appendingPathComponent("windows.bin")))
        for cut in [0, 10, 21, good.count / 2, good.count - 1] {
            #expect(throws: InputError.self) { try WindowStore.decode(Array(good[0..<cut]), file: "windows.bin") }
        }
        #expect(throws: InputError.self) { try WindowStore.decode(good + [0], file: "windows.bin") }
        #expect(throws: InputError.self) { try RecordedRun.load(folder: copy.path + "-missing") }
    }
}
