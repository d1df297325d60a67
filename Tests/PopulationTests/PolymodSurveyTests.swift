import Foundation
import Population
import Testing
import WarnSimCore
import WarnSimTestSupport

/// The German POLYMOD diaries (`Configs/epi/polymod-germany/`) read and
/// summarised, checked against the figures their README states.
@Suite("POLYMOD Germany: the survey summary reproduces the published figures")
struct PolymodSurveyTests {
    static let folder = ProjectFiles.url("Configs/epi/polymod-germany")

    static func respondents() throws -> [DiaryRespondent] {
        _ = try ProjectFiles.required(folder.appendingPathComponent("polymod-germany-participants.csv"))
        _ = try ProjectFiles.required(folder.appendingPathComponent("polymod-germany-contacts.csv"))
        return try PolymodSurvey.load(folder: folder)
    }

    static let summary: Result<ContactDiarySummary, Error> = Result {
        ContactDiarySummary(respondents: try respondents(), entity: 0)
    }

    func rounded(_ value: Double, _ digits: Int) -> Double {
        let f = pow(10, Double(digits))
        return (value * f).rounded() / f
    }

    @Test("1,341 participants and 10,659 contacts")
    func counts() throws {
        let list = try Self.respondents()
        #expect(list.count == 1341)
        let contacts: Int = list.reduce(0) { $0 + $1.contacts }
        let withDuration: Int = list.reduce(0) { $0 + $1.byDuration.reduce(0, +) }
        let unknownAge: Int = list.filter { $0.ageBand == nil }.count
        #expect(contacts == 10659)
        #expect(unknownAge == 46)
        #expect(withDuration == 10659 - 258)
        // dayofweek: 152 Saturdays and 117 Sundays, 21 without a day.
        #expect(list.filter { $0.weekend == true }.count == 269)
        #expect(list.filter { $0.weekend == nil }.count == 21)
    }

