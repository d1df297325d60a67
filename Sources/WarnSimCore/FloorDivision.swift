extension Int64 {
    /// Division rounding towards negative infinity (a UTC day from Unix seconds
    /// before 1970 stays on the right day).
    public func floorDivided(by divisor: Int64) -> Int64 {
        let q = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? q - 1 : q
    }
}
