/// Who infected whom, when and through which encounter.
public struct InfectionRecord: Sendable, Equatable, Codable {
    public var person: Int32
    /// The infector, or −1 for a seeded infection.
    public var infector: Int32
    /// Infection time in days since the start of day 0 (negative for seeds infected before the run).
    public var time: Double
    /// Day and index of the causing encounter in that day's stream (−1 for seeds).
    public var day: Int32
    public var encounter: Int32
    /// The causing encounter's setting (`Setting.rawValue`, 255 for seeds), true
    /// minimum distance (m, −1 for seeds), duration (min) and dose (0 for seeds).
    public var setting: UInt8
    public var minimumDistance: Float
    public var durationMinutes: Int16
    public var dose: Float
    /// Course: incubation (days), symptom onset (days since day 0), symptomatic or not.
    public var incubationDays: Double
    public var onset: Double
    public var symptomatic: Bool
}

/// Outcome of an encounter between an infectious and a susceptible person.
public enum ExposureOutcome: UInt8, Sendable, Codable {
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
public struct ExposureRecord: Sendable, Equatable, Codable {
    public var day: Int32
    public var encounter: Int32
    public var infector: Int32
    public var exposed: Int32
    public var setting: UInt8
    public var startMinute: Int16
    public var durationMinutes: Int16
    public var minimumDistance: Float
    /// Σ minutes · f_dist(d) · f_inf(τ) · (asymptomatic factor).
    public var dose: Float
    /// 1 − exp(−β · dose).
    public var probability: Float
    /// Days since the infector's symptom onset at the start of the encounter.
    public var infectorDaysSinceOnset: Float
    public var outcome: ExposureOutcome
}
