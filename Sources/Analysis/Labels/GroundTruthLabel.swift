/// Which phones count as really at risk: the ground truth that warnings are
/// measured against (issue #6; all are reported, one is primary).
package enum GroundTruthLabel: String, CaseIterable, Sendable, Hashable {
    /// Infected in an encounter with an app user who uploaded keys: the
    /// infections the app could have detected.
    case detectable
    /// Infected in any encounter (seeded infections excluded).
    case infected
    /// At least X minutes within Y metres of one infectious person on one day.
    case closeContact = "close_contact"
    /// Total dose from infectious people above a threshold.
    case dose
    /// The probability that the phone's user was infected in an encounter
    /// with an app user who uploaded keys, from the transmission model's own
    /// dose–response over every encounter the run recorded: the expectation
    /// of `detectable` given the encounters (a Rao–Blackwellised label; see
    /// ``ExpectedInfection``). Counts are expected phones, not whole phones.
    case expected

    /// Whether a phone is at risk with a probability rather than yes or no.
    package var isProbabilistic: Bool { self == .expected }

    /// Column prefix in metrics files (`close_contact_precision`, …).
    package var columnPrefix: String { rawValue + "_" }
}
