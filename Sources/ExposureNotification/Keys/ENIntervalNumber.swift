import Foundation

/// The Exposure Notification interval number: the count of 10-minute slots since
/// the Unix epoch, `floor(unix_seconds / 600)` (Google/Apple, Exposure
/// Notification Cryptography Specification v1.2.1, April 2020).
public struct ENIntervalNumber: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: UInt32

    /// Seconds per interval.
    public static let secondsPerInterval: Int64 = 600
    /// Intervals per UTC day, which is also the default `TEKRollingPeriod`.
    public static let intervalsPerDay: UInt32 = 144

    /// Creates the interval number.
    ///
    /// - Parameter rawValue: 10-minute intervals since 1970-01-01 00:00 UTC.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Creates the interval number.
    ///
    /// - Parameter value: 10-minute intervals since 1970-01-01 00:00 UTC.
    public init(_ value: UInt32) {
        self.rawValue = value
    }

    /// The interval containing `unixSeconds` (which must not be negative).
    ///
    /// - Parameter unixSeconds: seconds since 1970-01-01 00:00 UTC, ≥ 0; the
    ///   interval is `floor(unixSeconds / 600)`.
    public init(unixSeconds: Int64) {
        precondition(unixSeconds >= 0, "ENIntervalNumber is defined from the Unix epoch on")
        self.rawValue = UInt32(truncatingIfNeeded: unixSeconds / Self.secondsPerInterval)
    }

    /// The interval containing `date`.
    ///
    /// - Parameter date: a date at or after the Unix epoch; fractions of a second
    ///   are rounded down.
    public init(date: Date) {
        self.init(unixSeconds: Int64(date.timeIntervalSince1970.rounded(.down)))
    }

    /// The first interval of the UTC day containing this interval:
    /// `144 × floor(ENIN / 144)`, where a TEK's rolling period starts.
    public var dayStart: ENIntervalNumber {
        ENIntervalNumber(rawValue: rawValue - rawValue % Self.intervalsPerDay)
    }

    /// The UTC day number (days since 1970-01-01).
    public var dayNumber: UInt32 { rawValue / Self.intervalsPerDay }

    /// Unix seconds at the start of the interval.
    public var unixSeconds: Int64 { Int64(rawValue) * Self.secondsPerInterval }

    public var date: Date { Date(timeIntervalSince1970: TimeInterval(unixSeconds)) }

    /// The interval `intervals` 10-minute steps later (earlier when negative).
    ///
    /// - Parameter intervals: the number of intervals to move; the result must stay
    ///   within `UInt32`.
    /// - Returns: the moved interval number.
    public func advanced(by intervals: Int) -> ENIntervalNumber {
        ENIntervalNumber(rawValue: UInt32(Int(rawValue) + intervals))
    }

    /// Orders interval numbers in time.
    ///
    /// - Parameters:
    ///   - lhs: an interval number.
    ///   - rhs: another interval number.
    /// - Returns: whether `lhs` is earlier than `rhs`.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { String(rawValue) }
}
