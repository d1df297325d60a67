import Foundation
import Yams

/// A strict reader over one YAML mapping, shared by every layer that reads
/// configuration files (scenarios, radio parameters, services, sweeps, labels).
///
/// Every value goes through a typed, range-checked accessor that names the
/// file and the dotted field path on failure; numbers must be plain scalars
/// (`"12"` in quotes is text, not a number). ``finish()`` rejects the first key
/// that no accessor asked for, listing the keys that were expected, so a typo
/// never passes silently.
///
/// An empty value (`key:` with nothing after it, `~` or `null`) reads as an
/// empty mapping: optional fields keep their defaults and required fields are
/// reported missing.
package final class YAMLSection {
    /// The file name used in error messages.
    package let file: String
    /// The dotted field path of this mapping (empty at the document root).
    package let path: String
    private let entries: [(key: String, value: Node)]
    /// Keys an accessor asked for, present or not (the expected keys).
    private var asked: Set<String> = []
    /// Keys that were present and read, or skipped.
    private var read: Set<String> = []

    /// Parses `text`; nil when the document is empty.
    package static func parseDocument(_ text: String, file: String) throws(InputError) -> YAMLSection? {
        guard let root = try StrictYAML.compose(text, file: file) else { return nil }
        return try YAMLSection(node: root, file: file, path: "")
    }

    /// Parses `text` and returns the root mapping; an empty document is an error.
    package static func parse(_ text: String, file: String) throws(InputError) -> YAMLSection {
        guard let root = try parseDocument(text, file: file) else {
            throw InputError(file: file, problem: "the document is empty")
        }
        return root
    }

    /// Reads the UTF-8 file at `url`.
    package static func readText(_ url: URL) throws(InputError) -> String {
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw InputError(file: url.path, problem: "cannot read the file (\(error.localizedDescription))")
        }
    }

    /// Reads and parses the YAML file at `url`, with `overrides` applied to
    /// the document before it is read (``FieldOverride``).
    package static func load(_ url: URL, overrides: [FieldOverride] = []) throws(InputError) -> YAMLSection {
        guard !overrides.isEmpty else { return try parse(readText(url), file: url.path) }
        let file = url.path
        guard var root = try StrictYAML.compose(try readText(url), file: file) else {
            throw InputError(file: file, problem: "the document is empty")
        }
        for override in overrides { root = try override.apply(to: root, file: file) }
        return try YAMLSection(node: root, file: file, path: "")
    }

    /// A reader over `node`, found at the dotted `path` of `file`.
    package init(node: Node, file: String, path: String) throws(InputError) {
        self.file = file
        self.path = path
        if Self.isNull(node) {
            entries = []
            return
        }
        guard let mapping = node.mapping else {
            throw InputError(
                file: file, field: path.isEmpty ? nil : path,
                problem: "expected a mapping of keys to values, found \(Self.describe(node))")
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

    /// How a node is named in error messages.
    static func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): return "'\(scalar.string)'"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    /// The full field path of `key` in this mapping.
    package func fieldPath(_ key: String) -> String { Self.join(path, key) }

    /// The keys present, in document order.
    package var keys: [String] { entries.map(\.key) }

    /// Whether `key` is present (does not count as reading it).
    package func has(_ key: String) -> Bool { entries.contains { $0.key == key } }

    func node(_ key: String) -> Node? {
        asked.insert(key)
        guard let entry = entries.first(where: { $0.key == key }) else { return nil }
        read.insert(key)
        return entry.value
    }

    /// Marks `key` as handled by someone else (for sections other layers parse).
    package func skip(_ key: String) {
        asked.insert(key)
        read.insert(key)
    }

    /// Fails with the first key that was never read, naming the expected keys.
    package func finish() throws(InputError) {
        guard let unknown = entries.first(where: { !read.contains($0.key) }) else { return }
        let expected = asked.isEmpty ? "" : " (expected one of: \(asked.sorted().joined(separator: ", ")))"
        throw InputError(file: file, field: fieldPath(unknown.key), problem: "unknown key\(expected)")
    }

    private func missing(_ key: String) -> InputError {
        InputError(file: file, field: fieldPath(key), problem: "required field is missing")
    }

    /// An error about `key` (for cross-field checks by callers).
    package func fail(_ key: String, _ text: String) -> InputError {
        InputError(file: file, field: fieldPath(key), problem: text)
    }

    // MARK: Mappings

    /// A nested mapping, required.
    package func section(_ key: String) throws(InputError) -> YAMLSection {
        guard let value = node(key) else { throw missing(key) }
        return try YAMLSection(node: value, file: file, path: fieldPath(key))
    }

    /// A nested mapping, or nil when absent.
    package func optionalSection(_ key: String) throws(InputError) -> YAMLSection? {
        guard let value = node(key) else { return nil }
        return try YAMLSection(node: value, file: file, path: fieldPath(key))
    }

    /// Each key of a nested mapping, as a section (for maps of named entries).
    package func namedSections(_ key: String) throws(InputError) -> [(name: String, section: YAMLSection)] {
        let outer = try section(key)
        var result: [(String, YAMLSection)] = []
        for name in outer.keys {
            result.append((name, try outer.section(name)))
        }
        return result
    }

    /// A list of mappings, each as a section whose field path is `key[i]`;
    /// nil when absent. A value that is not a list, or an element that is not
    /// a mapping, is an error naming the field.
    package func optionalSectionList(_ key: String) throws(InputError) -> [YAMLSection]? {
        guard let value = node(key) else { return nil }
        guard let sequence = value.sequence else { throw fail(key, "expected a list of mappings, found \(Self.describe(value))") }
        var result: [YAMLSection] = []
        for (index, element) in sequence.enumerated() {
            result.append(try YAMLSection(node: element, file: file, path: "\(fieldPath(key))[\(index)]"))
        }
        return result
    }

    // MARK: Numbers

    /// A real number in `range`.
    package func double(_ key: String, in range: ClosedRange<Double>) throws(InputError) -> Double {
        guard let value = node(key) else { throw missing(key) }
        return try checkedDouble(value, field: fieldPath(key), range: range)
    }

    /// A real number in `range`, or `fallback` when absent.
    package func double(_ key: String, in range: ClosedRange<Double>, default fallback: Double) throws(InputError) -> Double {
        guard let value = node(key) else { return fallback }
        return try checkedDouble(value, field: fieldPath(key), range: range)
    }

    private func checkedDouble(_ value: Node, field: String, range: ClosedRange<Double>) throws(InputError) -> Double {
        guard let scalar = Self.plainScalar(value),
            let number = Double(scalar.string.trimmingCharacters(in: .whitespaces)), number.isFinite
        else {
            throw InputError(file: file, field: field, problem: "expected a number, found \(Self.describe(value))")
        }
        guard range.contains(number) else {
            throw InputError(
                file: file, field: field,
                problem: "\(scalar.string) is out of range \(range.lowerBound)...\(range.upperBound)")
        }
        return number
    }

    /// An integer in `range`.
    package func int(_ key: String, in range: ClosedRange<Int>) throws(InputError) -> Int {
        guard let value = node(key) else { throw missing(key) }
        return try checkedInt(value, key: key, range: range)
    }

    /// An integer in `range`, or `fallback` when absent.
    package func int(_ key: String, in range: ClosedRange<Int>, default fallback: Int) throws(InputError) -> Int {
        guard let value = node(key) else { return fallback }
        return try checkedInt(value, key: key, range: range)
    }

    private func checkedInt(_ value: Node, key: String, range: ClosedRange<Int>) throws(InputError) -> Int {
        guard let scalar = Self.plainScalar(value), let number = Int(scalar.string.replacingOccurrences(of: "_", with: "")) else {
            throw fail(key, "expected an integer, found \(Self.describe(value))")
        }
        guard range.contains(number) else {
            throw fail(key, "\(number) is out of range \(range.lowerBound)...\(range.upperBound)")
        }
        return number
    }

    /// A list of numbers, each in `range`, with `count` elements if given.
    package func doubles(_ key: String, in range: ClosedRange<Double>, count: ClosedRange<Int>? = nil) throws(InputError) -> [Double] {
        guard let value = node(key) else { throw missing(key) }
        guard let sequence = value.sequence else { throw fail(key, "expected a list of numbers, found \(Self.describe(value))") }
        var result: [Double] = []
        for (index, element) in sequence.enumerated() {
            result.append(try checkedDouble(element, field: "\(fieldPath(key))[\(index)]", range: range))
        }
        if let count, !count.contains(result.count) {
            let expected = count.lowerBound == count.upperBound ? "\(count.lowerBound)" : "\(count.lowerBound)...\(count.upperBound)"
            throw fail(key, "expected \(expected) values, found \(result.count)")
        }
        return result
    }

    /// A list of numbers as ``doubles(_:in:count:)``, or `fallback` when absent.
    package func doubles(
        _ key: String, in range: ClosedRange<Double>, count: ClosedRange<Int>? = nil, default fallback: [Double]
    ) throws(InputError) -> [Double] {
        guard has(key) else {
            asked.insert(key)
            return fallback
        }
        return try doubles(key, in: range, count: count)
    }

    /// A scalar written without quotes (quoted text is never a number).
    private static func plainScalar(_ node: Node) -> Node.Scalar? {
        guard let scalar = node.scalar, scalar.style == .plain || scalar.style == .any else { return nil }
        return scalar
    }

    // MARK: Text

    /// A string, required.
    package func string(_ key: String) throws(InputError) -> String {
        guard let value = node(key) else { throw missing(key) }
        guard let scalar = value.scalar else { throw fail(key, "expected text, found \(Self.describe(value))") }
        return scalar.string
    }

    /// A string, or `fallback` when absent.
    package func string(_ key: String, default fallback: String) throws(InputError) -> String {
        guard has(key) else {
            asked.insert(key)
            return fallback
        }
        return try string(key)
    }

    /// One of `choices` (or `fallback` when absent and a fallback is given).
    package func choice(_ key: String, from choices: [String], default fallback: String? = nil) throws(InputError) -> String {
        if !has(key), let fallback {
            asked.insert(key)
            return fallback
        }
        let value = try string(key)
        guard choices.contains(value) else {
            throw fail(key, "'\(value)' is not one of \(choices.joined(separator: ", "))")
        }
        return value
    }

    /// `true` or `false`, or `fallback` when absent.
    package func bool(_ key: String, default fallback: Bool) throws(InputError) -> Bool {
        try choice(key, from: ["true", "false"], default: fallback ? "true" : "false") == "true"
    }

    /// A non-empty string of at most 64 printable ASCII characters without
    /// spaces (identifiers such as a region code or key id), or `fallback` when absent.
    package func identifier(_ key: String, default fallback: String) throws(InputError) -> String {
        guard has(key) else {
            asked.insert(key)
            return fallback
        }
        let text = try string(key)
        guard !text.isEmpty, text.utf8.count <= 64, text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            throw fail(key, "expected 1 to 64 printable ASCII characters without spaces, found '\(text)'")
        }
        return text
    }

    /// A list of strings.
    package func strings(_ key: String) throws(InputError) -> [String] {
        guard let value = node(key) else { throw missing(key) }
        guard let sequence = value.sequence else { throw fail(key, "expected a list of text values, found \(Self.describe(value))") }
        var result: [String] = []
        for (index, element) in sequence.enumerated() {
            guard let scalar = element.scalar else {
                throw InputError(
                    file: file, field: "\(fieldPath(key))[\(index)]", problem: "expected text, found \(Self.describe(element))")
            }
            result.append(scalar.string)
        }
        return result
    }

    // MARK: Referenced files

    /// The file named by `key`, resolved against `folder` unless absolute;
    /// it must exist and be a file.
    ///
    /// - Throws: ``InputError`` naming this file and the field when it does not.
    package func file(_ key: String, relativeTo folder: URL) throws(InputError) -> URL {
        try Self.existingFile(try string(key), relativeTo: folder) { (problem: String) -> InputError in fail(key, problem) }
    }

    /// The files named by the list `key`, each resolved against `folder`
    /// unless absolute; every one must exist (an error names `key[i]`).
    package func files(_ key: String, relativeTo folder: URL) throws(InputError) -> [URL] {
        var urls: [URL] = []
        for (index, name) in try strings(key).enumerated() {
            urls.append(
                try Self.existingFile(name, relativeTo: folder) { (problem: String) -> InputError in
                    InputError(file: file, field: "\(fieldPath(key))[\(index)]", problem: problem)
                })
        }
        return urls
    }

    static func existingFile(_ name: String, relativeTo folder: URL, error: (String) -> InputError) throws(InputError) -> URL {
        let url = URL(fileURLWithPath: name, relativeTo: folder).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw error("the file '\(name)' does not exist (\(url.path); relative paths are relative to this file's folder)")
        }
        guard !isDirectory.boolValue else { throw error("'\(name)' is a folder, not a file") }
        return url
    }
}
