/// How often one platform's Exposure Notification framework scans: a scan
/// every `intervalSeconds` minus a uniform draw from `0 ..< jitterSeconds`
/// (no shortening when `jitterSeconds` is 0). ``ScanSchedule`` turns it into
/// scan times.
public struct ScanTiming: Hashable, Sendable {
    /// The nominal interval between two scan starts, seconds (> 0).
    public var intervalSeconds: Int64
    /// The interval is shortened by a uniform draw from `0 ..< jitterSeconds`
    /// (0 … `intervalSeconds` − 1; 0 for a fixed interval).
    public var jitterSeconds: UInt64

    /// A timing of `intervalSeconds` shortened by up to `jitterSeconds` − 1.
    public init(intervalSeconds: Int64, jitterSeconds: UInt64) {
        precondition(intervalSeconds > 0 && jitterSeconds < UInt64(intervalSeconds))
        self.intervalSeconds = intervalSeconds
        self.jitterSeconds = jitterSeconds
    }

    /// Google's Android framework (google/exposure-notifications-internals,
    /// `ContactTracingFeature` and `BleScannerImpl`): every 300 s minus a
    /// uniform 0…89 s.
    public static let android = ScanTiming(intervalSeconds: ScanSchedule.intervalSeconds, jitterSeconds: ScanSchedule.jitterSeconds)
}
