import ExposureNotification
import WarnSimCore

/// The Corona-Warn-App's ENF v2 risk calculation, step by step as
/// the apps implement it (corona-warn-app/cwa-app-android `DefaultRiskLevels.kt`,
/// `ExposureWindowRiskCalculationConfig`; cwa-app-ios
/// `RiskCalculationExposureWindow.swift` and `RiskCalculation.swift`), in one of
/// the two platform variants. This is the exact reference the batch scorer is checked against.
public struct CWARiskEngine: Sendable {
    /// The parameter set.
    public let parameters: CWARiskParameters
    /// The app variant.
    public let platform: RiskPlatform

    /// Creates an engine for one parameter set and platform.
    ///
    /// - Parameters:
    ///   - parameters: the CWA v2 risk-calculation parameters.
    ///   - platform: which app's variant to follow (Android ≥ 2.19.1 or iOS).
    public init(parameters: CWARiskParameters, platform: RiskPlatform) {
        self.parameters = parameters
        self.platform = platform
    }

    // MARK: Per window (cwa-app-android `DefaultRiskLevels.calculateRisk`)

    /// Evaluates one window seen `referenceDay − window.dayNumber` days ago.
    ///
    /// - Parameters:
    ///   - window: the exposure window.
    ///   - referenceDay: the UTC day number of "today" (days since 1970-01-01).
    /// - Returns: every intermediate value of the per-window steps, or the reason
    ///   the window was dropped (age filter, attenuation filter, TRL filter, no
    ///   window level, unknown report type).
    public func evaluate(_ window: ExposureWindow, referenceDay: Int) -> WindowEvaluation {
        let weights = parameters.minutesAtAttenuationWeights
        var secondsPerWeight = [Int](repeating: 0, count: weights.count)
        var secondsWithoutWeight = 0
        for scan in window.scanInstances {
            let seconds = Swift.max(scan.secondsSinceLastScan, 0)
            if let index = weights.firstIndex(where: { $0.attenuationRange.contains(Double(scan.minAttenuation)) }) {
                secondsPerWeight[index] = secondsPerWeight[index].saturatingAdding(seconds)
            } else {
                secondsWithoutWeight = secondsWithoutWeight.saturatingAdding(seconds)
            }
        }
        var result = WindowEvaluation(
            ageInDays: referenceDay.saturatingSubtracting(window.dayNumber),
            secondsPerWeight: secondsPerWeight, secondsWithoutWeight: secondsWithoutWeight,
            transmissionRiskLevel: nil, transmissionRiskValue: nil, weightedMinutes: nil,
            normalizedTime: nil, riskLevel: nil, dropReason: nil
        )
        // Age filter, applied before the calculation (cwa-app-android
        // `ExposureWindowsFilter.filterByAge`; cwa-app-ios `ExposureWindow.filteredByAge`).
        let maximumAge = parameters.effectiveMaxEncounterAgeInDays
        if result.ageInDays > maximumAge {
            result.dropReason = .tooOld(ageInDays: result.ageInDays, maximum: maximumAge)
            return result
        }
        // Step 1: minutes-at-attenuation filters.
        for (index, filter) in parameters.minutesAtAttenuationFilters.enumerated() {
            let minutes = Self.filterMinutes(seconds: Self.seconds(of: window, in: filter.attenuationRange), platform: platform)
            if filter.dropIfMinutesInRange.contains(minutes) {
                result.dropReason = .minutesAtAttenuationFilter(index: index, minutes: minutes)
                return result
            }
        }
        // Step 2: transmission risk level.
        let reportOffset: Int
        if let offset = parameters.trlEncoding.reportTypeOffset(window.reportType) {
            reportOffset = offset
        } else if platform == .ios {
            reportOffset = 0
        } else {
            result.dropReason = .unknownReportType(window.reportType)
            return result
        }
        // Saturating: the loaders bound the offsets to 0…8, but parameters built
        // in code are not checked, and no input may trap the engine.
        let level = reportOffset.saturatingAdding(parameters.trlEncoding.infectiousnessOffset(window.infectiousness))
        result.transmissionRiskLevel = level
        // Step 3: TRL filters.
        for (index, filter) in parameters.trlFilters.enumerated() where filter.dropIfTRLInRange.contains(Double(level)) {
            result.dropReason = .trlFilter(index: index, transmissionRiskLevel: level)
            return result
        }
        // Steps 4–6: transmission risk value, weighted minutes, normalized time.
        let value = parameters.transmissionRiskValue(forLevel: level)
        result.transmissionRiskValue = value
        let minutes = Self.weightedMinutes(of: window, weights: weights)
        result.weightedMinutes = minutes
        let time = value * minutes
        result.normalizedTime = time
        // Step 7: the window's level.
        guard let riskLevel = Self.firstLevel(parameters.normalizedTimePerWindowToRiskLevel, time) else {
            result.dropReason = .noRiskLevel(normalizedTime: time)
            return result
        }
        result.riskLevel = riskLevel
        return result
    }

