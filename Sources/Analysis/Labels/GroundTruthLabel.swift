/// Which phones count as really at risk: the ground truth that warnings are
/// measured against (issue #6; all four are reported, one is primary).
public enum GroundTruthLabel: String, CaseIterable, Sendable, Hashable {
    /// Infected in an encounter with an app user who uploaded keys: the
    /// infections the app could have detected.
    case detectable
    /// Infected in any encounter (seeded infections excluded).
    case infected
    /// At least X minutes within Y metres of one infectious person on one day.
    case closeContact = "close_contact"
    /// Total dose from infectious people above a threshold.
    case dose

    /// Column prefix in metrics files (`close_contact_precision`, …).
    public var columnPrefix: String { rawValue + "_" }
}
