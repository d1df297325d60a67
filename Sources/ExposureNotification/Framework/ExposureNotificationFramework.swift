import WarnSimCore

/// The Exposure Notification framework of one phone: its keys, what it
/// advertises, its scans and sightings, and exposure detection
/// (Google/Apple, Exposure Notification Cryptography Specification v1.2.1;
/// google/exposure-notifications-internals, the reference implementation of
/// scanning and matching). The simulation drives it with
/// explicit times; it never reads a clock.
public struct ExposureNotificationFramework: Sendable {
    /// Whether tracing runs (app consent given, tracing on, Bluetooth on).
    public var isEnabled: Bool
    /// Added to every raw RSSI this phone measures (its calibration).
    public var rssiCorrection: Int
    public private(set) var keyRing: TemporaryExposureKeyRing
    public private(set) var sightings: SightingStore
    /// Start of this phone's previous scan, if it has scanned.
    public private(set) var lastScanTime: Int64?
    private var keyStream: RandomStream
    /// Further records of the same scans, one per other radio channel, as
    /// those channels would have received them (`warnsim redraw`): empty
    /// unless ``observeThroughSecondChannels(_:)`` was called, so that a
    /// phone without them carries one word, not further stores.
    public private(set) var secondChannelSightings: [SightingStore] = []

    /// Starts recording `count` other channels' sightings beside the phone's
    /// own (in memory): the same scans at the same times with the same
    /// previous scan, each advertisement at the RSSI that channel gave it.
    ///
    /// - Parameter count: the number of other channels (≥ 1).
    public mutating func observeThroughSecondChannels(_ count: Int) {
        if secondChannelSightings.count != count { secondChannelSightings = (0..<count).map { _ in SightingStore() } }
    }

    /// Creates the framework of one phone, with no keys and no sightings yet.
    ///
    /// - Parameters:
    ///   - keyStream: the phone's own deterministic stream for key material.
    ///   - metadata: what it broadcasts (TX power and calibration confidence).
    ///   - rssiCorrection: its receive calibration, in dB, added to every raw RSSI.
    ///   - isEnabled: whether tracing runs from the start (advertising and
    ///     scanning); `false` stores and sends nothing until it is switched on.
    ///   - spill: where sealed sightings go (nil: they stay in memory).
    public init(
        keyStream: RandomStream, metadata: BluetoothMetadata, rssiCorrection: Int, isEnabled: Bool = true,
        spill: SightingSpill? = nil
    ) {
        self.keyStream = keyStream
        self.sightings = SightingStore(spill: spill)
        self.keyRing = TemporaryExposureKeyRing(metadata: metadata)
        self.rssiCorrection = rssiCorrection
        self.isEnabled = isEnabled
    }

    /// What the phone advertises at `time`, or nil while tracing is off.
    ///
    /// - Parameter time: Unix seconds (≥ 0); the advertisement is that of the
    ///   time's 10-minute interval, made from the day's key (created if needed).
    /// - Returns: the payload, or `nil` while tracing is off.
    public mutating func advertisement(at time: Int64) -> AdvertisementPayload? {
        guard isEnabled else { return nil }
        return keyRing.advertisement(at: ENIntervalNumber(unixSeconds: time), using: &keyStream)
    }

    /// Everything the phone advertises on the UTC day containing `time`, one
    /// payload per 10-minute interval from the day's start, or nil while
    /// tracing is off. Lets a simulation look advertisements up without
    /// mutating the sender while receivers scan in parallel.
    ///
    /// - Parameter time: any Unix second (≥ 0) of the UTC day.
    /// - Returns: one payload per interval of the day's key (normally 144), or `nil`
    ///   while tracing is off.
    public mutating func dayAdvertisements(at time: Int64) -> [AdvertisementPayload]? {
        guard isEnabled else { return nil }
        return keyRing.dayAdvertisements(at: ENIntervalNumber(unixSeconds: time).dayStart, using: &keyStream)
    }

    /// The Temporary Exposure Key the phone advertises with on the UTC day
    /// containing `time` (made if needed), or nil while tracing is off: for a
    /// simulation that derives every phone's identifiers of the day in one batch
    /// (with ``metadata``), as ``dayAdvertisements(at:)`` gives them one phone
    /// at a time.
    ///
    /// - Parameter time: any Unix second (≥ 0) of the UTC day.
    /// - Returns: the day's key, or `nil` while tracing is off.
    public mutating func dayKey(at time: Int64) -> TemporaryExposureKey? {
        guard isEnabled else { return nil }
        return keyRing.currentKey(at: ENIntervalNumber(unixSeconds: time).dayStart, using: &keyStream)
    }

    /// ``dayKey(at:)`` and the metadata broadcast with it, in one in-place
    /// call (reading ``metadata`` through an optional app would copy it).
    ///
    /// - Parameter time: Unix seconds within the day.
    /// - Returns: the day's key and the metadata, or `nil` while tracing is off.
    public mutating func advertisedDay(at time: Int64) -> (key: TemporaryExposureKey, metadata: BluetoothMetadata)? {
        guard let key = dayKey(at: time) else { return nil }
        return (key, keyRing.metadata)
    }

    /// The metadata the phone broadcasts (encrypted into its AEMs).
    public var metadata: BluetoothMetadata { keyRing.metadata }

