import ExposureNotification
import RiskCalculation
import WarnSimCore

/// Scores the encounter-level units of recorded runs (``EncounterOutcomes``)
/// under many configurations: the windows each phone recorded for one
/// uploader's key-day form one device of the `BatchScorer` (in the phone's own
/// platform's variant), scored as of the key's own day; ENF v1 schemes go
/// through their exact engines unit by unit. What does not depend on the
/// configuration (the units, their truth, their windows) is gathered once.
package struct EncounterScorer: Sendable {
    /// Units in the universe (key-days × eligible phones other than the owner);
    /// nil when a run has no `contacts.bin`.
    let units: Int?
    /// Units at risk (close-contact criterion), as (run, phone, owner, day).
    let atRisk: Set<UnitKey>
    /// Units with windows, per platform: their keys, reference days and windows.
    let batches: [(platform: RiskPlatform, units: [UnitKey], days: [Int], set: BatchWindowSet)]
    /// The same units' windows, for the ENF v1 engines.
    let unitWindows: [(unit: UnitKey, platform: RiskPlatform, windows: [ExposureWindow])]

    /// One unit: a phone × an uploader's key-day of one run.
    struct UnitKey: Hashable, Sendable {
        var run: Int
        var phone: Int
        var owner: Int
        var day: Int
    }

    /// Gathers the units of `runs`, at risk by `options`' close-contact criterion.
    ///
    /// - Parameters:
    ///   - runs: The recorded runs.
    ///   - options: The close-contact minutes, distance and mode define a unit at risk.
    package init(runs: [RecordedRun], options: LabelOptions) {
        guard runs.allSatisfy({ $0.keyDays != nil }) else {
            units = nil
            atRisk = []
            batches = []
            unitWindows = []
            return
        }
        var total = 0
        var atRisk = Set<UnitKey>()
        var windows: [RiskPlatform: [ExposureWindow]] = [:]
        var devices: [RiskPlatform: [Int]] = [:]
        var keys: [RiskPlatform: [UnitKey]] = [:]
        var unitWindows: [(unit: UnitKey, platform: RiskPlatform, windows: [ExposureWindow])] = []
        for (r, run) in runs.enumerated() {
            let eligible = run.phones.filter { $0.hasApp && $0.exposureLogging }.count
            var keyDays = Set<Int64>()
            for keyDay in run.keyDays! {
                keyDays.insert(Int64(keyDay.owner) << 32 | Int64(keyDay.day))
                total += eligible - (run.phones[keyDay.owner].exposureLogging ? 1 : 0)
                for contact in keyDay.contacts
                where PhoneLabels.closeContactMinute(segments: contact.encounters, options: options) != nil {
                    atRisk.insert(UnitKey(run: r, phone: contact.phone, owner: keyDay.owner, day: keyDay.day))
                }
            }
            // Windows by unit, in stored order (by phone, then first scan).
            var byUnit: [UnitKey: [ExposureWindow]] = [:]
            var order: [UnitKey] = []
            for stored in run.windows where stored.owner >= 0 {
                let day = Int(stored.window.dayNumber)
                guard keyDays.contains(Int64(stored.owner) << 32 | Int64(day)) else { continue }
                let unit = UnitKey(run: r, phone: stored.phone, owner: stored.owner, day: day)
                if byUnit[unit] == nil { order.append(unit) }
                byUnit[unit, default: []].append(stored.window)
            }
            for unit in order {
                let platform = run.phones[unit.phone].platform
                let local = keys[platform, default: []].count
                keys[platform, default: []].append(unit)
                for window in byUnit[unit]! {
                    windows[platform, default: []].append(window)
                    devices[platform, default: []].append(local)
                }
                unitWindows.append((unit, platform, byUnit[unit]!))
            }
        }
        units = total
        self.atRisk = atRisk
        self.unitWindows = unitWindows
        batches = RiskPlatform.allCases.compactMap { platform in
            guard let own = keys[platform] else { return nil }
            return (platform, own, own.map(\.day), BatchWindowSet(windows: windows[platform]!, devices: devices[platform]!))
        }
    }

    /// The encounter-level outcomes of each configuration, in order.
    ///
    /// - Parameters:
    ///   - configurations: The risk configurations.
    ///   - workers: Threads for the batch scorer.
    /// - Returns: One ``EncounterOutcomes`` per configuration.
    /// - Throws: The batch scorer's errors.
    package func outcomes(configurations: [RiskConfiguration], workers: Int) throws -> [EncounterOutcomes] {
        guard let units else { return configurations.map { _ in EncounterOutcomes(matrix: nil) } }
        var flagged = [Set<UnitKey>](repeating: [], count: configurations.count)
        var cwa: [(index: Int, parameters: CWARiskParameters)] = []
        for (index, configuration) in configurations.enumerated() {
            if case .cwaExposureWindows(let parameters) = configuration.scheme { cwa.append((index, parameters)) }
        }
        for batch in batches where !cwa.isEmpty {
            let scorer = BatchScorer(configurations: cwa.map(\.parameters), platform: batch.platform)
            let result = try scorer.score(batch.set, referenceDay: 0, referenceDays: batch.days, workers: workers)
            for (column, entry) in cwa.enumerated() {
                for (device, unit) in batch.units.enumerated()
                where result.totalRiskLevel(device: device, configuration: column) == .high {
                    flagged[entry.index].insert(unit)
                }
            }
        }
        for (index, configuration) in configurations.enumerated() {
            for (unit, platform, windows) in unitWindows {
                let high: Bool
                switch configuration.scheme {
                case .cwaExposureWindows: continue
                case .cwa2020(let p):
                    high = ENFv1Engine.cwa2020(windows, parameters: p, referenceDay: unit.day, platform: platform).totalRiskLevel == .high
                case .immuni(let p):
                    high = ENFv1Engine.immuni(windows, parameters: p, referenceDay: unit.day, platform: platform).totalRiskLevel == .high
                }
                if high { flagged[index].insert(unit) }
            }
        }
        return flagged.map { flags in
            let truePositives = flags.intersection(atRisk).count
            let falsePositives = flags.count - truePositives
            let falseNegatives = atRisk.count - truePositives
            return EncounterOutcomes(
                matrix: ConfusionMatrix(
                    truePositives: truePositives, falsePositives: falsePositives, falseNegatives: falseNegatives,
                    trueNegatives: units - truePositives - falsePositives - falseNegatives))
        }
    }
}
