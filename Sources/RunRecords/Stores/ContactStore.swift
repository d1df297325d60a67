import WarnSimCore

/// `contacts.bin`: every distributed key-day with the true contacts behind it,
/// in (owner, day) order. Little-endian; header `WSCONTAC`, version, count of
/// key-days; per key-day: owner i32, day i32 (UTC day number), contact_count
/// u32, then per contact: phone i32, encounter_count u16, then per encounter:
/// segment_count u16 and per segment start_minute i16, end_minute i16,
/// distance_m f32 (Outputs/README.md).
package enum ContactStore {
    /// The file's name in a run folder.
    package static let fileName = "contacts.bin"
    /// The 8 ASCII bytes that start the file.
    package static let magic = "WSCONTAC"
    /// The record layout's version, after the magic; a file of another version is refused.
    package static let version: UInt32 = 1

    /// The file's bytes.
    ///
    /// - Parameter keyDays: The key-days, in (owner, day) order, contacts by phone.
    /// - Returns: The encoded file.
    package static func encode(_ keyDays: [StoredKeyDay]) -> [UInt8] {
        var out = BinaryWriter(magic: magic, version: version, count: keyDays.count)
        for keyDay in keyDays {
            out.put(Int32(keyDay.owner))
            out.put(Int32(keyDay.day))
            out.put(UInt32(keyDay.contacts.count))
            for contact in keyDay.contacts {
                out.put(Int32(contact.phone))
                out.put(UInt16(contact.encounters.count))
                for encounter in contact.encounters {
                    out.put(UInt16(encounter.count))
                    for s in encounter {
                        out.put(s.start)
                        out.put(s.end)
                        out.put(s.distance)
                    }
                }
            }
        }
        return out.bytes
    }

    /// Decodes and checks a file's bytes; `file` names it in errors.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - file: The path, for messages.
    ///   - people: The run's number of people (every index must be below it).
    /// - Returns: The key-days.
    /// - Throws: `InputError` naming the record and field on a malformed file.
    package static func decode(_ bytes: [UInt8], file: String, people: Int) throws(InputError) -> [StoredKeyDay] {
        var input = BinaryReader(bytes: bytes, file: file)
        let count = try input.header(magic: magic, version: version)
        var keyDays: [StoredKeyDay] = []
        var previous: (owner: Int32, day: Int32)?
        for index in 0..<count {
            input.record = index
            let owner: Int32 = try input.integer("owner")
            let day: Int32 = try input.integer("day")
            let contactCount: UInt32 = try input.integer("contact_count")
            guard owner >= 0, Int(owner) < people else { throw input.invalid("owner", "is \(owner); the run has \(people) people") }
            guard day >= 0 else { throw input.invalid("day", "is \(day); a UTC day number is ≥ 0") }
            if let previous, (previous.owner, previous.day) >= (owner, day) {
                throw input.invalid("owner", "key-days are not in ascending (owner, day) order or repeat one")
            }
            previous = (owner, day)
            // Every contact takes at least 6 bytes: a larger count cannot be honest.
            guard Int(contactCount) <= bytes.count / 6 else {
                throw input.invalid("contact_count", "is \(contactCount), more than the file can hold")
            }
            var contacts: [StoredKeyDay.Contact] = []
            contacts.reserveCapacity(Int(contactCount))
            var previousPhone: Int32 = -1
            for _ in 0..<Int(contactCount) {
                let phone: Int32 = try input.integer("contact.phone")
                guard phone > previousPhone, Int(phone) < people, phone != owner else {
                    throw input.invalid("contact.phone", "is \(phone): phones must ascend, lie below \(people) and differ from the owner")
                }
                previousPhone = phone
                let encounterCount: UInt16 = try input.integer("contact.encounter_count")
                guard encounterCount > 0 else { throw input.invalid("contact.encounter_count", "is 0; a contact has an encounter") }
                var encounters: [[StoredExposure.Segment]] = []
                for _ in 0..<Int(encounterCount) {
                    encounters.append(try ExposureStore.segments(&input))
                }
                contacts.append(.init(phone: Int(phone), encounters: encounters))
            }
            keyDays.append(StoredKeyDay(owner: Int(owner), day: Int(day), contacts: contacts))
        }
        input.record = -1
        try input.finish()
        return keyDays
    }
}
