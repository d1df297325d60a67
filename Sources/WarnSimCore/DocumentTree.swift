import Foundation
import Yams

/// A parsed YAML or JSON document, the one tree every configuration, registry,
/// manifest and key file is read from (through ``DocumentSection``, or
/// ``JSONValue`` for JSON read as data).
///
/// Mappings keep their key order and refuse duplicate keys. A scalar keeps the
/// text it was written as and whether it was quoted, so that readers can tell
/// `12` (a number) from `"12"` (text) in YAML as in JSON, and name the value
/// as written in their errors.
package indirect enum DocumentTree: Sendable, Equatable {
    case map([DocumentEntry])
    case list([DocumentTree])
    case scalar(DocumentScalar)

    /// Parses `text` from `file`; nil for an empty YAML document.
    ///
    /// The text is read as strict JSON (``StrictJSONParser``) if the file name
    /// ends in `.json` or the text starts with `{` or `[` (see
    /// ``isJSON(file:text:)``), otherwise as YAML 1.1 (``StrictYAML``).
    ///
    /// - Throws: ``InputError`` naming `file` and the line or field of a
    ///   syntax error, a duplicate key or a key that is not plain text.
    package static func compose(_ text: String, file: String) throws(InputError) -> DocumentTree? {
        if isJSON(file: file, text: text) {
            return try StrictJSONParser.parse(Array(text.utf8), file: file)
        }
        return try composeYAML(text, file: file)
    }

    /// Parses `text` as YAML whatever it starts with (a `--set` value such as
    /// `[low, high]` is a YAML flow list); nil for an empty document.
    package static func composeYAML(_ text: String, file: String) throws(InputError) -> DocumentTree? {
        guard let node = try StrictYAML.compose(text, file: file) else { return nil }
        return try DocumentTree(node, file: file, path: "")
    }

    /// Parses `text` as ``compose(_:file:)`` does; an empty document is an error.
    package static func parse(_ text: String, file: String) throws(InputError) -> DocumentTree {
        guard let tree = try compose(text, file: file) else { throw InputError(file: file, problem: "the document is empty") }
        return tree
    }

    /// Whether a document is read as JSON: its name ends in `.json`, or its
    /// first character other than white space is `{` or `[` (WarnSim's YAML
    /// files never start with a flow collection).
    package static func isJSON(file: String, text: String) -> Bool {
        if file.lowercased().hasSuffix(".json") { return true }
        let first = text.utf8.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// The largest file read: 32 MiB, a thousand times the CWA test-vector files
    /// (35 kB), refused before it is read.
    package static let maximumFileBytes = 32 << 20

    /// Reads and parses the file at `path` (at most ``maximumFileBytes``); an
    /// empty document is an error.
    package static func load(path: String) throws(InputError) -> DocumentTree {
        try parse(readText(path: path), file: path)
    }

    /// The UTF-8 text of the file at `path`, of at most ``maximumFileBytes``.
    ///
    /// - Throws: ``InputError`` naming the file when it cannot be read, is
    ///   larger or is not UTF-8.
    package static func readText(path: String) throws(InputError) -> String {
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber,
            size.int64Value > Int64(maximumFileBytes)
        {
            throw InputError(
                file: path, problem: "the file has \(size.int64Value) bytes, more than the \(maximumFileBytes) (32 MiB) WarnSim reads")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(file: path, problem: "cannot read the file")
        }
        guard data.count <= maximumFileBytes else {
            throw InputError(file: path, problem: "the file has more than the \(maximumFileBytes) bytes (32 MiB) WarnSim reads")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw InputError(file: path, problem: "the file is not UTF-8 text")
        }
        return text
    }

    /// The tree of a YAML node, found at the dotted `path` of `file`.
    init(_ node: Node, file: String, path: String) throws(InputError) {
        switch node {
        case .scalar(let scalar):
            self = .scalar(DocumentScalar(text: scalar.string, isQuoted: !(scalar.style == .plain || scalar.style == .any)))
        case .sequence(let sequence):
            var items: [DocumentTree] = []
            for (index, element) in sequence.enumerated() { items.append(try DocumentTree(element, file: file, path: "\(path)[\(index)]")) }
            self = .list(items)
        case .mapping(let mapping):
            var entries: [DocumentEntry] = []
            var seen = Set<String>()
            for (keyNode, valueNode) in mapping {
                guard case .scalar(let keyScalar) = keyNode else {
                    throw InputError(file: file, field: path.isEmpty ? nil : path, problem: "keys must be strings")
                }
                let key = keyScalar.string
                let childPath = DocumentSection.join(path, key)
                guard seen.insert(key).inserted else { throw InputError(file: file, field: childPath, problem: "duplicate key") }
                entries.append(DocumentEntry(key: key, value: try DocumentTree(valueNode, file: file, path: childPath)))
            }
            self = .map(entries)
        case .alias:
            // Refused by `StrictYAML` before the node is built; kept for exhaustiveness.
            throw InputError(file: file, field: path.isEmpty ? nil : path, problem: "YAML aliases are not supported")
        }
    }

    /// Whether this is an empty or null scalar (`key:` with nothing after it,
    /// `~`, `null`), which readers take as an empty mapping.
    package var isNull: Bool {
        guard case .scalar(let scalar) = self else { return false }
        return scalar.isNull
    }

    /// How the value is named in error messages.
    package var described: String {
        switch self {
        case .scalar(let scalar): "'\(scalar.text)'"
        case .map: "a mapping"
        case .list: "a list"
        }
    }

    /// The value of `key` if this is a mapping that has it.
    package subscript(key: String) -> DocumentTree? {
        guard case .map(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }
}

/// One key of a mapping and its value.
package struct DocumentEntry: Sendable, Equatable {
    package var key: String
    package var value: DocumentTree

    package init(key: String, value: DocumentTree) {
        self.key = key
        self.value = value
    }
}

/// A scalar as written: its text and whether it was quoted (or, in YAML, a
/// block scalar). Only an unquoted scalar is read as a number, a Boolean or
/// null; JSON's numbers, `true`, `false` and `null` are unquoted, its strings quoted.
package struct DocumentScalar: Sendable, Equatable {
    package var text: String
    package var isQuoted: Bool

    package init(text: String, isQuoted: Bool) {
        self.text = text
        self.isQuoted = isQuoted
    }

    /// An empty or null scalar: unquoted `""`, `~`, `null`, `Null` or `NULL` (YAML 1.1).
    package var isNull: Bool { !isQuoted && ["", "~", "null", "Null", "NULL"].contains(text) }

    /// The finite number an unquoted scalar spells, nil otherwise.
    package var number: Double? {
        guard !isQuoted, let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
        return value
    }

    /// Whether an unquoted scalar spells an infinity or NaN: YAML's `.inf`,
    /// `-.inf`, `.nan` (any case YAML 1.1 allows) or a number beyond `Double`'s range.
    package var isNonFiniteNumber: Bool {
        guard !isQuoted else { return false }
        let word = text.trimmingCharacters(in: .whitespaces)
        let unsigned = word.hasPrefix("-") || word.hasPrefix("+") ? String(word.dropFirst()) : word
        if [".inf", ".Inf", ".INF", ".nan", ".NaN", ".NAN"].contains(unsigned) { return true }
        guard let value = Double(word) else { return false }
        return !value.isFinite
    }

    /// The integer an unquoted scalar spells (YAML's `_` digit separators
    /// allowed), nil otherwise.
    package var integer: Int? {
        guard !isQuoted else { return nil }
        return Int(text.replacingOccurrences(of: "_", with: ""))
    }
}
