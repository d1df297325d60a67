/// One Bluetooth scan in which the framework saw a matched key's identifiers
/// (ENF v2 `ScanInstance`; Google, Exposure Notifications API: ScanInstance,
/// developers.google.com; Apple `ENScanInstance`).
public struct ScanInstance: Hashable, Sendable {
    /// The minimum attenuation seen in the scan, in dB.
    public var minAttenuation: Int
    /// The typical (rounded mean) attenuation seen in the scan, in dB.
    public var typicalAttenuation: Int
    /// Seconds since the previous scan: whole minutes, capped at 300 s, by the
    /// framework; a negative value can occur when the clock is changed.
    public var secondsSinceLastScan: Int

    /// Creates a scan instance.
    ///
    /// - Parameters:
    ///   - minAttenuation: the smallest attenuation in the scan, in dB (≥ 0).
    ///   - typicalAttenuation: the rounded mean attenuation in the scan, in dB.
    ///   - secondsSinceLastScan: seconds since the phone's previous scan, whole
    ///     minutes capped at 300 by the framework; negative values occur only in
    ///     hand-written input and count as 0 in the risk calculation.
    public init(minAttenuation: Int, typicalAttenuation: Int, secondsSinceLastScan: Int) {
        self.minAttenuation = minAttenuation
        self.typicalAttenuation = typicalAttenuation
        self.secondsSinceLastScan = secondsSinceLastScan
    }
}