    /// Σ max(seconds, 0) × weight over the scans, in scan order, then / 60
    /// (cwa-app-android `DefaultRiskLevels.calculateRisk`; the weight is the first entry containing the scan's
    /// minimum attenuation, 0 if none).
    ///
    /// - Parameters:
    ///   - window: the window whose scan instances are weighted.
    ///   - weights: the `minutesAtAttenuationWeights`, searched in order; an empty
    ///     list gives 0.
    /// - Returns: the weighted minutes (≥ 0 for non-negative weights; 0 for a window
    ///   without scans).
    @inlinable
    public static func weightedMinutes(of window: ExposureWindow, weights: [MinutesAtAttenuationWeight]) -> Double {
        var sum = 0.0
        for scan in window.scanInstances {
            let attenuation = Double(scan.minAttenuation)
            var weight = 0.0
            for entry in weights where entry.attenuationRange.contains(attenuation) {
                weight = entry.weight
                break
            }
            sum += Double(Swift.max(scan.secondsSinceLastScan, 0)) * weight
        }
        return sum / 60
    }

    /// Seconds (negative intervals as 0) of scans whose minimum attenuation is in
    /// `range`.
    ///
    /// - Parameters:
    ///   - window: the window whose scan instances are summed.
    ///   - range: the attenuation range in dB, tested against each scan's minimum
    ///     attenuation.
    /// - Returns: the sum of `max(secondsSinceLastScan, 0)` over those scans, in
    ///   seconds (0 if none), saturating at `Int.max`.
    public static func seconds(of window: ExposureWindow, in range: RiskRange) -> Int {
        var total = 0
        for scan in window.scanInstances where range.contains(Double(scan.minAttenuation)) {
            total = total.saturatingAdding(Swift.max(scan.secondsSinceLastScan, 0))
        }
        return total
    }

    /// The minutes an attenuation filter compares: fractional on Android, whole
    /// minutes (integer division) on iOS (cwa-app-ios `RiskCalculationExposureWindow.swift`).
    ///
    /// - Parameters:
    ///   - seconds: seconds at the filter's attenuations (≥ 0).
    ///   - platform: Android (seconds / 60) or iOS (whole minutes, rounded down).
    /// - Returns: the minutes the filter's `dropIfMinutesInRange` is tested with.
    @inlinable
    public static func filterMinutes(seconds: Int, platform: RiskPlatform) -> Double {
        platform == .android ? Double(seconds) / 60 : Double(seconds / 60)
    }

    /// The level of the first mapping entry containing `value`.
    ///
    /// - Parameters:
    ///   - mapping: the normalized-time-to-level entries, searched in order.
    ///   - value: the normalized time (of a window or of a day).
    /// - Returns: the level of the first entry whose range contains `value`, or
    ///   `nil` if none does (the window is dropped, or the day has no level).
    @inlinable
    public static func firstLevel(_ mapping: [NormalizedTimeToRiskLevel], _ value: Double) -> RiskLevel? {
        for entry in mapping where entry.normalizedTimeRange.contains(value) {
            return entry.riskLevel
        }
        return nil
    }

    /// The day sum as the platform uses it: Android rounds to one decimal, half
    /// up (`roundToLong(x × 10) / 10`); iOS does not round (cwa-app-android
    /// issue #4925, fixed in 2.19.1 by PR #4943; cwa-app-ios `RiskCalculation.swift` step 2).
    ///
    /// - Parameters:
    ///   - sum: the day's summed normalized time, unrounded.
    ///   - platform: Android rounds, iOS does not.
    /// - Returns: the value the day-level mapping is tested with.
    @inlinable
    public static func daySum(_ sum: Double, platform: RiskPlatform) -> Double {
        guard platform == .android else { return sum }
        return roundHalfUp(sum * 10) / 10
    }

