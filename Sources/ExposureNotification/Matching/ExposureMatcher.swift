/// Matching of diagnosis keys against a phone's sightings, producing ENF v2
/// exposure windows with their scan instances, following the reference
/// implementation's rules (google/exposure-notifications-internals,
/// `matching/KeyExposureEvaluator.java`, `matching/ExposureWindowUtils.java`):
///
/// 1. derive each key's RPIs for its rolling period and look them up;
/// 2. keep sightings within ±12 intervals (±2 h) of the RPI's interval;
/// 3. drop sightings of an RPI more than 20 minutes after its first sighting
///    (replay protection);
/// 4. collapse sightings at most 25.5 s apart (1.5 × (4 + 13) s) into one scan,
///    keeping the strongest RSSI;
/// 5. decrypt the AEM for the TX power and drop scans whose TX power lies
///    outside [−50, +20] dBm; attenuation = max(TX − calibrated RSSI, 0);
/// 6. cut the key's scans into windows: a new window when 30 minutes have
///    passed since the window's first scan (and, so that each window has one
///    date, when the UTC day changes).
public struct ExposureMatcher: Sendable {
    /// The framework's matching constants.
    public struct Rules: Hashable, Sendable {
        /// `tkMatchingClockDriftRollingPeriods` = 12 intervals (±2 h).
        public var toleranceIntervals: Int64 = 12
        /// Sightings of one RPI later than this after its first are replays.
        public var replaySeconds: Int64 = 20 * 60
        /// Sightings at most this far apart belong to one scan: 1.5 × (4 s scan
        /// + 13 s extension).
        public var singleScanSeconds: Double = 25.5
        /// `aggregateSightingsFromSingleScan`.
        public var aggregateSightingsFromSingleScan = true
        /// Window length: a fixed 30 minutes in the reference code.
        public var windowSeconds: Int64 = 30 * 60
        /// Plausible TX power from the AEM, dBm.
        public var txPowerRange: ClosedRange<Int> = -50...20
        /// `secondsSinceLastScan` when the previous scan is unknown.
        public var secondsSinceLastScanWhenUnknown = 120
        /// Cap on `secondsSinceLastScan` in whole minutes (5 → 300 s).
        public var maximumMinutesSinceLastScan: Int64 = 5
        /// REVOKED keys never produce exposures.
        public var dropRevoked = true
        /// RECURSIVE keys "may be dropped"; the Corona-Warn-App uses them
        /// (its encoding maps TRL 1–2 to RECURSIVE), so they are kept.
        public var dropRecursive = false
        /// Keys whose infectiousness maps to NONE produce no windows: this is how
        /// the Corona-Warn-App's mapping (missing days since onset → NONE,
        /// cwa-server `main-config/v2/diagnosis-keys-data-mapping.yaml`,
        /// `infectiousness-when-days-since-onset-missing: 0`) makes the framework ignore such keys.
        public var dropNoneInfectiousness = true

        public init() {}
    }

    public var mapping: DiagnosisKeysDataMapping
    public var rules: Rules

    /// Creates a matcher.
    ///
    /// - Parameters:
    ///   - mapping: how a key's data becomes report type and infectiousness.
    ///   - rules: which keys and windows are dropped.
    public init(mapping: DiagnosisKeysDataMapping = .coronaWarnApp, rules: Rules = Rules()) {
        self.mapping = mapping
        self.rules = rules
    }

    /// Matches `keys` against `store`.
    ///
    /// - Parameters:
    ///   - keys: the diagnosis keys; ineligible keys are skipped.
    ///   - store: the phone's sightings.
    /// - Returns: the windows of every matched key, in key order.
    /// - Throws: ``BatchCryptoError`` if OpenSSL fails to derive the identifiers.
    public func match(_ keys: [DiagnosisKey], in store: SightingStore) throws(BatchCryptoError) -> [MatchedExposureWindow] {
        let eligible = keys.indices.filter { isEligible(keys[$0]) }
        let derived = try IdentifierBatchDeriver.deriveAll(eligible.map { keys[$0].temporaryExposureKey }, threads: 1)
        var windows = [MatchedExposureWindow]()
        for (position, keyIndex) in eligible.enumerated() {
            windows += match(key: keys[keyIndex], keyIndex: keyIndex, derived: derived, derivedIndex: position, in: store)
        }
        return windows
    }

