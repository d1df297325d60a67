/// One Bluetooth scan in which the framework saw a matched key's identifiers
/// (ENF v2 `ScanInstance`; reference/gaen/PROTOCOL.md §4).
public struct ScanInstance: Hashable, Sendable {
    /// The minimum attenuation seen in the scan, in dB.
    public var minAttenuation: Int
    /// The typical (rounded mean) attenuation seen in the scan, in dB.
    public var typicalAttenuation: Int
    /// Seconds since the previous scan: whole minutes, capped at 300 s, by the
    /// framework; a negative value can occur when the clock is changed.
    public var secondsSinceLastScan: Int

    public init(minAttenuation: Int, typicalAttenuation: Int, secondsSinceLastScan: Int) {
        self.minAttenuation = minAttenuation
        self.typicalAttenuation = typicalAttenuation
        self.secondsSinceLastScan = secondsSinceLastScan
    }
}
