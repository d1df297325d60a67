import ExposureNotification
import Population
import WarnSimCore

/// Turns a day of encounters into what every app phone's framework records: each
/// phone scans on its own schedule (every 210–300 s), and in each scan receives
/// the advertisements of the app phones it is in an encounter with at that
/// minute, at an attenuation drawn from the radio model (the encounter's
/// distance segment, the carriage of the setting, body blocking and shadowing
/// once per encounter and direction, orientation and fading per scan, the
/// devices' calibration errors, the detection limit).
///
/// Determinism: each direction of an encounter draws its slow terms from its own
/// stream `(seed, "radio.scan.encounter", day/encounter/direction)`, and each
/// receiver draws its per-scan terms from `(seed, "radio.scan", receiver/day)`
/// in scan order, so results do not depend on the number of workers.
package struct ScanPipeline: Sendable {
    /// Subsystems of the per-scan fading streams and the per-encounter offset streams.
    static let fadingStreams = RandomStream.Subsystem(StreamName.scanFading)
    static let encounterStreams = RandomStream.Subsystem(StreamName.scanEncounter)
    package let model: RadioModel
    package let phones: PhoneRadios
    package let carriageBySetting: [Int]
    package let seed: UInt64
    /// Other radio channels every scan is also seen through (`warnsim
    /// redraw`), with the same random numbers: each draw of the phone's own
    /// channel (blocking, shadowing, fading) is made once and scaled by each
    /// channel's parameters, so a channel given the run's own parameters sees
    /// exactly what the phones saw, and each channel sees what it would see
    /// alone. Empty in a plain run.
    package var secondChannels: [SecondChannel] = []
    /// Per person, whether the phones record what its phone sends, on their
    /// own channel and on the other channels; empty: every phone's (a plain
    /// run). A redraw knows from the run who ever shared keys, and only those
    /// keys can be matched (a window is one key's sightings), so no phone
    /// need evaluate or store the rest: the same windows for a fraction of
    /// the work. Every scan still draws its fading for every encounter it
    /// looks at, so the draws of what is recorded are those of a plain run;
    /// a phone that meets none of these people on a day only keeps its scan
    /// clock and the time of its last scan.
    package var recordedTransmitters: [Bool] = []

    /// Another channel's model, phone radios (drawn from its parameters with
    /// the run's seed) and carriage per setting.
    package struct SecondChannel: Sendable {
        package let model: RadioModel
        package let phones: PhoneRadios
        package let carriageBySetting: [Int]

        /// The channel of `parameters` (read from `file`) for the phones of
        /// `world` with the run's `seed`; every carriage state the scenario's
        /// settings use must be among the parameters'.
        package init(parameters: RadioParameters, file: String, world: WorldConfig, seed: UInt64) throws(InputError) {
            var carriage: [Int] = []
            for (setting, name) in world.population.carriageBySetting.enumerated() {
                guard let index = parameters.carriageIndex(name) else {
                    let place = Setting(rawValue: UInt8(setting))!.name
                    throw InputError(
                        file: file, field: "carriage",
                        problem:
                            "has no carriage state '\(name)', which the scenario's \(place) setting uses (\(parameters.carriageNames.joined(separator: ", ")))"
                    )
                }
                carriage.append(index)
            }
            model = RadioModel(parameters: parameters)
            phones = PhoneRadios(
                count: world.population.people, table: world.calibrationTable, parameters: parameters, seed: seed)
            carriageBySetting = carriage
        }
    }

    /// A channel held by reference: the scan loop borrows its model and
    /// radios through it instead of copying them at every sighting.
    final class ChannelReference: Sendable {
        let channel: SecondChannel
        init(channel: SecondChannel) { self.channel = channel }
    }

    /// One received advertisement (kept for ground truth and tests when asked for).
    package struct Reception: Hashable, Sendable {
        package var receiver: Int32
        package var transmitter: Int32
        package var time: Int64
        package var encounter: Int32
        package var attenuation: Float
    }

    /// A phone's scanning clock on its platform's timing, carried from day to day.
    package struct ScanClock: Sendable {
        package var nextScan: Int64
        /// The platform's scan interval and jitter.
        package let timing: ScanTiming
        var stream: RandomStream

        /// The first scan falls uniformly within the first interval after `start`
        /// (300 s on the Android default).
        package init(person: Int, start: Int64, seed: UInt64, timing: ScanTiming = .android) {
            self.timing = timing
            stream = RandomStream(seed: seed, subsystem: StreamName.scanSchedule, entity: UInt64(person))
            nextScan = ScanSchedule.firstScan(from: start, timing: timing, using: &stream)
        }

        mutating func advance() {
            nextScan = ScanSchedule.nextScan(after: nextScan, timing: timing, using: &stream)
        }
    }

    package init(model: RadioModel, phones: PhoneRadios, carriageBySetting: [Int], seed: UInt64) {
        self.model = model
        self.phones = phones
        self.carriageBySetting = carriageBySetting
        self.seed = seed
    }

    /// The framework a person's phone starts with: metadata and RSSI correction
    /// from the phone's calibration (what the EN calibration table says about
    /// its model), keys from the person's own stream; sealed sightings go to
    /// `spill` if given.
    package func framework(
        person: Int, confidence: CalibrationConfidence = .low, spill: SightingSpill? = nil
    ) -> ExposureNotificationFramework {
        let tx = Int8(clamping: Int(phones.txPower[person].rounded()))
        var framework = ExposureNotificationFramework(
            keyStream: RandomStream(seed: seed, subsystem: StreamName.temporaryExposureKeys, entity: UInt64(person)),
            metadata: BluetoothMetadata(minorVersion: 1, txPower: tx, calibrationConfidence: UInt8(confidence.rawValue)),
            rssiCorrection: Int(phones.rssiCorrection[person].rounded()), spill: spill)
        if !secondChannels.isEmpty { framework.observeThroughSecondChannels(secondChannels.count) }
        return framework
    }

    /// Runs the scans of the UTC day starting at `dayStart` (Unix seconds; the
    /// encounters' minutes count from it) on `phones` (one per person, in
    /// person order): each installed app's framework is used in place, never
    /// moved out of its phone. Returns the receptions if `keepReceptions`.
    ///
    /// The day's identifiers of every advertising phone are derived in one
    /// batch; each phone then sweeps its scans through its encounters ordered by
    /// start (an encounter is looked at only while it lasts, in encounter order
    /// within a scan, so the random draws are those of a scan-by-scan loop over
    /// all encounters), and seals its day of sightings. Whom each phone
    /// received from (on either channel) goes to `audiences`.
    package func run(
        dayStart: Int64, encounters: DayEncounters,
        phones: inout [SimulatedPhone], audiences: inout Audiences,
        workers: Int, keepReceptions: Bool = false, cryptoSeconds: UnsafeMutablePointer<Double>? = nil,
        cryptoIdentifiers: UnsafeMutablePointer<Int>? = nil, advertisementStorage: AdvertisementStorage? = nil
    ) -> [Reception] {
        let people = phones.count
        let cryptoStart = ContinuousClock.now
        let storage = advertisementStorage ?? AdvertisementStorage()
        let advertisements = DayAdvertisements(
            dayStart: dayStart, phones: &phones, workers: workers, storage: storage, derivedFor: recordedTransmitters)
        cryptoSeconds?.pointee += (ContinuousClock.now - cryptoStart).inSeconds
        cryptoIdentifiers?.pointee += advertisements.rows
        let index = DayEncounterIndex(
            encounters, people: people, receives: phones.map { $0.hasApp }, advertises: advertisements.slot.map { $0 >= 0 },
            recorded: recordedTransmitters)
        let dayEnd = dayStart + 86_400
        let day = UInt64(dayStart / 86_400)
        let tasks = Parallel.pieces(workers: workers, perWorker: 16)
        var perTask = [[Reception]](repeating: [], count: tasks)
        // Whom each worker's phones heard, in receiver order.
        let heardPerTask = UnsafeMutableBufferPointer<Audiences.Heard>.allocate(capacity: tasks)
        heardPerTask.initialize(repeating: Audiences.Heard())
        defer {
            heardPerTask.deinitialize()
            heardPerTask.deallocate()
        }
        let heardBy = UnsafeSendableBuffer(heardPerTask)
        // Locals, so that the loop's calls borrow them instead of copying the
        // model out of the captured pipeline at each call.
        let (model, radios, carriageBySetting, seed) = (self.model, self.phones, self.carriageBySetting, self.seed)
        let sigma = (0..<RadioEnvironment.allCases.count).map { model.sightingSigma(RadioEnvironment(rawValue: $0)!) }
        // The other channels by unretained reference, which the loop borrows
        // (a model read out of an array or a buffer is copied, retaining
        // each of its tables, at every sighting), and their scan sigmas by
        // channel and environment.
        let channels = secondChannels.count
        let transmitters = recordedTransmitters
        let everyTransmitter = transmitters.isEmpty
        let environments = RadioEnvironment.allCases.count
        let seconds = secondChannels.map { Unmanaged.passRetained(ChannelReference(channel: $0)) }
        defer { for reference in seconds { reference.release() } }
        let secondSigma = secondChannels.flatMap { channel in
            (0..<environments).map { channel.model.sightingSigma(RadioEnvironment(rawValue: $0)!) }
        }
        phones.withUnsafeMutableBufferPointer { phoneBuffer in
            perTask.withUnsafeMutableBufferPointer { logBuffer in
                let ph = UnsafeSendableBuffer(phoneBuffer)
                let logs = UnsafeSendableBuffer(logBuffer)
                Parallel.run(workers: tasks) { task in
                    var sweep = EncounterSweep()
                    var scratch = SightingChunkBuilder()
                    var secondScratch = [SightingChunkBuilder](repeating: SightingChunkBuilder(), count: channels)
                    var received = [(payload: AdvertisementPayload, rawRSSI: Int)]()
                    var receivedSecond = [[(payload: AdvertisementPayload, rawRSSI: Int)]](repeating: [], count: channels)
                    // Per other channel, the RSSI of the advertisement being looked at, nil if not received.
                    var secondRSSI = [Int?](repeating: nil, count: channels)
                    var heard = [Int32]()
                    for p in Parallel.chunk(task, of: tasks, count: people) {
                        guard ph.buffer[p].hasApp else { continue }
                        if !everyTransmitter && index.encounters(of: p).isEmpty {
                            // Nothing this phone receives today is recorded:
                            // its scans leave only the time of the last one
                            // (the next sighting's previous scan), and its
                            // stores, sealed at the end of every day and at
                            // every detection, have nothing open to seal.
                            let enabled = ph.buffer[p].isTracingEnabled
                            var last: Int64?
                            while ph.buffer[p].scanClock.nextScan < dayEnd {
                                if enabled { last = ph.buffer[p].scanClock.nextScan }
                                ph.buffer[p].scanClock.advance()
                            }
                            if let last { ph.buffer[p].installedApp.framework.recordScan(at: last, received: []) }
                            continue
                        }
                        ph.buffer[p].installedApp.framework.borrowScratch(&scratch, secondChannels: &secondScratch)
                        var fading = RandomStream(seed: seed, subsystem: ScanPipeline.fadingStreams, entity: UInt64(p) << 24 | day)
                        sweep.reset(person: p, index: index, encounters: encounters, channels: channels)
                        let enabled = ph.buffer[p].isTracingEnabled
                        // A scan that finds no encounter records nothing but its
                        // time (the next sighting's previous scan), so only the
                        // last of a run of such scans is handed to the framework.
                        var unrecordedEmptyScan: Int64?
                        while ph.buffer[p].scanClock.nextScan < dayEnd {
                            let time = ph.buffer[p].scanClock.nextScan
                            ph.buffer[p].scanClock.advance()
                            guard enabled else { continue }
                            let minute = Int16((time - dayStart) / 60)
                            sweep.advance(to: minute, encounters: encounters)
                            if sweep.active.isEmpty {
                                unrecordedEmptyScan = time
                                continue
                            }
                            if let empty = unrecordedEmptyScan {
                                ph.buffer[p].installedApp.framework.recordScan(at: empty, received: [])
                                unrecordedEmptyScan = nil
                            }
                            received.removeAll(keepingCapacity: true)
                            for c in receivedSecond.indices { receivedSecond[c].removeAll(keepingCapacity: true) }
                            let interval = Int((time - dayStart) / 600)
                            for k in sweep.active.indices {
                                let i = Int(sweep.active[k].encounter)
                                let q = Int(sweep.active[k].other)
                                let slot = advertisements.slot[q]
                                guard slot >= 0 else { continue }
                                guard let s = sweep.segment(k, at: minute, encounters: encounters) else { continue }
                                guard everyTransmitter || transmitters[q] else {
                                    // Not recorded; its fading is drawn all the same.
                                    _ = fading.next()
                                    continue
                                }
                                let environment = encounters.environment(i)
                                if sweep.active[k].offset.isNaN {
                                    let carriage = carriageBySetting[Int(encounters.setting[i])]
                                    var slow = RandomStream(
                                        seed: seed, subsystem: ScanPipeline.encounterStreams,
                                        entity: day << 40 | UInt64(i) << 1 | (sweep.active[k].receiverIsA ? 1 : 0))
                                    let base = sweep.channelBase(k)
                                    for c in 0..<channels {
                                        // The same draws through each other channel's parameters.
                                        var same = slow
                                        sweep.channelOffset[base + c] = seconds[c]._withUnsafeGuaranteedRef { reference in
                                            let carriage = reference.channel.carriageBySetting[Int(encounters.setting[i])]
                                            return reference.channel.model.encounterOffset(
                                                environment: environment, carriageTransmitter: carriage,
                                                carriageReceiver: carriage, random: &same)
                                        }
                                    }
                                    sweep.active[k].offset = model.encounterOffset(
                                        environment: environment, carriageTransmitter: carriage,
                                        carriageReceiver: carriage, random: &slow)
                                }
                                if sweep.active[k].medianSegment != s {
                                    sweep.active[k].medianSegment = s
                                    sweep.active[k].median = model.medianPath(
                                        distance: encounters.segmentDistance[s], environment: environment)
                                    let base = sweep.channelBase(k)
                                    for c in 0..<channels {
                                        sweep.channelMedian[base + c] = seconds[c]._withUnsafeGuaranteedRef {
                                            $0.channel.model.medianPath(distance: encounters.segmentDistance[s], environment: environment)
                                        }
                                    }
                                }
                                let z = fading.nextTabulatedNormal()
                                let path = sweep.active[k].median + sweep.active[k].offset + sigma[environment.rawValue] * z
                                let sighting = model.sighting(pathAttenuation: path, transmitter: q, receiver: p, phones: radios)
                                var anySecond = false
                                if channels > 0 {
                                    let base = sweep.channelBase(k)
                                    for c in 0..<channels {
                                        let secondPath =
                                            sweep.channelMedian[base + c] + sweep.channelOffset[base + c]
                                            + secondSigma[c * environments + environment.rawValue] * z
                                        secondRSSI[c] = seconds[c]._withUnsafeGuaranteedRef {
                                            $0.channel.model.sighting(
                                                pathAttenuation: secondPath, transmitter: q, receiver: p, phones: $0.channel.phones)
                                        }.map { Int($0.rssi) }
                                        if secondRSSI[c] != nil { anySecond = true }
                                    }
                                }
                                guard sighting != nil || anySecond,
                                    let payload = advertisements.payload(slot: Int(slot), interval: interval)
                                else { continue }
                                if heard.last != Int32(q) { heard.append(Int32(q)) }
                                if anySecond {
                                    for c in 0..<channels { if let rssi = secondRSSI[c] { receivedSecond[c].append((payload, rssi)) } }
                                }
                                guard let sighting else { continue }
                                received.append((payload, Int(sighting.rssi)))
                                if keepReceptions {
                                    logs.buffer[task].append(
                                        Reception(
                                            receiver: Int32(p), transmitter: Int32(q), time: time, encounter: Int32(i),
                                            attenuation: sighting.attenuation))
                                }
                            }
                            ph.buffer[p].installedApp.framework.recordScan(at: time, received: received, secondChannels: receivedSecond)
                        }
                        if let empty = unrecordedEmptyScan { ph.buffer[p].installedApp.framework.recordScan(at: empty, received: []) }
                        ph.buffer[p].installedApp.framework.sealSightings(keepingScratchIn: &scratch, secondChannels: &secondScratch)
                        heardBy.buffer[task].add(receiver: Int32(p), people: &heard)
                        heard.removeAll(keepingCapacity: true)
                    }
                }
            }
        }
        audiences.record(day: day, people: people, heard: Array(heardPerTask))
        // The table lives in `storage`; keep it until every scan has read it.
        withExtendedLifetime(storage) {}
        return perTask.flatMap { $0 }.sorted { ($0.receiver, $0.time, $0.transmitter) < ($1.receiver, $1.time, $1.transmitter) }
    }
}