    /// Records one scan started at `time` that received `advertisements` with
    /// their raw RSSI. Stores nothing while tracing is off.
    ///
    /// - Parameters:
    ///   - time: Unix seconds of the scan's start; also the "previous scan" time of
    ///     the next scan's sightings.
    ///   - advertisements: the payloads received, each with the raw RSSI in dBm
    ///     before the phone's RSSI correction; may be empty (the scan still counts).
    ///   - secondChannels: what the same scan received through each other
    ///     channel (``observeThroughSecondChannels(_:)``), in channel order;
    ///     channels the framework does not observe are ignored.
    public mutating func recordScan(
        at time: Int64, received advertisements: [(payload: AdvertisementPayload, rawRSSI: Int)],
        secondChannels others: [[(payload: AdvertisementPayload, rawRSSI: Int)]] = []
    ) {
        guard isEnabled else { return }
        for (payload, rssi) in advertisements {
            sightings.record(
                time: time, previousScanTime: lastScanTime, rpi: payload.rpi, aem: payload.aem,
                calibratedRSSI: Sighting.calibrate(rawRSSI: rssi, rssiCorrection: rssiCorrection))
        }
        for channel in secondChannelSightings.indices where channel < others.count {
            for (payload, rssi) in others[channel] {
                secondChannelSightings[channel].record(
                    time: time, previousScanTime: lastScanTime, rpi: payload.rpi, aem: payload.aem,
                    calibratedRSSI: Sighting.calibrate(rawRSSI: rssi, rssiCorrection: rssiCorrection))
            }
        }
        lastScanTime = time
    }

    /// Lends `scratch`'s buffers to the sighting store for the scans recorded
    /// next (see ``SightingStore/borrowScratch(_:)``), and `secondChannels`'
    /// buffers to the other channels' stores, one each in channel order
    /// (missing ones are made).
    ///
    /// - Parameters:
    ///   - scratch: the buffers to lend; empty afterwards.
    ///   - secondChannels: the buffers to lend to the other channels' stores.
    public mutating func borrowScratch(_ scratch: inout SightingChunkBuilder, secondChannels: inout [SightingChunkBuilder]) {
        sightings.borrowScratch(&scratch)
        if secondChannels.count < secondChannelSightings.count {
            secondChannels += (secondChannels.count..<secondChannelSightings.count).map { _ in SightingChunkBuilder() }
        }
        for channel in secondChannelSightings.indices { secondChannelSightings[channel].borrowScratch(&secondChannels[channel]) }
    }

    /// ``borrowScratch(_:secondChannels:)`` without other channels.
    public mutating func borrowScratch(_ scratch: inout SightingChunkBuilder) {
        var none: [SightingChunkBuilder] = []
        borrowScratch(&scratch, secondChannels: &none)
    }

    /// Seals the sightings recorded so far and hands the buffers back: the
    /// own store's to `scratch`, the other channels' to `secondChannels`
    /// (as lent by ``borrowScratch(_:secondChannels:)``; a store that was not
    /// lent any seals into fresh buffers).
    ///
    /// - Parameters:
    ///   - scratch: receives the emptied buffers for the next phone.
    ///   - secondChannels: receives the other channels' emptied buffers.
    public mutating func sealSightings(
        keepingScratchIn scratch: inout SightingChunkBuilder, secondChannels: inout [SightingChunkBuilder]
    ) {
        sightings.seal(keepingScratchIn: &scratch)
        for channel in secondChannelSightings.indices {
            if channel < secondChannels.count {
                secondChannelSightings[channel].seal(keepingScratchIn: &secondChannels[channel])
            } else {
                secondChannelSightings[channel].seal()
            }
        }
    }

    /// ``sealSightings(keepingScratchIn:secondChannels:)`` without other channels' buffers.
    public mutating func sealSightings(keepingScratchIn scratch: inout SightingChunkBuilder) {
        var none: [SightingChunkBuilder] = []
        sealSightings(keepingScratchIn: &scratch, secondChannels: &none)
    }

    /// The keys the app may upload at `time` (the last 14 days, today's shortened).
    ///
    /// - Parameters:
    ///   - time: Unix seconds of the upload.
    ///   - includeCurrent: whether to include today's key, shortened to the
    ///     intervals already elapsed.
    /// - Returns: the keys, oldest first; empty if none were made.
    public func keyHistory(at time: Int64, includeCurrent: Bool = true) -> [TemporaryExposureKey] {
        keyRing.history(at: ENIntervalNumber(unixSeconds: time), includeCurrent: includeCurrent)
    }

    /// Drops sightings past the 14-day retention.
    ///
    /// - Parameter now: the current Unix seconds.
    public mutating func expire(now: Int64) {
        sightings.expire(now: now)
        for channel in secondChannelSightings.indices { secondChannelSightings[channel].expire(now: now) }
    }

    /// Matches downloaded diagnosis keys against the stored sightings.
    ///
    /// - Parameters:
    ///   - keys: the downloaded diagnosis keys; an empty list gives no windows.
    ///   - matcher: the matching rules and the diagnosis-keys data mapping.
    /// - Returns: every window of every matched key, in key order.
    /// - Throws: ``BatchCryptoError`` if OpenSSL fails to derive the identifiers.
    public func detectExposures(_ keys: [DiagnosisKey], matcher: ExposureMatcher) throws(BatchCryptoError) -> [MatchedExposureWindow] {
        try matcher.match(keys, in: sightings)
    }

    /// Deletes keys and sightings (the app's reset, E03.02).
    public mutating func reset() {
        keyRing.removeAll()
        sightings.removeAll()
        for channel in secondChannelSightings.indices { secondChannelSightings[channel].removeAll() }
        lastScanTime = nil
    }
}
