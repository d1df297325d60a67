import Crypto
import Foundation

/// The SHA-256 of a test's GUID, the only form in which the GUID reaches the
/// servers (the app hashes the GUID with SHA-256 and POSTs it to
/// `/registrationToken`; labs post the hashed GUID with the result:
/// cwa-documentation `solution_architecture.md`, "Retrieval of Lab Results and
/// Verification Process"; cwa-verification-server `docs/architecture-overview.md`).
package struct HashedGUID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// 64 lowercase hexadecimal digits.
    package let hex: String

    /// Hashes `guid` (its UTF-8 bytes), as the app does with the QR code's GUID.
    package init(guid: String) {
        hex = SHA256.hash(data: Data(guid.utf8)).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }

    /// Accepts an already hashed value: exactly 64 hexadecimal digits (stored lowercase).
    package init?(hex: String) {
        guard hex.utf8.count == 64, hex.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) || ($0 >= 65 && $0 <= 70) })
        else {
            return nil
        }
        self.hex = hex.lowercased()
    }

    package var description: String { hex }
    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.hex < rhs.hex }
}
