import Foundation

/// A parsed JSON value that keeps the distinctions strict input validation
/// needs (integer vs. fraction vs. Boolean), which `JSONSerialization`'s
/// `NSNumber` bridging blurs on some platforms.
public enum JSONValue: Decodable, Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var items = [JSONValue]()
            while !list.isAtEnd { items.append(try list.decode(JSONValue.self)) }
            self = .array(items)
            return
        }
        if let object = try? decoder.container(keyedBy: AnyCodingKey.self) {
            var fields = [String: JSONValue]()
            for key in object.allKeys { fields[key.stringValue] = try object.decode(JSONValue.self, forKey: key) }
            self = .object(fields)
            return
        }
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if let flag = try? value.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? value.decode(Int64.self) {
            self = .integer(integer)
        } else if let number = try? value.decode(Double.self) {
            self = .number(number)
        } else {
            self = .string(try value.decode(String.self))
        }
    }

    /// Parses JSON bytes.
    public static func parse(_ data: Data) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// The integer, if this is an integral number (`3` or `3.0`).
    public var integerValue: Int64? {
        switch self {
        case .integer(let value): return value
        case .number(let value) where value.rounded() == value && abs(value) < 9e15: return Int64(value)
        default: return nil
        }
    }

    /// The number, if this is a number.
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .number(let value): return value
        default: return nil
        }
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }
}

/// A coding key for any string.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}
