import Population

/// One encounter of an app user with an infectious person (app or not), with
/// the true distance over time: the input of the close-contact and dose labels.
package struct StoredExposure: Hashable, Sendable {
    /// Day of the run and index of the encounter in that day's stream.
    package var day: Int
    package var encounter: Int
    package var infector: Int
    /// The app user exposed.
    package var exposed: Int
    package var setting: UInt8
    package var outcome: ExposureOutcome
    /// Dose received (units of the exponential dose-response model of Wilson et al. 2021).
    package var dose: Float
    /// Piecewise-constant true distance: minutes after midnight of `day`, half-open.
    package var segments: [Segment]

    package struct Segment: Hashable, Sendable {
        package var start: Int16
        package var end: Int16
        package var distance: Float

        package init(start: Int16, end: Int16, distance: Float) {
            self.start = start
            self.end = end
            self.distance = distance
        }
    }

    package init(
        day: Int, encounter: Int, infector: Int, exposed: Int, setting: UInt8, outcome: ExposureOutcome,
        dose: Float, segments: [Segment]
    ) {
        self.day = day
        self.encounter = encounter
        self.infector = infector
        self.exposed = exposed
        self.setting = setting
        self.outcome = outcome
        self.dose = dose
        self.segments = segments
    }
}
