/// Numbers read from text files (CSV cells, measurement tables): plain
/// decimal notation only, `[+-]digits[.digits][(e|E)[+-]digits]` (either
/// side of the point may be empty, not both). Swift's `Double(_:)` also reads
/// hexadecimal floats (`0x1p3`), `nan`, `inf` and `infinity`, which no file
/// WarnSim reads writes; every reader of numbers in text goes through here.
package enum DecimalNumber {
    /// The finite value of `text` in plain decimal notation, or nil for
    /// anything else: empty text, surrounding or inner spaces, underscores,
    /// hexadecimal floats, `nan`, `inf`, or a value that overflows to infinity.
    package static func parse<Text: StringProtocol>(_ text: Text) -> Double? {
        guard isDecimal(text.utf8), let value = Double(String(text)), value.isFinite else { return nil }
        return value
    }

    /// Whether `bytes` are one number in plain decimal notation.
    static func isDecimal<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        var rest = bytes[...]
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        func digits() -> Int {
            let count = rest.prefix(while: isDigit).count
            rest = rest.dropFirst(count)
            return count
        }
        func sign() {
            if let first = rest.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") { rest = rest.dropFirst() }
        }
        sign()
        var mantissa = digits()
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if let e = rest.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            rest = rest.dropFirst()
            sign()
            guard digits() > 0 else { return false }
        }
        return rest.isEmpty
    }
}
