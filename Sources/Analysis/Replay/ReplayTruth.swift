/// When a replayed case counts as truly at risk: at least `minutes` minutes
/// at or within `distanceMetres` metres.
package struct ReplayTruth: Hashable, Sendable {
    /// The truth distance in metres (inclusive).
    package var distanceMetres: Double
    /// The minimum minutes within that distance (inclusive).
    package var minutes: Double

    /// Creates the criterion.
    ///
    /// - Parameters:
    ///   - distanceMetres: distances at or below this count (metres, ≥ 0).
    ///   - minutes: a case with at least this many minutes within the distance is at risk.
    package init(distanceMetres: Double = 2, minutes: Double = 15) {
        self.distanceMetres = distanceMetres
        self.minutes = minutes
    }

    /// Whether `minutesWithin` minutes at or within the distance make a case at risk.
    ///
    /// - Parameter minutesWithin: the case's minutes at or within the truth distance.
    /// - Returns: `minutesWithin ≥ minutes`.
    package func isAtRisk(minutesWithin: Double) -> Bool { minutesWithin >= minutes }
}
