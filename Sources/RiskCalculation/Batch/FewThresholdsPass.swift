import ExposureNotification
import WarnSimCore

extension BatchScorer {
    /// Window thresholds (whether a window is kept) and day thresholds (whether
    /// a day is HIGH) up to which ``scoreFewThresholds(_:tile:set:referenceDays:)``
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
    /// registers (padded with +∞, which no finite time reaches or comes near)
    /// instead of looped over. Writes the tile's device totals.
    ///
    /// - Returns: the window times and day sums recomputed at a boundary.
    func scoreFewThresholds(
        _ config: Int, tile: TileView, set: BatchWindowSet, referenceDays: FrozenArray<Int>, output: BatchOutput
    ) -> Int {
        let t = tables
        let firstWindow = tile.firstWindow
        let weights = t.binWeight.base + t.weightColumn[config] * 256
        let estimates = UnsafePointer(tile.products) + t.weightColumn[config] * tile.windowCount - firstWindow
        let relativeError = UnsafePointer(tile.relativeError) - firstWindow
        let keptLevels = tile.keptLevels - firstWindow
        let classBase = config * BatchWindowSet.classCount
        let scale = t.timeScale.base + classBase
        let values = t.trv.base + classBase
        let kept = t.trvKept.base + classBase
        let ws = t.windowKept.start[config]
        let windowThresholds = UnsafeBufferPointer(start: t.windowKept.thresholds.base + ws, count: t.windowKept.start[config + 1] - ws)
        let windowLevels = t.windowKept.levels.base + ws + config
        let w0 = windowThresholds.count > 0 ? windowThresholds[0] : .infinity
        let w1 = windowThresholds.count > 1 ? windowThresholds[1] : .infinity
        let ds = t.dayHigh.start[config]
        let dayThresholds = UnsafeBufferPointer(start: t.dayHigh.thresholds.base + ds, count: t.dayHigh.start[config + 1] - ds)
        let dayLevels = t.dayHigh.levels.base + ds + config
        var d = (Double.infinity, Double.infinity, Double.infinity, Double.infinity)
        withUnsafeMutableBytes(of: &d) { padded in
            for (i, threshold) in dayThresholds.enumerated() { padded.storeBytes(of: threshold, toByteOffset: 8 * i, as: Double.self) }
        }
        let maxAge = t.maxAge[config]
        let day = set.day.base
        let classes = set.trlClass.base
        let dayStart = set.dayStart.base
        let deviceDayStart = set.deviceDayStart.base
        var fallbacks = 0
        for device in tile.devices {
            let minDay = referenceDays[device].saturatingSubtracting(maxAge)
            var high = false
            for group in deviceDayStart[device]..<deviceDayStart[device + 1] {
                let lo = dayStart[group]
                let hi = dayStart[group + 1]
                if day[lo] < minDay { continue }
                var sum = 0.0
                var error = 0.0
                var terms = 0
                for w in lo..<hi {
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
                        time = Self.exactTime(w, weights: weights, transmissionRiskValue: values[type], set: set)
                        relative = 0
                        index = Self.count(windowThresholds, atMost: time)
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
                guard terms > 0 else { continue }
                let bound = RoundingBound.daySumError(windowError: error, terms: terms, sum: sum)
                var index = (sum >= d.0 ? 1 : 0) &+ (sum >= d.1 ? 1 : 0) &+ (sum >= d.2 ? 1 : 0) &+ (sum >= d.3 ? 1 : 0)
                let near =
                    terms > RoundingBound.maximumTerms || Swift.abs(sum - d.0) <= bound || Swift.abs(sum - d.1) <= bound
                    || Swift.abs(sum - d.2) <= bound || Swift.abs(sum - d.3) <= bound
                if near && error != 0 {
                    // The engine's day sum: its window times, in its order.
                    sum = 0
                    for w in lo..<hi where keptLevels[w] != 0 {
                        sum += Self.exactTime(w, weights: weights, transmissionRiskValue: values[Int(classes[w])], set: set)
                    }
                    index = Self.count(dayThresholds, atMost: sum)
                    fallbacks += 1
                }
                if dayLevels[index] != 0 {
                    high = true
                    break
                }
            }
            output.totals[device * t.configurationCount + config] = high ? 2 : 1
        }
        return fallbacks
    }
}
