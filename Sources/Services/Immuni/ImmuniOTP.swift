import Crypto
import WarnSimCore

/// The one-time code Immuni's app shows to a user who tested positive, which
/// the user dictates to a health operator (Immuni product description, "Data
/// upload"; immuni-documentation `Technology.md`, "OTP format").
///
/// Format: 10 uppercase characters from a 25-character alphabet chosen to be
/// unambiguous when read aloud (A E F H I J K L Q R S U W X Y Z and 1–9); the
/// last is a check character computed from the first 9, so 25⁹ codes are
/// valid. The check character is the alphabet's character at
/// `(Σ w(cᵢ)) mod 25`, where odd positions (1st, 3rd, …) weigh a character by
/// one table and even positions by another (immuni-app/immuni-backend-common,
/// `models/marshmallow/validators.py`, `OtpCodeValidator`: the two tables and
/// the alphabet's order are the format's facts, given below).
package struct ImmuniOTP: Hashable, Sendable, CustomStringConvertible {
    /// The allowed characters, in the order the check character indexes.
    package static let alphabet: [Character] = Array("AEFHIJKLQRSUWXYZ123456789")
    /// Characters before the check character.
    package static let bodyLength = 9

    /// The weight of each alphabet character (in ``alphabet`` order) at an odd position.
    static let oddWeights = [1, 9, 13, 17, 19, 21, 2, 4, 6, 8, 12, 16, 22, 25, 24, 23, 0, 5, 7, 9, 13, 15, 17, 19, 21]
    /// The weight of each alphabet character (in ``alphabet`` order) at an even position.
    static let evenWeights = [0, 4, 5, 7, 8, 9, 10, 11, 16, 17, 18, 20, 22, 23, 24, 25, 1, 2, 3, 4, 5, 6, 7, 8, 9]

    /// The 10 characters.
    package let code: String

    /// Parses a code as the health operator types it: exactly 10 characters
    /// of the alphabet with the right check character; nil otherwise.
    package init?(code: String) {
        guard CheckedCode.indices(of: code, alphabet: Self.alphabet, bodyLength: Self.bodyLength, checkIndex: Self.checkIndex) != nil
        else { return nil }
        self.code = code
    }

    private init(unchecked code: String) { self.code = code }

    /// Draws a new code from `stream`, uniform over the 25⁹ valid codes
    /// (rejection sampling, so that no character is favoured).
    package static func draw(from stream: inout RandomStream) -> ImmuniOTP {
        ImmuniOTP(unchecked: CheckedCode.draw(alphabet: alphabet, bodyLength: bodyLength, checkIndex: checkIndex, from: &stream))
    }

    /// The check character's index in ``alphabet`` for a 9-character body.
    static func checkIndex(_ body: [Int]) -> Int {
        var sum = 0
        for (position, index) in body.enumerated() {
            // Positions count from 1: the 1st, 3rd, … characters are odd.
            sum += position % 2 == 0 ? oddWeights[index] : evenWeights[index]
        }
        return sum % alphabet.count
    }

    /// What the app sends as its bearer token: the lowercase hex SHA-256 of
    /// the code's UTF-8 bytes (`Authorization: Bearer <SHA256(OTP)>`,
    /// `Technology.md`, "API - Validate OTP"); the servers store it, never the code.
    package var sha256: String {
        SHA256.hash(data: Array(code.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    package var description: String { code }
}
