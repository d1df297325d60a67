import RiskCalculation

/// Decides when the app notifies its user about exposure risk (E04.01: if the
/// risk assessment changes, a notification says there is news in the app; it
/// never states the result itself).
package struct RiskChangeNotifier: Hashable, Sendable {
    /// The total risk level of the last calculation, if any.
    package private(set) var lastLevel: RiskLevel?
    /// Whether the user granted notifications at onboarding (E01.05).
    package var notificationsPermitted: Bool

    package init(notificationsPermitted: Bool) {
        self.notificationsPermitted = notificationsPermitted
    }

    /// Records a calculation's level; returns true if the user is notified.
    package mutating func record(_ level: RiskLevel) -> Bool {
        defer { lastLevel = level }
        guard notificationsPermitted else { return false }
        guard let lastLevel else { return level == .high }
        return lastLevel != level
    }
}