/// What every tracing phone advertises on one UTC day: its key of the day
/// (made now if needed), with all its RPIs and AEMs derived in one batch
/// (those of the recorded transmitters only, when the pipeline records a
/// few: ``ScanPipeline/recordedTransmitters``).
struct DayAdvertisements: @unchecked Sendable {
    /// Per person, the row block of its key, or −1 when it does not advertise.
    let slot: [Int32]
    let firstRow: [Int]
    /// The identifiers, `rows` of each (in the run's ``AdvertisementStorage``,
    /// valid until its next day).
    let rpi: UnsafePointer<KeyBytes>
    let aem: UnsafePointer<UInt32>
    let rows: Int

    /// The day's key of every phone whose app advertises, and their
    /// identifiers derived in one batch into `storage`; with `derivedFor`
    /// (per person; empty: everyone) only those of its people, the others'
    /// keys holding no rows.
    init(
        dayStart: Int64, phones: inout [SimulatedPhone], workers: Int, storage: AdvertisementStorage,
        derivedFor derived: [Bool] = []
    ) {
        // Each worker asks the phones of its chunk for their day's key (a walk
        // over the phone records that is mostly waiting for memory); the
        // chunks are then joined in person order.
        let chunks = Parallel.pieces(workers: workers, perWorker: 4)
        var found = [[(person: Int32, key: TemporaryExposureKey, metadata: BluetoothMetadata)]](repeating: [], count: chunks)
        phones.withUnsafeMutableBufferPointer { phoneBuffer in
            found.withUnsafeMutableBufferPointer { foundBuffer in
                let ph = UnsafeSendableBuffer(phoneBuffer)
                let out = UnsafeSendableBuffer(foundBuffer)
                Parallel.run(workers: chunks) { chunk in
                    for p in Parallel.chunk(chunk, of: chunks, count: ph.buffer.count) {
                        guard ph.buffer[p].hasApp, let day = ph.buffer[p].installedApp.framework.advertisedDay(at: dayStart) else {
                            continue
                        }
                        out.buffer[chunk].append((Int32(p), day.key, day.metadata))
                    }
                }
            }
        }
        var slot = [Int32](repeating: -1, count: phones.count)
        var keys = [TemporaryExposureKey]()
        var metadata = [BluetoothMetadata]()
        var owner = [Int32]()
        keys.reserveCapacity(found.reduce(0) { $0 + $1.count })
        metadata.reserveCapacity(keys.capacity)
        owner.reserveCapacity(keys.capacity)
        for entry in found.joined() {
            slot[Int(entry.person)] = Int32(keys.count)
            keys.append(entry.key)
            metadata.append(entry.metadata)
            owner.append(entry.person)
        }
        // Rows per key in slot order (none for a key not derived), and the
        // keys derived with where their rows begin.
        var firstRow = [Int]()
        firstRow.reserveCapacity(keys.count + 1)
        var (derivedKeys, derivedMetadata, derivedFirstRow) = ([TemporaryExposureKey](), [BluetoothMetadata](), [Int]())
        var rows = 0
        for (s, key) in keys.enumerated() {
            firstRow.append(rows)
            guard derived.isEmpty || derived[Int(owner[s])] else { continue }
            if !derived.isEmpty {
                derivedKeys.append(key)
                derivedMetadata.append(metadata[s])
                derivedFirstRow.append(rows)
            }
            rows += Int(key.rollingPeriod)
        }
        firstRow.append(rows)
        derivedFirstRow.append(rows)
        storage.reserve(rows: rows)
        // Creating the OpenSSL contexts cannot fail short of libcrypto lacking
        // AES-128, which would make the whole run meaningless.
        try! IdentifierBatchDeriver.derive(
            derived.isEmpty ? keys : derivedKeys, metadata: derived.isEmpty ? metadata : derivedMetadata,
            rowOffsets: derived.isEmpty ? firstRow : derivedFirstRow, threads: workers,
            rpis: UnsafeMutableRawPointer(storage.rpi), aems: UnsafeMutableRawPointer(storage.aem))
        self.slot = slot
        self.firstRow = firstRow
        self.rpi = UnsafePointer(storage.rpi)
        self.aem = UnsafePointer(storage.aem)
        self.rows = rows
    }

