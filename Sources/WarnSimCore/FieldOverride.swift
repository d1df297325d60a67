import Yams

/// One `--set path.to.field=value` of the command line: a dotted field path
/// of a YAML document and the value (YAML text: a number, text, or a flow
/// list such as `[0.1, 0.8]`) put there before the document is parsed, so the
/// value is checked exactly like one written in the file.
package struct FieldOverride: Sendable, Hashable, CustomStringConvertible {
    /// The keys from the document root to the field.
    package var path: [String]
    /// The value as YAML text.
    package var value: String

    package var description: String { "\(path.joined(separator: "."))=\(value)" }

    /// Parses `path.to.field=value`.
    ///
    /// - Throws: ``InputError`` (file `--set`) when there is no `=`, the path
    ///   is empty, a key is empty, or the value is not a YAML scalar or list.
    package init(parsing text: String) throws(InputError) {
        guard let equals = text.firstIndex(of: "=") else {
            throw InputError(file: "--set", field: text, problem: "expected path.to.field=value")
        }
        let keys = text[..<equals].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !keys.isEmpty, keys.allSatisfy({ !$0.isEmpty && !$0.contains(where: \.isWhitespace) }) else {
            throw InputError(
                file: "--set", field: String(text[..<equals]), problem: "expected a dotted path of keys, such as response.quarantine_days")
        }
        path = keys
        value = String(text[text.index(after: equals)...])
        guard let node = try? StrictYAML.compose(value, file: "--set"), node.mapping == nil else {
            throw InputError(file: "--set", field: description, problem: "the value must be a number, text or a [list]")
        }
    }

    /// `document` with the override applied: missing mappings on the way are
    /// created, an existing value is replaced.
    ///
    /// - Throws: ``InputError`` naming `file` when a key on the way holds a
    ///   value that is not a mapping.
    package func apply(to document: Node, file: String) throws(InputError) -> Node {
        let value: Node
        do {
            value = try StrictYAML.compose(self.value, file: "--set") ?? Node("")
        } catch {
            throw InputError(file: "--set", field: description, problem: "malformed value (\(error.problem))")
        }
        return try Self.put(value, at: path[...], in: document, file: file, done: [], whole: description)
    }

    static func put(
        _ value: Node, at path: ArraySlice<String>, in node: Node, file: String, done: [String], whole: String
    ) throws(InputError) -> Node {
        guard let key = path.first else { return value }
        var mapping: Node.Mapping
        if case .mapping(let existing) = node {
            mapping = existing
        } else if YAMLSection.isNull(node) {
            mapping = Node.Mapping([])
        } else {
            throw InputError(
                file: file, field: done.isEmpty ? nil : done.joined(separator: "."),
                problem: "--set \(whole) needs a mapping here, found \(YAMLSection.describe(node))")
        }
        let child = mapping[Node(key)] ?? Node("")
        mapping[Node(key)] = try put(value, at: path.dropFirst(), in: child, file: file, done: done + [key], whole: whole)
        return .mapping(mapping)
    }
}
