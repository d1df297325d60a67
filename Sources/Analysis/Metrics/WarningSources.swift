import Foundation
import Population
import RiskCalculation
import RunRecords

/// Which settings the warnings came from: every warned phone attributed to
/// the place where it met the uploader behind its warning, with the field
/// outcomes (`FieldOutcomes`) of each group. `evaluate` writes it as
/// `warning_sources.csv` (Outputs/README.md).
///
/// The uploader behind a warning at time t: among the key owners of the
/// windows the phone had detected by t, the one whose windows the run scored
/// HIGH add up to the most seconds (all windows by t when none was HIGH: a
/// HIGH day can sum LOW windows; ties go to the lower person index). The
/// setting: the one with the most minutes of that owner's encounters with
/// the phone while the owner was infectious (`exposures.bin`) on the days of
/// the owner's windows (ties go to the earlier ``Setting``);
/// ``ownerNotInfectious`` when there is no such encounter (the keys of days
/// on which the owner was not infectious), ``noWindow`` without a window.
/// The rule is the one of `Notebooks/warning_decomposition.py`, except that
/// the household is the `home` setting here (household members meet only at home).
package struct WarningSources: Sendable {
    /// Warnings whose uploader met the phone only while not infectious.
    package static let ownerNotInfectious = "owner_not_infectious"
    /// Warnings without a detected window (none in a recorded run).
    package static let noWindow = "no_window"

    /// One source: its warned phones, their outcomes and their exposures.
    package struct Row: Sendable, Hashable {
        package var source: String
        package var tally: FieldOutcomeTally
        /// Exposure hours (``WarningSourceTally``) of the warned phones, and of those later positive.
        package var exposures = WarningSourceTally()
    }

    /// Sources in the order of ``Setting``, then ``ownerNotInfectious`` and
    /// ``noWindow``; sources without warnings are left out.
    package let rows: [Row]
    /// Per run: the household shares and exposures of its warnings (`warnsim validate`).
    package let perRun: [WarningSourceTally]

    /// Attributes the warnings `warnedAt[run][slot]` (as ``Evaluator`` takes
    /// them) of the runs in `runs`.
    ///
    /// - Parameters:
    ///   - runs: The runs and their labels.
    ///   - warnedAt: Warning times per run and app-user slot.
    package init(runs: RunSet, warnedAt: [[Int64?]]) {
        precondition(warnedAt.count == runs.runs.count)
        let calculator = FieldOutcomeCalculator(runs: runs)
        let order = Setting.allCases.map(\.name) + [Self.ownerNotInfectious, Self.noWindow]
        var tallies = [String: FieldOutcomeTally]()
        var exposures = [String: WarningSourceTally]()
        var perRun: [WarningSourceTally] = []
        for (index, run) in runs.runs.enumerated() {
            var runTally = WarningSourceTally()
            // Minutes per setting of the encounters with an infectious person, by (exposed, infector, run day).
            var minutes = [EncounterKey: [Int]]()
            for exposure in run.exposures {
                let length = exposure.segments.reduce(0) { $0 + Int($1.end) - Int($1.start) }
                minutes[
                    EncounterKey(phone: exposure.exposed, owner: exposure.infector, day: exposure.day),
                    default: [Int](repeating: 0, count: Setting.allCases.count)][Int(exposure.setting)] += length
            }
            var windowsOf = [Int: [StoredWindow]]()
            for window in run.windows { windowsOf[window.phone, default: []].append(window) }
            for (slot, time) in warnedAt[index].enumerated() {
                guard let time else { continue }
                let person = runs.labels[index].phones[slot]
                let (source, seconds) = Self.source(
                    known: (windowsOf[person] ?? []).filter { $0.detectedAt <= time }, phone: person, minutes: minutes,
                    startTime: run.startTime)
                var one = FieldOutcomeTally()
                calculator.count(run: index, slot: slot, warnedAt: time, into: &one)
                tallies[source] = (tallies[source] ?? FieldOutcomeTally()) + one
                let hours = Double(seconds) / 3600
                exposures[source, default: WarningSourceTally()].add(
                    household: source == Setting.home.name, laterPositive: one.laterPositive > 0, exposureHours: hours)
                runTally.add(household: source == Setting.home.name, laterPositive: one.laterPositive > 0, exposureHours: hours)
            }
            perRun.append(runTally)
        }
        rows = order.compactMap { source in
            tallies[source].map { Row(source: source, tally: $0, exposures: exposures[source] ?? WarningSourceTally()) }
        }
        self.perRun = perRun
    }

    /// The source of one warning, from the windows `known` when it was given,
    /// and the seconds of those of its windows whose keys belong to the
    /// uploader behind it and that the run's configuration counted (not
    /// dropped by its filters): the exposure the app measured; 0 without one.
    static func source(
        known: [StoredWindow], phone: Int, minutes: [EncounterKey: [Int]], startTime: Int64
    ) -> (source: String, exposureSeconds: Int) {
        guard !known.isEmpty else { return (noWindow, 0) }
        let high = known.filter { $0.runLevel == .high }
        var seconds = [Int: Int]()
        for window in high.isEmpty ? known : high {
            seconds[window.owner, default: 0] += window.window.scanInstances.reduce(0) { $0 + $1.secondsSinceLastScan }
        }
        let owner = seconds.max { ($0.value, -$0.key) < ($1.value, -$1.key) }!.key
        let exposure = known.filter { $0.owner == owner && $0.runLevel != nil }.reduce(0) {
            $0 + $1.window.scanInstances.reduce(0) { $0 + $1.secondsSinceLastScan }
        }
        let days = Set(known.filter { $0.owner == owner }.map { Int(($0.firstScanTime - startTime).floorDivided(by: 86_400)) })
        var total = [Int](repeating: 0, count: Setting.allCases.count)
        for day in days {
            for (setting, length) in (minutes[EncounterKey(phone: phone, owner: owner, day: day)] ?? []).enumerated() {
                total[setting] += length
            }
        }
        guard let best = total.indices.max(by: { (total[$0], -$0) < (total[$1], -$1) }), total[best] > 0 else {
            return (ownerNotInfectious, exposure)
        }
        return (Setting.allCases[best].name, exposure)
    }

    /// An encounter's phone, key owner and run day.
    struct EncounterKey: Hashable {
        var phone: Int
        var owner: Int
        var day: Int
    }

    /// The CSV columns, in file order.
    package static let columns = [
        "source", "warned_phones", "share_of_warnings", "warned_later_infected", "warned_later_infected_share",
        "warned_tested", "warned_tested_positive", "warned_tested_positive_share", "exposure_hours_median",
        "exposure_hours_q1", "exposure_hours_q3", "later_positive_exposure_hours_median",
    ]

    /// `warning_sources.csv`: one row per source, then a row `all`.
    package var csv: String {
        var text = Self.columns.joined(separator: ",") + "\n"
        let total = rows.map(\.tally).reduce(FieldOutcomeTally(), +)
        let allExposures = rows.map(\.exposures).reduce(WarningSourceTally(), +)
        func hours(_ values: [Double], _ p: Double) -> String {
            values.isEmpty ? "" : String(format: "%.3f", WarningSourceTally.quantile(values, p))
        }
        for row in rows + [Row(source: "all", tally: total, exposures: allExposures)] {
            let t = row.tally
            let e = row.exposures
            let fields = [
                row.source, String(t.warned), Self.ratio(t.warned, total.warned), String(t.laterInfected),
                Self.ratio(t.laterInfected, t.warned), String(t.tested), String(t.testedPositive),
                Self.ratio(t.testedPositive, t.tested), hours(e.exposureHours, 0.5), hours(e.exposureHours, 0.25),
                hours(e.exposureHours, 0.75), hours(e.laterPositiveExposureHours, 0.5),
            ]
            text += fields.joined(separator: ",") + "\n"
        }
        return text
    }

    /// The table `evaluate` prints.
    package var text: String {
        let total = rows.map(\.tally).reduce(0) { $0 + $1.warned }
        var lines = ["warnings by source (setting of the encounters that warned):"]
        lines.append(
            "  " + "source".padding(toLength: 22, withPad: " ", startingAt: 0)
                + " warned   share  later infected  tested positive")
        for row in rows {
            let t = row.tally
            let infected = "\(t.laterInfected) (\(Self.ratio(t.laterInfected, t.warned)))"
            let tested = "\(t.testedPositive)/\(t.tested)"
            lines.append(
                "  " + row.source.padding(toLength: 22, withPad: " ", startingAt: 0)
                    + String(t.warned).rightAligned(7) + Self.ratio(t.warned, total).rightAligned(8)
                    + infected.rightAligned(16) + tested.rightAligned(17))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `count / total` with 3 decimals, empty when `total` is 0.
    static func ratio(_ count: Int, _ total: Int) -> String {
        total == 0 ? "" : String(format: "%.3f", Double(count) / Double(total))
    }
}

extension String {
    /// The string right-aligned in `width` characters.
    fileprivate func rightAligned(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