    /// The payload of the phone in `slot` in the day's `interval`, if its key covers it.
    @inline(__always)
    func payload(slot: Int, interval: Int) -> AdvertisementPayload? {
        let row = firstRow[slot] + interval
        guard row < firstRow[slot + 1] else { return nil }
        return AdvertisementPayload(rpi: rpi[row], aem: AssociatedEncryptedMetadata(raw: aem[row]))
    }
}

/// One phone's encounters of the day in a sweep over its scans: encounters
/// enter when they start and leave when they end; the active ones are kept in
/// encounter order.
struct EncounterSweep {
    struct Active {
        var encounter: Int32
        var other: Int32
        var end: Int16
        var receiverIsA: Bool
        /// The encounter's slow radio offset, NaN until drawn.
        var offset: Float = .nan
        /// Segment cursor (segments are in time order and disjoint) or nil to
        /// search the segments linearly.
        var cursor: Int?
        var medianSegment = -1
        var median: Float = 0
        /// The encounter's place in ``EncounterSweep/pending``, which numbers
        /// its entries in ``EncounterSweep/channelOffset`` and ``EncounterSweep/channelMedian``.
        var pendingIndex: Int32 = 0
    }

    var pending: [(start: Int16, encounter: Int32)] = []
    var next = 0
    var active: [Active] = []
    var person: Int32 = 0
    /// The other channels (``ScanPipeline/secondChannels``) looked through.
    var channels = 0
    /// Per pending encounter and other channel (at ``channelBase(_:)`` plus
    /// the channel), the slow offset and the median path loss of the
    /// current segment through that channel; empty without other channels.
    var channelOffset: [Float] = []
    var channelMedian: [Float] = []

