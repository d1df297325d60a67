import Foundation
import Yams

/// A parsed YAML or JSON document: mappings keep their key order, scalars their
/// resolved YAML type, so that readers can reject wrong types and unknown keys
/// with the exact field path.
package indirect enum DocumentTree: Sendable {
    case map([(key: String, value: DocumentTree)])
    case list([DocumentTree])
    case scalar(DocumentScalar)

    /// Parses `text` from `file`: as strict JSON if the file name ends in
    /// `.json` or the text starts with `{` or `[` (see ``isJSON(file:text:)``),
    /// otherwise as YAML 1.1.
    package static func parse(_ text: String, file: String) throws -> DocumentTree {
        if isJSON(file: file, text: text) {
            return try StrictJSONParser.parse(Array(text.utf8), file: file)
        }
        guard let node = try StrictYAML.compose(text, file: file) else { throw InputError(file: file, problem: "the file is empty") }
        return try convert(node, file: file, path: "")
    }

    /// Whether a document is read as JSON: its name ends in `.json`, or its
    /// first character other than white space is `{` or `[` (WarnSim's YAML
    /// files never start with a flow collection).
    package static func isJSON(file: String, text: String) -> Bool {
        if file.lowercased().hasSuffix(".json") { return true }
        let first = text.utf8.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    private static func convert(_ node: Node, file: String, path: String) throws -> DocumentTree {
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
            var pairs: [(key: String, value: DocumentTree)] = []
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
package enum DocumentScalar: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)

    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int: "an integer"
        case .double: "a number"
        case .string(let text): "the text \"\(text)\""
        }
    }
}

