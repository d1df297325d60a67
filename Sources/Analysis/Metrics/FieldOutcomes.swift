import Foundation

/// What the field measured, per configuration, independent of any ground-truth
/// label: the figures the Corona-Warn-App's data donation reported (CWA team,
/// "SB04: Who is using the Corona-Warn-App, who is warned – and how fast?",
/// coronawarn.app science blog, 15 October 2021), so that a simulated
/// configuration can be set against them (`warnsim validate`).
package struct FieldOutcomes: Sendable, Hashable {
    /// App users warned (total risk HIGH) during the runs.
    package var warnedPhones: Int
    /// App users who uploaded keys after a positive test.
    package var uploaders: Int
    /// Warned phones per uploading user (the data donation's "red warnings per
    /// positive result shared"); NaN without uploaders.
    package var warningsPerUploader: Double
    /// Median and mean days from the exposure to the warning: for each warned
    /// phone, from the first scan of the most recent exposure window the phone
    /// had detected when it was warned (the encounter date the app shows) to
    /// the warning. NaN when nobody was warned.
    package var exposureToWarningDaysMedian: Double
    package var exposureToWarningDaysMean: Double
    /// Share of warned phones whose user later registered a test in the app
    /// that came back positive; NaN when nobody was warned.
    package var warnedLaterPositiveShare: Double
    /// Share of warned phones whose user registered a PCR test in the app
    /// after the warning and had its result by the end of the run (rapid
    /// antigen tests are not counted); NaN when nobody was warned.
    package var warnedTestedShare: Double
    /// Of the warned phones whose user registered a PCR test in the app after
    /// the warning, the share whose first such test came back POSITIVE, a first
    /// test still pending at the end of the run not counted (as the
    /// data donation counts it: "about one in five people who underwent a PCR
    /// test and who were warned about an increased risk tested positive", SB04
    /// §6.5: 20,655 of 97,745); NaN when no warned user was tested.
    package var warnedTestedPositiveShare: Double
    /// Share of warned phones whose user was infected at or after that
    /// exposure (ground truth, whether tested or not); NaN when nobody was warned.
    package var warnedLaterInfectedShare: Double

    /// The CSV columns, in file order.
    package static let columns = [
        "warned_phones", "uploaders", "warnings_per_uploader", "exposure_to_warning_days_median",
        "exposure_to_warning_days_mean", "warned_later_positive_share", "warned_later_infected_share",
        "warned_tested_share", "warned_tested_positive_share",
    ]

    /// The values of ``columns``, as `metrics.csv` writes them.
    package var cells: [String] {
        [
            String(warnedPhones), String(uploaders), MetricsCSV.fixed(warningsPerUploader, 6),
            MetricsCSV.fixed(exposureToWarningDaysMedian, 4), MetricsCSV.fixed(exposureToWarningDaysMean, 4),
            MetricsCSV.fixed(warnedLaterPositiveShare, 6), MetricsCSV.fixed(warnedLaterInfectedShare, 6),
            MetricsCSV.fixed(warnedTestedShare, 6), MetricsCSV.fixed(warnedTestedPositiveShare, 6),
        ]
    }

    /// The value of a column by name, nil for an unknown name.
    ///
    /// - Parameter column: One of ``columns``.
    /// - Returns: The value as a number.
    package func value(of column: String) -> Double? {
        switch column {
        case "warned_phones": Double(warnedPhones)
        case "uploaders": Double(uploaders)
        case "warnings_per_uploader": warningsPerUploader
        case "exposure_to_warning_days_median": exposureToWarningDaysMedian
        case "exposure_to_warning_days_mean": exposureToWarningDaysMean
        case "warned_later_positive_share": warnedLaterPositiveShare
        case "warned_later_infected_share": warnedLaterInfectedShare
        case "warned_tested_share": warnedTestedShare
        case "warned_tested_positive_share": warnedTestedPositiveShare
        default: nil
        }
    }
}

