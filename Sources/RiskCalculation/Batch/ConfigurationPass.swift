import ExposureNotification
import WarnSimCore

extension BatchScorer {
    /// Scores one tile under configuration `config`: every window's level,
    /// every day's level and every device's total, in one pass over the
    /// device-day groups of contiguous windows.
    ///
    /// A window's normalized time is the GEMM estimate unless the estimate is
    /// within its ``RoundingBound`` of a threshold of the window's
    /// ``ThresholdSteps`` (or the configuration or window lies outside the
    /// bound's domain); then it is the engine's own value. Without recorded
    /// window levels only whether a window is kept matters, so only the
    /// thresholds where that changes count (a time at the LOW/HIGH threshold
    /// of the window mapping needs no recomputation then). A day's HIGH is
    /// decided from the estimated sum unless that sum is within its bound of a
    /// threshold of the day's steps (Android's rounding included); then the
    /// kept windows' engine values are re-added in the engine's order. Without
    /// recorded window levels a device's remaining days are skipped once one
    /// day is HIGH.
    ///
    /// - Returns: the number of window times and day sums recomputed because
    ///   they lay at a boundary (configurations outside the bound's domain are
    ///   exact throughout and not counted).
    func scoreConfiguration(
        _ config: Int, tile: TileView, set: BatchWindowSet, referenceDays: FrozenArray<Int>, output: BatchOutput
    ) -> Int {
        let t = tables
        let configurationCount = t.configurationCount
        let firstWindow = tile.firstWindow
        let bounded = t.bounded[config]
        let recordsLevels = output.recordsLevels
        let weightColumn = t.weightColumn[config]
        let weights = t.binWeight.base + weightColumn * 256
        // Indexed by sorted window.
        let estimates = UnsafePointer(tile.products) + weightColumn * tile.windowCount - firstWindow
        let relativeError = UnsafePointer(tile.relativeError) - firstWindow
        let keptLevels = tile.keptLevels - firstWindow
        let classBase = config * BatchWindowSet.classCount
        let scale = t.timeScale.base + classBase
        let values = t.trv.base + classBase
        let kept = t.trvKept.base + classBase
        // Without recorded levels, only whether a window is kept matters.
        let windowSteps = recordsLevels ? t.windowLevels : t.windowKept
        let ws = windowSteps.start[config]
        let windowThresholds = UnsafeBufferPointer(start: windowSteps.thresholds.base + ws, count: windowSteps.start[config + 1] - ws)
        let windowLevels = windowSteps.levels.base + ws + config
        let ds = t.dayHigh.start[config]
        let dayThresholds = UnsafeBufferPointer(start: t.dayHigh.thresholds.base + ds, count: t.dayHigh.start[config + 1] - ds)
        let dayLevels = t.dayHigh.levels.base + ds + config
        let hasFilters = t.filterStart[config] < t.filterStart[config + 1]
        let maxAge = t.maxAge[config]
        let day = set.day.base
        let classes = set.trlClass.base
        let dayStart = set.dayStart.base
        let deviceDayStart = set.deviceDayStart.base
        let originalIndex = set.originalIndex.base
        let levels = output.levels
        let totals = output.totals
        var fallbacks = 0
        for device in tile.devices {
            let minDay = referenceDays[device].saturatingSubtracting(maxAge)
            var high = false
            for group in deviceDayStart[device]..<deviceDayStart[device + 1] {
                let lo = dayStart[group]
                let hi = dayStart[group + 1]
                // Age filter: the windows stay at level 0.
                if day[lo] < minDay { continue }
                var sum = 0.0
                var error = 0.0
                var terms = 0
                for w in lo..<hi {
                    var level: UInt8 = 0
                    let type = Int(classes[w])
                    if kept[type] != 0 && !(hasFilters && droppedByFilter(w, config: config, tile: tile, set: set)) {
                        var time = estimates[w] * scale[type]
                        // A zero estimate is exact (every term is 0).
                        var relative = time == 0 ? 0 : relativeError[w]
                        let tolerance = relative * time
                        // Branch-free: thresholds at most the time, and any within the tolerance.
                        var index = 0
                        var nearBits: UInt8 = 0
                        for threshold in windowThresholds {
                            index &+= time >= threshold ? 1 : 0
                            nearBits |= Swift.abs(time - threshold) > tolerance ? 0 : 1
                        }
                        let near = nearBits != 0
                        if !bounded {
                            time = Self.exactTime(w, weights: weights, transmissionRiskValue: values[type], set: set)
                            relative = 0
                            level = Self.engineLevel(configurations[config].normalizedTimePerWindowToRiskLevel, time)
                            if !recordsLevels && level != 0 { level = 1 }
                        } else {
                            if near && relative != 0 {
                                time = Self.exactTime(w, weights: weights, transmissionRiskValue: values[type], set: set)
                                relative = 0
                                index = Self.count(windowThresholds, atMost: time)
                                fallbacks += 1
                            }
                            level = windowLevels[index]
                        }
                        if level != 0 {
                            sum += time
                            error += relative * time
                            terms += 1
                        }
                    }
                    keptLevels[w] = level
                    if recordsLevels { levels[originalIndex[w] * configurationCount + config] = level }
                }
                guard terms > 0 else { continue }
                if !bounded {
                    let value = CWARiskEngine.daySum(sum, platform: platform)
                    high = high || CWARiskEngine.firstLevel(configurations[config].normalizedTimePerDayToRiskLevel, value) == .high
                } else {
                    let bound = RoundingBound.daySumError(windowError: error, terms: terms, sum: sum)
                    var index = 0
                    var nearBits: UInt8 = terms > RoundingBound.maximumTerms ? 1 : 0
                    for threshold in dayThresholds {
                        index &+= sum >= threshold ? 1 : 0
                        nearBits |= Swift.abs(sum - threshold) > bound ? 0 : 1
                    }
                    let near = nearBits != 0
                    if near && error != 0 {
                        // The engine's day sum: its window times, in its order.
                        sum = 0
                        for w in lo..<hi where keptLevels[w] != 0 {
                            let type = Int(classes[w])
                            sum += Self.exactTime(w, weights: weights, transmissionRiskValue: values[type], set: set)
                        }
                        index = Self.count(dayThresholds, atMost: sum)
                        fallbacks += 1
                    }
                    high = high || dayLevels[index] != 0
                }
                // The total is HIGH once any day is; later days matter only
                // for recorded window levels.
                if high && !recordsLevels { break }
            }
            totals[device * configurationCount + config] = high ? 2 : 1
        }
        return fallbacks
    }

    /// Whether one of the configuration's minutes-at-attenuation filters
    /// drops sorted window `w`. Filter seconds come from the GEMM (exact
    /// integers) or, for a window outside the bound, from the engine.
    func droppedByFilter(_ w: Int, config: Int, tile: TileView, set: BatchWindowSet) -> Bool {
        let t = tables
        if set.outsideBound[w] {
            let window = set.windows[set.originalIndex[w]]
            for filter in configurations[config].minutesAtAttenuationFilters {
                let seconds = CWARiskEngine.seconds(of: window, in: filter.attenuationRange)
                if filter.dropIfMinutesInRange.contains(CWARiskEngine.filterMinutes(seconds: seconds, platform: platform)) {
                    return true
                }
            }
            return false
        }
        let local = w - tile.firstWindow
        for f in t.filterStart[config]..<t.filterStart[config + 1] {
            let seconds = tile.products[(t.weightColumnCount + t.filterColumn[f]) * tile.windowCount + local]
            let minutes = platform == .android ? seconds / 60 : (seconds / 60).rounded(.down)
            if t.filterRange[f].contains(minutes) { return true }
        }
        return false
    }
}
