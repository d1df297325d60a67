import Foundation

/// The counts behind the figures Ferretti et al. measured on 7 million
/// contacts notified by the NHS COVID-19 app (Nature 2023, "Digital
/// measurement of SARS-CoV-2 transmission risk from 7 million contacts",
/// doi:10.1038/s41586-023-06952-2): which share of the notified contacts, and
/// of those who then reported a positive test, were household contacts, and
/// how long their exposures lasted. One tally per run; tallies of different
/// runs add up to the tally of the runs together (a bootstrap resamples them).
///
/// A warned phone's exposure is the total time of the exposure windows it had
/// detected by its warning whose keys belong to the uploader behind the
/// warning (``WarningSources``) and that the run's configuration counted (not
/// dropped by its filters), over all days: the app's measurement of that
/// contact, as the study's durations are. Its household is the `home` source.
/// "Later positive" is `metrics.csv`'s definition: the user registered a test
/// in the app after the warning that came back positive, as the study counts
/// a transmission by a reported positive test.
package struct WarningSourceTally: Sendable, Hashable {
    package var warned = 0
    package var householdWarned = 0
    package var laterPositive = 0
    package var householdLaterPositive = 0
    /// Exposure hours of every warned phone, and of those later positive.
    package var exposureHours: [Double] = []
    package var laterPositiveExposureHours: [Double] = []

    package init() {}

    /// Adds one warned phone.
    package mutating func add(household: Bool, laterPositive positive: Bool, exposureHours hours: Double) {
        warned += 1
        exposureHours.append(hours)
        if household { householdWarned += 1 }
        if positive {
            laterPositive += 1
            laterPositiveExposureHours.append(hours)
            if household { householdLaterPositive += 1 }
        }
    }

    package static func + (lhs: Self, rhs: Self) -> Self {
        var sum = lhs
        sum.warned += rhs.warned
        sum.householdWarned += rhs.householdWarned
        sum.laterPositive += rhs.laterPositive
        sum.householdLaterPositive += rhs.householdLaterPositive
        sum.exposureHours += rhs.exposureHours
        sum.laterPositiveExposureHours += rhs.laterPositiveExposureHours
        return sum
    }

    /// The figures a validation registry can name (`measure.column` of a
    /// `run-metric` figure, beside ``FieldOutcomes/columns``).
    package static let columns = [
        "household_share_of_warnings", "household_share_of_warned_later_positive", "exposure_hours_median_warned",
        "exposure_hours_median_warned_later_positive",
    ]

    /// The value of a column by name, nil for an unknown name; NaN when the
    /// tally holds nobody to take it over.
    package func value(of column: String) -> Double? {
        func share(_ part: Int, _ whole: Int) -> Double { whole == 0 ? .nan : Double(part) / Double(whole) }
        switch column {
        case "household_share_of_warnings": return share(householdWarned, warned)
        case "household_share_of_warned_later_positive": return share(householdLaterPositive, laterPositive)
        case "exposure_hours_median_warned": return Self.quantile(exposureHours, 0.5)
        case "exposure_hours_median_warned_later_positive": return Self.quantile(laterPositiveExposureHours, 0.5)
        default: return nil
        }
    }

    /// The `p` quantile (type 7, as ``BootstrapInterval``'s) of `values`, NaN when empty.
    package static func quantile(_ values: [Double], _ p: Double) -> Double {
        values.isEmpty ? .nan : BootstrapInterval.quantile(values.sorted(), p)
    }
}
