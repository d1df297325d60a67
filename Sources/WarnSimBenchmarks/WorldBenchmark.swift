import Foundation
import Population
import WarnSimCore

/// Throughput of the world: days of plans, encounters and transmission for a
/// town of a given size (the radio is drawn by the phones' scans, measured by
/// `bench simulate`).
package struct WorldBenchmark {
    /// The measured figures (JSON field names in snake case).
    package struct Result: Codable, Sendable {
        package var people: Int
        package var days: Int
        package var threads: Int
        package var buildSeconds: Double
        package var simulateSeconds: Double
        package var personDaysPerSecond: Double
        package var encountersPerDay: Double
        package var segmentsPerDay: Double
        package var exposuresTotal: Int
        package var infectionsTotal: Int
        package var peakRssBytes: Int
        /// Seconds spent per stage over all days.
        package var planSeconds: Double
        package var encounterSeconds: Double
        package var transmissionSeconds: Double
        /// Checksum of every day's encounters (independent of their order within
        /// the day), hexadecimal: a faster build must give the same value for the
        /// same seed. Computed outside the measured time.
        package var encounterChecksum: String
        /// Transmission on the ground truth (``OutbreakSummary``) for index cases
        /// infected on days 0 to `days − 18`; nil for runs shorter than 19 days.
        package var outbreak: OutbreakFigures?
        /// Close contacts (within `contact_distance_m`) and radio-range partners per
        /// person-day present, by setting (``ContactSurvey``); nil unless requested.
        package var contacts: [SettingContacts]?
        /// The town surveyed as contact diaries (``ContactDiarySurvey``),
        /// weighted to the survey's shares of age groups and weekday/weekend
        /// days: every figure of ``ContactDiaryFigure`` with its person
        /// bootstrap interval; nil unless requested.
        package var diary: [DiaryFigure]?

        enum CodingKeys: String, CodingKey {
            case people, days, threads
            case buildSeconds = "build_seconds"
            case simulateSeconds = "simulate_seconds"
            case personDaysPerSecond = "person_days_per_second"
            case encountersPerDay = "encounters_per_day"
            case segmentsPerDay = "segments_per_day"
            case exposuresTotal = "exposures_total"
            case infectionsTotal = "infections_total"
            case peakRssBytes = "peak_rss_bytes"
            case planSeconds = "plan_seconds"
            case encounterSeconds = "encounter_seconds"
            case transmissionSeconds = "transmission_seconds"
            case encounterChecksum = "encounter_checksum"
            case outbreak, contacts, diary
        }
    }

    /// ``OutbreakSummary`` in JSON form.
    package struct OutbreakFigures: Codable, Sendable {
        package var indexWindowDays: [Double]
        package var indexCases: Int
        package var reproductionNumber: Double
        package var householdContacts: Int
        package var householdSecondaryInfections: Int
        package var householdAttackRate: Double
        package var householdAttackRateStandardError: Double

        enum CodingKeys: String, CodingKey {
            case indexWindowDays = "index_window_days"
            case indexCases = "index_cases"
            case reproductionNumber = "reproduction_number"
            case householdContacts = "household_contacts"
            case householdSecondaryInfections = "household_secondary_infections"
            case householdAttackRate = "household_attack_rate"
            case householdAttackRateStandardError = "household_attack_rate_se"
        }
    }

    /// One setting's row of ``ContactSurvey``.
    package struct SettingContacts: Codable, Sendable {
        package var setting: String
        package var personDays: Int
        package var closeContacts: Double
        package var closeContactsStandardError: Double
        package var encounterPartners: Double

        enum CodingKeys: String, CodingKey {
            case setting
            case personDays = "person_days"
            case closeContacts = "close_contacts"
            case closeContactsStandardError = "close_contacts_se"
            case encounterPartners = "encounter_partners"
        }
    }

    /// One figure of the town's contact diaries.
    package struct DiaryFigure: Codable, Sendable {
        package var figure: String
        package var value: Double
        package var low: Double
        package var high: Double
        package var people: Int
    }

    package var scenario: WorldConfig
    package var days: Int
    package var threads: Int
    package var seed: UInt64
    /// Whether to run the contact survey (outside the measured time).
    package var surveyContacts = false
    /// The participants of a contact-diary survey to survey the town as, with
    /// its design (``ContactDiarySurvey/standardisedRespondents(to:)``;
    /// outside the measured time), or nil for no diaries.
    package var diarySurvey: [DiaryRespondent]?
    /// How the diaries read a contact's duration (the survey's declared reading unless a sensitivity check sets it).
    package var diaryDuration = ContactDiarySurvey.durationReading

    package init(scenario: WorldConfig, people: Int, days: Int, threads: Int, seed: UInt64 = 1) {
        var scenario = scenario
        let scale = Double(people) / Double(scenario.population.people)
        scenario.population.people = people
        scenario.epidemiology.initialInfections = max(1, Int((Double(scenario.epidemiology.initialInfections) * scale).rounded()))
        self.scenario = scenario
        self.days = days
        self.threads = threads
        self.seed = seed
    }

    /// Builds the world, then simulates `days` days (transmission included).
    package func run() -> Result {
        let clock = ContinuousClock()
        let buildStart = clock.now
        var world = World(scenario: scenario, seed: seed)
        let buildSeconds = Self.seconds(clock.now - buildStart)
        var encounters = 0
        var segments = 0
        var exposures = 0
        var checksum: UInt64 = 0
        var excluded = Duration.zero
        var survey = ContactSurvey(distance: scenario.population.contactDistance)
        var diaries = diarySurvey == nil ? nil : ContactDiarySurvey(town: world.town, duration: diaryDuration)
        var stages = [0.0, 0.0, 0.0]
        let start = clock.now
        for day in 0..<days {
            let stageTimes = world.simulateTimed(day: day, workers: threads) { result in
                // The counts and checksums are not part of the measured time.
                let checksumStart = clock.now
                encounters += result.encounters.count
                segments += result.encounters.segmentStart.count
                exposures += result.exposures.count
                checksum = SplitMix64.mix(checksum ^ result.encounters.contentChecksum())
                if surveyContacts { survey.add(plan: result.plan, encounters: result.encounters) }
                diaries?.add(plan: result.plan, encounters: result.encounters)
                excluded += clock.now - checksumStart
            }
            for k in 0..<3 { stages[k] += Self.seconds(stageTimes[k]) }
        }
        let elapsed = Self.seconds(clock.now - start - excluded)
        let d = Double(max(days, 1))
        var outbreak: OutbreakFigures?
        if days >= 19 {
            let window = 0.0..<Double(days - 18)
            let summary = OutbreakSummary(infections: world.infections, town: world.town, indexWindow: window)
            outbreak = OutbreakFigures(
                indexWindowDays: [window.lowerBound, window.upperBound], indexCases: summary.indexCases,
                reproductionNumber: summary.reproductionNumber, householdContacts: summary.householdContacts,
                householdSecondaryInfections: summary.householdSecondaryInfections,
                householdAttackRate: summary.householdAttackRate,
                householdAttackRateStandardError: summary.householdAttackRateStandardError)
        }
        let contacts: [SettingContacts]? =
            surveyContacts
            ? Setting.allCases.compactMap { setting in
                // Settings nobody was in (no gatherings or clubs in the scenario) are left out; one person-day has no error.
                let close = survey.closeContacts(setting)
                guard close.personDays >= 2 else { return nil }
                return SettingContacts(
                    setting: setting.name, personDays: close.personDays, closeContacts: close.mean,
                    closeContactsStandardError: close.standardError,
                    encounterPartners: survey.encounterPartners(setting))
            } : nil
        let diary = diaries.map { diaries in
            let summary = ContactDiarySummary(units: diaries.standardisedRespondents(to: diarySurvey ?? []), entity: 1)
            return ContactDiaryFigure.every.compactMap { figure in
                summary[figure].map { DiaryFigure(figure: figure.id, value: $0.value, low: $0.low, high: $0.high, people: $0.respondents) }
            }
        }
        return Result(
            people: scenario.population.people, days: days, threads: threads, buildSeconds: buildSeconds,
            simulateSeconds: elapsed, personDaysPerSecond: Double(scenario.population.people * days) / max(elapsed, 1e-9),
            encountersPerDay: Double(encounters) / d, segmentsPerDay: Double(segments) / d,
            exposuresTotal: exposures, infectionsTotal: world.infections.count, peakRssBytes: ProcessMeasurement.peakResidentBytes(),
            planSeconds: stages[0], encounterSeconds: stages[1], transmissionSeconds: stages[2],
            encounterChecksum: String(checksum, radix: 16), outbreak: outbreak, contacts: contacts, diary: diary)
    }

    static func seconds(_ duration: Duration) -> Double { duration.inSeconds }
}
