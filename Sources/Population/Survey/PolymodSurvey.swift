import Foundation
import WarnSimCore

/// Reads a POLYMOD contact-diary folder (`Configs/epi/polymod-germany/`, its
/// README gives source and licence): `NAME-participants.csv` and
/// `NAME-contacts.csv`, NAME the folder's name, in socialmixr's columns.
/// Each participant is one ``DiaryRespondent`` of one day; a contact counts
/// once in the overall figure, once in each setting it was reported in (the
/// convention of Mossong et al. 2008's figures per setting, and the one that
/// gives the README's 2.81 contacts at home), and in its duration class when
/// it has one.
package enum PolymodSurvey {
    /// The participants of the folder's diaries.
    ///
    /// - Throws: ``InputError`` naming the file, the line and column, and the
    ///   problem, for a missing file or column, a bad cell or a contact of an
    ///   unknown participant.
    package static func load(folder: URL) throws(InputError) -> [DiaryRespondent] {
        let name = folder.lastPathComponent
        let participants = try CSVTable.read(path: folder.appendingPathComponent("\(name)-participants.csv").path)
        let contacts = try CSVTable.read(path: folder.appendingPathComponent("\(name)-contacts.csv").path)
        return try respondents(participants: participants, contacts: contacts)
    }

    /// The respondents of read participant and contact tables.
    package static func respondents(participants: CSVTable, contacts: CSVTable) throws(InputError) -> [DiaryRespondent] {
        let partID = try participants.column("part_id")
        let partAge = try participants.column("part_age_exact")
        let dayOfWeek = try participants.column("dayofweek")
        var index: [Int: Int] = [:]
        var list: [DiaryRespondent] = []
        for row in participants.rows.indices {
            let id = try participants.int(row: row, column: partID, in: 0...Int(Int32.max))
            var age: Double?
            if !participants.rows[row][partAge].isEmpty {
                let value = try participants.double(row: row, column: partAge)
                guard (0...120).contains(value) else {
                    throw participants.invalid(row: row, column: partAge, "\(value) is not an age in 0…120")
                }
                age = value
            }
            guard index.updateValue(list.count, forKey: id) == nil else {
                throw participants.invalid(row: row, column: partID, "participant \(id) appears more than once")
            }
            var respondent = DiaryRespondent(ageBand: age.map(SurveyAgeBand.init(age:)), worldAge: age.map(AgeGroup.init(age:)), days: 1)
            if !participants.rows[row][dayOfWeek].isEmpty {
                // 0 = Sunday, 1 = Monday, …, 6 = Saturday (socialmixr).
                let day = try participants.double(row: row, column: dayOfWeek)
                guard (0...6).contains(day), day == day.rounded() else {
                    throw participants.invalid(row: row, column: dayOfWeek, "\(participants.rows[row][dayOfWeek]) is not a day 0…6")
                }
                respondent.weekend = day == 0 || day == 6
            }
            list.append(respondent)
        }
        guard !list.isEmpty else { throw InputError(file: participants.file, problem: "lists no participant") }
        let contactPart = try contacts.column("part_id")
        let settings = try SurveySetting.allCases.map { setting throws(InputError) in try contacts.column(setting.column) }
        let duration = try contacts.column("duration_multi")
        for row in contacts.rows.indices {
            let id = try contacts.int(row: row, column: contactPart, in: 0...Int(Int32.max))
            guard let k = index[id] else {
                throw contacts.invalid(row: row, column: contactPart, "participant \(id) is not in \(participants.file)")
            }
            list[k].contacts += 1
            var reported: [Int] = []
            for (s, column) in settings.enumerated() where try flag(contacts, row: row, column: column) {
                list[k].bySetting[s] += 1
                reported.append(s)
            }
            if !contacts.rows[row][duration].isEmpty {
                let value = try contacts.double(row: row, column: duration)
                guard let c = DurationClass(rawValue: Int(value) - 1), value == value.rounded() else {
                    throw contacts.invalid(row: row, column: duration, "\(contacts.rows[row][duration]) is not a class 1…5")
                }
                list[k].byDuration[c.rawValue] += 1
                for s in reported { list[k].byDurationInSetting[s * DurationClass.allCases.count + c.rawValue] += 1 }
            }
        }
        return list
    }

    /// The shares of the five duration classes among the contacts reported in
    /// `setting` with a `frequency_multi` in `frequencies` (1 daily, 2 weekly,
    /// 3 monthly, 4 less often, 5 first time) and a duration; what drawn
    /// activity lengths (``DiaryLengths``) are taken from.
    package static func durationShares(folder: URL, setting: SurveySetting, frequencies: Set<Int>) throws(InputError) -> [Double] {
        let contacts = try CSVTable.read(path: folder.appendingPathComponent("\(folder.lastPathComponent)-contacts.csv").path)
        let (settingColumn, frequency, duration) =
            (try contacts.column(setting.column), try contacts.column("frequency_multi"), try contacts.column("duration_multi"))
        var counts = [Int](repeating: 0, count: DurationClass.allCases.count)
        for row in contacts.rows.indices where try flag(contacts, row: row, column: settingColumn) {
            guard !contacts.rows[row][frequency].isEmpty, !contacts.rows[row][duration].isEmpty,
                frequencies.contains(Int(try contacts.double(row: row, column: frequency)))
            else { continue }
            let value = try contacts.double(row: row, column: duration)
            guard let c = DurationClass(rawValue: Int(value) - 1), value == value.rounded() else {
                throw contacts.invalid(row: row, column: duration, "\(contacts.rows[row][duration]) is not a class 1…5")
            }
            counts[c.rawValue] += 1
        }
        let total = counts.reduce(0, +)
        guard total > 0 else {
            throw InputError(
                file: contacts.file, problem: "no contact in \(setting) with a frequency in \(frequencies.sorted()) and a duration")
        }
        return counts.map { Double($0) / Double(total) }
    }

    /// A setting flag: socialmixr writes `1.0` and `0.0` (also accepted: `1`, `0`).
    private static func flag(_ table: CSVTable, row: Int, column: Int) throws(InputError) -> Bool {
        switch table.rows[row][column] {
        case "1", "1.0": return true
        case "0", "0.0": return false
        case let text: throw table.invalid(row: row, column: column, "\"\(text)\" is not 0 or 1")
        }
    }
}
