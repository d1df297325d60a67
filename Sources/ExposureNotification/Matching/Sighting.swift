/// One reception of an advertisement, as the framework stores it
/// (google/exposure-notifications-internals, `SightingRecordWithMetadata`): when, what, how strong, and when the scan
/// before it ran.
public struct Sighting: Hashable, Sendable {
    /// Unix seconds of the reception.
    public var time: Int64
    /// The Rolling Proximity Identifier received.
    public var rpi: KeyBytes
    /// The encrypted metadata received with it.
    public var aem: AssociatedEncryptedMetadata
    /// The RSSI after the receiving device's calibration offset, clamped to
    /// [−127, 126] dBm as the framework stores it.
    public var calibratedRSSI: Int8
    /// Unix seconds of the previous scan of this device, if known.
    public var previousScanTime: Int64?

    /// Creates a sighting from a raw RSSI and the receiver's RSSI correction
    /// (`raw + rssiOffset`, clamped to [−127, 126]).
    ///
    /// - Parameters:
    ///   - time: Unix seconds of the reception.
    ///   - rpi: the received RPI.
    ///   - aem: the received AEM.
    ///   - rawRSSI: the RSSI the chip reported, in dBm.
    ///   - rssiCorrection: the receiver model's RSSI correction, in dB.
    ///   - previousScanTime: Unix seconds of the phone's previous scan, or `nil` if
    ///     unknown.
    public init(time: Int64, rpi: KeyBytes, aem: AssociatedEncryptedMetadata, rawRSSI: Int, rssiCorrection: Int, previousScanTime: Int64?) {
        self.time = time
        self.rpi = rpi
        self.aem = aem
        self.calibratedRSSI = Self.calibrate(rawRSSI: rawRSSI, rssiCorrection: rssiCorrection)
        self.previousScanTime = previousScanTime
    }

    /// `raw + rssiOffset`, clamped to [−127, 126].
    ///
    /// - Parameters:
    ///   - rawRSSI: the RSSI the chip reported, in dBm.
    ///   - rssiCorrection: the receiver model's RSSI correction, in dB.
    /// - Returns: the calibrated RSSI in dBm, within −127…126.
    @inline(__always)
    public static func calibrate(rawRSSI: Int, rssiCorrection: Int) -> Int8 {
        Int8(min(max(rawRSSI + rssiCorrection, -127), 126))
    }

    /// Creates a sighting from an already calibrated RSSI.
    ///
    /// - Parameters:
    ///   - time: Unix seconds of the reception.
    ///   - rpi: the received RPI.
    ///   - aem: the received AEM.
    ///   - calibratedRSSI: the RSSI after correction, in dBm.
    ///   - previousScanTime: Unix seconds of the phone's previous scan, or `nil` if
    ///     unknown.
    public init(time: Int64, rpi: KeyBytes, aem: AssociatedEncryptedMetadata, calibratedRSSI: Int8, previousScanTime: Int64?) {
        self.time = time
        self.rpi = rpi
        self.aem = aem
        self.calibratedRSSI = calibratedRSSI
        self.previousScanTime = previousScanTime
    }

    /// The ENIntervalNumber of the reception.
    public var interval: ENIntervalNumber { ENIntervalNumber(unixSeconds: time) }
}
