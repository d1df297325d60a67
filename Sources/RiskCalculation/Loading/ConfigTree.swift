import Foundation
import WarnSimCore
import Yams

/// A parsed YAML or JSON document: mappings keep their key order, scalars their
/// resolved YAML type, so that readers can reject wrong types and unknown keys
/// with the exact field path.
indirect enum ConfigTree: Sendable {
    case map([(key: String, value: ConfigTree)])
    case list([ConfigTree])
    case scalar(ConfigScalar)

    /// Parses `text` from `file`: as strict JSON if the file name ends in
    /// `.json` or the text starts with `{` or `[` (see ``isJSON(file:text:)``),
    /// otherwise as YAML 1.1.
    static func parse(_ text: String, file: String) throws -> ConfigTree {
        if isJSON(file: file, text: text) {
            return try StrictJSONParser.parse(Array(text.utf8), file: file)
        }
        guard let node = try StrictYAML.compose(text, file: file) else { throw InputError(file: file, problem: "the file is empty") }
        return try convert(node, file: file, path: "")
    }

    /// Whether a document is read as JSON: its name ends in `.json`, or its
    /// first character other than white space is `{` or `[` (WarnSim's YAML
    /// files never start with a flow collection).
    static func isJSON(file: String, text: String) -> Bool {
        if file.lowercased().hasSuffix(".json") { return true }
        let first = text.utf8.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// Reads and parses a file.
    static func load(path: String) throws -> ConfigTree {
        try parse(readText(path: path), file: path)
    }

    /// Reads a UTF-8 text file of at most ``InputLimits/maximumFileBytes``, turning failures
    /// into input errors.
    static func readText(path: String) throws -> String {
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber,
            size.int64Value > Int64(InputLimits.maximumFileBytes)
        {
            throw InputError(
                file: path,
                problem: "the file has \(size.int64Value) bytes, more than the \(InputLimits.maximumFileBytes) (32 MiB) WarnSim reads")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(file: path, problem: "cannot read the file")
        }
        guard data.count <= InputLimits.maximumFileBytes else {
            throw InputError(file: path, problem: "the file has more than the \(InputLimits.maximumFileBytes) bytes (32 MiB) WarnSim reads")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw InputError(file: path, problem: "the file is not UTF-8 text")
        }
        return text
    }

    private static func convert(_ node: Node, file: String, path: String) throws -> ConfigTree {
        switch node {
        case .scalar(let scalar):
            switch Tag.Name(rawValue: node.tag.rawValue) {
            case .null: return .scalar(.null)
            case .bool: return .scalar(node.bool.map { .bool($0) } ?? .string(scalar.string))
            case .int:
                if let value = node.int { return .scalar(.int(value)) }
                return .scalar(.string(scalar.string))
            case .float: return .scalar(node.float.map { .double($0) } ?? .string(scalar.string))
            default: return .scalar(.string(scalar.string))
            }
        case .sequence(let sequence):
            return .list(try sequence.enumerated().map { try convert($1, file: file, path: "\(path)[\($0)]") })
        case .mapping(let mapping):
            var pairs: [(key: String, value: ConfigTree)] = []
            var seen = Set<String>()
            for (keyNode, valueNode) in mapping {
                guard case .scalar(let keyScalar) = keyNode else {
                    throw InputError(file: file, field: path.isEmpty ? nil : path, problem: "a mapping key is not a plain value")
                }
                let key = keyScalar.string
                let childPath = path.isEmpty ? key : "\(path).\(key)"
                guard seen.insert(key).inserted else {
                    throw InputError(file: file, field: childPath, problem: "duplicate key")
                }
                pairs.append((key, try convert(valueNode, file: file, path: childPath)))
            }
            return .map(pairs)
        case .alias:
            // Refused by `StrictYAML` before the tree is built; kept for exhaustiveness.
            throw InputError(file: file, field: path.isEmpty ? nil : path, problem: "YAML aliases are not supported")
        }
    }
}

/// A scalar with its resolved YAML type.
enum ConfigScalar: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)

    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int: "an integer"
        case .double: "a number"
        case .string(let text): "the text \"\(text)\""
        }
    }
}

/// A value at a field path of a file, with typed accessors that fail with an
/// `InputError` naming the file, the path and the problem.
struct FieldReader {
    let file: String
    let path: String
    let tree: ConfigTree

    init(file: String, path: String = "", tree: ConfigTree) {
        self.file = file
        self.path = path
        self.tree = tree
    }

    /// An error about this field.
    func error(_ problem: String) -> InputError {
        InputError(file: file, field: path.isEmpty ? nil : path, problem: problem)
    }

    var typeName: String {
        switch tree {
        case .map: "a mapping"
        case .list: "a list"
        case .scalar(let scalar): scalar.typeName
        }
    }

    var isNull: Bool {
        if case .scalar(.null) = tree { return true }
        return false
    }

    /// The mapping, after checking that it has no key outside `allowed`.
    func map(allowed: [String]) throws -> MapReader {
        guard case .map(let pairs) = tree else { throw error("expected a mapping, found \(typeName)") }
        let allowedSet = Set(allowed)
        for pair in pairs where !allowedSet.contains(pair.key) {
            throw child(pair.key, pair.value).error("unknown key (expected one of: \(allowed.joined(separator: ", ")))")
        }
        return MapReader(reader: self, pairs: pairs)
    }

    /// The list's elements.
    func list() throws -> [FieldReader] {
        guard case .list(let items) = tree else { throw error("expected a list, found \(typeName)") }
        return items.enumerated().map { FieldReader(file: file, path: "\(path)[\($0)]", tree: $1) }
    }

    /// A finite number (integer or decimal).
    func double() throws -> Double {
        switch tree {
        case .scalar(.int(let value)): return Double(value)
        case .scalar(.double(let value)):
            guard value.isFinite else { throw error("expected a finite number, found \(value)") }
            return value
        default: throw error("expected a number, found \(typeName)")
        }
    }

    /// An integer.
    func int() throws -> Int {
        guard case .scalar(.int(let value)) = tree else { throw error("expected an integer, found \(typeName)") }
        return value
    }

    /// `true` or `false`.
    func bool() throws -> Bool {
        guard case .scalar(.bool(let value)) = tree else { throw error("expected true or false, found \(typeName)") }
        return value
    }

    /// Any non-null scalar, as its text.
    func text() throws -> String {
        switch tree {
        case .scalar(.string(let value)): return value
        case .scalar(.int(let value)): return String(value)
        case .scalar(.double(let value)): return String(value)
        case .scalar(.bool(let value)): return String(value)
        default: throw error("expected text, found \(typeName)")
        }
    }

    func child(_ key: String, _ tree: ConfigTree) -> FieldReader {
        FieldReader(file: file, path: path.isEmpty ? key : "\(path).\(key)", tree: tree)
    }
}

/// A mapping's fields.
struct MapReader {
    let reader: FieldReader
    let pairs: [(key: String, value: ConfigTree)]

    /// The field `key`, or `nil` if absent.
    func optional(_ key: String) -> FieldReader? {
        pairs.first { $0.key == key }.map { reader.child(key, $0.value) }
    }

    /// The field `key`; its absence is an error.
    func required(_ key: String) throws -> FieldReader {
        guard let field = optional(key) else {
            throw InputError(file: reader.file, field: reader.path.isEmpty ? key : "\(reader.path).\(key)", problem: "missing field")
        }
        return field
    }

    func has(_ key: String) -> Bool { pairs.contains { $0.key == key } }
}
