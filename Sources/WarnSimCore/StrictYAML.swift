internal import CYaml
import Yams

/// The one way WarnSim turns YAML text into a node tree: the text is first
/// walked as a stream of parser events, which costs time and memory in
/// proportion to its length, and refused before any tree is built when it
/// holds what WarnSim's files never need and an attacker can abuse:
///
/// - an anchor (`&name`) or alias (`*name`): a few hundred bytes of nested
///   aliases ("billion laughs") expand to a document of billions of nodes;
/// - nesting deeper than ``maximumDepth``: the tree is built recursively;
/// - a byte-order mark anywhere but at the very start: the parser reads it as
///   white space, so `\u{FEFF}key` would be read as `key`.
package enum StrictYAML {
    /// The deepest nesting of lists and mappings WarnSim reads; its deepest
    /// files (sweeps, studies) nest five levels.
    package static let maximumDepth = 64

    /// The document's root node, nil for an empty document.
    ///
    /// - Throws: ``InputError`` naming `file`, the line and the problem.
    package static func compose(_ text: String, file: String) throws(InputError) -> Node? {
        try screen(text, file: file)
        do {
            return try Yams.compose(yaml: text)
        } catch {
            throw InputError(file: file, problem: "malformed YAML: \(String(describing: error).replacingOccurrences(of: "\n", with: " "))")
        }
    }

    /// Walks the events of `text` and throws at the first anchor, alias,
    /// nesting beyond ``maximumDepth`` or misplaced byte-order mark. Syntax
    /// errors are left to the composer, which reports them with context.
    static func screen(_ text: String, file: String) throws(InputError) {
        var line = 1
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if scalar == "\n" { line += 1 }
            if scalar == "\u{FEFF}" && offset > 0 {
                throw InputError(
                    file: file, field: "line \(line)", problem: "holds a byte-order mark (U+FEFF) inside the document; remove it")
            }
        }
        var bytes = Array(text.utf8)
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw InputError(file: file, problem: "cannot start the YAML parser")
        }
        defer { yaml_parser_delete(&parser) }
        try bytes.withUnsafeMutableBufferPointer { (buffer: inout UnsafeMutableBufferPointer<UInt8>) throws(InputError) in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var depth = 0
            while true {
                var event = yaml_event_t()
                // A syntax error: the composer reports it with its context.
                guard yaml_parser_parse(&parser, &event) == 1 else { return }
                defer { yaml_event_delete(&event) }
                let line = Int(event.start_mark.line) + 1
                var anchor: UnsafeMutablePointer<yaml_char_t>?
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return
                case YAML_ALIAS_EVENT:
                    throw InputError(
                        file: file, field: "line \(line)",
                        problem:
                            "uses the YAML alias *\(name(event.data.alias.anchor)); anchors and aliases are not supported, write the value out"
                    )
                case YAML_SCALAR_EVENT:
                    anchor = event.data.scalar.anchor
                case YAML_SEQUENCE_START_EVENT:
                    anchor = event.data.sequence_start.anchor
                    depth += 1
                case YAML_MAPPING_START_EVENT:
                    anchor = event.data.mapping_start.anchor
                    depth += 1
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    depth -= 1
                default:
                    break
                }
                if let anchor {
                    throw InputError(
                        file: file, field: "line \(line)",
                        problem: "defines the YAML anchor &\(name(anchor)); anchors and aliases are not supported, write the value out")
                }
                guard depth <= maximumDepth else {
                    throw InputError(
                        file: file, field: "line \(line)", problem: "nests lists and mappings deeper than \(maximumDepth) levels")
                }
            }
        }
    }

    /// An anchor's name, shortened for a message.
    private static func name(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String {
        guard let pointer else { return "" }
        let text = String(cString: UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
        return text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}
