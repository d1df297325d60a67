import ExposureNotification

extension BatchScorer {
    /// The engine's normalized time of sorted window `w`, bit for bit:
    /// `trv × ((Σ seconds × weight) / 60)` over the window's scans in scan
    /// order, with the same operands (`Double(max(seconds, 0))`, the weight of
    /// the first entry containing the attenuation, tabulated per bin) and the
    /// same operations in the same order as
    /// ``CWARiskEngine/weightedMinutes(of:weights:)`` and
    /// ``CWARiskEngine/evaluate(_:referenceDay:)``.
    ///
    /// - Parameters:
    ///   - w: the sorted window.
    ///   - weights: the configuration's 256 per-bin weights.
    ///   - transmissionRiskValue: the window's transmission risk value.
    ///   - set: the window set.
    /// - Returns: the normalized time.
    @inline(__always)
    static func exactTime(
        _ w: Int, weights: UnsafePointer<Double>, transmissionRiskValue: Double, set: BatchWindowSet
    ) -> Double {
        let attenuations = set.scanAttenuation.base
        let seconds = set.scanSeconds.base
        var sum = 0.0
        for scan in set.scanStart[w]..<set.scanStart[w + 1] {
            sum += seconds[scan] * weights[Int(attenuations[scan])]
        }
        return transmissionRiskValue * (sum / 60)
    }

    /// The number of thresholds at most `value`: the index of its level in
    /// ``ThresholdSteps``.
    @inline(__always)
    static func count(_ thresholds: UnsafeBufferPointer<Double>, atMost value: Double) -> Int {
        var index = 0
        for threshold in thresholds { index &+= value >= threshold ? 1 : 0 }
        return index
    }

    /// The engine's first-match level (0 when no range contains `value`).
    static func engineLevel(_ mapping: [NormalizedTimeToRiskLevel], _ value: Double) -> UInt8 {
        UInt8(CWARiskEngine.firstLevel(mapping, value)?.rawValue ?? 0)
    }
}
