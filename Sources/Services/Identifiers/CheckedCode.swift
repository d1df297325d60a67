import WarnSimCore

/// A code of body characters from an alphabet followed by one check
/// character, as people type or dictate them: CWA's teleTAN and Immuni's OTP.
/// Each type brings its alphabet, its body length and its check rule.
enum CheckedCode {
    /// The alphabet indices of `code` when it is exactly `bodyLength + 1`
    /// characters of `alphabet` ending in the right check character; nil otherwise.
    ///
    /// - Parameters:
    ///   - code: The code as typed.
    ///   - alphabet: The allowed characters, in the order `checkIndex` indexes.
    ///   - bodyLength: Characters before the check character.
    ///   - checkIndex: The check character's index for a body's indices.
    static func indices(
        of code: String, alphabet: [Character], bodyLength: Int, checkIndex: ([Int]) -> Int
    ) -> [Int]? {
        let characters = Array(code)
        guard characters.count == bodyLength + 1 else { return nil }
        var indices: [Int] = []
        indices.reserveCapacity(characters.count)
        for character in characters {
            guard let index = alphabet.firstIndex(of: character) else { return nil }
            indices.append(index)
        }
        guard checkIndex(Array(indices.prefix(bodyLength))) == indices[bodyLength] else { return nil }
        return indices
    }

    /// Draws a code uniform over the valid ones: each body character by
    /// rejection sampling (no character favoured), then the check character.
    ///
    /// - Parameters:
    ///   - alphabet: The allowed characters.
    ///   - bodyLength: Characters before the check character.
    ///   - checkIndex: The check character's index for a body's indices.
    ///   - stream: The random stream the body is drawn from.
    /// - Returns: The code's text.
    static func draw(
        alphabet: [Character], bodyLength: Int, checkIndex: ([Int]) -> Int, from stream: inout RandomStream
    ) -> String {
        let size = UInt64(alphabet.count)
        let limit = UInt64.max - UInt64.max % size  // draws at or above are rejected
        var body: [Int] = []
        body.reserveCapacity(bodyLength)
        while body.count < bodyLength {
            let value = stream.next()
            if value >= limit { continue }
            body.append(Int(value % size))
        }
        return String((body + [checkIndex(body)]).map { alphabet[$0] })
    }
}
