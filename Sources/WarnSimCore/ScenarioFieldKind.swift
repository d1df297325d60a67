/// The type of a ``ScenarioField`` and the values it allows.
public enum ScenarioFieldKind: Sendable {
    /// A real number in the range.
    case real(ClosedRange<Double>)
    /// An integer in the range.
    case integer(ClosedRange<Int>)
    /// A list of real numbers, each in the range, with a number of elements in `count`.
    case reals(ClosedRange<Double>, count: ClosedRange<Int>)
    /// One of the listed words.
    case choice([String])
    /// `true` or `false`.
    case flag
    /// Any text.
    case text
    /// 1 to 64 printable ASCII characters without spaces.
    case identifier
    /// A date written YYYY-MM-DD.
    case date
    /// A file name, relative to the scenario file's folder.
    case file
    /// A mapping or list read by its own reader (named in the text), whose
    /// keys are declared as fields of their own where it has fixed keys.
    case structured(String)

    /// The type's name, as `warnsim scenario describe` prints it.
    public var typeName: String {
        switch self {
        case .real: "real"
        case .integer: "integer"
        case .reals: "list of reals"
        case .choice: "choice"
        case .flag: "true/false"
        case .text: "text"
        case .identifier: "identifier"
        case .date: "date"
        case .file: "file"
        case .structured: "structured"
        }
    }

    /// The allowed values, as `warnsim scenario describe` prints them.
    public var allowed: String {
        switch self {
        case .real(let range): Self.range(range.lowerBound.fieldText, range.upperBound.fieldText)
        case .integer(let range): Self.range("\(range.lowerBound)", "\(range.upperBound)")
        case .reals(let range, let count):
            "\(count.lowerBound == count.upperBound ? "\(count.lowerBound)" : "\(count.lowerBound) … \(count.upperBound)") values, each "
                + Self.range(range.lowerBound.fieldText, range.upperBound.fieldText)
        case .choice(let words): words.joined(separator: ", ")
        case .flag: "true, false"
        case .text: "text"
        case .identifier: "1 … 64 printable ASCII characters"
        case .date: "YYYY-MM-DD"
        case .file: "an existing file"
        case .structured(let reader): reader
        }
    }

    /// The type and the allowed values in one phrase (`real, 0 … 1`).
    public var summary: String { allowed == typeName ? typeName : "\(typeName), \(allowed)" }

    private static func range(_ low: String, _ high: String) -> String { "\(low) … \(high)" }
}

/// Whether a ``ScenarioField`` must be present, and what holds when it is absent.
public enum ScenarioFieldPresence: Sendable {
    /// The scenario must state the value.
    case required
    /// Absent means what the text says (for example "none").
    case optional(String)
    /// Absent means this value.
    case defaulted(ScenarioFieldValue)
}

/// A default value of a ``ScenarioField``.
public enum ScenarioFieldValue: Sendable, CustomStringConvertible {
    case real(Double)
    case integer(Int)
    case reals([Double])
    case text(String)
    case flag(Bool)

    public var description: String {
        switch self {
        case .real(let value): value.fieldText
        case .integer(let value): "\(value)"
        case .reals(let values): "[" + values.map(\.fieldText).joined(separator: ", ") + "]"
        case .text(let value): value
        case .flag(let value): value ? "true" : "false"
        }
    }
}

extension Double {
    /// The number as a scenario file would state it (`2` rather than `2.0`).
    var fieldText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : "\(self)"
    }
}
