import ExposureNotification
import WarnSimCore

extension BatchScorer {
    /// Window thresholds (whether a window is kept) and day thresholds (whether
    /// a day is HIGH) up to which ``scoreFewThresholds(_:tile:set:referenceDays:output:)``
    /// applies: CWA's own parameter sets have 1 and 2 or 3.
    static let fewWindowThresholds = 2
    static let fewDayThresholds = 4

    /// Whether configuration `config` can take the specialised pass: inside
    /// the rounding bound's domain, no minutes-at-attenuation filters, window
    /// levels not recorded, and few thresholds.
    func takesFewThresholdsPass(_ config: Int, recordsLevels: Bool) -> Bool {
        let t = tables
        return !recordsLevels && t.bounded[config] && t.filterStart[config] == t.filterStart[config + 1]
            && t.windowKept.start[config + 1] - t.windowKept.start[config] <= Self.fewWindowThresholds
            && t.dayHigh.start[config + 1] - t.dayHigh.start[config] <= Self.fewDayThresholds
    }

    /// ``scoreConfiguration(_:tile:set:referenceDays:output:)`` for a
    /// configuration that ``takesFewThresholdsPass(_:recordsLevels:)``: the
    /// same decisions in the same order, with the thresholds held in
    /// registers (``FewThresholdsDay``) instead of looped over. Writes the
    /// tile's device totals.
    ///
    /// - Returns: the window times and day sums recomputed at a boundary.
    func scoreFewThresholds(
        _ config: Int, tile: TileView, set: BatchWindowSet, referenceDays: FrozenArray<Int>, output: BatchOutput
    ) -> Int {
        let pass = FewThresholdsDay(config, tables: tables, tile: tile, set: set)
        let dayStart = set.dayStart.base
        let deviceDayStart = set.deviceDayStart.base
        let maxAge = tables.maxAge[config]
        var fallbacks = 0
        for device in tile.devices {
            let minDay = referenceDays[device].saturatingSubtracting(maxAge)
            var high = false
            for group in deviceDayStart[device]..<deviceDayStart[device + 1] {
                let lo = dayStart[group]
                if pass.day[lo] < minDay { continue }
                let (dayIsHigh, recomputed) = pass.score(lo..<dayStart[group + 1], set: set)
                fallbacks += recomputed
                if dayIsHigh {
                    high = true
                    break
                }
            }
            output.totals[device * tables.configurationCount + config] = high ? 2 : 1
        }
        return fallbacks
    }
}

/// One configuration of the few-thresholds pass, ready to decide a
/// device-day: its tables as plain pointers and its thresholds padded with
/// +∞ (which no finite time reaches or comes near) to fixed counts. Used by
/// ``BatchScorer/scoreFewThresholds(_:tile:set:referenceDays:output:)`` for
/// every day, and by the configuration-block pass for the days a lane cannot
/// decide from its estimates.
struct FewThresholdsDay {
    let weights: UnsafePointer<Double>
    /// Indexed by sorted window.
    let estimates: UnsafePointer<Double>
    let relativeError: UnsafePointer<Double>
    let keptLevels: UnsafeMutablePointer<UInt8>
    let scale: UnsafePointer<Double>
    let values: UnsafePointer<Double>
    let kept: UnsafePointer<UInt8>
    let windowThresholds: UnsafeBufferPointer<Double>
    let windowLevels: UnsafePointer<UInt8>
    let w0: Double
    let w1: Double
    let dayThresholds: UnsafeBufferPointer<Double>
    let dayLevels: UnsafePointer<UInt8>
    let d: (Double, Double, Double, Double)
    let day: UnsafePointer<Int>
    let classes: UnsafePointer<UInt8>

