import Foundation
import WarnSimCore
import Yams

/// A strict reader over one YAML mapping: every value is read through a typed,
/// range-checked accessor that names the field path on failure, and
/// ``finish()`` rejects keys that nobody read (typos never pass silently).
public final class YAMLSection {
    /// The file name used in error messages.
    public let file: String
    /// The dotted field path of this mapping (empty at the document root).
    public let path: String
    private let entries: [(key: String, value: Node)]
    private var read: Set<String> = []

    /// Parses `text` and returns the root mapping.
    public static func parse(_ text: String, file: String) throws -> YAMLSection {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            throw InputError(file: file, problem: "malformed YAML: \(error)")
        }
        guard let root else { throw InputError(file: file, problem: "the document is empty") }
        return try YAMLSection(node: root, file: file, path: "")
    }

    /// Reads and parses the YAML file at `url`.
    public static func load(_ url: URL) throws -> YAMLSection {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw InputError(file: url.path, problem: "cannot read the file (\(error.localizedDescription))")
        }
        return try parse(text, file: url.path)
    }

    init(node: Node, file: String, path: String) throws {
        self.file = file
        self.path = path
        guard let mapping = node.mapping else {
            throw InputError(file: file, field: path.isEmpty ? nil : path, problem: "expected a mapping of keys to values")
        }
        var entries: [(String, Node)] = []
        var seen: Set<String> = []
        for (key, value) in mapping {
            guard let name = key.string else {
                throw InputError(file: file, field: path.isEmpty ? nil : path, problem: "keys must be strings")
            }
            guard seen.insert(name).inserted else {
                throw InputError(file: file, field: Self.join(path, name), problem: "duplicate key")
            }
            entries.append((name, value))
        }
        self.entries = entries
    }

    static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The full field path of `key` in this mapping.
    public func fieldPath(_ key: String) -> String { Self.join(path, key) }

    /// The keys present, in document order.
    public var keys: [String] { entries.map(\.key) }

    /// Whether `key` is present.
    public func has(_ key: String) -> Bool { entries.contains { $0.key == key } }

    func node(_ key: String) -> Node? {
        guard let entry = entries.first(where: { $0.key == key }) else { return nil }
        read.insert(key)
        return entry.value
    }

    /// Marks `key` as handled by someone else (for sections other layers parse).
    public func skip(_ key: String) { read.insert(key) }

    /// Fails with the first key that was never read.
    public func finish() throws {
        if let unknown = entries.first(where: { !read.contains($0.key) }) {
            throw InputError(file: file, field: fieldPath(unknown.key), problem: "unknown key")
        }
    }

    private func missing(_ key: String) -> InputError {
        InputError(file: file, field: fieldPath(key), problem: "required field is missing")
    }

    private func problem(_ key: String, _ text: String) -> InputError {
        InputError(file: file, field: fieldPath(key), problem: text)
    }

    /// A nested mapping, required.
    public func section(_ key: String) throws -> YAMLSection {
        guard let value = node(key) else { throw missing(key) }
        return try YAMLSection(node: value, file: file, path: fieldPath(key))
    }

    /// A nested mapping, or nil when absent.
    public func optionalSection(_ key: String) throws -> YAMLSection? {
        guard let value = node(key) else { return nil }
        return try YAMLSection(node: value, file: file, path: fieldPath(key))
    }

    /// A real number in `range`.
    public func double(_ key: String, in range: ClosedRange<Double>) throws -> Double {
        guard let value = node(key) else { throw missing(key) }
        return try checkedDouble(value, key: key, range: range)
    }

    /// A real number in `range`, or `fallback` when absent.
    public func double(_ key: String, in range: ClosedRange<Double>, default fallback: Double) throws -> Double {
        guard let value = node(key) else { return fallback }
        return try checkedDouble(value, key: key, range: range)
    }

    private func checkedDouble(_ value: Node, key: String, range: ClosedRange<Double>) throws -> Double {
        guard let scalar = value.scalar, let number = Double(scalar.string.trimmingCharacters(in: .whitespaces)), number.isFinite else {
            throw problem(key, "expected a number")
        }
        guard range.contains(number) else {
            throw problem(key, "\(scalar.string) is out of range \(range.lowerBound)...\(range.upperBound)")
        }
        return number
    }

    /// An integer in `range`.
    public func int(_ key: String, in range: ClosedRange<Int>) throws -> Int {
        guard let value = node(key) else { throw missing(key) }
        return try checkedInt(value, key: key, range: range)
    }

    /// An integer in `range`, or `fallback` when absent.
    public func int(_ key: String, in range: ClosedRange<Int>, default fallback: Int) throws -> Int {
        guard let value = node(key) else { return fallback }
        return try checkedInt(value, key: key, range: range)
    }

    private func checkedInt(_ value: Node, key: String, range: ClosedRange<Int>) throws -> Int {
        guard let scalar = value.scalar, let number = Int(scalar.string.replacingOccurrences(of: "_", with: "")) else {
            throw problem(key, "expected an integer")
        }
        guard range.contains(number) else {
            throw problem(key, "\(number) is out of range \(range.lowerBound)...\(range.upperBound)")
        }
        return number
    }

    /// A string, required.
    public func string(_ key: String) throws -> String {
        guard let value = node(key) else { throw missing(key) }
        guard let scalar = value.scalar else { throw problem(key, "expected a string") }
        return scalar.string
    }

    /// A string, or `fallback` when absent.
    public func string(_ key: String, default fallback: String) throws -> String {
        guard has(key) else { return fallback }
        return try string(key)
    }

    /// One of `choices`.
    public func choice(_ key: String, from choices: [String], default fallback: String? = nil) throws -> String {
        if !has(key), let fallback { return fallback }
        let value = try string(key)
        guard choices.contains(value) else {
            throw problem(key, "'\(value)' is not one of \(choices.joined(separator: ", "))")
        }
        return value
    }

    /// A list of numbers, each in `range`, with `count` elements if given.
    public func doubles(_ key: String, in range: ClosedRange<Double>, count: ClosedRange<Int>? = nil) throws -> [Double] {
        guard let value = node(key) else { throw missing(key) }
        guard let sequence = value.sequence else { throw problem(key, "expected a list of numbers") }
        var result: [Double] = []
        for (index, element) in sequence.enumerated() {
            guard let scalar = element.scalar, let number = Double(scalar.string), number.isFinite else {
                throw InputError(file: file, field: "\(fieldPath(key))[\(index)]", problem: "expected a number")
            }
            guard range.contains(number) else {
                throw InputError(file: file, field: "\(fieldPath(key))[\(index)]",
                                 problem: "\(scalar.string) is out of range \(range.lowerBound)...\(range.upperBound)")
            }
            result.append(number)
        }
        if let count, !count.contains(result.count) {
            throw problem(key, "expected \(count.lowerBound == count.upperBound ? "\(count.lowerBound)" : "\(count.lowerBound)...\(count.upperBound)") values, found \(result.count)")
        }
        return result
    }

    /// A list of strings.
    public func strings(_ key: String) throws -> [String] {
        guard let value = node(key) else { throw missing(key) }
        guard let sequence = value.sequence else { throw problem(key, "expected a list of text values") }
        return try sequence.enumerated().map { index, element in
            guard let scalar = element.scalar else {
                throw InputError(file: file, field: "\(fieldPath(key))[\(index)]", problem: "expected text")
            }
            return scalar.string
        }
    }

    /// Each key of a nested mapping, as a section (for maps of named entries).
    public func namedSections(_ key: String) throws -> [(name: String, section: YAMLSection)] {
        let outer = try section(key)
        var result: [(String, YAMLSection)] = []
        for name in outer.keys {
            result.append((name, try outer.section(name)))
        }
        return result
    }

    /// Raises an error about `key` (for cross-field checks by callers).
    public func fail(_ key: String, _ text: String) -> InputError { problem(key, text) }
}
