import Population

/// One encounter of an app user with an infectious person (app or not), with
/// the true distance over time: the input of the close-contact and dose labels.
public struct StoredExposure: Hashable, Sendable {
    /// Day of the run and index of the encounter in that day's stream.
    public var day: Int
    public var encounter: Int
    public var infector: Int
    /// The app user exposed.
    public var exposed: Int
    public var setting: UInt8
    public var outcome: ExposureOutcome
    /// Dose received (units of the exponential dose-response model of Wilson et al. 2021).
    public var dose: Float
    /// Piecewise-constant true distance: minutes after midnight of `day`, half-open.
    public var segments: [Segment]

    public struct Segment: Hashable, Sendable {
        public var start: Int16
        public var end: Int16
        public var distance: Float

        public init(start: Int16, end: Int16, distance: Float) {
            self.start = start
            self.end = end
            self.distance = distance
        }
    }

    public init(
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