    /// Whether `key` can produce windows at all under the rules and mapping.
    ///
    /// - Parameter key: the diagnosis key.
    /// - Returns: `false` for keys the rules drop (revoked, recursive, or mapped to
    ///   NONE infectiousness when those rules are on).
    public func isEligible(_ key: DiagnosisKey) -> Bool {
        let type = mapping.reportType(of: key)
        if rules.dropRevoked, type == .revoked { return false }
        if rules.dropRecursive, type == .recursive { return false }
        if rules.dropNoneInfectiousness, mapping.infectiousness(daysSinceOnset: key.daysSinceOnsetOfSymptoms) == .none {
            return false
        }
        return true
    }

    /// Matches one key whose RPIs are rows `derived.keyOffsets[derivedIndex]...`
    /// of a batch derived once for many phones.
    ///
    /// - Parameters:
    ///   - key: the diagnosis key.
    ///   - keyIndex: recorded in each window as the key's index.
    ///   - derived: the batch holding the key's RPIs.
    ///   - derivedIndex: the key's position in `derived`.
    ///   - store: the phone's sightings.
    /// - Returns: the key's windows in time order; empty if it is ineligible or
    ///   unseen.
    public func match(
        key: DiagnosisKey, keyIndex: Int, derived: DerivedIdentifiers, derivedIndex: Int, in store: SightingStore
    ) -> [MatchedExposureWindow] {
        guard isEligible(key) else { return [] }
        var kept = [Sighting]()
        let first = derived.keyOffsets[derivedIndex]
        let tolerance = rules.toleranceIntervals
        guard key.rollingPeriod > 0 else { return [] }
        // The days any kept sighting can fall on, each chunk read once for
        // all the key's identifiers.
        let store = store.loaded(days: DiagnosisKeyIndex.days(of: key, toleranceIntervals: tolerance))
        for offset in 0..<Int(key.rollingPeriod) {
            let rpi = derived.rpi(at: first + offset)
            let rpiInterval = Int64(key.rollingStartIntervalNumber.rawValue) + Int64(offset)
            // Only sightings within the tolerance can be kept, so only the days
            // holding those seconds are searched.
            var firstSeen: Int64?
            store.forEachSighting(
                of: rpi, from: (rpiInterval - tolerance) * 600, through: (rpiInterval + tolerance + 1) * 600 - 1
            ) { sighting in
                guard abs(Int64(sighting.interval.rawValue) - rpiInterval) <= tolerance else { return }
                if let firstSeen, sighting.time - firstSeen > rules.replaySeconds { return }
                if firstSeen == nil { firstSeen = sighting.time }
                kept.append(sighting)
            }
        }
        guard !kept.isEmpty else { return [] }
        kept.sort { ($0.time, $0.calibratedRSSI) < ($1.time, $1.calibratedRSSI) }
        let aemk = KeyDerivation.associatedEncryptedMetadataKey(for: key.temporaryExposureKey)
        let scans = scans(of: kept, aemk: aemk)
        return windows(of: scans, key: key, keyIndex: keyIndex)
    }

    // MARK: Scans

    struct Scan {
        var time: Int64
        var previousScanTime: Int64?
        var minAttenuation: Int
        var typicalAttenuation: Int
        var calibrationConfidence: CalibrationConfidence
    }

