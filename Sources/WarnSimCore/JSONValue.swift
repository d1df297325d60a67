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

    /// Parses JSON bytes with the one strict JSON reader (``StrictJSONParser``):
    /// duplicate keys, trailing commas, comments and `NaN` are refused.
    public static func parse(_ data: Data, file: String = "JSON") throws -> JSONValue {
        JSONValue(try StrictJSONParser.parse(Array(data), file: file))
    }

    /// Parses a JSON object, as the manifests of run folders are: the strict
    /// reader's error (naming the file, the line and column or the duplicate
    /// key), or "is not a JSON object" for any other value.
    package static func parseObject(_ data: Data, file: String) throws(InputError) -> [String: JSONValue] {
        let value: JSONValue
        do {
            value = try parse(data, file: file)
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(file: file, problem: "is not JSON (\(error))")
        }
        guard case .object(let fields) = value else { throw InputError(file: file, problem: "is not a JSON object") }
        return fields
    }

    /// The value of a parsed document (an object's key order is not kept).
    init(_ tree: DocumentTree) {
        switch tree {
        case .map(let pairs):
            self = .object(Dictionary(pairs.map { ($0.key, JSONValue($0.value)) }, uniquingKeysWith: { first, _ in first }))
        case .list(let items): self = .array(items.map(JSONValue.init))
        case .scalar(.null): self = .null
        case .scalar(.bool(let flag)): self = .bool(flag)
        case .scalar(.int(let integer)): self = .integer(Int64(integer))
        case .scalar(.double(let number)): self = .number(number)
        case .scalar(.string(let text)): self = .string(text)
        }
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