    mutating func reset(person: Int, index: DayEncounterIndex, encounters: DayEncounters, channels: Int = 0) {
        self.person = Int32(person)
        pending.removeAll(keepingCapacity: true)
        for e in index.encounters(of: person) { pending.append((encounters.start[Int(e)], e)) }
        pending.sort { ($0.start, $0.encounter) < ($1.start, $1.encounter) }
        next = 0
        active.removeAll(keepingCapacity: true)
        self.channels = channels
        if channels > 0 {
            channelOffset = Array(repeating: 0, count: pending.count * channels)
            channelMedian = Array(repeating: 0, count: pending.count * channels)
        }
    }

    /// Where active encounter `k`'s entries in ``channelOffset`` and ``channelMedian`` begin.
    @inline(__always)
    func channelBase(_ k: Int) -> Int { Int(active[k].pendingIndex) * channels }

    /// Makes `active` the encounters with start ≤ `minute` < end, in encounter
    /// order. Minutes must not decrease between calls.
    mutating func advance(to minute: Int16, encounters: DayEncounters) {
        if !active.isEmpty { active.removeAll { $0.end <= minute } }
        while next < pending.count && pending[next].start <= minute {
            let i = Int(pending[next].encounter)
            next += 1
            guard minute < encounters.end[i] else { continue }
            let a = encounters.personA[i]
            let segments = encounters.segments(i)
            var ordered = true
            for s in segments
            where encounters.segmentStart[s] >= encounters.segmentEnd[s]
                || (s > segments.lowerBound && encounters.segmentStart[s] < encounters.segmentEnd[s - 1])
            {
                ordered = false
            }
            let entry = Active(
                encounter: Int32(i), other: a == person ? encounters.personB[i] : a, end: encounters.end[i],
                receiverIsA: a == person, cursor: ordered ? segments.lowerBound : nil, pendingIndex: Int32(next - 1))
            var at = active.count
            while at > 0 && active[at - 1].encounter > entry.encounter { at -= 1 }
            active.insert(entry, at: at)
        }
    }

    /// The first segment of active encounter `k` covering `minute`, if any.
    mutating func segment(_ k: Int, at minute: Int16, encounters: DayEncounters) -> Int? {
        let i = Int(active[k].encounter)
        let segments = encounters.segments(i)
        guard var c = active[k].cursor else {
            return segments.first { encounters.segmentStart[$0] <= minute && minute < encounters.segmentEnd[$0] }
        }
        while c < segments.upperBound && encounters.segmentEnd[c] <= minute { c += 1 }
        active[k].cursor = c
        guard c < segments.upperBound, encounters.segmentStart[c] <= minute else { return nil }
        return c
    }
}
