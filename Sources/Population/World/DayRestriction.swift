/// What keeps a person from their usual day: nothing, fewer contacts (no
/// shopping or leisure, the way to work or school kept), or staying home all
/// day (quarantine or isolation). Set per person and day by the layer that
/// models how people respond to test results and warnings; the world plans
/// each person's day accordingly, so infections that staying home prevents
/// never happen.
package enum DayRestriction: UInt8, Sendable, Hashable, CaseIterable {
    /// The person's usual day.
    case none = 0
    /// No shopping and no leisure; work, school and daycare as usual.
    case reducedContacts = 1
    /// The whole day at home (household contacts only).
    case stayHome = 2
}
