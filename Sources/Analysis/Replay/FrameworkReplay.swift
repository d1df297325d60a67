import ExposureNotification
import WarnSimCore

/// Drives the real framework with recorded RSSI: a sender phone advertises
/// (its own key ring, so its RPIs roll every 10 minutes), a receiver phone
/// records each scan with the sender's advertisement at the recorded RSSI
/// (plus the receiver's RSSI correction), and ``ExposureMatcher`` matches the
/// sender's keys, uploaded as a confirmed positive with days since onset 1
/// (CONFIRMED_TEST, STANDARD under the Corona-Warn-App's data mapping), giving
/// the `ExposureWindow`s the app would have scored.
package enum FrameworkReplay {
    /// One scan of the receiver: when it started and the raw RSSI of each
    /// sighting of the sender in it (empty when the sender was not heard).
    package struct Scan: Sendable {
        package var time: Int64
        package var rssi: [Int]

        package init(time: Int64, rssi: [Int]) {
            self.time = time
            self.rssi = rssi
        }
    }

    /// A phone's calibration: the TX power it advertises, its calibration
    /// confidence and the RSSI correction its receiver applies.
    package struct Calibration: Hashable, Sendable {
        package var txPower: Int
        package var confidence: Int
        package var rssiCorrection: Int

        package init(txPower: Int, confidence: Int, rssiCorrection: Int) {
            self.txPower = txPower
            self.confidence = confidence
            self.rssiCorrection = rssiCorrection
        }
    }

    /// The seed of the replayed phones' key streams (keys are random bytes;
    /// the windows do not depend on them).
    package static let keySeed: UInt64 = 0x5EED_2020

    /// Runs one (receiver, sender) pair through the framework.
    ///
    /// - Parameters:
    ///   - scans: every scan of the receiver, in time order.
    ///   - sender: the sender's calibration (TX power, confidence).
    ///   - receiver: the receiver's calibration (RSSI correction).
    ///   - entity: distinguishes the pair's key streams.
    /// - Returns: the matched windows, in time order.
    /// - Throws: ``BatchCryptoError`` if OpenSSL fails.
    package static func windows(scans: [Scan], sender: Calibration, receiver: Calibration, entity: UInt64) throws -> [ExposureWindow] {
        guard let first = scans.first, let last = scans.last else { return [] }
        var senderPhone = ExposureNotificationFramework(
            keyStream: RandomStream(seed: keySeed, subsystem: "replay.sender", entity: entity),
            metadata: BluetoothMetadata(
                txPower: Int8(clamping: sender.txPower), calibrationConfidence: UInt8(clamping: max(0, min(3, sender.confidence)))),
            rssiCorrection: sender.rssiCorrection)
        var receiverPhone = ExposureNotificationFramework(
            keyStream: RandomStream(seed: keySeed, subsystem: "replay.receiver", entity: entity),
            metadata: BluetoothMetadata(
                txPower: Int8(clamping: receiver.txPower), calibrationConfidence: UInt8(clamping: max(0, min(3, receiver.confidence)))),
            rssiCorrection: receiver.rssiCorrection)
        _ = first
        for scan in scans {
            var received: [(payload: AdvertisementPayload, rawRSSI: Int)] = []
            for rssi in scan.rssi {
                if let payload = senderPhone.advertisement(at: scan.time) { received.append((payload, rssi)) }
            }
            receiverPhone.recordScan(at: scan.time, received: received)
        }
        var scratch = SightingChunkBuilder()
        receiverPhone.sealSightings(keepingScratchIn: &scratch)
        // Upload the day after the last scan: every key used is complete.
        let upload = (floorDivide(last.time, 86_400) + 1) * 86_400 + 60
        let keys = senderPhone.keyHistory(at: upload, includeCurrent: false).map {
            DiagnosisKey(
                keyData: $0.keyData, rollingStartIntervalNumber: $0.rollingStartIntervalNumber, rollingPeriod: $0.rollingPeriod,
                reportType: .confirmedTest, daysSinceOnsetOfSymptoms: 1)
        }
        return try receiverPhone.detectExposures(keys, matcher: ExposureMatcher()).map(\.window)
    }

    /// The framework's `secondsSinceLastScan` rule, for the truth minutes:
    /// 60 × min(5, whole minutes since the previous scan), 120 s without one.
    static func secondsSinceLastScan(_ time: Int64, previous: Int64?) -> Int {
        guard let previous else { return 120 }
        return Int(60 * min(5, floorDivide(time, 60) - floorDivide(previous, 60)))
    }

    static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }
}
