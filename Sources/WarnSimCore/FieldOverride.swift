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
        guard let tree = try? DocumentTree.composeYAML(value, file: "--set"), !Self.isMapping(tree) else {
            throw InputError(file: "--set", field: description, problem: "the value must be a number, text or a [list]")
        }
    }

    /// `document` with the override applied: missing mappings on the way are
    /// created, an existing value is replaced.
    ///
    /// - Throws: ``InputError`` naming `file` when a key on the way holds a
    ///   value that is not a mapping.
    package func apply(to document: DocumentTree, file: String) throws(InputError) -> DocumentTree {
        let value: DocumentTree
        do {
            value = try DocumentTree.composeYAML(self.value, file: "--set") ?? .scalar(DocumentScalar(text: "", isQuoted: false))
        } catch {
            throw InputError(file: "--set", field: description, problem: "malformed value (\(error.problem))")
        }
        return try Self.put(value, at: path[...], in: document, file: file, done: [], whole: description)
    }

    static func isMapping(_ tree: DocumentTree?) -> Bool {
        guard case .map = tree else { return false }
        return true
    }

    static func put(
        _ value: DocumentTree, at path: ArraySlice<String>, in tree: DocumentTree, file: String, done: [String], whole: String
    ) throws(InputError) -> DocumentTree {
        guard let key = path.first else { return value }
        var entries: [DocumentEntry]
        if case .map(let existing) = tree {
            entries = existing
        } else if tree.isNull {
            entries = []
        } else {
            throw InputError(
                file: file, field: done.isEmpty ? nil : done.joined(separator: "."),
                problem: "--set \(whole) needs a mapping here, found \(tree.described)")
        }
        let empty = DocumentTree.scalar(DocumentScalar(text: "", isQuoted: false))
        if let at = entries.firstIndex(where: { $0.key == key }) {
            entries[at].value = try put(value, at: path.dropFirst(), in: entries[at].value, file: file, done: done + [key], whole: whole)
        } else {
            entries.append(
                DocumentEntry(
                    key: key, value: try put(value, at: path.dropFirst(), in: empty, file: file, done: done + [key], whole: whole)))
        }
        return .map(entries)
    }
}
