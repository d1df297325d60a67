import WarnSimCore

/// A teleTAN: the code the hotline or a health authority hands a person who
/// tested positive, exchanged once in the app for a registration token.
///
/// Format (corona-warn-app/cwa-verification-server, teleTAN generation): 9 characters plus 1 check character, from
/// uppercase letters and digits without 0, O, I, 1 and L — a 31-character
/// alphabet.
///
/// The reference does not give the check-character algorithm, so WarnSim uses
/// its own: the check character is `alphabet[(Σ (i + 1) · index(cᵢ)) mod 31]`
/// over the 9 body characters. Since 31 is prime and the weights 1…9 are
/// distinct and non-zero modulo 31, it detects every single-character
/// substitution and every transposition of two characters.
package struct TeleTAN: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The allowed characters, in the order the check-character sum uses.
    package static let alphabet: [Character] = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")
    /// Body characters before the check character.
    package static let bodyLength = 9

    /// The 10 characters.
    package let code: String

    /// Parses a teleTAN as typed in: exactly 10 characters of the alphabet with a
    /// correct check character. Nil for anything else (a malformed or mistyped code).
    package init?(code: String) {
        guard CheckedCode.indices(of: code, alphabet: Self.alphabet, bodyLength: Self.bodyLength, checkIndex: Self.checkIndex) != nil
        else { return nil }
        self.code = code
    }

    /// Draws a new teleTAN from `stream` (uniform over the alphabet, by rejection
    /// sampling so that no character is favoured).
    package static func draw(from stream: inout RandomStream) -> TeleTAN {
        TeleTAN(unchecked: CheckedCode.draw(alphabet: alphabet, bodyLength: bodyLength, checkIndex: checkIndex, from: &stream))
    }

    private init(unchecked code: String) { self.code = code }

    static func checkIndex(_ body: [Int]) -> Int {
        var sum = 0
        for (position, index) in body.enumerated() { sum += (position + 1) * index }
        return sum % alphabet.count
    }

    package var description: String { code }
    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.code < rhs.code }
}
