/// A set of package numbers (the `sources` of a ``DiagnosisKeyIndex``) as a
/// bit set: numbers are handed out one after another, so a phone that holds
/// or has matched dozens of packages keeps a few words instead of a hash
/// table per phone.
public struct SourceSet: Sendable, Equatable {
    @usableFromInline var words: [UInt64] = []

    public init() {}

    /// Whether `number` is in the set.
    @inlinable @inline(__always)
    public func contains(_ number: UInt32) -> Bool {
        let word = Int(number >> 6)
        return word < words.count && words[word] & (1 << UInt64(number & 63)) != 0
    }

    /// Adds `number`.
    @inlinable
    public mutating func insert(_ number: UInt32) {
        let word = Int(number >> 6)
        if word >= words.count { words += repeatElement(0, count: word + 1 - words.count) }
        words[word] |= 1 << UInt64(number & 63)
    }

    /// Removes `number` (nothing happens if it is absent).
    public mutating func remove(_ number: UInt32) {
        let word = Int(number >> 6)
        guard word < words.count else { return }
        words[word] &= ~(1 << UInt64(number & 63))
    }

    /// Removes every number for which `shouldRemove` is true.
    public mutating func removeAll(where shouldRemove: (UInt32) -> Bool) {
        for word in words.indices where words[word] != 0 {
            var bits = words[word]
            while bits != 0 {
                let bit = UInt32(bits.trailingZeroBitCount)
                bits &= bits - 1
                if shouldRemove(UInt32(word) << 6 | bit) { words[word] &= ~(1 << UInt64(bit)) }
            }
        }
    }

    /// Whether the set is empty.
    public var isEmpty: Bool { words.allSatisfy { $0 == 0 } }
}
