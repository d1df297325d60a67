import WarnSimCore

/// A 128-bit random value, printed as 32 lowercase hexadecimal digits.
///
/// The real servers draw registration tokens and TANs as 128-bit random values
/// (corona-warn-app/cwa-verification-server: 128-bit registration tokens; TANs
/// random, 128 bits by default). Here they come from a `RandomStream` so that a
/// run is reproducible from its seed.
package struct Token128: Hashable, Comparable, Sendable, CustomStringConvertible {
    package var high: UInt64
    package var low: UInt64

    package init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Two draws from `stream`.
    package static func draw(from stream: inout RandomStream) -> Token128 {
        let high = stream.next()
        let low = stream.next()
        return Token128(high: high, low: low)
    }

    /// Parses 32 hexadecimal digits (either case); nil for anything else.
    package init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == 32 else { return nil }
        var words: [UInt64] = [0, 0]
        for (index, digit) in digits.enumerated() {
            let value: UInt8
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = digit - UInt8(ascii: "A") + 10
            default: return nil
            }
            words[index / 16] = words[index / 16] << 4 | UInt64(value)
        }
        self.init(high: words[0], low: words[1])
    }

    package var hex: String {
        func pad(_ word: UInt64) -> String {
            let text = String(word, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }
        return pad(high) + pad(low)
    }

    package var description: String { hex }

    package static func < (lhs: Token128, rhs: Token128) -> Bool {
        (lhs.high, lhs.low) < (rhs.high, rhs.low)
    }
}

/// The token the verification server returns for a registered test; the app
/// uses it to poll the result and to request the TAN.
package struct RegistrationToken: Hashable, Comparable, Sendable, CustomStringConvertible {
    package var value: Token128
    package init(_ value: Token128) { self.value = value }
    package var description: String { value.hex }
    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }
}

/// A one-time transaction number that authorises one key upload.
package struct TAN: Hashable, Comparable, Sendable, CustomStringConvertible {
    package var value: Token128
    package init(_ value: Token128) { self.value = value }
    package var description: String { value.hex }
    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }
}