    /// Rounds to the nearest integer, ties towards +∞ (Java `Math.round`).
    ///
    /// - Parameter value: any finite value.
    /// - Returns: the nearest integer as a `Double`; a fraction of exactly 0.5 rounds
    ///   up (−2.5 gives −2).
    @inlinable
    public static func roundHalfUp(_ value: Double) -> Double {
        let floor = value.rounded(.down)
        return value - floor >= 0.5 ? floor + 1 : floor
    }

    // MARK: Aggregation (cwa-app-android `DefaultRiskLevels.aggregateResults`)

    /// Runs the whole calculation over one phone's windows as of `referenceDay`
    /// (the UTC day number of "today").
    ///
    /// - Parameters:
    ///   - windows: the phone's exposure windows, in any order; an empty list gives
    ///     total risk LOW with no days.
    ///   - referenceDay: the UTC day number of "today" (days since 1970-01-01); the
    ///     age filter and the result's ages count from it.
    /// - Returns: the total risk level, the per-day results, the encounter counts
    ///   and every window's evaluation.
    /// - Throws: `RiskCalculationError.unknownReportType` on Android when a
    ///   window's report type has no offset, as the Android app does.
    public func calculate(_ windows: [ExposureWindow], referenceDay: Int) throws -> RiskResult {
        var evaluations: [WindowEvaluation] = []
        evaluations.reserveCapacity(windows.count)
        for (index, window) in windows.enumerated() {
            let evaluation = evaluate(window, referenceDay: referenceDay)
            if case .unknownReportType(let type) = evaluation.dropReason {
                throw RiskCalculationError.unknownReportType(windowIndex: index, rawValue: type.rawValue)
            }
            evaluations.append(evaluation)
        }
        return aggregate(windows, evaluations)
    }

    /// Aggregates evaluated windows by day (steps 1–12).
    func aggregate(_ windows: [ExposureWindow], _ evaluations: [WindowEvaluation]) -> RiskResult {
        // Step 1: group kept windows by date, keeping input order within a date.
        var byDay: [Int: [Int]] = [:]
        for (index, evaluation) in evaluations.enumerated() where evaluation.isKept {
            byDay[windows[index].dayNumber, default: []].append(index)
        }
        var days: [DayRisk] = []
        for day in byDay.keys.sorted() {
            let members = byDay[day]!
            // Step 2: the day sum, in input order.
            var sum = 0.0
            for index in members { sum += evaluations[index].normalizedTime! }
            let time = Self.daySum(sum, platform: platform)
            // Step 3: the day level.
            let level = Self.firstLevel(parameters.normalizedTimePerDayToRiskLevel, time)
            // Steps 4/5: distinct (TRL, calibration confidence) pairs.
            var low = Set<Int>()
            var high = Set<Int>()
            if platform == .ios || level != nil {
                for index in members {
                    let key = evaluations[index].transmissionRiskLevel! &* 8 &+ windows[index].calibrationConfidence.rawValue
                    if evaluations[index].riskLevel == .low { low.insert(key) } else { high.insert(key) }
                }
            }
            days.append(
                DayRisk(
                    dayNumber: day, normalizedTime: time, riskLevel: level,
                    distinctEncountersWithLowRisk: low.count, distinctEncountersWithHighRisk: high.count
                ))
        }
        // Steps 6–12.
        let lowDays = days.filter { $0.riskLevel == .low }
        let highDays = days.filter { $0.riskLevel == .high }
        return RiskResult(
            totalRiskLevel: highDays.isEmpty ? .low : .high,
            mostRecentDayWithLowRisk: lowDays.map(\.dayNumber).max(),
            mostRecentDayWithHighRisk: highDays.map(\.dayNumber).max(),
            numberOfDaysWithLowRisk: lowDays.count,
            numberOfDaysWithHighRisk: highDays.count,
            totalMinimumDistinctEncountersWithLowRisk: days.reduce(0) { $0 + $1.distinctEncountersWithLowRisk },
            totalMinimumDistinctEncountersWithHighRisk: days.reduce(0) { $0 + $1.distinctEncountersWithHighRisk },
            days: days,
            windows: evaluations
        )
    }
}