    /// Groups sightings into scans, decrypts their metadata and computes
    /// attenuations; scans with implausible TX power are dropped.
    func scans(of sightings: [Sighting], aemk: KeyBytes) -> [Scan] {
        var out = [Scan]()
        var group = [Sighting]()
        func flush() {
            guard let opening = group.first else { return }
            let members =
                rules.aggregateSightingsFromSingleScan
                ? [group.max { $0.calibratedRSSI < $1.calibratedRSSI }!]
                : group
            var attenuations = [Int]()
            var confidence = CalibrationConfidence.lowest
            for (index, sighting) in members.enumerated() {
                let metadata = KeyDerivation.decryptMetadata(aem: sighting.aem, aemk: aemk, rpi: sighting.rpi)
                guard rules.txPowerRange.contains(Int(metadata.txPower)) else { continue }
                if index == 0 || attenuations.isEmpty {
                    confidence = CalibrationConfidence(rawValue: Int(metadata.calibrationConfidence)) ?? .lowest
                }
                attenuations.append(max(Int(metadata.txPower) - Int(sighting.calibratedRSSI), 0))
            }
            group.removeAll(keepingCapacity: true)
            guard !attenuations.isEmpty else { return }
            let mean = Double(attenuations.reduce(0, +)) / Double(attenuations.count)
            out.append(
                Scan(
                    time: opening.time,
                    previousScanTime: opening.previousScanTime,
                    minAttenuation: attenuations.min()!,
                    typicalAttenuation: Int(mean.rounded(.toNearestOrAwayFromZero)),
                    calibrationConfidence: confidence))
        }
        for sighting in sightings {
            if let opening = group.first, Double(sighting.time - opening.time) > rules.singleScanSeconds { flush() }
            group.append(sighting)
        }
        flush()
        return out
    }

    // MARK: Windows

    func windows(of scans: [Scan], key: DiagnosisKey, keyIndex: Int) -> [MatchedExposureWindow] {
        let reportType = mapping.reportType(of: key)
        let infectiousness = mapping.infectiousness(daysSinceOnset: key.daysSinceOnsetOfSymptoms)
        var out = [MatchedExposureWindow]()
        var current: MatchedExposureWindow?
        for scan in scans {
            let day = Int(floorDiv(scan.time, 86_400))
            if let open = current, scan.time - open.firstScanTime >= rules.windowSeconds || day != open.window.dayNumber {
                out.append(open)
                current = nil
            }
            if current == nil {
                current = MatchedExposureWindow(
                    window: ExposureWindow(
                        dayNumber: day, reportType: reportType, infectiousness: infectiousness,
                        calibrationConfidence: scan.calibrationConfidence, scanInstances: []),
                    keyIndex: keyIndex, firstScanTime: scan.time, lastScanTime: scan.time)
            }
            current!.window.scanInstances.append(
                ScanInstance(
                    minAttenuation: scan.minAttenuation,
                    typicalAttenuation: scan.typicalAttenuation,
                    secondsSinceLastScan: secondsSinceLastScan(at: scan.time, previous: scan.previousScanTime)))
            current!.lastScanTime = scan.time
        }
        if let open = current { out.append(open) }
        return out
    }

    /// `60 × min(5, minute(t) − minute(previous))`, or 120 s when the previous
    /// scan is unknown.
    func secondsSinceLastScan(at time: Int64, previous: Int64?) -> Int {
        guard let previous else { return rules.secondsSinceLastScanWhenUnknown }
        let minutes = floorDiv(time, 60) - floorDiv(previous, 60)
        return Int(60 * min(rules.maximumMinutesSinceLastScan, minutes))
    }
}

/// An exposure window together with what produced it, for ground truth.
public struct MatchedExposureWindow: Hashable, Sendable {
    public var window: ExposureWindow
    /// The index of the matched key in the list given to the matcher.
    public var keyIndex: Int
    /// Unix seconds of the window's first and last scan.
    public var firstScanTime: Int64
    public var lastScanTime: Int64
}

/// Floor division for possibly negative times.
@inline(__always)
func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}
