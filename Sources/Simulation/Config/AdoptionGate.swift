import Population

/// What keeps a smartphone owner from running the app at all, before any
/// choice to install: a minimum age in the app's terms, and phones whose
/// operating system cannot run the Exposure Notification framework.
///
/// Both are optional scenario fields (`app.minimum_age`,
/// `app.supported_phone_share`) that multiply `app.adoption_by_age` ×
/// `app.adoption_scale`; left out, they restrict nothing, and the adoption
/// scale then stands for every smartphone owner.
/// Sources for values an analyst may set (Configs/scenarios/README.md):
/// Immuni's onboarding requires users to confirm they are 14 or older (Immuni
/// product description, "Privacy"; immuni-documentation Technology.md,
/// "Onboarding"); the German government estimated that the Corona-Warn-App
/// ran on more than 85 % of the smartphones in Germany (government spokesman
/// S. Seibert, 22 June 2020, reported by Der Spiegel: "Corona-Warn-App könnte
/// auf 85 Prozent der Smartphones laufen"), the rest being iPhones that cannot
/// run iOS 13.5 and phones below Android 6.
package struct AdoptionGate: Sendable, Hashable {
    /// Youngest age allowed to use the app (0: no age gate).
    package var minimumAge: Int
    /// Share of smartphones whose operating system can run exposure notifications.
    package var supportedPhoneShare: Double

    package init(minimumAge: Int = 0, supportedPhoneShare: Double = 1) {
        self.minimumAge = minimumAge
        self.supportedPhoneShare = supportedPhoneShare
    }

    /// The oldest age WarnSim's age groups distinguish for a minimum age: the
    /// 65+ group is open, so a gate can only fall within 0–18.
    package static let ages = 0...18

    /// The share of `group`'s smartphone owners who may run the app: the
    /// supported phones, times the part of the group at or above the minimum
    /// age. Within a group every single year of age is assumed equally
    /// common (WarnSim's people carry no finer age than their group).
    ///
    /// - Parameter group: An age group.
    /// - Returns: A factor in 0…1 on the group's adoption.
    package func factor(for group: AgeGroup) -> Double {
        let (first, last): (Int, Int) =
            switch group {
            case .preschool: (0, 5)
            case .pupil: (6, 17)
            case .adult: (18, 64)
            case .senior: (65, 65)
            }
        let allowed = Double(max(0, last + 1 - max(minimumAge, first))) / Double(last + 1 - first)
        return supportedPhoneShare * allowed
    }
}
