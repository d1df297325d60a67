import Population
import WarnSimCore

/// `exposures.bin`: every encounter of an app user with an infectious person,
/// in (day, encounter, infector) order. Little-endian; header `WSEXPOSE`,
/// version, count; per record: day i32, encounter i32, infector i32,
/// exposed i32, setting u8, outcome u8 (0 not infected, 1 infected,
/// 2 infected earlier the same day, 3 not susceptible), dose f32,
/// segment_count u16, then per segment: start_minute i16, end_minute i16,
/// distance_m f32 (Outputs/README.md).
package enum ExposureStore {
    /// The file's name in a run folder.
    package static let fileName = "exposures.bin"
    /// The 8 ASCII bytes that start the file.
    package static let magic = "WSEXPOSE"
    /// The record layout's version, after the magic; a file of another version is refused.
    package static let version: UInt32 = 1

    /// Appends the records of one day whose exposed person has the app.
    package static func append(
        day encounters: DayEncounters, exposures: [ExposureRecord], hasApp: [Bool], to out: inout BinaryWriter
    ) -> Int {
        var count = 0
        for record in exposures where hasApp[Int(record.exposed)] {
            let i = Int(record.encounter)
            out.put(record.day)
            out.put(record.encounter)
            out.put(record.infector)
            out.put(record.exposed)
            out.put(record.setting)
            out.put(record.outcome.rawValue)
            out.put(record.dose)
            let segments = encounters.segments(i)
            out.put(UInt16(segments.count))
            for s in segments {
                out.put(encounters.segmentStart[s])
                out.put(encounters.segmentEnd[s])
                out.put(encounters.segmentDistance[s])
            }
            count += 1
        }
        return count
    }

    /// The file's bytes from records appended with ``append(day:exposures:hasApp:to:)``.
    package static func file(records: BinaryWriter, count: Int) -> [UInt8] {
        var out = BinaryWriter(magic: magic, version: version, count: count)
        out.append(contentsOf: records)
        return out.bytes
    }

    package static func encode(_ exposures: [StoredExposure]) -> [UInt8] {
        var records = BinaryWriter()
        for e in exposures {
            records.put(Int32(e.day))
            records.put(Int32(e.encounter))
            records.put(Int32(e.infector))
            records.put(Int32(e.exposed))
            records.put(e.setting)
            records.put(e.outcome.rawValue)
            records.put(e.dose)
            records.put(UInt16(e.segments.count))
            for s in e.segments {
                records.put(s.start)
                records.put(s.end)
                records.put(s.distance)
            }
        }
        return file(records: records, count: exposures.count)
    }

    /// Decodes and checks a file's bytes; `file` names it in errors.
    package static func decode(_ bytes: [UInt8], file: String) throws(InputError) -> [StoredExposure] {
        var input = BinaryReader(bytes: bytes, file: file)
        let count = try input.header(magic: magic, version: version)
        var exposures: [StoredExposure] = []
        exposures.reserveCapacity(count)
        for index in 0..<count {
            input.record = index
            let day: Int32 = try input.integer("day")
            let encounter: Int32 = try input.integer("encounter")
            let infector: Int32 = try input.integer("infector")
            let exposed: Int32 = try input.integer("exposed")
            let setting: UInt8 = try input.integer("setting")
            let outcomeRaw: UInt8 = try input.integer("outcome")
            let dose = try input.float("dose")
            guard day >= 0, encounter >= 0, infector >= 0, exposed >= 0, infector != exposed else {
                throw input.invalid("day", "day, encounter, infector or exposed is negative, or the infector is the exposed person")
            }
            guard Setting(rawValue: setting) != nil else {
                throw input.invalid("setting", "is \(setting); expected 0…\(Setting.allCases.count - 1)")
            }
            guard let outcome = ExposureOutcome(rawValue: outcomeRaw) else {
                throw input.invalid("outcome", "is \(outcomeRaw); expected 0…3")
            }
            guard dose.isFinite, dose >= 0 else { throw input.invalid("dose", "is \(dose); a dose is a finite number ≥ 0") }
            let segments = try Self.segments(&input)
            exposures.append(
                StoredExposure(
                    day: Int(day), encounter: Int(encounter), infector: Int(infector), exposed: Int(exposed),
                    setting: setting, outcome: outcome, dose: dose, segments: segments))
        }
        input.record = -1
        try input.finish()
        return exposures
    }

    /// One encounter's segments, as `exposures.bin` and `contacts.bin` store
    /// them: a count, then ordered, non-overlapping parts of the day.
    static func segments(_ input: inout BinaryReader) throws(InputError) -> [StoredExposure.Segment] {
        let count: UInt16 = try input.integer("segment_count")
        guard count > 0 else { throw input.invalid("segment_count", "is 0; an encounter has at least one segment") }
        var segments: [StoredExposure.Segment] = []
        segments.reserveCapacity(Int(count))
        var previousEnd: Int16 = 0
        for _ in 0..<Int(count) {
            let start: Int16 = try input.integer("segment.start_minute")
            let end: Int16 = try input.integer("segment.end_minute")
            let distance = try input.float("segment.distance_m")
            guard start >= previousEnd, start < end, end <= 1440 else {
                throw input.invalid("segment.start_minute", "segment \(start)…\(end) is not an ordered part of the day 0…1440")
            }
            guard distance.isFinite, distance >= 0 else { throw input.invalid("segment.distance_m", "is \(distance)") }
            previousEnd = end
            segments.append(.init(start: start, end: end, distance: distance))
        }
        return segments
    }
}