/// Computes ``FieldOutcomes`` for any configuration's warning times on a set
/// of runs; what does not depend on the configuration (each app user's
/// detected windows, positive test, infection) is gathered once.
package struct FieldOutcomeCalculator: Sendable {
    /// Per run and app-user slot: (window first scan, detected at), by detection time.
    let windows: [[[(firstScan: Int64, detectedAt: Int64)]]]
    var appTests: [[[RecordedRun.AppTest]]]
    let infectedAt: [[Int64?]]
    /// Uploading users per run.
    let uploaders: [Int]

    /// Gathers what the outcomes need from `runs` (slots in the order of `labels[run].phones`).
    ///
    /// - Parameter runs: The runs and their labels.
    package init(runs: RunSet) {
        var windows: [[[(firstScan: Int64, detectedAt: Int64)]]] = []
        var tests: [[[RecordedRun.AppTest]]] = []
        var infected: [[Int64?]] = []
        var uploaders: [Int] = []
        for (run, labels) in zip(runs.runs, runs.labels) {
            var slotOf = [Int: Int]()
            for (slot, person) in labels.phones.enumerated() { slotOf[person] = slot }
            var perSlot = [[(firstScan: Int64, detectedAt: Int64)]](repeating: [], count: labels.phones.count)
            for window in run.windows {
                guard let slot = slotOf[window.phone] else { continue }
                perSlot[slot].append((window.firstScanTime, window.detectedAt))
            }
            windows.append(perSlot.map { $0.sorted { ($0.detectedAt, $0.firstScan) < ($1.detectedAt, $1.firstScan) } })
            tests.append(labels.phones.map { run.phones[$0].appTests })
            var firstInfection = [Int: Int64]()
            for infection in run.infections where firstInfection[infection.person] == nil {
                firstInfection[infection.person] = infection.time
            }
            infected.append(labels.phones.map { firstInfection[$0] })
            uploaders.append(run.phones.filter(\.sharedKeys).count)
        }
        self.windows = windows
        appTests = tests
        infectedAt = infected
        self.uploaders = uploaders
    }

    /// The outcomes of a configuration whose first warning of each app user is
    /// `warnedAt[run][slot]` (nil: never warned), over all runs together.
    ///
    /// - Parameter warnedAt: Warning times per run and app-user slot, as ``Evaluator`` takes them.
    /// - Returns: The configuration's field outcomes.
    package func outcomes(warnedAt: [[Int64?]]) -> FieldOutcomes {
        tallies(warnedAt: warnedAt).reduce(FieldOutcomeTally(), +).outcomes
    }

    /// The counts behind the outcomes, one tally per run: their sum gives the
    /// pooled outcomes, a resample of them a bootstrap replicate (`warnsim validate`).
    ///
    /// - Parameter warnedAt: Warning times per run and app-user slot.
    /// - Returns: One tally per run.
    package func tallies(warnedAt: [[Int64?]]) -> [FieldOutcomeTally] {
        precondition(warnedAt.count == windows.count)
        return warnedAt.indices.map { run in
            var tally = FieldOutcomeTally()
            tally.uploaders = uploaders[run]
            for (slot, time) in warnedAt[run].enumerated() {
                guard let time else { continue }
                count(run: run, slot: slot, warnedAt: time, into: &tally)
            }
            return tally
        }
    }

    /// Adds one warned phone (app-user `slot` of `run`, warned at Unix second
    /// `time`) to `tally`: its delay, later tests and later infection.
    func count(run: Int, slot: Int, warnedAt time: Int64, into tally: inout FieldOutcomeTally) {
        tally.warned += 1
        // The most recent exposure the phone knew of when it was warned.
        let known = windows[run][slot].filter { $0.detectedAt <= time }
        let exposure = known.map(\.firstScan).max()
        if let exposure { tally.delays.append(Double(time - exposure) / 86_400) }
        let later = appTests[run][slot].filter { $0.registeredAt >= time }
        if later.contains(where: { $0.result == "POSITIVE" }) { tally.laterPositive += 1 }
        // A test whose result was still pending when the run ended has no result
        // to count (the data donation counts PCR tests with their results).
        if let first = later.first(where: { !$0.rapidAntigen }), !first.result.isEmpty {
            tally.tested += 1
            if first.result == "POSITIVE" { tally.testedPositive += 1 }
        }
        if let infection = infectedAt[run][slot], infection >= (exposure ?? time) { tally.laterInfected += 1 }
    }
}

/// The counts behind ``FieldOutcomes`` for one or more runs. Tallies of
/// different runs add up to the tally of the runs together.
package struct FieldOutcomeTally: Sendable, Hashable {
    package var warned = 0
    package var uploaders = 0
    package var laterPositive = 0
    package var tested = 0
    package var testedPositive = 0
    package var laterInfected = 0
    /// Days from the exposure to the warning, one per warned phone with a known exposure.
    package var delays: [Double] = []

    package init() {}

    package static func + (lhs: Self, rhs: Self) -> Self {
        var sum = lhs
        sum.warned += rhs.warned
        sum.uploaders += rhs.uploaders
        sum.laterPositive += rhs.laterPositive
        sum.tested += rhs.tested
        sum.testedPositive += rhs.testedPositive
        sum.laterInfected += rhs.laterInfected
        sum.delays += rhs.delays
        return sum
    }

    /// The outcomes these counts give.
    package var outcomes: FieldOutcomes {
        let delays = self.delays.sorted()
        let median: Double =
            delays.isEmpty
            ? .nan : delays.count % 2 == 1 ? delays[delays.count / 2] : (delays[delays.count / 2 - 1] + delays[delays.count / 2]) / 2
        func share(_ count: Int) -> Double { warned == 0 ? .nan : Double(count) / Double(warned) }
        return FieldOutcomes(
            warnedPhones: warned, uploaders: uploaders,
            warningsPerUploader: uploaders == 0 ? .nan : Double(warned) / Double(uploaders),
            exposureToWarningDaysMedian: median,
            exposureToWarningDaysMean: delays.isEmpty ? .nan : delays.reduce(0, +) / Double(delays.count),
            warnedLaterPositiveShare: share(laterPositive), warnedTestedShare: share(tested),
            warnedTestedPositiveShare: tested == 0 ? .nan : Double(testedPositive) / Double(tested),
            warnedLaterInfectedShare: share(laterInfected))
    }
}
