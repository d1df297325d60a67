import Foundation

/// A strict reader over one mapping of a YAML or JSON document
/// (``DocumentTree``): the one document reader, shared by every layer that
/// reads configuration files (scenarios, radio parameters, services, sweeps,
/// labels, risk configurations, exposure-window files).
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
package final class DocumentSection {
    /// The file name used in error messages.
    package let file: String
    /// The dotted field path of this mapping (empty at the document root).
    package let path: String
    private let entries: [DocumentEntry]
    /// Keys an accessor asked for, present or not (the expected keys).
    private var asked: Set<String> = []
    /// Keys that were present and read, or skipped.
    private var read: Set<String> = []

    /// Parses `text` (YAML, or JSON as ``DocumentTree/compose(_:file:)`` decides); nil when the document is empty.
    package static func parseDocument(_ text: String, file: String) throws(InputError) -> DocumentSection? {
        guard let root = try DocumentTree.compose(text, file: file) else { return nil }
        return try DocumentSection(root, file: file, path: "")
    }

    /// Parses `text` and returns the root mapping; an empty document is an error.
    package static func parse(_ text: String, file: String) throws(InputError) -> DocumentSection {
        guard let root = try parseDocument(text, file: file) else {
            throw InputError(file: file, problem: "the document is empty")
        }
        return root
    }

    /// Reads the UTF-8 file at `url` (at most ``DocumentTree/maximumFileBytes``).
    package static func readText(_ url: URL) throws(InputError) -> String {
        try DocumentTree.readText(path: url.path)
    }

    /// Reads and parses the file at `url`, with `overrides` applied to the
    /// document before it is read (``FieldOverride``).
    package static func load(_ url: URL, overrides: [FieldOverride] = []) throws(InputError) -> DocumentSection {
        let file = url.path
        guard var root = try DocumentTree.compose(try readText(url), file: file) else {
            throw InputError(file: file, problem: "the document is empty")
        }
        for override in overrides { root = try override.apply(to: root, file: file) }
        return try DocumentSection(root, file: file, path: "")
    }

    /// A reader over `tree`, found at the dotted `path` of `file`; an empty or
    /// null value reads as an empty mapping.
    ///
    /// - Throws: ``InputError`` naming the file and `path` when `tree` is a list or a scalar.
    package init(_ tree: DocumentTree, file: String, path: String) throws(InputError) {
        self.file = file
        self.path = path
        if tree.isNull {
            entries = []
            return
        }
        guard case .map(let entries) = tree else {
            throw InputError(
                file: file, field: path.isEmpty ? nil : path,
                problem: "expected a mapping of keys to values, found \(tree.described)")
        }
        self.entries = entries
    }

    /// The mappings of a list found at the dotted `path` of `file`, each a
    /// reader whose path is `path[i]`.
    ///
    /// - Throws: ``InputError`` naming the file and the path when `tree` is
    ///   not a list or an element is not a mapping.
    package static func list(_ tree: DocumentTree, file: String, path: String) throws(InputError) -> [DocumentSection] {
        guard case .list(let items) = tree else {
            throw InputError(file: file, field: path.isEmpty ? nil : path, problem: "expected a list of mappings, found \(tree.described)")
        }
        var result: [DocumentSection] = []
        result.reserveCapacity(items.count)
        for (index, element) in items.enumerated() {
            result.append(try DocumentSection(element, file: file, path: "\(path)[\(index)]"))
        }
        return result
    }

    static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The full field path of `key` in this mapping.
    package func fieldPath(_ key: String) -> String { Self.join(path, key) }

    /// The keys present, in document order.
    package var keys: [String] { entries.map(\.key) }

    /// Whether `key` is present (does not count as reading it).
    package func has(_ key: String) -> Bool { entries.contains { $0.key == key } }

    func node(_ key: String) -> DocumentTree? {
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

    /// An error about this mapping itself (for checks across its fields).
    package func error(_ text: String) -> InputError {
        InputError(file: file, field: path.isEmpty ? nil : path, problem: text)
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
    package func section(_ key: String) throws(InputError) -> DocumentSection {
        guard let value = node(key) else { throw missing(key) }
        return try DocumentSection(value, file: file, path: fieldPath(key))
    }

    /// A nested mapping, or nil when absent.
    package func optionalSection(_ key: String) throws(InputError) -> DocumentSection? {
        guard let value = node(key) else { return nil }
        return try DocumentSection(value, file: file, path: fieldPath(key))
    }

    /// Each key of a nested mapping, as a section (for maps of named entries).
    package func namedSections(_ key: String) throws(InputError) -> [(name: String, section: DocumentSection)] {
        let outer = try section(key)
        var result: [(String, DocumentSection)] = []
        for name in outer.keys {
            result.append((name, try outer.section(name)))
        }
        return result
    }

    /// A list of mappings, each as a section whose field path is `key[i]`;
    /// nil when absent. A value that is not a list, or an element that is not
    /// a mapping, is an error naming the field.
    package func optionalSectionList(_ key: String) throws(InputError) -> [DocumentSection]? {
        guard let value = node(key) else { return nil }
        return try Self.list(value, file: file, path: fieldPath(key))
    }

    /// A list of mappings as ``optionalSectionList(_:)``, required.
    package func sectionList(_ key: String) throws(InputError) -> [DocumentSection] {
        guard let list = try optionalSectionList(key) else { throw missing(key) }
        return list
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

    /// A finite number, or nil when absent.
    package func optionalDouble(_ key: String) throws(InputError) -> Double? {
        guard let value = node(key) else { return nil }
        return try checkedDouble(value, field: fieldPath(key), range: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
    }

    /// A finite number, required.
    package func double(_ key: String) throws(InputError) -> Double {
        try double(key, in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
    }

    private func checkedDouble(_ value: DocumentTree, field: String, range: ClosedRange<Double>) throws(InputError) -> Double {
        guard case .scalar(let scalar) = value, let number = scalar.number else {
            let expected = if case .scalar(let scalar) = value, scalar.isNonFiniteNumber { "a finite number" } else { "a number" }
            throw InputError(file: file, field: field, problem: "expected \(expected), found \(value.described)")
        }
        guard range.contains(number) else {
            throw InputError(
                file: file, field: field,
                problem: "\(scalar.text) is out of range \(range.lowerBound)...\(range.upperBound)")
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

    /// An integer, required.
    package func int(_ key: String) throws(InputError) -> Int { try int(key, in: Int.min...Int.max) }

    private func checkedInt(_ value: DocumentTree, key: String, range: ClosedRange<Int>) throws(InputError) -> Int {
        try checkedInt(value, field: fieldPath(key), range: range)
    }

    private func checkedInt(_ value: DocumentTree, field: String, range: ClosedRange<Int>) throws(InputError) -> Int {
        guard case .scalar(let scalar) = value, let number = scalar.integer else {
            throw InputError(file: file, field: field, problem: "expected an integer, found \(value.described)")
        }
        guard range.contains(number) else {
            throw InputError(file: file, field: field, problem: "\(number) is out of range \(range.lowerBound)...\(range.upperBound)")
        }
        return number
    }

    /// A list of integers, each in `range`.
    package func ints(_ key: String, in range: ClosedRange<Int> = Int.min...Int.max) throws(InputError) -> [Int] {
        guard let value = node(key) else { throw missing(key) }
        guard case .list(let items) = value else { throw fail(key, "expected a list of integers, found \(value.described)") }
        var result: [Int] = []
        for (index, element) in items.enumerated() {
            result.append(try checkedInt(element, field: "\(fieldPath(key))[\(index)]", range: range))
        }
        return result
    }

    /// A list of numbers, each in `range`, with `count` elements if given.
    package func doubles(_ key: String, in range: ClosedRange<Double>, count: ClosedRange<Int>? = nil) throws(InputError) -> [Double] {
        guard let value = node(key) else { throw missing(key) }
        guard case .list(let items) = value else { throw fail(key, "expected a list of numbers, found \(value.described)") }
        var result: [Double] = []
        for (index, element) in items.enumerated() {
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

    // MARK: Text

    /// A string, required.
    package func string(_ key: String) throws(InputError) -> String {
        guard let value = node(key) else { throw missing(key) }
        guard case .scalar(let scalar) = value else { throw fail(key, "expected text, found \(value.described)") }
        return scalar.text
    }

    /// The scalar at `key` as written (for fields whose type depends on their
    /// spelling), or nil when it is absent; a list or mapping is an error.
    package func scalar(_ key: String) throws(InputError) -> DocumentScalar? {
        guard let value = node(key) else { return nil }
        guard case .scalar(let scalar) = value else { throw fail(key, "expected a single value, found \(value.described)") }
        return scalar
    }

    /// The scalar at `key` as written, required.
    package func requiredScalar(_ key: String) throws(InputError) -> DocumentScalar {
        guard let scalar = try scalar(key) else { throw missing(key) }
        return scalar
    }

    /// Whether `key` is present with an empty or null value (reads it).
    package func isNull(_ key: String) -> Bool { node(key)?.isNull ?? false }

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
        guard has(key) else {
            asked.insert(key)
            return fallback
        }
        let text = try string(key)
        guard text == "true" || text == "false" else { throw fail(key, "expected true or false, found '\(text)'") }
        return text == "true"
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
        guard case .list(let items) = value else { throw fail(key, "expected a list of text values, found \(value.described)") }
        var result: [String] = []
        for (index, element) in items.enumerated() {
            guard case .scalar(let scalar) = element else {
                throw InputError(file: file, field: "\(fieldPath(key))[\(index)]", problem: "expected text, found \(element.described)")
            }
            result.append(scalar.text)
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
