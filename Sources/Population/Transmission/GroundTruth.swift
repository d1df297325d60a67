/// Who infected whom, when and through which encounter.
package struct InfectionRecord: Sendable, Equatable, Codable {
    package var person: Int32
    /// The infector, or −1 for a seeded infection.
    package var infector: Int32
    /// Infection time in days since the start of day 0 (negative for seeds infected before the run).
    package var time: Double
    /// Day and index of the causing encounter in that day's stream (−1 for seeds).
    package var day: Int32
    package var encounter: Int32
    /// The causing encounter's setting (`Setting.rawValue`, 255 for seeds), true
    /// minimum distance (m, −1 for seeds), duration (min) and dose (0 for seeds).
    package var setting: UInt8
    package var minimumDistance: Float
    package var durationMinutes: Int16
    package var dose: Float
    /// Course: incubation (days), symptom onset (days since day 0), symptomatic or not.
    package var incubationDays: Double
    package var onset: Double
    package var symptomatic: Bool
}

/// Outcome of an encounter between an infectious and a susceptible person.
package enum ExposureOutcome: UInt8, Sendable, Codable {
    /// The transmission draw failed.
    case notInfected = 0
    /// This encounter infected the exposed person.
    case infected = 1
    /// The draw succeeded but an earlier encounter the same day had already infected the person.
    case alreadyInfected = 2
    /// The exposed person had been infected before the day began (no draw).
    case notSusceptible = 3
}

/// Every encounter with an infectious person, one record per infectious side, infecting or not.
package struct ExposureRecord: Sendable, Equatable, Codable {
    package var day: Int32
    package var encounter: Int32
    package var infector: Int32
    package var exposed: Int32
    package var setting: UInt8
    package var startMinute: Int16
    package var durationMinutes: Int16
    package var minimumDistance: Float
    /// Σ minutes · f_dist(d) · f_inf(τ) · (asymptomatic factor).
    package var dose: Float
    /// 1 − exp(−β · dose).
    package var probability: Float
    /// Days since the infector's symptom onset at the start of the encounter.
    package var infectorDaysSinceOnset: Float
    package var outcome: ExposureOutcome
}
