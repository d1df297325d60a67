import Foundation
import WarnSimCore

extension DocumentTree {
    /// Reads and parses a file.
    static func load(path: String) throws -> DocumentTree {
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
}

/// A value at a field path of a file, with typed accessors that fail with an
/// `InputError` naming the file, the path and the problem.
struct FieldReader {
    let file: String
    let path: String
    let tree: DocumentTree

    init(file: String, path: String = "", tree: DocumentTree) {
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

    func child(_ key: String, _ tree: DocumentTree) -> FieldReader {
        FieldReader(file: file, path: path.isEmpty ? key : "\(path).\(key)", tree: tree)
    }
}

/// A mapping's fields.
struct MapReader {
    let reader: FieldReader
    let pairs: [(key: String, value: DocumentTree)]

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
