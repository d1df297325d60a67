import Foundation

/// A JSON document as a value (objects as dictionaries), for the files
/// WarnSim reads as data rather than as configuration: run manifests, cluster
/// plans and key files. It is built from the one document tree
/// (``DocumentTree``, parsed by ``StrictJSONParser``) and keeps the
/// distinctions strict input validation needs (integer vs. fraction vs. Boolean).
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

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

    /// The value of a parsed JSON document (an object's key order is not
    /// kept). An unquoted scalar is `null`, `true`, `false` or a number, as
    /// the strict JSON reader guarantees; a number without fraction or
    /// exponent that fits `Int64` is an integer.
    init(_ tree: DocumentTree) {
        switch tree {
        case .map(let entries):
            self = .object(Dictionary(entries.map { ($0.key, JSONValue($0.value)) }, uniquingKeysWith: { first, _ in first }))
        case .list(let items): self = .array(items.map(JSONValue.init))
        case .scalar(let scalar) where scalar.isQuoted: self = .string(scalar.text)
        case .scalar(let scalar):
            switch scalar.text {
            case "null": self = .null
            case "true": self = .bool(true)
            case "false": self = .bool(false)
            default:
                if let integer = Int64(scalar.text) {
                    self = .integer(integer)
                } else {
                    self = .number(Double(scalar.text) ?? .nan)
                }
            }
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
