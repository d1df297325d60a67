import Foundation
import Population

/// The measurement campaigns the radio fit reads. Leaving one out
/// (``RadioFitOptions/leftOut``) gives the fit of the other two, checked on
/// the one it did not see: the leave-one-data-set-out misfit of
/// `Configs/radio/README.md` and the variants of `Configs/radio/variants/`.
package enum RadioCampaign: String, CaseIterable, Sendable {
    /// DP-3T experiment 34: the only campaign on the EN scale in rooms (Samsung
    /// phones with rows in Google's calibration table).
    case dp3t
    /// Lanfer et al. 2022: slopes and spreads in an office, a bus, a train and a
    /// parking lot (uncalibrated receiver: no EN-scale level).
    case lanfer
    /// Leith & Farrell 2021: the EN API's attenuation between commuters' phones on a Dublin bus.
    case dublin

    /// The data set's name in `radio check`'s rows.
    package var dataSetName: String {
        switch self {
        case .dp3t: "dp3t-exp34"
        case .lanfer: LanferMeasurements.dataSetName
        case .dublin: DublinBusMeasurements.dataSetName
        }
    }
}
