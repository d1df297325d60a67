/// The keys a phone's framework holds: one Temporary Exposure Key per UTC day,
/// made when none is valid, kept 14 days (Google/Apple, Exposure Notification
/// Cryptography Specification v1.2.1; google/exposure-notifications-internals
/// `TemporaryExposureKeySupport`), with
/// the identifiers of the current key derived once when it is made.
public struct TemporaryExposureKeyRing: Sendable {
    /// Days a key is kept after its day.
    public static let retentionDays = 14

    /// Held keys, oldest first; the last one is the current key.
    public private(set) var keys: [TemporaryExposureKey] = []
    /// RPIs of the current key, one per interval of its rolling period,
    /// derived when first advertised one at a time (bulk advertisers derive
    /// the day's identifiers themselves from ``currentKey(at:using:)``).
    private var currentRPIs: [KeyBytes] = []
    /// AEMs of the current key under `metadata`.
    private var currentAEMs: [AssociatedEncryptedMetadata] = []
    /// The key `currentRPIs` and `currentAEMs` belong to.
    private var derivedKey: TemporaryExposureKey?
    /// The metadata the phone broadcasts.
    public private(set) var metadata: BluetoothMetadata

    /// Creates an empty ring.
    ///
    /// - Parameter metadata: the metadata (version, TX power) encrypted into every
    ///   advertisement.
    public init(metadata: BluetoothMetadata) {
        self.metadata = metadata
    }

    /// The current key at `interval`, making a new one from `generator` if none
    /// is valid; keys older than the retention are dropped.
    ///
    /// - Parameters:
    ///   - interval: the current interval.
    ///   - generator: the source of a new key's bytes (used only when a key is made).
    /// - Returns: the key valid at `interval`.
    public mutating func currentKey(
        at interval: ENIntervalNumber, using generator: inout some RandomNumberGenerator
    ) -> TemporaryExposureKey {
        if let current = keys.last, current.intervals.contains(interval.rawValue) { return current }
        let key = TemporaryExposureKey.generate(at: interval, using: &generator)
        keys.append(key)
        let oldestDay = Int(interval.dayNumber) - Self.retentionDays
        keys.removeAll { Int($0.rollingStartIntervalNumber.dayNumber) < oldestDay }
        return key
    }

    /// The RPI and AEM to advertise at `interval`.
    ///
    /// - Parameters:
    ///   - interval: the current interval.
    ///   - generator: the source of a new key's bytes (used only when a key is made).
    /// - Returns: the interval's payload.
    public mutating func advertisement(
        at interval: ENIntervalNumber, using generator: inout some RandomNumberGenerator
    ) -> AdvertisementPayload {
        let key = currentKey(at: interval, using: &generator)
        if derivedKey != key { deriveCurrentIdentifiers() }
        let offset = Int(interval.rawValue - key.rollingStartIntervalNumber.rawValue)
        return AdvertisementPayload(rpi: currentRPIs[offset], aem: currentAEMs[offset])
    }

    /// The payloads advertised in each interval of the UTC day starting at
    /// `dayStart`, from the key valid then (one entry per interval of its rolling
    /// period, normally 144).
    ///
    /// - Parameters:
    ///   - dayStart: the first interval of the UTC day (a multiple of 144).
    ///   - generator: the source of a new key's bytes (used only when a key is made).
    /// - Returns: the day's payloads, the one at index i for interval `dayStart + i`.
    public mutating func dayAdvertisements(
        at dayStart: ENIntervalNumber, using generator: inout some RandomNumberGenerator
    ) -> [AdvertisementPayload] {
        let key = currentKey(at: dayStart, using: &generator)
        if derivedKey != key { deriveCurrentIdentifiers() }
        return zip(currentRPIs, currentAEMs).map { AdvertisementPayload(rpi: $0, aem: $1) }
    }

    /// The keys of the last 14 days as the framework hands them to the app for
    /// upload at `interval`: past keys whole, and the current key (if
    /// `includeCurrent`) with its rolling period shortened to the intervals
    /// already elapsed, as the Corona-Warn-App uploads today's key
    /// (corona-warn-app/cwa-app-android submission, `ExposureKeyHistoryCalculations.kt`;
    /// cwa-documentation `solution_architecture.md`).
    ///
    /// - Parameters:
    ///   - interval: the interval of the upload.
    ///   - includeCurrent: whether to include the current key (omitted if no
    ///     interval of it has elapsed yet).
    /// - Returns: the keys, oldest first.
    public func history(at interval: ENIntervalNumber, includeCurrent: Bool) -> [TemporaryExposureKey] {
        let oldestDay = Int(interval.dayNumber) - Self.retentionDays
        var out = [TemporaryExposureKey]()
        for key in keys where Int(key.rollingStartIntervalNumber.dayNumber) >= oldestDay {
            if key.intervals.contains(interval.rawValue) {
                guard includeCurrent else { continue }
                let elapsed = interval.rawValue - key.rollingStartIntervalNumber.rawValue
                guard elapsed >= 1 else { continue }
                var shortened = key
                shortened.rollingPeriod = elapsed
                out.append(shortened)
            } else if key.rollingStartIntervalNumber.rawValue < interval.rawValue {
                out.append(key)
            }
        }
        return out
    }

    /// Changes the broadcast metadata (for example a new calibration).
    ///
    /// - Parameter metadata: the new metadata, used from the next advertisement on.
    public mutating func setMetadata(_ metadata: BluetoothMetadata) {
        self.metadata = metadata
        derivedKey = nil
    }

    /// Deletes every key (the app's reset, E03.02).
    public mutating func removeAll() {
        keys.removeAll()
        currentRPIs.removeAll()
        currentAEMs.removeAll()
        derivedKey = nil
    }

    private mutating func deriveCurrentIdentifiers() {
        guard let key = keys.last else { return }
        // One key, one thread: creating the OpenSSL contexts cannot fail short of
        // libcrypto lacking AES-128, which would make the whole run meaningless.
        let derived = try! IdentifierBatchDeriver.deriveAll([key], metadata: [metadata], includeMetadata: true, threads: 1)
        currentRPIs = (0..<derived.count).map { derived.rpi(at: $0) }
        currentAEMs = (0..<derived.count).map { derived.aem(at: $0)! }
        derivedKey = key
    }
}
