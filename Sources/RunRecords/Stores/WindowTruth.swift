/// The real contact behind an exposure window.
package struct WindowTruth: Hashable, Sendable {
    /// Minutes the two people were within radio range during the window's span.
    package var minutes: Float
    /// Smallest true distance in that span (metres), −1 if none.
    package var minimumDistance: Float
    /// Dose the phone's owner received from the key's owner in that span
    /// (units of the exponential dose-response model of Wilson et al. 2021, Risk
    /// Analysis, doi 10.1111/risa.13768; 0 if the key's owner was not infectious).
    package var dose: Float

    /// A window's truth from its three measurements.
    package init(minutes: Float, minimumDistance: Float, dose: Float) {
        self.minutes = minutes
        self.minimumDistance = minimumDistance
        self.dose = dose
    }
}
