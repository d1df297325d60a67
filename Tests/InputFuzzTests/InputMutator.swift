import Foundation
import WarnSimCore

/// Deterministic mutations of input files, the kinds a hostile-input review
/// tries: byte flips, truncation, deleted and duplicated lines (fields),
/// swapped lines, stray punctuation, and numbers replaced by extremes.
struct InputMutator {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(state: seed) }

    /// Numbers that have broken parsers and arithmetic before.
    static let extremes = [
        "9223372036854775807", "-9223372036854775808", "9223372036854775808", "99999999999999999999", "1e300", "-1e300", "1e400",
        ".nan", ".inf", "-.inf", "NaN", "nan", "inf", "Infinity", "0x1p3", "-0", "1e-320", "-1", "0", "4294967296",
    ]

    mutating func below(_ bound: Int) -> Int { bound <= 1 ? 0 : Int(random.next() % UInt64(bound)) }

    /// One to three text mutations of `text`.
    mutating func mutate(text: String) -> String {
        var bytes = Array(text.utf8)
        for _ in 0...below(3) { bytes = mutateOnce(bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func mutateOnce(_ bytes: [UInt8]) -> [UInt8] {
        guard !bytes.isEmpty else { return Array("{".utf8) }
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        switch below(8) {
        case 0:  // flip a byte
            var out = bytes
            out[below(out.count)] = UInt8(truncatingIfNeeded: random.next())
            return out
        case 1:  // truncate
            return Array(bytes.prefix(below(bytes.count)))
        case 2:  // delete a line (a field)
            lines.remove(at: below(lines.count))
        case 3:  // duplicate a line (a field)
            let index = below(lines.count)
            lines.insert(lines[index], at: index)
        case 4:  // swap two lines
            lines.swapAt(below(lines.count), below(lines.count))
        case 5:  // stray punctuation
            var out = bytes
            let punctuation = Array(",]}'\":-[{#&*!|>".utf8)
            out.insert(punctuation[below(punctuation.count)], at: below(out.count + 1))
            return out
        default:  // a number replaced by an extreme
            return replaceNumber(bytes)
        }
        return Array(lines.joined(separator: [UInt8(ascii: "\n")]))
    }

    private mutating func replaceNumber(_ bytes: [UInt8]) -> [UInt8] {
        var runs: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                var end = index
                while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) || bytes[end] == UInt8(ascii: ".") {
                    end += 1
                }
                runs.append(index..<end)
                index = end
            } else {
                index += 1
            }
        }
        guard !runs.isEmpty else { return bytes }
        var out = bytes
        out.replaceSubrange(runs[below(runs.count)], with: Array(Self.extremes[below(Self.extremes.count)].utf8))
        return out
    }

    /// One to three binary mutations of `data`: flips, truncation, deleted,
    /// duplicated or inserted ranges, appended garbage, 32-bit fields set to
    /// extremes.
    mutating func mutate(binary data: Data) -> Data {
        var bytes = [UInt8](data)
        for _ in 0...below(3) {
            guard !bytes.isEmpty else { break }
            switch below(7) {
            case 0:
                bytes[below(bytes.count)] = UInt8(truncatingIfNeeded: random.next())
            case 1:
                bytes = Array(bytes.prefix(below(bytes.count)))
            case 2:
                let start = below(bytes.count)
                bytes.removeSubrange(start..<min(bytes.count, start + 1 + below(64)))
            case 3:
                let start = below(bytes.count)
                let range = start..<min(bytes.count, start + 1 + below(64))
                bytes.insert(contentsOf: Array(bytes[range]), at: range.upperBound)
            case 4:
                bytes += (0..<(1 + below(32))).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            case 5:
                let at = below(max(bytes.count - 3, 1))
                let value: [UInt8] = [[0xFF, 0xFF, 0xFF, 0xFF], [0, 0, 0, 0x80], [0xFF, 0xFF, 0, 0], [0, 0, 0, 0]][below(4)]
                for (offset, byte) in value.enumerated() where at + offset < bytes.count { bytes[at + offset] = byte }
            default:
                bytes[below(bytes.count)] ^= 1 << UInt8(below(8))
            }
        }
        return Data(bytes)
    }
}

/// What became of the fuzzed inputs of one format.
struct FuzzOutcomes: CustomStringConvertible {
    var format: String
    var accepted = 0
    /// Rejections by error type.
    var rejected: [String: Int] = [:]
    /// Errors of any other type: each is a failure.
    var unexpected: [String] = []

    var total: Int { accepted + rejected.values.reduce(0, +) + unexpected.count }

    mutating func record(_ body: () throws -> Void, rejectedAs allowed: [any Error.Type]) {
        do {
            try body()
            accepted += 1
        } catch {
            let type = String(describing: Swift.type(of: error))
            if allowed.contains(where: { ObjectIdentifier($0) == ObjectIdentifier(Swift.type(of: error)) }) {
                rejected[type, default: 0] += 1
            } else if unexpected.count < 5 {
                unexpected.append("\(type): \(error)")
            } else {
                unexpected.append(type)
            }
        }
    }

    var description: String {
        let reasons = rejected.keys.sorted().map { "\($0) \(rejected[$0]!)" }.joined(separator: ", ")
        return "fuzz \(format): \(total) inputs, \(accepted) accepted, rejected: \(reasons.isEmpty ? "none" : reasons)"
            + (unexpected.isEmpty ? "" : ", UNEXPECTED \(unexpected.count)")
    }
}
