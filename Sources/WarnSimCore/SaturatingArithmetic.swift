extension Int {
    /// `self + other`, clamped to `Int.min…Int.max` instead of trapping on
    /// overflow: the sum the risk engines use for input-controlled values, so
    /// that no configuration or window can crash a run.
    ///
    /// - Parameter other: the value to add.
    /// - Returns: the exact sum, or `Int.max` / `Int.min` when it does not fit.
    @inlinable
    public func saturatingAdding(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? .max : .min
    }

    /// `self − other`, clamped to `Int.min…Int.max` instead of trapping on
    /// overflow.
    ///
    /// - Parameter other: the value to subtract.
    /// - Returns: the exact difference, or `Int.max` / `Int.min` when it does not
    ///   fit.
    @inlinable
    public func saturatingSubtracting(_ other: Int) -> Int {
        let (difference, overflow) = subtractingReportingOverflow(other)
        guard overflow else { return difference }
        return other < 0 ? .max : .min
    }

    /// `self × other`, clamped to `Int.min…Int.max` instead of trapping on
    /// overflow.
    ///
    /// - Parameter other: the factor.
    /// - Returns: the exact product, or `Int.max` / `Int.min` (by the sign the
    ///   exact product would have) when it does not fit.
    @inlinable
    public func saturatingMultiplied(by other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        guard overflow else { return product }
        return (self < 0) == (other < 0) ? .max : .min
    }
}
