import ArgumentParser
import Foundation
import Population
import Simulation
import WarnSimBenchmarks
import WarnSimCore

struct BenchWorldCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "world",
        abstract: "Person-days per second and peak memory for days of plans, encounters and transmission."
    )

    @Option(help: "Town size (the scenario's population is resized; seeds scale with it).")
    var people = 100_000

    @Option(help: "Days to simulate (starting on a Monday).")
    var days = 7

    @OptionGroup var options: BenchScenarioOptions

    @Option(help: "Override the scenario's epidemiology.beta_per_minute (for calibration runs).")
    var beta: Double?

    @Flag(help: "Also survey close contacts per person-day by setting (not timed).")
    var contacts = false

    @Option(
        help: ArgumentHelp(
            "Also survey the town as contact diaries and compare it with this POLYMOD folder (e.g. Configs/epi/polymod-germany).",
            discussion: """
                Contacts per person-day by age group and setting and the duration-class shares, survey and \
                town each with a 95 % bootstrap interval; a figure agrees when the intervals overlap (not timed). \
                A second table gives the duration shares within each setting.
                """,
            valueName: "folder"))
    var survey: String?

    @Option(
        help: ArgumentHelp(
            "With --survey: how a contact's duration class is read from the town: together (the default) or close.",
            discussion: """
                together: the minutes both were at the places where they met (the declared reading); close: only \
                the minutes within the conversation distance (household members at home: awake together), the \
                other end, for a sensitivity check. The contacts and their settings do not depend on it.
                """,
            valueName: "reading"))
    var surveyDuration = ContactDiarySurvey.durationReading.rawValue

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false

    func run() throws {
        guard (2...50_000_000).contains(people) else {
            throw inputFailure(file: "<argument>", field: "--people", "must be in 2...50000000")
        }
        guard (1...3650).contains(days) else { throw inputFailure(file: "<argument>", field: "--days", "must be in 1...3650") }
        try checkMemory(RunMemoryEstimate(people: people, days: days, part: .world), file: "<argument>", field: "--people")
        let url = try options.checkedScenarioURL()
        if let beta, !(0...1).contains(beta) { throw inputFailure(file: "<argument>", field: "--beta", "must be in 0...1") }
        guard let duration = DiaryDuration(rawValue: surveyDuration) else {
            throw inputFailure(
                file: "<argument>", field: "--survey-duration",
                "must be one of " + DiaryDuration.allCases.map(\.rawValue).joined(separator: ", ") + ", not '\(surveyDuration)'")
        }
        if survey == nil && duration != ContactDiarySurvey.durationReading {
            throw inputFailure(file: "<argument>", field: "--survey-duration", "needs --survey")
        }
        var world = try loadScenario(url).world
        if let beta { world.epidemiology.beta = beta }
        var benchmark = WorldBenchmark(scenario: world, people: people, days: days, threads: options.threads, seed: options.seed)
        benchmark.surveyContacts = contacts
        benchmark.diaryDuration = duration
        var surveyed: ContactDiarySummary?
        if let survey {
            let participants: [DiaryRespondent]
            do { participants = try PolymodSurvey.load(folder: URL(fileURLWithPath: survey)) } catch { throw inputFailure(error) }
            surveyed = ContactDiarySummary(respondents: participants, entity: 0)
            benchmark.diarySurvey = participants
        }
        let result = benchmark.run()
        if json {
            try printJSON(result)
            return
        }
        printOutput(
            """
            people                 \(result.people)
            days                   \(result.days)
            threads                \(result.threads)
            build                  \(String(format: "%.2f s", result.buildSeconds))
            simulate               \(String(format: "%.2f s", result.simulateSeconds))
              plans                \(String(format: "%.2f s", result.planSeconds))
              encounters           \(String(format: "%.2f s", result.encounterSeconds))
              transmission         \(String(format: "%.2f s", result.transmissionSeconds))
            person-days per second \(String(format: "%.0f", result.personDaysPerSecond))
            encounters per day     \(String(format: "%.0f", result.encountersPerDay))
            segments per day       \(String(format: "%.0f", result.segmentsPerDay))
            exposures (total)      \(result.exposuresTotal)
            infections (total)     \(result.infectionsTotal)
            peak RSS               \(String(format: "%.1f MB", Double(result.peakRssBytes) / 1e6))
            encounter checksum     \(result.encounterChecksum)

            """)
        if let outbreak = result.outbreak {
            printOutput(
                """
                index cases (days \(Int(outbreak.indexWindowDays[0]))-\(Int(outbreak.indexWindowDays[1])))  \(outbreak.indexCases)
                  R (secondary per index)   \(String(format: "%.2f", outbreak.reproductionNumber))
                  household attack rate     \(String(format: "%.3f ± %.3f", outbreak.householdAttackRate, outbreak.householdAttackRateStandardError)) (\(outbreak.householdSecondaryInfections) of \(outbreak.householdContacts))

                """)
        }
        if let rows = result.contacts {
            var table = "setting     person-days  close contacts (± se)  radio-range partners\n"
            for row in rows {
                table += row.setting.padding(toLength: 12, withPad: " ", startingAt: 0)
                if row.personDays == 0 {
                    table += String(format: "%11d", 0) + "         -" + String(repeating: " ", count: 23) + "-\n"
                } else {
                    table += String(
                        format: "%11d  %8.2f ± %-10.2f  %8.2f\n", row.personDays, row.closeContacts, row.closeContactsStandardError,
                        row.encounterPartners)
                }
            }
            printOutput(table)
        }
        if let surveyed, let rows = result.diary {
            let town = ContactDiarySummary(
                estimates: Dictionary(
                    uniqueKeysWithValues: rows.compactMap { row in
                        ContactDiaryFigure(id: row.figure).map {
                            ($0, ContactDiaryEstimate(value: row.value, low: row.low, high: row.high, respondents: row.people))
                        }
                    }), respondents: result.people)
            let name = URL(fileURLWithPath: survey ?? "survey").lastPathComponent
            let comparison = ContactDiaryComparison(survey: surveyed, simulated: town)
            printOutput(
                "\ncontact diaries: \(name) against the town (\(result.days) days, standardised to the survey's ages and days; "
                    + ContactDiarySurvey.mappingSummary(duration: duration) + ")\n" + comparison.table(surveyName: name)
                    + "\ndurations within each setting (share of the setting's contacts with a duration; a contact reported in "
                    + "several settings counts in each)\n" + comparison.settingDurationTable(surveyName: name)
                    + "\nsettings by the town's age groups (contacts in the setting per person-day of the group)\n"
                    + comparison.settingAgeTable(surveyName: name))
        }
    }
}
