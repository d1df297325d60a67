import Foundation
import WarnSimCore
import Yams

/// A strict reader over one YAML mapping, following the conventions of the
/// project's other YAML readers: every value goes through a typed,
/// range-checked accessor that names the dotted field path on failure, and
/// ``finish()`` rejects keys nobody read, so a typo never passes silently.
struct ServicesYAMLSection {
    let file: String
    let path: String
    private let entries: [(key: String, value: Node)]

    /// An empty value (`key:` with nothing after it, `~` or `null`) reads as an
    /// empty mapping, so that `services:` alone means "all defaults".
    init(node: Node, file: String, path: String) throws(InputError) {
        self.file = file
        self.path = path
        if Self.isNull(node) {
            entries = []
            return
        }
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

    static func isNull(_ node: Node) -> Bool {
        guard case .scalar(let scalar) = node, scalar.style == .plain || scalar.style == .any else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func fieldPath(_ key: String) -> String { Self.join(path, key) }

    func node(_ key: String) -> Node? { entries.first { $0.key == key }?.value }

    /// Fails on the first key not in `known`.
    func finish(known: Set<String>) throws(InputError) {
        if let unknown = entries.first(where: { !known.contains($0.key) }) {
            throw InputError(
                file: file, field: fieldPath(unknown.key),
                problem: "unknown key (expected one of: \(known.sorted().joined(separator: ", ")))")
        }
    }

    func fail(_ key: String, _ problem: String) -> InputError {
        InputError(file: file, field: fieldPath(key), problem: problem)
    }

    /// A nested mapping, or nil when absent.
    func section(_ key: String) throws(InputError) -> ServicesYAMLSection? {
        guard let value = node(key) else { return nil }
        return try ServicesYAMLSection(node: value, file: file, path: fieldPath(key))
    }

    /// An integer in `range`, or `fallback` when absent. Quoted strings, Booleans
    /// and fractions are rejected.
    func int(_ key: String, in range: ClosedRange<Int>, default fallback: Int) throws(InputError) -> Int {
        guard let value = node(key) else { return fallback }
        guard let scalar = value.scalar, scalar.style == .plain || scalar.style == .any,
              let number = Int(scalar.string.replacingOccurrences(of: "_", with: ""))
        else {
            throw fail(key, "expected an integer, found \(Self.describe(value))")
        }
        guard range.contains(number) else {
            throw fail(key, "\(number) is out of range \(range.lowerBound)...\(range.upperBound)")
        }
        return number
    }

    /// A real number in `range`, or `fallback` when absent.
    func double(_ key: String, in range: ClosedRange<Double>, default fallback: Double) throws(InputError) -> Double {
        guard let value = node(key) else { return fallback }
        guard let scalar = value.scalar, scalar.style == .plain || scalar.style == .any,
              let number = Double(scalar.string.trimmingCharacters(in: .whitespaces)), number.isFinite
        else {
            throw fail(key, "expected a number, found \(Self.describe(value))")
        }
        guard range.contains(number) else {
            throw fail(key, "\(scalar.string) is out of range \(range.lowerBound)...\(range.upperBound)")
        }
        return number
    }

    /// A non-empty string of printable ASCII without spaces, or `fallback` when absent.
    func identifier(_ key: String, default fallback: String) throws(InputError) -> String {
        guard let value = node(key) else { return fallback }
        guard let scalar = value.scalar else { throw fail(key, "expected a string, found \(Self.describe(value))") }
        let text = scalar.string
        guard !text.isEmpty, text.utf8.count <= 64, text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            throw fail(key, "expected 1 to 64 printable ASCII characters without spaces, found '\(text)'")
        }
        return text
    }

    static func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): return "'\(scalar.string)'"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }
}
