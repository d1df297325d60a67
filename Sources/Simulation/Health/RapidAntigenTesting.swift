import Foundation
import WarnSimCore

/// Rapid antigen tests (`testing.rapid_antigen:`): from Corona-Warn-App 2.1
/// (May 2021) a positive rapid test taken at a partner test centre could be
/// registered in the app by its QR code and shared like a PCR result (heise
/// online, "Corona-Warn-App: Schnelltest-Ergebnisse jetzt eintragbar", May 2021;
/// cwa-website FAQ "rapid test", PR #1183: "The rapid test is treated equally to
/// the PCR test by the Corona-Warn-App"). Only a scenario with this section has
/// rapid tests; every field but `warned_share` has a cited default, declared once
/// in ``Fields``.
///
/// A rapid test of an infected person is positive with the probability that a
/// PCR test of the same day would be (``TestingConfig/falseNegativeByDay``)
/// times the rapid test's sensitivity relative to PCR by days since symptom
/// onset (``sensitivity(daysSinceOnset:)``); of an uninfected person, with
/// 1 − `specificity`.
package struct RapidAntigenTesting: Sendable, Hashable {
    /// Share of the tests warned users take that are rapid antigen tests.
    package var warnedShare: Double
    /// Sensitivity relative to PCR before the symptom onset, and of infections
    /// that stay without symptoms.
    package var sensitivityBeforeOnset: Double
    /// Sensitivity relative to PCR by whole days since the symptom onset
    /// (index 0: the day of onset); the last value holds for later days.
    package var sensitivityByOnsetDay: [Double]
    /// Share of uninfected people whose rapid test is negative.
    package var specificity: Double
    /// Minutes from the swab to the result in the app.
    package var resultMinutes: Double

    package init(
        warnedShare: Double, sensitivityBeforeOnset: Double = Fields.sensitivityBeforeOnset.defaultReal,
        sensitivityByOnsetDay: [Double] = Fields.sensitivityByOnsetDay.defaultReals,
        specificity: Double = Fields.specificity.defaultReal, resultMinutes: Double = Fields.resultMinutes.defaultReal
    ) {
        self.warnedShare = warnedShare
        self.sensitivityBeforeOnset = sensitivityBeforeOnset
        self.sensitivityByOnsetDay = sensitivityByOnsetDay
        self.specificity = specificity
        self.resultMinutes = resultMinutes
    }

    /// Basile et al. 2021's ratios of Panbio Ag-RDT to NAAT positivity among
    /// symptomatic cases (Viruses 13(5):908, Table 3, row "Total"), by whole
    /// days since onset: days 0–7 the transmission period's 84.2 % / 93.1 %,
    /// from day 8 the post-transmission period's 53.8 % / 80.7 %.
    package static let basileSensitivityByOnsetDay: [Double] = Array(repeating: 0.904, count: 8) + [0.667]

    /// The sensitivity relative to PCR of a rapid test taken `days` days
    /// (fractional) after the symptom onset; nil `days` (before the onset, or an
    /// infection without symptoms) gives ``sensitivityBeforeOnset``.
    package func sensitivity(daysSinceOnset days: Double?) -> Double {
        guard let days, days >= 0 else { return sensitivityBeforeOnset }
        return sensitivityByOnsetDay[min(Int(days), sensitivityByOnsetDay.count - 1)]
    }

    /// Parses `testing.rapid_antigen` through its declarations (``Fields``);
    /// nil when the section is absent (no rapid tests).
    package static func parse(_ section: DocumentSection?) throws(InputError) -> RapidAntigenTesting? {
        guard let section else { return nil }
        // The fields with defaults first: a value out of range is reported
        // even when the required `warned_share` is missing too.
        let sensitivityBeforeOnset = try section.double(Fields.sensitivityBeforeOnset)
        let sensitivityByOnsetDay = try section.doubles(Fields.sensitivityByOnsetDay)
        let specificity = try section.double(Fields.specificity)
        let resultMinutes = try section.double(Fields.resultMinutes)
        let testing = RapidAntigenTesting(
            warnedShare: try section.double(Fields.warnedShare), sensitivityBeforeOnset: sensitivityBeforeOnset,
            sensitivityByOnsetDay: sensitivityByOnsetDay, specificity: specificity, resultMinutes: resultMinutes)
        try section.finish()
        return testing
    }
}
