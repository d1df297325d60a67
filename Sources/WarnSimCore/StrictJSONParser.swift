/// A strict JSON (RFC 8259) reader producing a ``DocumentTree``: JSON files are
/// read as JSON, not as YAML, so that what other tools would reject (trailing
/// commas, single quotes, comments, unquoted keys, `NaN`) is rejected here too.
/// Keys keep their order and duplicates are errors, as in YAML files; the
/// nesting depth is bounded so that no input can exhaust the stack.
package struct StrictJSONParser {
    /// Deeper documents are rejected (the test-vector files nest 6 levels).
    static let maximumDepth = 64
    /// Longer lists are rejected while parsing, before they fill memory: no list
    /// WarnSim reads may be longer (RiskCalculation's `InputLimits.maximumWindowsPerFile`,
    /// the longest list of any file WarnSim reads).
    package static let maximumListLength = 100_000

    private let bytes: [UInt8]
    private let file: String
    private var position = 0

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Parses one JSON document.
    ///
    /// - Parameters:
    ///   - bytes: the UTF-8 text.
    ///   - file: the name used in error messages.
    /// - Returns: the document as a tree.
    /// - Throws: `InputError` naming the file, the line and column and the problem,
    ///   or the field path of a duplicate key.
    package static func parse(_ bytes: [UInt8], file: String) throws(InputError) -> DocumentTree {
        var parser = StrictJSONParser(bytes: bytes, file: file)
        parser.skipWhitespace()
        guard parser.position < bytes.count else { throw InputError(file: file, problem: "the file is empty") }
        let tree = try parser.value(path: "", depth: 0)
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.malformed("unexpected text after the JSON value") }
        return tree
    }

    // MARK: Errors

    private func malformed(_ problem: String) -> InputError {
        var line = 1
        var column = 1
        for byte in bytes[..<Swift.min(position, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return InputError(file: file, problem: "malformed JSON at line \(line), column \(column): \(problem)")
    }

    private func found() -> String {
        guard position < bytes.count else { return "the end of the file" }
        let byte = bytes[position]
        if byte >= 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    // MARK: Grammar

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func value(path: String, depth: Int) throws(InputError) -> DocumentTree {
        guard depth < Self.maximumDepth else { throw malformed("nested more than \(Self.maximumDepth) levels deep") }
        guard position < bytes.count else { throw malformed("expected a value, found the end of the file") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object(path: path, depth: depth)
        case UInt8(ascii: "["): return try array(path: path, depth: depth)
        case UInt8(ascii: "\""): return .scalar(DocumentScalar(text: try string(), isQuoted: true))
        case UInt8(ascii: "t"): return try literal("true")
        case UInt8(ascii: "f"): return try literal("false")
        case UInt8(ascii: "n"): return try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .scalar(try number())
        default: throw malformed("expected a value, found \(found())")
        }
    }

    private mutating func literal(_ word: String) throws(InputError) -> DocumentTree {
        let utf8 = Array(word.utf8)
        guard position + utf8.count <= bytes.count, Array(bytes[position..<position + utf8.count]) == utf8 else {
            throw malformed("expected a value, found \(found())")
        }
        position += utf8.count
        return .scalar(DocumentScalar(text: word, isQuoted: false))
    }

    private mutating func object(path: String, depth: Int) throws(InputError) -> DocumentTree {
        position += 1
        var pairs: [DocumentEntry] = []
        var seen = Set<String>()
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .map(pairs)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw malformed("expected a key in double quotes, found \(found())")
            }
            let key = try string()
            let childPath = path.isEmpty ? key : "\(path).\(key)"
            guard seen.insert(key).inserted else { throw InputError(file: file, field: childPath, problem: "duplicate key") }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw malformed("expected ':', found \(found())") }
            position += 1
            skipWhitespace()
            pairs.append(DocumentEntry(key: key, value: try value(path: childPath, depth: depth + 1)))
            skipWhitespace()
            guard position < bytes.count else { throw malformed("expected ',' or '}', found the end of the file") }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .map(pairs)
            }
            guard bytes[position] == UInt8(ascii: ",") else { throw malformed("expected ',' or '}', found \(found())") }
            position += 1
        }
    }

    private mutating func array(path: String, depth: Int) throws(InputError) -> DocumentTree {
        position += 1
        var items: [DocumentTree] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .list(items)
        }
        while true {
            guard items.count < Self.maximumListLength else {
                throw InputError(
                    file: file, field: path.isEmpty ? nil : path,
                    problem: "a list of more than \(Self.maximumListLength) entries, more than WarnSim reads")
            }
            skipWhitespace()
            items.append(try value(path: "\(path)[\(items.count)]", depth: depth + 1))
            skipWhitespace()
            guard position < bytes.count else { throw malformed("expected ',' or ']', found the end of the file") }
            if bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .list(items)
            }
            guard bytes[position] == UInt8(ascii: ",") else { throw malformed("expected ',' or ']', found \(found())") }
            position += 1
        }
    }

    private mutating func string() throws(InputError) -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var runStart = position
        func flushRun(_ end: Int) throws(InputError) {
            guard runStart < end else { return }
            guard let text = String(validating: bytes[runStart..<end], as: UTF8.self) else {
                throw malformed("a string is not valid UTF-8")
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                try flushRun(position)
                position += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flushRun(position)
                position += 1
                scalars.append(try escape())
                runStart = position
            case 0x00..<0x20:
                throw malformed("a control character must be escaped inside a string")
            default:
                position += 1
            }
        }
        throw malformed("a string is not closed")
    }

    private mutating func escape() throws(InputError) -> Unicode.Scalar {
        guard position < bytes.count else { throw malformed("a string is not closed") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hexQuad()
            if (0xD800..<0xDC00).contains(high) {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                    throw malformed("a high surrogate \\u escape is not followed by a low one")
                }
                position += 2
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw malformed("a high surrogate \\u escape is not followed by a low one") }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else { throw malformed("a lone low surrogate \\u escape") }
            return scalar
        default:
            position -= 1
            throw malformed("unknown escape \\\(Character(Unicode.Scalar(byte)))")
        }
    }

    private mutating func hexQuad() throws(InputError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw malformed("a \\u escape needs 4 hexadecimal digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw malformed("a \\u escape needs 4 hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, kept as written (a
    /// number that overflows `Double` is refused by the typed readers, which
    /// take finite numbers only).
    private mutating func number() throws(InputError) -> DocumentScalar {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        func digits() -> Int {
            let from = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
            return position - from
        }
        let firstDigit = position
        let count = digits()
        guard count > 0 else { throw malformed("a number needs digits") }
        guard count == 1 || bytes[firstDigit] != UInt8(ascii: "0") else { throw malformed("a number must not have leading zeros") }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw malformed("a number needs digits after the decimal point") }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw malformed("a number needs digits in its exponent") }
        }
        return DocumentScalar(text: String(decoding: bytes[start..<position], as: UTF8.self), isQuoted: false)
    }
}