    init(_ config: Int, tables t: BatchConfigurationTables, tile: TileView, set: BatchWindowSet) {
        let firstWindow = tile.firstWindow
        weights = t.binWeight.base + t.weightColumn[config] * 256
        estimates = UnsafePointer(tile.products) + t.weightColumn[config] * tile.windowCount - firstWindow
        relativeError = UnsafePointer(tile.relativeError) - firstWindow
        keptLevels = tile.keptLevels - firstWindow
        let classBase = config * BatchWindowSet.classCount
        scale = t.timeScale.base + classBase
        values = t.trv.base + classBase
        kept = t.trvKept.base + classBase
        let ws = t.windowKept.start[config]
        windowThresholds = UnsafeBufferPointer(start: t.windowKept.thresholds.base + ws, count: t.windowKept.start[config + 1] - ws)
        windowLevels = t.windowKept.levels.base + ws + config
        w0 = windowThresholds.count > 0 ? windowThresholds[0] : .infinity
        w1 = windowThresholds.count > 1 ? windowThresholds[1] : .infinity
        let ds = t.dayHigh.start[config]
        let days = UnsafeBufferPointer(start: t.dayHigh.thresholds.base + ds, count: t.dayHigh.start[config + 1] - ds)
        dayThresholds = days
        dayLevels = t.dayHigh.levels.base + ds + config
        var padded = (Double.infinity, Double.infinity, Double.infinity, Double.infinity)
        withUnsafeMutableBytes(of: &padded) { padded in
            for (i, threshold) in days.enumerated() { padded.storeBytes(of: threshold, toByteOffset: 8 * i, as: Double.self) }
        }
        d = padded
        day = set.day.base
        classes = set.trlClass.base
    }

    /// Whether the device-day of sorted windows `windows` (inside the age
    /// filter) is HIGH, and how many window times and day sums were
    /// recomputed with the engine's arithmetic because they lay at a boundary.
    @inline(__always)
    func score(_ windows: Range<Int>, set: BatchWindowSet) -> (high: Bool, fallbacks: Int) {
        var fallbacks = 0
        var sum = 0.0
        var error = 0.0
        var terms = 0
        for w in windows {
            let type = Int(classes[w])
            guard kept[type] != 0 else {
                keptLevels[w] = 0
                continue
            }
            var time = estimates[w] * scale[type]
            var relative = time == 0 ? 0 : relativeError[w]
            let tolerance = relative * time
            var index = (time >= w0 ? 1 : 0) &+ (time >= w1 ? 1 : 0)
            if relative != 0 && (Swift.abs(time - w0) <= tolerance || Swift.abs(time - w1) <= tolerance) {
                time = BatchScorer.exactTime(w, weights: weights, transmissionRiskValue: values[type], set: set)
                relative = 0
                index = BatchScorer.count(windowThresholds, atMost: time)
                fallbacks += 1
            }
            let level = windowLevels[index]
            keptLevels[w] = level
            if level != 0 {
                sum += time
                error += relative * time
                terms += 1
            }
        }
        guard terms > 0 else { return (false, fallbacks) }
        let bound = RoundingBound.daySumError(windowError: error, terms: terms, sum: sum)
        var index = (sum >= d.0 ? 1 : 0) &+ (sum >= d.1 ? 1 : 0) &+ (sum >= d.2 ? 1 : 0) &+ (sum >= d.3 ? 1 : 0)
        let near =
            terms > RoundingBound.maximumTerms || Swift.abs(sum - d.0) <= bound || Swift.abs(sum - d.1) <= bound
            || Swift.abs(sum - d.2) <= bound || Swift.abs(sum - d.3) <= bound
        if near && error != 0 {
            // The engine's day sum: its window times, in its order.
            sum = 0
            for w in windows where keptLevels[w] != 0 {
                sum += BatchScorer.exactTime(w, weights: weights, transmissionRiskValue: values[Int(classes[w])], set: set)
            }
            index = BatchScorer.count(dayThresholds, atMost: sum)
            fallbacks += 1
        }
        return (dayLevels[index] != 0, fallbacks)
    }
}
