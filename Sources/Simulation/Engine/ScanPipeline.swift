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
public struct ScanPipeline: Sendable {
    public let model: RadioModel
    public let phones: PhoneRadios
    public let carriageBySetting: [Int]
    public let seed: UInt64

    /// One received advertisement (kept for ground truth and tests when asked for).
    public struct Reception: Hashable, Sendable {
        public var receiver: Int32
        public var transmitter: Int32
        public var time: Int64
        public var encounter: Int32
        public var attenuation: Float
    }

    /// A phone's scanning clock, carried from day to day.
    public struct ScanClock: Sendable {
        public var nextScan: Int64
        var stream: RandomStream

        /// The first scan falls uniformly within the first 300 s after `start`.
        public init(person: Int, start: Int64, seed: UInt64) {
            stream = RandomStream(seed: seed, subsystem: "scan.schedule", entity: UInt64(person))
            nextScan = ScanSchedule.firstScan(from: start, using: &stream)
        }

        mutating func advance() {
            nextScan = ScanSchedule.nextScan(after: nextScan, using: &stream)
        }
    }

    public init(model: RadioModel, phones: PhoneRadios, carriageBySetting: [Int], seed: UInt64) {
        self.model = model
        self.phones = phones
        self.carriageBySetting = carriageBySetting
        self.seed = seed
    }

    /// The framework a person's phone starts with: metadata and RSSI correction
    /// from the phone's calibration (what the EN calibration table says about
    /// its model), keys from the person's own stream.
    public func framework(person: Int, confidence: CalibrationConfidence = .low) -> ExposureNotificationFramework {
        let tx = Int8(clamping: Int(phones.txPower[person].rounded()))
        return ExposureNotificationFramework(
            keyStream: RandomStream(seed: seed, subsystem: "tek", entity: UInt64(person)),
            metadata: BluetoothMetadata(minorVersion: 1, txPower: tx, calibrationConfidence: UInt8(confidence.rawValue)),
            rssiCorrection: Int(phones.rssiCorrection[person].rounded()))
    }

    /// Runs the scans of the UTC day starting at `dayStart` (Unix seconds; the
    /// encounters' minutes count from it). `frameworks[p]` is nil for people
    /// without the app. Returns the receptions if `keepReceptions`.
    public func run(
        dayStart: Int64, encounters: DayEncounters,
        frameworks: inout [ExposureNotificationFramework?], clocks: inout [ScanClock],
        workers: Int, keepReceptions: Bool = false
    ) -> [Reception] {
        let people = frameworks.count
        precondition(clocks.count == people)
        // What every phone advertises today, looked up read-only while scanning.
        var advertisements = [[AdvertisementPayload]?](repeating: nil, count: people)
        for p in 0..<people where frameworks[p] != nil {
            advertisements[p] = frameworks[p]!.dayAdvertisements(at: dayStart)
        }
        let index = DayEncounterIndex(encounters, people: people)
        let ads = advertisements
        let dayEnd = dayStart + 86_400
        let day = UInt64(dayStart / 86_400)
        var perWorker = [[Reception]](repeating: [], count: max(workers, 1))
        frameworks.withUnsafeMutableBufferPointer { frameworkBuffer in
            clocks.withUnsafeMutableBufferPointer { clockBuffer in
                perWorker.withUnsafeMutableBufferPointer { logBuffer in
                    let fw = UnsafeSendableBuffer(frameworkBuffer)
                    let ck = UnsafeSendableBuffer(clockBuffer)
                    let logs = UnsafeSendableBuffer(logBuffer)
                    Parallel.run(workers: max(workers, 1)) { worker in
                        for p in Parallel.chunk(worker, of: max(workers, 1), count: people) {
                            guard fw.buffer[p] != nil else { continue }
                            var fading = RandomStream(seed: seed, subsystem: "radio.scan", entity: UInt64(p) << 24 | day)
                            var offsets = [Int32: Float]()
                            var received = [(payload: AdvertisementPayload, rawRSSI: Int)]()
                            while ck.buffer[p].nextScan < dayEnd {
                                let time = ck.buffer[p].nextScan
                                ck.buffer[p].advance()
                                guard fw.buffer[p]!.isEnabled else { continue }
                                received.removeAll(keepingCapacity: true)
                                let minute = Int16((time - dayStart) / 60)
                                for e in index.encounters(of: p) {
                                    let i = Int(e)
                                    guard encounters.start[i] <= minute, minute < encounters.end[i] else { continue }
                                    let a = Int(encounters.personA[i]), b = Int(encounters.personB[i])
                                    let q = a == p ? b : a
                                    guard let sent = ads[q] else { continue }
                                    guard let s = encounters.segments(i).first(where: {
                                        encounters.segmentStart[$0] <= minute && minute < encounters.segmentEnd[$0]
                                    }) else { continue }
                                    let environment = encounters.environment(i)
                                    let offset = offsets[e] ?? {
                                        let carriage = carriageBySetting[Int(encounters.setting[i])]
                                        var slow = RandomStream(
                                            seed: seed, subsystem: "radio.scan.encounter",
                                            entity: day << 40 | UInt64(i) << 1 | (a == p ? 1 : 0))
                                        let value = model.encounterOffset(
                                            environment: environment, carriageTransmitter: carriage,
                                            carriageReceiver: carriage, random: &slow)
                                        offsets[e] = value
                                        return value
                                    }()
                                    let path = model.medianPath(distance: encounters.segmentDistance[s], environment: environment)
                                        + offset + model.sightingSigma(environment) * fading.nextTabulatedNormal()
                                    guard let sighting = model.sighting(pathAttenuation: path, transmitter: q, receiver: p, phones: phones)
                                    else { continue }
                                    let interval = Int((time - dayStart) / 600)
                                    guard interval < sent.count else { continue }
                                    received.append((sent[interval], Int(sighting.rssi)))
                                    if keepReceptions {
                                        logs.buffer[worker].append(Reception(
                                            receiver: Int32(p), transmitter: Int32(q), time: time, encounter: e,
                                            attenuation: sighting.attenuation))
                                    }
                                }
                                fw.buffer[p]!.recordScan(at: time, received: received)
                            }
                        }
                    }
                }
            }
        }
        return perWorker.flatMap { $0 }.sorted { ($0.receiver, $0.time, $0.transmitter) < ($1.receiver, $1.time, $1.transmitter) }
    }
}

/// A buffer handed to parallel workers that write disjoint elements.
struct UnsafeSendableBuffer<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
    init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
}
