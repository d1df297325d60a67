import ExposureNotification
import Foundation
import RunRecords
import Testing
import WarnSimCore

@testable import Simulation

/// `contacts.bin`, the truth of the encounter-level metrics: every distributed
/// key-day with the app users who met its owner while the keys were valid.
@Suite struct KeyDayContactsTests {
    /// One ledger day by hand: person 3 owns a key valid from 08:00 to 12:00;
    /// it met 1 (as the pair's b) and 7 (as a) across that span's borders, and
    /// 5, who has no exposure logging.
    @Test func clipsToTheKeysValidityFromBothSidesOfAPair() {
        var (pair, start, segmentFirst) = ([UInt64](), [Int16](), [Int32(0)])
        var (segmentStart, segmentEnd, segmentDistance) = ([Int16](), [Int16](), [Float]())
        func add(_ a: Int, _ b: Int, _ segments: [(Int16, Int16, Float)]) {
            pair.append(UInt64(a) << 32 | UInt64(b))
            start.append(segments[0].0)
            for s in segments {
                segmentStart.append(s.0)
                segmentEnd.append(s.1)
                segmentDistance.append(s.2)
            }
            segmentFirst.append(Int32(segmentStart.count))
        }
        add(1, 3, [(470, 490, 1.0), (490, 500, 3.0)])  // 07:50-08:20, half before the key
        add(3, 5, [(600, 660, 0.5)])  // no exposure logging
        add(3, 7, [(700, 730, 1.5)])  // 11:40-12:10, half after
        add(3, 7, [(900, 960, 1.0)])  // 15:00, after the key: nothing
        let day = EncounterLedger.Day(
            day: 2,
            columns: LedgerDayColumns(
                pair: pair, start: start, segmentFirst: segmentFirst, segmentStart: segmentStart, segmentEnd: segmentEnd,
                segmentDistance: segmentDistance, folder: nil))
        let dayStart: Int64 = 86_400 * 20_000
        let span = KeyDayContacts.KeySpan(owner: 3, from: dayStart + 8 * 3600, to: dayStart + 12 * 3600)
        let eligible = [true, true, true, true, true, false, true, true]
        let found = KeyDayContacts.contacts(in: day, spans: [span], dayStart: dayStart, eligible: eligible)
        #expect(found.keys.sorted() == [3])
        #expect(found[3]?.keys.sorted() == [1, 7])
        #expect(found[3]?[1] == [[.init(start: 480, end: 490, distance: 1.0), .init(start: 490, end: 500, distance: 3.0)]])
        #expect(found[3]?[7] == [[.init(start: 700, end: 720, distance: 1.5)]])
    }

    @Test func fileRoundTripsAndRefusesBadInput() throws {
        let keyDays = [
            StoredKeyDay(
                owner: 2, day: 18_700,
                contacts: [
                    .init(phone: 0, encounters: [[.init(start: 10, end: 20, distance: 1.2)], [.init(start: 30, end: 35, distance: 4)]])
                ]),
            StoredKeyDay(owner: 2, day: 18_701, contacts: []),
        ]
        let bytes = ContactStore.encode(keyDays)
        #expect(try ContactStore.decode(bytes, file: "contacts.bin", people: 3) == keyDays)
        // A person beyond the run, a cut file, trailing bytes, and key-days out of order.
        #expect(throws: InputError.self) { try ContactStore.decode(bytes, file: "contacts.bin", people: 2) }
        #expect(throws: InputError.self) { try ContactStore.decode(Array(bytes.dropLast(3)), file: "contacts.bin", people: 3) }
        #expect(throws: InputError.self) { try ContactStore.decode(bytes + [0], file: "contacts.bin", people: 3) }
        #expect(throws: InputError.self) {
            try ContactStore.decode(ContactStore.encode(keyDays.reversed()), file: "contacts.bin", people: 3)
        }
        do {
            _ = try ContactStore.decode(Array(bytes.dropLast(3)), file: "x/contacts.bin", people: 3)
        } catch {
            #expect("\(error)".contains("x/contacts.bin") && "\(error)".contains("record 1"))
        }
    }

    /// On a simulated village: every key-day's owner uploaded, every contact
    /// has exposure logging; every window from a distributed key-day stands on
    /// one of its contacts; every encounter `exposures.bin` records of such an
    /// owner (while infectious) with an eligible phone before the owner's
    /// upload day (whose keys were valid all day) is among the contacts,
    /// segment for segment.
    @Test func agreesWithTheWindowsAndTheExposureRecords() throws {
        let run = try SimulationRunTests.shared.get()
        let keyDays = run.distributedKeyDays
        #expect(!keyDays.isEmpty && keyDays.contains { !$0.contacts.isEmpty })
        #expect(try ContactStore.decode(ContactStore.encode(keyDays), file: "contacts.bin", people: run.phones.count) == keyDays)
        let eligible = run.phones.map { $0.app?.consents.exposureLogging ?? false }
        var contacts: [[Int]: [[StoredExposure.Segment]]] = [:]
        for keyDay in keyDays {
            let shared = run.phones[keyDay.owner].app?.events.contains { if case .keysShared = $0 { true } else { false } }
            #expect(shared == true, "owner \(keyDay.owner) never shared keys")
            for contact in keyDay.contacts {
                #expect(eligible[contact.phone] && contact.phone != keyDay.owner)
                contacts[[keyDay.owner, keyDay.day, contact.phone]] = contact.encounters
            }
        }
        let keyDaySet = Set(keyDays.map { [$0.owner, $0.day] })
        var windowsChecked = 0
        for w in RunOutputs.storedWindows(run) where keyDaySet.contains([w.owner, w.window.dayNumber]) {
            #expect(contacts[[w.owner, w.window.dayNumber, w.phone]] != nil, "window of \(w.phone) from \(w.owner) has no contact")
            windowsChecked += 1
        }
        #expect(windowsChecked > 0)
        let startDay = Int(run.app.startTime / 86_400)
        var uploadDay: [Int: Int] = [:]
        for record in run.phones {
            for case .keysShared(let at, _) in record.app?.events ?? [] where uploadDay[record.person] == nil {
                uploadDay[record.person] = Int(at / 86_400)
            }
        }
        var exposuresChecked = 0
        for e in try ExposureStore.decode(run.exposureFileBytes(), file: "exposures.bin")
        where eligible[e.exposed] && keyDaySet.contains([e.infector, startDay + e.day])
            && startDay + e.day < uploadDay[e.infector]!
        {
            let encounters = contacts[[e.infector, startDay + e.day, e.exposed]] ?? []
            #expect(encounters.contains(e.segments), "exposure of \(e.exposed) to \(e.infector) on day \(e.day) is not a contact")
            exposuresChecked += 1
        }
        #expect(exposuresChecked > 0)
    }
}
