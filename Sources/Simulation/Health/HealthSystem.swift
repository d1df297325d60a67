import Foundation
import Population
import Services
import WarnSimCore

/// Testing, isolation and the response to warnings, for everyone in the town
/// (app or not): who gets tested when and why, what each PCR or rapid antigen
/// test says (the day-of-infection sensitivity, INVALID results, the results
/// of the uninfected with the test's specificity), who stays home after a
/// positive result or a warning, and for how long. The world plans each day
/// with the restrictions this produces, so isolation and quarantine really
/// remove contacts.
///
/// Every draw comes from a stream keyed by (seed, subsystem, person[, day or
/// test]), so a person's course never depends on anyone else's or on threads,
/// and a run whose warnings are ignored (``ignoresWarnings``) differs from the
/// real one only through the warnings' effect (common random numbers).
package struct HealthSystem: Sendable {
    package let testing: TestingConfig
    package let response: ResponseConfig
    /// Whether warnings change nothing (the counterfactual of a run).
    package let ignoresWarnings: Bool
    let seed: UInt64
    let startTime: Int64

    /// Per person: tests taken, when a positive result became known (nil:
    /// never), when the person saw a warning, and whether a test is booked or
    /// its result pending.
    package private(set) var testsTaken: [Int32]
    package private(set) var positiveKnownAt: [Int64?]
    package private(set) var warningSeenAt: [Int64?]
    var testOutstanding: [Bool]
    /// Per person: the first day no longer at home, whether that stay is an
    /// isolation (else a quarantine), and the first day no longer reducing contacts.
    var homeFromDay: [Int32]
    var homeUntilDay: [Int32]
    var homeIsIsolation: [Bool]
    var reducedUntilDay: [Int32]
    /// Per person: days spent in isolation, in quarantine, with fewer contacts.
    package private(set) var isolationDays: [Int32]
    package private(set) var quarantineDays: [Int32]
    package private(set) var reducedContactDays: [Int32]
    /// Scheduled events by hour since the start.
    var schedule: [Int64: [Event]] = [:]

    struct Event: Comparable {
        enum Kind: UInt8, Comparable {
            case warningSeen = 0
            case result = 1
            case test = 2
            static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
        }
        var time: Int64
        var person: Int32
        var kind: Kind
        var reason: TestReason = .symptoms
        var test: TestKind = .pcr
        var result: TestResult = .pending
        static func < (a: Event, b: Event) -> Bool { (a.time, a.person, a.kind) < (b.time, b.person, b.kind) }
    }

    /// What one hour produced.
    package struct Hour: Sendable {
        /// Tests taken, in time and person order.
        package var tests: [TakenTest] = []
        /// Results that became known.
        package var results: [(person: Int, result: TestResult, at: Int64)] = []
        /// Warnings seen (person, time), in time and person order.
        package var warningsSeen: [(person: Int, at: Int64)] = []
    }

    /// One day's restrictions and how many people were under each.
    package struct Day: Sendable {
        package var restrictions: [DayRestriction]
        package var isolating = 0
        package var quarantined = 0
        package var reducedContacts = 0
    }

    package init(people: Int, testing: TestingConfig, response: ResponseConfig, startTime: Int64, seed: UInt64, ignoresWarnings: Bool) {
        self.testing = testing
        self.response = response
        self.ignoresWarnings = ignoresWarnings
        self.seed = seed
        self.startTime = startTime
        testsTaken = Array(repeating: 0, count: people)
        positiveKnownAt = Array(repeating: nil, count: people)
        warningSeenAt = Array(repeating: nil, count: people)
        testOutstanding = Array(repeating: false, count: people)
        homeFromDay = Array(repeating: 0, count: people)
        homeUntilDay = Array(repeating: 0, count: people)
        homeIsIsolation = Array(repeating: false, count: people)
        reducedUntilDay = Array(repeating: 0, count: people)
        isolationDays = Array(repeating: 0, count: people)
        quarantineDays = Array(repeating: 0, count: people)
        reducedContactDays = Array(repeating: 0, count: people)
    }

    var people: Int { testsTaken.count }

    func dayIndex(_ time: Int64) -> Int32 { Int32((time - startTime).floorDivided(by: 86_400)) }

    mutating func add(_ event: Event) {
        schedule[(event.time - startTime).floorDivided(by: 3600), default: []].append(event)
    }

    // MARK: Days

    /// The restrictions of day `day` (call once per day, in order): who stays
    /// home (isolation, quarantine) and who reduces contacts; counted per person.
    package mutating func startDay(_ day: Int) -> Day {
        var result = Day(restrictions: Array(repeating: .none, count: people))
        let d = Int32(day)
        for p in 0..<people {
            if homeFromDay[p] <= d && d < homeUntilDay[p] {
                result.restrictions[p] = .stayHome
                if homeIsIsolation[p] {
                    result.isolating += 1
                    isolationDays[p] += 1
                } else {
                    result.quarantined += 1
                    quarantineDays[p] += 1
                }
            } else if d < reducedUntilDay[p] {
                result.restrictions[p] = .reducedContacts
                result.reducedContacts += 1
                reducedContactDays[p] += 1
            }
        }
        return result
    }

    /// The day's new infections: a symptomatic person gets tested with the
    /// scenario's probability (stream (seed, `app.testing`, person)) at
    /// symptom onset plus the delay, and stays home while ill with the
    /// scenario's probability (stream (seed, `health.isolation`, person), its
    /// second draw), from the day after the onset for the isolation days.
    package mutating func infected(_ infections: [InfectionRecord]) {
        for infection in infections where infection.symptomatic {
            let person = Int(infection.person)
            let onset = startTime + Int64((infection.onset * 86_400).rounded(.down))
            var isolation = RandomStream(seed: seed, subsystem: StreamName.isolation, entity: UInt64(person))
            _ = isolation.nextUnitDouble()  // the first draw decides isolation after a positive result
            if isolation.nextUnitDouble() < response.symptomaticIsolation {
                let from = dayIndex(onset) + 1
                stayHome(person, from: from, until: from + Int32(response.isolationDays), isolation: true)
            }
            var draw = RandomStream(seed: seed, subsystem: StreamName.appTesting, entity: UInt64(person))
            guard draw.nextUnitDouble() < testing.symptomaticTestProbability else { continue }
            book(person, at: onset + Int64(testing.symptomToTestHours * 3600), reason: .symptoms)
        }
    }

    /// What follows the world's day `day`: the new infections' symptom tests
    /// and isolation (``infected(_:)``), then the day's background tests.
    package mutating func afterWorld(day: Int, infections: [InfectionRecord]) {
        infected(infections)
        bookBackgroundTests(day: day)
    }

    /// Tests of the day taken for other reasons, each person with the
    /// scenario's daily probability (stream (seed, `health.background-test`,
    /// person, day)), at a uniform time between 08:00 and 20:00.
    package mutating func bookBackgroundTests(day: Int) {
        let rate = testing.backgroundTestsPerPersonDay
        guard rate > 0 else { return }
        let dayStart = startTime + Int64(day) * 86_400
        for p in 0..<people where !testOutstanding[p] && positiveKnownAt[p] == nil {
            var draw = RandomStream.derive(seed: seed, subsystem: StreamName.backgroundTesting, entity: UInt64(p), index: UInt64(day))
            guard draw.nextUnitDouble() < rate else { continue }
            book(p, at: dayStart + 8 * 3600 + Int64(draw.nextUnitDouble() * 12 * 3600), reason: .background)
        }
    }

    /// Books a test unless one is outstanding or the person already tested positive.
    mutating func book(_ person: Int, at time: Int64, reason: TestReason, test: TestKind = .pcr) {
        guard !testOutstanding[person], positiveKnownAt[person] == nil else { return }
        testOutstanding[person] = true
        add(Event(time: time, person: Int32(person), kind: .test, reason: reason, test: test))
    }

    /// A phone's user will see a warning at `time` (the notification, or the
    /// next time they open the app).
    package mutating func warningWillBeSeen(by person: Int, at time: Int64) {
        add(Event(time: time, person: Int32(person), kind: .warningSeen))
    }

    /// The hours until the next opening of the app by a user without
    /// notification permission (exponential; stream (seed, `app.opening`, person)).
    package func appOpeningDelay(person: Int) -> Int64 {
        var draw = RandomStream(seed: seed, subsystem: StreamName.appOpening, entity: UInt64(person))
        return Int64(-response.appOpeningMeanHours * 3600 * Foundation.log(1 - draw.nextUnitDouble()))
    }

    // MARK: Hours

    /// Everything scheduled in the hour starting at `now`, in time and person
    /// order: tests (their result is decided from the true infection state at
    /// the time of the test), results becoming known (isolation after a
    /// positive one, a retest after an INVALID one) and warnings being seen.
    package mutating func runHour(now: Int64, disease: DiseaseState) -> Hour {
        var hour = Hour()
        let key = (now - startTime).floorDivided(by: 3600)
        while var events = schedule.removeValue(forKey: key) {
            events.sort()
            for event in events { handle(event, disease: disease, into: &hour) }
        }
        return hour
    }

    mutating func handle(_ event: Event, disease: DiseaseState, into hour: inout Hour) {
        let person = Int(event.person)
        switch event.kind {
        case .test:
            guard positiveKnownAt[person] == nil else {
                testOutstanding[person] = false
                return
            }
            testsTaken[person] += 1
            let number = Int(testsTaken[person])
            let (result, known) =
                event.test == .rapidAntigen
                ? rapidTest(person, number: number, at: event.time, disease: disease)
                : pcrTest(person, number: number, at: event.time, disease: disease)
            hour.tests.append(
                TakenTest(
                    person: person, number: number, takenAt: event.time, result: result, knownAt: known, reason: event.reason,
                    kind: event.test))
            add(Event(time: known, person: event.person, kind: .result, reason: event.reason, test: event.test, result: result))
        case .result:
            testOutstanding[person] = false
            hour.results.append((person, event.result, event.time))
            switch event.result {
            case .positive:
                positiveKnownAt[person] = event.time
                var draw = RandomStream(seed: seed, subsystem: StreamName.isolation, entity: UInt64(person))
                if draw.nextUnitDouble() < response.isolationCompliance {
                    let from = dayIndex(event.time) + 1
                    stayHome(person, from: from, until: from + Int32(response.isolationDays), isolation: true)
                }
            case .invalid:
                book(person, at: event.time + Int64(testing.retestAfterInvalidHours * 3600), reason: .retest)
            default: break
            }
        case .warningSeen:
            guard warningSeenAt[person] == nil else { return }
            warningSeenAt[person] = event.time
            hour.warningsSeen.append((person, event.time))
            guard !ignoresWarnings else { return }
            respondToWarning(person, at: event.time)
        }
    }

    /// The result of test `number` of `person`, a PCR test taken at `time`, and
    /// when the lab reports it (stream (seed, `health.test-outcome`, person,
    /// test)): INVALID with the scenario's share, else POSITIVE for an infected
    /// person with the day's sensitivity; an uninfected person's test is
    /// POSITIVE with 1 − `pcr_specificity` (its own stream, (seed,
    /// `health.pcr-false-positive`, person, test), drawn only below 1).
    func pcrTest(_ person: Int, number: Int, at time: Int64, disease: DiseaseState) -> (TestResult, Int64) {
        var draw = RandomStream.derive(seed: seed, subsystem: StreamName.testOutcome, entity: UInt64(person), index: UInt64(number))
        let invalid = draw.nextUnitDouble() < testing.invalidShare
        let falseNegative = draw.nextUnitDouble()
        let labHours = -testing.labDelayHours * Foundation.log(1 - draw.nextUnitDouble())
        let days = Double(time - startTime) / 86_400
        let infected = disease.infectionTime[person] < days
        var result: TestResult =
            invalid
            ? .invalid
            : infected && falseNegative >= testing.falseNegativeRate(daysSinceInfection: days - disease.infectionTime[person])
                ? .positive : .negative
        if result == .negative, !infected, testing.pcrSpecificity < 1 {
            var falsePositive = RandomStream.derive(
                seed: seed, subsystem: StreamName.pcrFalsePositive, entity: UInt64(person), index: UInt64(number))
            if falsePositive.nextUnitDouble() >= testing.pcrSpecificity { result = .positive }
        }
        return (result, time + Int64(labHours * 3600))
    }

    /// The result of test `number` of `person`, a rapid antigen test taken at
    /// `time`, and when the test centre posts it (`result_minutes` later;
    /// stream (seed, `health.rapid-test-outcome`, person, test)): POSITIVE for
    /// an infected person with the probability of a PCR test of the day times
    /// the rapid test's relative sensitivity by days since the symptom onset,
    /// for an uninfected one with 1 − its specificity.
    func rapidTest(_ person: Int, number: Int, at time: Int64, disease: DiseaseState) -> (TestResult, Int64) {
        guard let rapid = testing.rapidAntigen else { preconditionFailure("a rapid test without testing.rapid_antigen") }
        var draw = RandomStream.derive(
            seed: seed, subsystem: StreamName.rapidTestOutcome, entity: UInt64(person), index: UInt64(number))
        let days = Double(time - startTime) / 86_400
        let positive: Double
        if disease.infectionTime[person] < days {
            let pcr = 1 - testing.falseNegativeRate(daysSinceInfection: days - disease.infectionTime[person])
            let sinceOnset = disease.symptomatic[person] ? days - disease.onset[person] : nil
            positive = pcr * rapid.sensitivity(daysSinceOnset: sinceOnset)
        } else {
            positive = 1 - rapid.specificity
        }
        let result: TestResult = draw.nextUnitDouble() < positive ? .positive : .negative
        return (result, time + Int64(rapid.resultMinutes * 60))
    }

    /// The kind of test a warned user takes: a rapid antigen test with
    /// `testing.rapid_antigen.warned_share` (stream (seed, `health.test-kind`,
    /// person), drawn only when the scenario has rapid tests), else PCR.
    func warnedTestKind(_ person: Int) -> TestKind {
        guard let rapid = testing.rapidAntigen, rapid.warnedShare > 0 else { return .pcr }
        var draw = RandomStream(seed: seed, subsystem: StreamName.testKind, entity: UInt64(person))
        return draw.nextUnitDouble() < rapid.warnedShare ? .rapidAntigen : .pcr
    }

    /// What a warned user does, with the scenario's probabilities (stream
    /// (seed, `health.warned`, person)): gets tested (by PCR or, where the
    /// scenario has them, a rapid antigen test: ``warnedTestKind(_:)``), stays
    /// home for the quarantine days, or else gives up shopping and leisure for them.
    mutating func respondToWarning(_ person: Int, at time: Int64) {
        var draw = RandomStream(seed: seed, subsystem: StreamName.warnedResponse, entity: UInt64(person))
        let test = draw.nextUnitDouble()
        let delay = -response.warnedTestDelayHours * Foundation.log(1 - draw.nextUnitDouble())
        let quarantine = draw.nextUnitDouble()
        let reduce = draw.nextUnitDouble()
        if test < response.warnedTestProbability {
            book(person, at: time + Int64(delay * 3600), reason: .warning, test: warnedTestKind(person))
        }
        let from = dayIndex(time) + 1
        let until = from + Int32(response.quarantineDays)
        if quarantine < response.warnedQuarantineProbability {
            stayHome(person, from: from, until: until, isolation: false)
        } else if reduce < response.warnedReduceContactsProbability {
            reducedUntilDay[person] = max(reducedUntilDay[person], until)
        }
    }

    /// Keeps `person` home from day `from` until day `until` (exclusive). An
    /// isolation that starts during a quarantine turns the rest of the stay
    /// into isolation; a quarantine during an isolation extends it as isolation.
    mutating func stayHome(_ person: Int, from: Int32, until: Int32, isolation: Bool) {
        let active = homeUntilDay[person] >= from && homeFromDay[person] <= until
        homeIsIsolation[person] = isolation || (active && homeIsIsolation[person])
        homeFromDay[person] = active ? min(homeFromDay[person], from) : from
        homeUntilDay[person] = active ? max(homeUntilDay[person], until) : until
    }
}
