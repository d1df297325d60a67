/// When a phone scans, on a platform's ``ScanTiming``; without one, the
/// Android defaults of google/exposure-notifications-internals
/// (`ContactTracingFeature` and `BleScannerImpl`): a scan
/// every 300 s minus a uniform 0…89 s, i.e. every 210–300 s, each lasting 4 s.
/// The screen-on (×0.8) and audio (×0.6) shortenings and the 13 s extension
/// during Bluetooth audio are not modelled: a simulated phone has no screen or
/// audio state.
public enum ScanSchedule {
    /// The nominal scan interval, seconds.
    public static let intervalSeconds: Int64 = 300
    /// The interval is shortened by a uniform draw from 0..<jitterSeconds.
    public static let jitterSeconds: UInt64 = 90
    /// How long one scan listens, seconds (SCAN_MODE_LOW_LATENCY).
    public static let scanDurationSeconds: Int64 = 4

    /// The start of the scan after one that started at `time`.
    ///
    /// - Parameters:
    ///   - time: Unix seconds of the previous scan's start.
    ///   - generator: the phone's scan-schedule stream (one draw).
    /// - Returns: a time 211…300 s after `time` (300 s minus a uniform 0…89 s).
    public static func nextScan(after time: Int64, using generator: inout some RandomNumberGenerator) -> Int64 {
        nextScan(after: time, timing: .android, using: &generator)
    }

    /// The start of the scan after one that started at `time`, on `timing`.
    ///
    /// - Parameters:
    ///   - time: Unix seconds of the previous scan's start.
    ///   - timing: the platform's interval and jitter.
    ///   - generator: the phone's scan-schedule stream (one draw, also with no jitter).
    /// - Returns: `time + interval` minus a uniform draw from `0 ..< jitter`.
    public static func nextScan(after time: Int64, timing: ScanTiming, using generator: inout some RandomNumberGenerator) -> Int64 {
        let draw = generator.next()
        return time + timing.intervalSeconds - (timing.jitterSeconds > 0 ? Int64(draw % timing.jitterSeconds) : 0)
    }

    /// The first scan at or after `time`, for a phone that starts scanning then.
    ///
    /// - Parameters:
    ///   - time: Unix seconds at which the phone starts scanning.
    ///   - generator: the phone's scan-schedule stream (one draw).
    /// - Returns: a time uniformly in `time ..< time + 300`.
    public static func firstScan(from time: Int64, using generator: inout some RandomNumberGenerator) -> Int64 {
        firstScan(from: time, timing: .android, using: &generator)
    }

    /// The first scan at or after `time` on `timing`: uniformly in
    /// `time ..< time + interval` (one draw).
    public static func firstScan(from time: Int64, timing: ScanTiming, using generator: inout some RandomNumberGenerator) -> Int64 {
        time + Int64(generator.next() % UInt64(timing.intervalSeconds))
    }
}
