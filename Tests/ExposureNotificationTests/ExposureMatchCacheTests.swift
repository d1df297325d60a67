import ExposureNotification
import Foundation
import Testing
import WarnSimCore

/// Cached detection equals matching everything afresh, through days of new
/// sightings, packages published hour by hour, packages held back and taken in
/// later, expiry, a store reset, and keys whose range reaches into days
/// recorded after their publication.
@Suite struct ExposureMatchCacheTests {
    static let start: Int64 = 1_618_358_400  // 2021-04-14 00:00 UTC

    /// A phone advertising one key per UTC day.
    struct Sender {
        var keys: [Int64: TemporaryExposureKey] = [:]
        var stream: RandomStream
        let metadata: BluetoothMetadata

        mutating func key(day: Int64) -> TemporaryExposureKey {
            if let key = keys[day] { return key }
            let key = TemporaryExposureKey.generate(at: ENIntervalNumber(unixSeconds: day * 86_400), using: &stream)
            keys[day] = key
            return key
        }

        mutating func payload(at time: Int64) -> (KeyBytes, AssociatedEncryptedMetadata) {
            let key = key(day: time / 86_400)
            let rpik = KeyDerivation.rollingProximityIdentifierKey(for: key)
            let rpi = KeyDerivation.rollingProximityIdentifier(rpik: rpik, interval: ENIntervalNumber(unixSeconds: time))
            let aem = KeyDerivation.associatedEncryptedMetadata(
                aemk: KeyDerivation.associatedEncryptedMetadataKey(for: key), rpi: rpi, metadata: metadata)
            return (rpi, aem)
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func cachedDetectionEqualsDetectionAfresh(seed: UInt64) throws {
        var stream = RandomStream(seed: seed, subsystem: "match-cache-test")
        var senders = (0..<12).map {
            Sender(
                stream: RandomStream(seed: seed, subsystem: "sender", entity: UInt64($0)),
                metadata: BluetoothMetadata(minorVersion: 1, txPower: Int8(-30 + $0), calibrationConfidence: UInt8($0 % 4)))
        }
        let matcher = ExposureMatcher()
        var store = SightingStore()
        var cache = ExposureMatchCache()
        // A second cache told which packages the phone cannot have sighted
        // (none of their owners heard on their keys' days), as the simulation does.
        var skipping = ExposureMatchCache()
        var heard = Set<Int64>()  // sender << 32 | day of the key whose identifier was received
        var packages = [(number: UInt32, owner: Int, keys: [DiagnosisKey], published: Int64)]()
        var held = Set<UInt32>()
        var withheld = [UInt32]()
        var nextNumber: UInt32 = 0
        var index: DiagnosisKeyIndex?
        var lastScan: Int64?
        var comparisons = 0
        var windowsSeen = 0
        var unheardSeen = 0
        let firstDay = Self.start / 86_400
        for day in 0..<20 as Range<Int64> {
            let dayStart = Self.start + day * 86_400
            // The day's sightings, recorded at the day's start (as the simulation
            // does), sometimes of an identifier advertised up to 2.5 h earlier.
            var t = dayStart + Int64(stream.next() % 200)
            while t < dayStart + 86_400 {
                // Each sender is out of range one day in three.
                for s in senders.indices where (Int64(s) + day) % 3 != 0 && stream.next() % 5 == 0 {
                    let lag = stream.next() % 8 == 0 ? Int64(stream.next() % 9000) : 0
                    let sent = max(t - lag, Self.start)
                    let (rpi, aem) = senders[s].payload(at: sent)
                    heard.insert(Int64(s) << 32 | sent / 86_400)
                    store.record(
                        time: t, previousScanTime: lastScan, rpi: rpi, aem: aem,
                        calibratedRSSI: Int8(-45 - Int(stream.next() % 45)))
                }
                lastScan = t
                t += 210 + Int64(stream.next() % 90)
            }
            store.seal()
            if day == 11 { store.removeAll() }  // the framework's reset
            for hour in 0..<24 as Range<Int64> {
                let now = dayStart + hour * 3600
                // Sometimes a sender uploads its keys, today's shortened; a
                // third of the uploads hold only the last three days, so that a
                // new package's keys reach fewer days than the phone stores.
                if stream.next() % 6 == 0 {
                    let s = Int(stream.next() % UInt64(senders.count))
                    let span: Int64 = stream.next() % 3 == 0 ? 2 : 14
                    var keys = [DiagnosisKey]()
                    for back in 0...min(day, span) {
                        let d = firstDay + day - back
                        let tek = senders[s].key(day: d)
                        let period: UInt32 = back == 0 ? UInt32(max(1, hour * 6)) : 144
                        keys.append(
                            DiagnosisKey(
                                keyData: tek.keyData, rollingStartIntervalNumber: tek.rollingStartIntervalNumber,
                                rollingPeriod: period, reportType: .confirmedTest,
                                daysSinceOnsetOfSymptoms: Int32(back % 4)))
                    }
                    // Seed 3 numbers its packages downwards, so that nothing
                    // rests on the index's order of sources being the numbers'.
                    let number = seed == 3 ? 10_000 - nextNumber : nextNumber
                    nextNumber += 1
                    packages.append((number, s, keys, now))
                    if stream.next() % 4 == 0 { withheld.append(number) } else { held.insert(number) }
                }
                if stream.next() % 5 == 0, let late = withheld.popLast() { held.insert(late) }
                let before = packages.count
                packages.removeAll { $0.published < now - 15 * 86_400 }
                if packages.count != before || packages.last?.published == now || index == nil {
                    index = try DiagnosisKeyIndex(
                        keys: packages.flatMap(\.keys), sources: packages.flatMap { p in p.keys.map { _ in p.number } }, matcher: matcher)
                }
                guard hour % 4 == Int64(seed % 4) || stream.next() % 7 == 0 else { continue }
                store.expire(now: now)
                let index = index!
                let cached = cache.update(
                    index: index, store: store, heldVersion: held.count, held: SourceSet(held), matcher: matcher)
                let fresh = matcher.match(index, in: store).filter { held.contains(index.sources![$0.keyIndex]) }
                #expect(cached == fresh, "day \(day) hour \(hour)")
                let owners = Dictionary(uniqueKeysWithValues: packages.map { ($0.number, ($0.owner, $0.keys)) })
                let unheard = { (number: UInt32) -> Bool in
                    let (owner, keys) = owners[number]!
                    return !keys.contains { heard.contains(Int64(owner) << 32 | Int64($0.rollingStartIntervalNumber.dayNumber)) }
                }
                unheardSeen += packages.filter { held.contains($0.number) && unheard($0.number) }.count
                let skipped = skipping.update(
                    index: index, store: store, heldVersion: held.count, held: SourceSet(held), matcher: matcher,
                    unsighted: unheard)
                #expect(skipped == fresh, "skipping unheard packages, day \(day) hour \(hour)")
                comparisons += 1
                windowsSeen += fresh.count
            }
        }
        #expect(comparisons > 50)
        #expect(windowsSeen > 100, "the scenario must produce windows")
        #expect(unheardSeen > 0, "some held package must be unheard")
    }

    /// Forty minutes of `sender`'s advertisements from 01:00 of the first
    /// day, one scan every 4 minutes, recorded and sealed.
    static func recordFortyMinutes(of sender: inout Sender, into store: inout SightingStore) {
        for minute in stride(from: 0, to: 40, by: 4) {
            let t = start + 3600 + Int64(minute) * 60
            let (rpi, aem) = sender.payload(at: t)
            store.record(time: t, previousScanTime: t - 240, rpi: rpi, aem: aem, calibratedRSSI: -60)
        }
        store.seal()
    }

    /// `sender`'s key of the first day as a diagnosis key.
    static func firstDayKey(of sender: inout Sender) -> [DiagnosisKey] {
        let tek = sender.key(day: start / 86_400)
        return [
            DiagnosisKey(
                keyData: tek.keyData, rollingStartIntervalNumber: tek.rollingStartIntervalNumber,
                reportType: .confirmedTest, daysSinceOnsetOfSymptoms: 1)
        ]
    }

    @Test func aChangedMatcherStartsAfresh() throws {
        var sender = Sender(
            stream: RandomStream(seed: 9, subsystem: "sender"),
            metadata: BluetoothMetadata(minorVersion: 1, txPower: -20, calibrationConfidence: 1))
        var store = SightingStore()
        Self.recordFortyMinutes(of: &sender, into: &store)
        let keys = Self.firstDayKey(of: &sender)
        var cache = ExposureMatchCache()
        let matcher = ExposureMatcher()
        let index = try DiagnosisKeyIndex(keys: keys, sources: [0], matcher: matcher)
        let first = cache.update(index: index, store: store, heldVersion: 0, held: index.sourceSet, matcher: matcher)
        #expect(first.count == 2)  // 40 minutes: two 30-minute windows
        var rules = ExposureMatcher.Rules()
        rules.windowSeconds = 3600
        let wide = ExposureMatcher(rules: rules)
        let second = cache.update(index: index, store: store, heldVersion: 0, held: index.sourceSet, matcher: wide)
        #expect(second == wide.match(index, in: store))
        #expect(second.count == 1)
        #expect(cache.update(index: index, store: store, heldVersion: 1, held: SourceSet(), matcher: wide).isEmpty)
    }

    /// A phone whose matched packages it cannot have sighted does not read
    /// the day that arrives (its chunk stays on disk); one that may have
    /// sighted one reads it, and finds the new windows. (The first answer is
    /// deliberately false, the day holding the key's identifiers, so that the
    /// skipped pass shows as windows not found.)
    @Test func anArrivedDayIsReadOnlyForPackagesThatMayHaveBeenSighted() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("warnsim-cache-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var sender = Sender(
            stream: RandomStream(seed: 10, subsystem: "sender"),
            metadata: BluetoothMetadata(minorVersion: 1, txPower: -20, calibrationConfidence: 1))
        let keys = Self.firstDayKey(of: &sender)
        let matcher = ExposureMatcher()
        let index = try DiagnosisKeyIndex(keys: keys, sources: [0], matcher: matcher)
        for sightable in [false, true] {
            let spill = try SightingSpill(folder: folder.appendingPathComponent("\(sightable)"))
            var store = SightingStore(spill: spill)
            var cache = ExposureMatchCache()
            // The package is matched while the phone holds no sighting.
            #expect(
                cache.update(
                    index: index, store: store, heldVersion: 0, held: index.sourceSet, matcher: matcher, unsighted: { _ in !sightable }
                ).isEmpty)
            // Then a day of the sender's identifiers arrives (sealed to disk).
            Self.recordFortyMinutes(of: &sender, into: &store)
            #expect(store.chunks.allSatisfy { $0.isSpilled } && spill.bytesRead == 0)
            let windows = cache.update(
                index: index, store: store, heldVersion: 0, held: index.sourceSet, matcher: matcher, unsighted: { _ in !sightable })
            #expect((spill.bytesRead > 0) == sightable)
            #expect(windows.count == (sightable ? 2 : 0))
            #expect(spill.failure == nil)
        }
    }
}
