import Crypto
import Foundation

/// A Temporary Exposure Key: 16 random bytes valid for `rollingPeriod` intervals
/// from `rollingStartIntervalNumber` (Google/Apple, Exposure Notification
/// Cryptography Specification v1.2.1, April 2020).
public struct TemporaryExposureKey: Hashable, Sendable {
    /// The key length in bytes.
    public static let byteCount = 16
    /// The valid range of `rollingPeriod` (1…144 intervals).
    public static let validRollingPeriods: ClosedRange<UInt32> = 1...144

    /// The 16 key bytes.
    public let keyData: KeyBytes
    /// The first interval the key is valid for.
    public var rollingStartIntervalNumber: ENIntervalNumber
    /// The number of intervals the key is valid for (1…144; default 144).
    public var rollingPeriod: UInt32

    /// Creates a key.
    ///
    /// - Parameters:
    ///   - keyData: the 16 key bytes.
    ///   - rollingStartIntervalNumber: the first interval of the key's validity
    ///     (a multiple of 144 for keys a framework made).
    ///   - rollingPeriod: the number of 10-minute intervals the key is valid, 1…144;
    ///     144 is a whole day.
    public init(keyData: KeyBytes, rollingStartIntervalNumber: ENIntervalNumber, rollingPeriod: UInt32 = 144) {
        self.keyData = keyData
        self.rollingStartIntervalNumber = rollingStartIntervalNumber
        self.rollingPeriod = rollingPeriod
    }

    /// A new key for the UTC day containing `interval`, with bytes from a
    /// deterministic generator (simulation: reproducible from the run's seed).
    ///
    /// - Parameters:
    ///   - interval: any interval of the key's UTC day; the key starts at that
    ///     day's first interval and is valid 144 intervals.
    ///   - generator: the source of the 16 bytes (two 64-bit draws, little-endian).
    /// - Returns: the new key.
    public static func generate(
        at interval: ENIntervalNumber,
        using generator: inout some RandomNumberGenerator
    ) -> TemporaryExposureKey {
        var bytes = [UInt8](repeating: 0, count: byteCount)
        for chunk in stride(from: 0, to: byteCount, by: 8) {
            var word = generator.next().littleEndian
            withUnsafeBytes(of: &word) { raw in
                for i in 0..<8 { bytes[chunk + i] = raw[i] }
            }
        }
        return TemporaryExposureKey(
            keyData: KeyBytes(unchecked: bytes),
            rollingStartIntervalNumber: interval.dayStart
        )
    }

    /// A new key for the UTC day containing `interval`, with bytes from the
    /// system's cryptographically secure generator (for real key files).
    ///
    /// - Parameter interval: any interval of the key's UTC day; the key starts at
    ///   that day's first interval and is valid 144 intervals.
    /// - Returns: the new key.
    public static func generateSecure(at interval: ENIntervalNumber) -> TemporaryExposureKey {
        let key = SymmetricKey(size: .bits128)
        let bytes = key.withUnsafeBytes { Array($0) }
        return TemporaryExposureKey(
            keyData: KeyBytes(unchecked: bytes),
            rollingStartIntervalNumber: interval.dayStart
        )
    }

    /// Whether the key must be replaced at `interval`: a new TEK is made when
    /// `ENIN ≥ start + rolling_period` (google/exposure-notifications-internals,
    /// `TemporaryExposureKeySupport`).
    ///
    /// - Parameter interval: the current interval.
    /// - Returns: `true` from the first interval after the key's period on.
    public func isExpired(at interval: ENIntervalNumber) -> Bool {
        UInt64(interval.rawValue) >= UInt64(rollingStartIntervalNumber.rawValue) + UInt64(rollingPeriod)
    }

    /// The intervals the key covers.
    public var intervals: Range<UInt32> {
        rollingStartIntervalNumber.rawValue..<(rollingStartIntervalNumber.rawValue + rollingPeriod)
    }

    /// The time from which the key may be used for matching:
    /// `(start + rolling_period + 12) × 600 s` (key embargo;
    /// google/exposure-notifications-internals, `getEmbargoEndTimeInMillis`).
    public var embargoEndUnixSeconds: Int64 {
        (Int64(rollingStartIntervalNumber.rawValue) + Int64(rollingPeriod) + 12) * ENIntervalNumber.secondsPerInterval
    }
}
