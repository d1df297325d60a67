import Population
import WarnSimCore

/// The parameters of the ground-truth labels and of timely warnings.
package struct LabelOptions: Sendable, Hashable {
    /// How close-contact minutes add up on one day with one infectious person.
    package enum ContactMode: String, Sendable, Hashable, CaseIterable {
        /// All minutes within the distance, over all encounters of the day.
        case cumulative
        /// The longest unbroken stretch within the distance in one encounter.
        case continuous
    }

    /// The primary label: its metrics are the unprefixed columns.
    package var primary: GroundTruthLabel = .detectable
    /// Close contact: at least 15 minutes within 2 metres, cumulative over a
    /// day. Source: ECDC, "Contact tracing: public health management of persons,
    /// including healthcare workers, having had contact with COVID-19 cases in
    /// the European Union", 2nd update, 8 April 2020 (high-risk exposure:
    /// face-to-face within 2 m for more than 15 minutes), with the cumulative
    /// reading of CDC's 21 October 2020 definition (15 minutes in 24 hours).
    package var closeContactMinutes: Double = 15
    package var closeContactMetres: Double = 2
    package var closeContactMode: ContactMode = .cumulative
    /// Dose threshold; nil means the dose of the close-contact criterion at peak
    /// infectiousness: `closeContactMinutes × f_dist(closeContactMetres) × 1`
    /// under the run's distance model (close contact as in RKI, NHS and CDC guidance:
    /// about 15 minutes within 1.5–2 m).
    package var doseThreshold: Double?
    /// A warning is timely if it comes within this many days of the exposure:
    /// 5 days, the median incubation period (Lauer et al. 2020, Ann Intern Med
    /// 172:577), after which a warned contact would typically
    /// already have symptoms.
    package var warnedWithinDays: Double = 5

    package init() {}

    /// The dose threshold in effect for a run with `model`.
    package func doseThreshold(for model: DistanceDoseModel) -> Double {
        doseThreshold ?? closeContactMinutes * Double(model.weight(distance: Float(closeContactMetres)))
    }

    /// Reads the `labels:` section of a sweep or evaluate options file.
    package static func read(_ section: DocumentSection) throws -> LabelOptions {
        var options = LabelOptions()
        let primary = try section.choice("primary", from: GroundTruthLabel.allCases.map(\.rawValue), default: options.primary.rawValue)
        options.primary = GroundTruthLabel(rawValue: primary)!
        options.closeContactMinutes = try section.double("close_contact_minutes", in: 0.5...1440, default: options.closeContactMinutes)
        options.closeContactMetres = try section.double("close_contact_metres", in: 0.1...10, default: options.closeContactMetres)
        let mode = try section.choice(
            "close_contact_mode", from: ContactMode.allCases.map(\.rawValue), default: options.closeContactMode.rawValue)
        options.closeContactMode = ContactMode(rawValue: mode)!
        if section.has("dose_threshold") {
            options.doseThreshold = try section.double("dose_threshold", in: 1e-9...1e9)
        }
        options.warnedWithinDays = try section.double("warned_within_days", in: 0...60, default: options.warnedWithinDays)
        try section.finish()
        return options
    }
}