    @Test("7.95 contacts per participant-day, and the README's age-band means")
    func overallAndAges() throws {
        let s = try Self.summary.get()
        #expect(rounded(s[.overall]!.value, 2) == 7.95)
        let published: [SurveyAgeBand: Double] = [
            .age0to4: 9.1, .age5to9: 8.4, .age10to14: 9.0, .age15to19: 10.0, .age20to29: 8.5, .age30to39: 7.9,
            .age40to49: 8.3, .age50to59: 7.2, .age60to69: 5.8, .age70plus: 4.7,
        ]
        for (band, value) in published { #expect(rounded(s[.ageBand(band)]!.value, 1) == value, "\(band.name)") }
    }

    /// The README's figures by setting count a contact in every setting it was
    /// reported in: they sum to 8.79 > 7.95. The precedence convention (home >
    /// school > work > transport > leisure > other, one setting per contact)
    /// would give leisure 1.82, not 2.42.
    @Test("by setting: home 2.81, leisure 2.42, work 1.43, school 1.15, other 0.71, transport 0.27 (counted per setting)")
    func settings() throws {
        let s = try Self.summary.get()
        let published: [SurveySetting: Double] = [.home: 2.81, .leisure: 2.42, .work: 1.43, .school: 1.15, .other: 0.71, .transport: 0.27]
        for (setting, value) in published { #expect(rounded(s[.setting(setting)]!.value, 2) == value, "\(setting.name)") }
        let sum = SurveySetting.allCases.reduce(0) { $0 + s[.setting($1)]!.value }
        #expect(sum > s[.overall]!.value + 0.5)
        // Precedence assignment, for contrast: leisure would lose the contacts also reported at home, school, work or in transport.
        let table = try CSVTable.read(path: Self.folder.appendingPathComponent("polymod-germany-contacts.csv").path)
        let columns = try ["cnt_home", "cnt_school", "cnt_work", "cnt_transport", "cnt_leisure"].map { try table.column($0) }
        let leisureFirst = table.rows.filter { row in row[columns[4]] == "1.0" && columns[0..<4].allSatisfy { row[$0] == "0.0" } }.count
        #expect(rounded(Double(leisureFirst) / 1341, 2) == 1.82)
    }

    @Test("duration shares of the contacts with a duration: 8.6, 13.2, 17.9, 29.8, 30.6 %")
    func durations() throws {
        let s = try Self.summary.get()
        let published: [DurationClass: Double] = [
            .under5Minutes: 8.6, .from5To15Minutes: 13.2, .from15MinutesTo1Hour: 17.9, .from1To4Hours: 29.8, .over4Hours: 30.6,
        ]
        for (duration, value) in published { #expect(rounded(100 * s[.duration(duration)]!.value, 1) == value, "\(duration.name)") }
    }

    @Test("durations within each setting: the diaries' counts per setting and class (home 145, 317, 585, 1,020, 1,623)")
    func durationsBySetting() throws {
        let s = try Self.summary.get()
        // Contacts with a duration reported in each setting, by class (counted from the contacts file, a contact in each of its settings).
        let counts: [SurveySetting: [Double]] = [
            .home: [145, 317, 585, 1020, 1623], .work: [213, 292, 286, 356, 724], .school: [65, 100, 169, 523, 605],
            .transport: [53, 79, 61, 66, 88], .leisure: [239, 415, 720, 1245, 519], .other: [210, 240, 173, 199, 115],
        ]
        for (setting, classes) in counts {
            let total = classes.reduce(0, +)
            for duration in DurationClass.allCases {
                let e = try #require(s[.settingDuration(setting, duration)], "\(setting.name) \(duration.name)")
                #expect(abs(e.value - classes[duration.rawValue] / total) < 1e-12, "\(setting.name) \(duration.name)")
                #expect(e.low < e.value && e.value < e.high, "\(setting.name) \(duration.name)")
            }
        }
        // The other place's contacts are the shortest: 48 % under 15 minutes, against 13 % at home.
        let otherShort = s[.settingDuration(.other, .under5Minutes)]!.value + s[.settingDuration(.other, .from5To15Minutes)]!.value
        #expect(rounded(otherShort, 2) == 0.48)
        #expect(ContactDiaryFigure(id: "duration:transport:15min-1h") == .settingDuration(.transport, .from15MinutesTo1Hour))
        #expect(ContactDiaryFigure.every.count == ContactDiaryFigure.all.count + 30 + 24)
    }

    /// Counted independently from the two CSV files (participants aged 0-5,
    /// 18-64 and 65+ by `part_age_exact`, their contacts by `cnt_*`).
    @Test("settings by the town's age groups: 0-5 school 2.23 and leisure 2.88, 18-64 work 2.17, 65+ other 1.12")
    func settingsByAge() throws {
        let s = try Self.summary.get()
        let list = try Self.respondents()
        let published: [(SurveySetting, AgeGroup, Double)] = [
            (.school, .preschool, 2.23), (.leisure, .preschool, 2.88), (.home, .preschool, 3.96), (.work, .adult, 2.17),
            (.school, .adult, 0.66), (.other, .senior, 1.12), (.leisure, .senior, 1.32),
        ]
        for (setting, group, value) in published {
            let e = try #require(s[.settingAge(setting, group)], "\(setting.name) \(group.name)")
            #expect(rounded(e.value, 2) == value, "\(setting.name) \(group.name)")
        }
        for figure in ContactDiaryFigure.settingsByAge {
            guard case .settingAge(let setting, let group) = figure else { continue }
            let members = list.filter { $0.worldAge == group }
            let mean = Double(members.reduce(0) { $0 + $1.bySetting[setting.rawValue] }) / Double(members.count)
            let e = try #require(s[figure], "\(figure.id)")
            #expect(abs(e.value - mean) < 1e-12, "\(figure.id)")
            #expect(e.respondents == members.count, "\(figure.id)")
        }
        #expect(ContactDiaryFigure(id: "setting:school:0-5") == .settingAge(.school, .preschool))
    }

    /// No participant under 6 reported a work contact, none over 64 a school
    /// contact: those two figures are 0 with an interval of width 0.
    @Test("every interval holds its value, is not empty (but where nobody reported a contact), and is the same on a second computation")
    func intervals() throws {
        let s = try Self.summary.get()
        let again = ContactDiarySummary(respondents: try Self.respondents(), entity: 0)
        let none: Set<ContactDiaryFigure> = [.settingAge(.work, .preschool), .settingAge(.school, .senior)]
        for figure in ContactDiaryFigure.every {
            let e = try #require(s[figure], "\(figure.id)")
            if none.contains(figure) {
                #expect(e.value == 0 && e.low == 0 && e.high == 0, "\(figure.id)")
            } else {
                #expect(e.low < e.value && e.value < e.high, "\(figure.id)")
            }
            #expect(again[figure] == e, "\(figure.id)")
        }
        // The overall mean's interval: about ± 0.3 contacts (1,341 participants).
        #expect(s[.overall]!.high - s[.overall]!.low < 1)
    }

    @Test("a missing file is an input error naming it")
    func missingFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("polymod-missing-\(UUID().uuidString)")
        do {
            _ = try PolymodSurvey.load(folder: folder)
            Issue.record("no error for a missing folder")
        } catch {
            #expect(error.file.hasSuffix("-participants.csv"))
        }
    }

    @Test("a bad cell is an input error naming the line and column")
    func badCell() throws {
        let participants = try CSVTable.parse("part_id,part_age_exact,dayofweek\n1,30.0,6.0\n2,,\n", file: "p.csv")
        let badDay = try CSVTable.parse("part_id,part_age_exact,dayofweek\n1,30.0,7.0\n", file: "p.csv")
        let contacts = try CSVTable.parse(
            "part_id,cnt_home,cnt_work,cnt_school,cnt_transport,cnt_leisure,cnt_otherplace,duration_multi\n1,1.0,0.0,0.0,0.0,0.0,2.0,3.0\n",
            file: "c.csv")
        #expect(throws: InputError(file: "c.csv", field: "line 2.cnt_otherplace", problem: "\"2.0\" is not 0 or 1")) {
            try PolymodSurvey.respondents(participants: participants, contacts: contacts)
        }
        let unknown = try CSVTable.parse(
            "part_id,cnt_home,cnt_work,cnt_school,cnt_transport,cnt_leisure,cnt_otherplace,duration_multi\n3,1.0,0.0,0.0,0.0,0.0,0.0,\n",
            file: "c.csv")
        #expect(throws: InputError.self) { try PolymodSurvey.respondents(participants: participants, contacts: unknown) }
        #expect(throws: InputError(file: "p.csv", field: "line 2.dayofweek", problem: "7.0 is not a day 0…6")) {
            try PolymodSurvey.respondents(participants: badDay, contacts: unknown)
        }
        let nobody = try CSVTable.parse("part_id,part_age_exact,dayofweek\n", file: "p.csv")
        #expect(throws: InputError(file: "p.csv", problem: "lists no participant")) {
            try PolymodSurvey.respondents(participants: nobody, contacts: unknown)
        }
        let good = try CSVTable.parse(
            "part_id,cnt_home,cnt_work,cnt_school,cnt_transport,cnt_leisure,cnt_otherplace,duration_multi\n1,1.0,0.0,0.0,0.0,1.0,0.0,3.0\n2,0,0,0,0,0,1,\n",
            file: "c.csv")
        let list = try PolymodSurvey.respondents(participants: participants, contacts: good)
        #expect(list[0].ageBand == .age30to39)
        #expect(list[0].worldAge == .adult)
        #expect(list[0].contacts == 1)
        #expect(list[0].bySetting == [1, 0, 0, 0, 1, 0])
        #expect(list[0].byDuration == [0, 0, 1, 0, 0])
        #expect(list[1].ageBand == nil)
        #expect(list[1].bySetting == [0, 0, 0, 0, 0, 1])
        #expect(list[1].byDuration == [0, 0, 0, 0, 0])
        #expect(list[0].weekend == true && list[1].weekend == nil)
    }
}
