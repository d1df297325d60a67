import WarnSimCore

/// A figure's value and its 95 % interval.
package struct ContactDiaryEstimate: Sendable, Equatable, Codable {
    package var value: Double
    package var low: Double
    package var high: Double
    /// Respondents the figure is computed on.
    package var respondents: Int

    package init(value: Double, low: Double, high: Double, respondents: Int) {
        self.value = value
        self.low = low
        self.high = high
        self.respondents = respondents
    }

    /// Whether two intervals overlap (the agreement criterion of the comparison).
    package func overlaps(_ other: ContactDiaryEstimate) -> Bool { low <= other.high && other.low <= high }
}

/// Contacts per respondent-day overall, by age band and town age group, by
/// setting and by setting within each town age group, and the duration-class
/// shares, overall and within each setting (``ContactDiaryFigure/every``), each with a 95 % interval from a
/// respondent bootstrap: the respondents are resampled with replacement
/// `replicates` times from a fixed-seed stream, every figure is recomputed
/// from each resample's totals (ratios of sums: contacts over days, class
/// over contacts with a duration), and the 2.5 % and 97.5 % quantiles bound
/// it (widened to include the value). The same respondents and seed give the
/// same intervals.
package struct ContactDiarySummary: Sendable {
    package var estimates: [ContactDiaryFigure: ContactDiaryEstimate]
    package var respondents: Int

    /// Bootstrap replicates (as `warnsim validate`'s seed bootstrap).
    package static let replicates = 2000
    /// The bootstrap seed (fixed: the same respondents give the same intervals).
    package static let bootstrapSeed: UInt64 = 20_080_325

    // The totals vector: days and contacts overall, per age band, per town age
    // group; contacts per setting; contacts per duration class; contacts per
    // setting and duration class; contacts per setting and town age group.
    private static let bands = SurveyAgeBand.allCases.count
    private static let groups = AgeGroup.allCases.count
    private static let classes = DurationClass.allCases.count
    private static let settingBase = 2 + 2 * bands + 2 * groups
    private static let durationBase = settingBase + SurveySetting.allCases.count
    private static let settingDurationBase = durationBase + classes
    private static let settingAgeBase = settingDurationBase + SurveySetting.allCases.count * classes
    private static let width = settingAgeBase + SurveySetting.allCases.count * groups
    /// Where a town age group's days are in the totals (its contacts follow).
    private static func groupBase(_ group: AgeGroup) -> Int { 2 + 2 * bands + 2 * Int(group.rawValue) }

    /// Summarises `respondents`; `entity` picks the bootstrap stream (0 the survey, 1 the town).
    package init(respondents list: [DiaryRespondent], entity: UInt64, replicates: Int = Self.replicates) {
        self.init(units: list.map { [$0] }, entity: entity, replicates: replicates)
    }

    /// Summarises respondents grouped into bootstrap units (a simulated
    /// person's weekday and weekend respondents are one unit, resampled
    /// together); every amount is multiplied by its respondent's weight.
    package init(units list: [[DiaryRespondent]], entity: UInt64, replicates: Int = Self.replicates) {
        precondition(!list.isEmpty, "a summary of no respondents")
        respondents = list.count
        let w = Self.width
        // Each unit's contribution as (index, amount) pairs.
        var entries: [[(Int, Double)]] = []
        entries.reserveCapacity(list.count)
        for unit in list {
            var e: [(Int, Double)] = []
            for r in unit {
                let days = r.weight * Double(r.days)
                let contacts = r.weight * Double(r.contacts)
                e += [(0, days), (1, contacts)]
                if let band = r.ageBand { e += [(2 + 2 * band.rawValue, days), (3 + 2 * band.rawValue, contacts)] }
                if let group = r.worldAge {
                    let base = Self.groupBase(group)
                    e += [(base, days), (base + 1, contacts)]
                    for (k, n) in r.bySetting.enumerated() where n > 0 {
                        e.append((Self.settingAgeBase + k * Self.groups + Int(group.rawValue), r.weight * Double(n)))
                    }
                }
                for (k, n) in r.bySetting.enumerated() where n > 0 { e.append((Self.settingBase + k, r.weight * Double(n))) }
                for (k, n) in r.byDuration.enumerated() where n > 0 { e.append((Self.durationBase + k, r.weight * Double(n))) }
                for (k, n) in r.byDurationInSetting.enumerated() where n > 0 {
                    e.append((Self.settingDurationBase + k, r.weight * Double(n)))
                }
            }
            entries.append(e)
        }
        func totals(_ pick: (inout [Double]) -> Void) -> [Double] {
            var t = Array(repeating: 0.0, count: w)
            pick(&t)
            return t
        }
        let full = totals { t in for e in entries { for (i, v) in e { t[i] += v } } }
        var samples: [[Double]] = Array(repeating: [], count: ContactDiaryFigure.every.count)
        var stream = RandomStream(seed: Self.bootstrapSeed, subsystem: StreamName.contactDiaryBootstrap, entity: entity)
        let n = UInt64(list.count)
        for _ in 0..<replicates {
            let t = totals { t in
                for _ in 0..<list.count {
                    for (i, v) in entries[Int(stream.next() % n)] { t[i] += v }
                }
            }
            for (k, figure) in ContactDiaryFigure.every.enumerated() {
                let v = Self.value(figure, t)
                if v.isFinite { samples[k].append(v) }
            }
        }
        var estimates: [ContactDiaryFigure: ContactDiaryEstimate] = [:]
        for (k, figure) in ContactDiaryFigure.every.enumerated() {
            let value = Self.value(figure, full)
            guard value.isFinite, samples[k].count * 2 >= replicates else { continue }
            // No replicates: the value alone (an interval of width 0).
            let sorted = samples[k].sorted()
            estimates[figure] = ContactDiaryEstimate(
                value: value, low: sorted.isEmpty ? value : min(value, SampleStatistics.quantile(sorted: sorted, 0.025)),
                high: sorted.isEmpty ? value : max(value, SampleStatistics.quantile(sorted: sorted, 0.975)),
                respondents: Self.count(figure, list))
        }
        self.estimates = estimates
    }

    /// A summary of given estimates (as a run's JSON reports them).
    package init(estimates: [ContactDiaryFigure: ContactDiaryEstimate], respondents: Int) {
        self.estimates = estimates
        self.respondents = respondents
    }

    private static func value(_ figure: ContactDiaryFigure, _ t: [Double]) -> Double {
        switch figure {
        case .overall: return t[1] / t[0]
        case .ageBand(let band): return t[3 + 2 * band.rawValue] / t[2 + 2 * band.rawValue]
        case .worldAge(let group):
            let base = groupBase(group)
            return t[base + 1] / t[base]
        case .setting(let setting): return t[settingBase + setting.rawValue] / t[0]
        case .duration(let duration):
            let known = t[durationBase..<settingDurationBase].reduce(0, +)
            return t[durationBase + duration.rawValue] / known
        case .settingDuration(let setting, let duration):
            let row = settingDurationBase + setting.rawValue * classes
            let known = t[row..<row + classes].reduce(0, +)
            return t[row + duration.rawValue] / known
        case .settingAge(let setting, let group):
            return t[settingAgeBase + setting.rawValue * groups + Int(group.rawValue)] / t[groupBase(group)]
        }
    }

    /// The units with a respondent in the figure's group.
    private static func count(_ figure: ContactDiaryFigure, _ list: [[DiaryRespondent]]) -> Int {
        switch figure {
        case .ageBand(let band): list.filter { $0.contains { $0.ageBand == band } }.count
        case .worldAge(let group), .settingAge(_, let group): list.filter { $0.contains { $0.worldAge == group } }.count
        default: list.count
        }
    }

    package subscript(_ figure: ContactDiaryFigure) -> ContactDiaryEstimate? { estimates[figure] }
}
