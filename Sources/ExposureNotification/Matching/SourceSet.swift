/// A set of package numbers (the `sources` of a ``DiagnosisKeyIndex``) as a
/// bit set: numbers are handed out one after another, so a phone that holds
/// or has matched dozens of packages keeps a few words instead of a hash
/// table per phone.
public struct SourceSet: Sendable, Equatable {
    @usableFromInline var words: [UInt64] = []

    public init() {}

    /// The set of `numbers`.
    public init(_ numbers: some Sequence<UInt32>) {
        for number in numbers { insert(number) }
    }

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

    /// Whether some number of the set satisfies `predicate` (tried in
    /// ascending order, stopping at the first that does).
    public func contains(where predicate: (UInt32) -> Bool) -> Bool {
        for word in words.indices {
            var bits = words[word]
            while bits != 0 {
                if predicate(UInt32(word) << 6 | UInt32(bits.trailingZeroBitCount)) { return true }
                bits &= bits - 1
            }
        }
        return false
    }

    /// Whether the set is empty.
    public var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    /// The numbers in both sets (word by word: a few dozen words for the
    /// packages of two weeks, however many there are).
    public func intersection(_ other: SourceSet) -> SourceSet {
        var out = SourceSet()
        out.words = zip(words, other.words).map { $0 & $1 }
        return out
    }

    /// Keeps only the numbers also in `other`.
    public mutating func formIntersection(_ other: SourceSet) {
        if words.count > other.words.count { words.removeLast(words.count - other.words.count) }
        for i in words.indices where words[i] & other.words[i] != words[i] { words[i] &= other.words[i] }
    }

    /// The numbers in either set.
    public func union(_ other: SourceSet) -> SourceSet {
        var out = SourceSet()
        let (long, short) = words.count >= other.words.count ? (words, other.words) : (other.words, words)
        out.words = long
        // The common case: nothing to add, nothing copied.
        if short.allSatisfy({ $0 == 0 }) { return out }
        for i in short.indices { out.words[i] |= short[i] }
        return out
    }

    /// The numbers of this set not in `other`, ascending.
    public func numbers(notIn other: SourceSet) -> [UInt32] {
        var out: [UInt32] = []
        for word in words.indices {
            var bits = words[word] & ~(word < other.words.count ? other.words[word] : 0)
            while bits != 0 {
                out.append(UInt32(word) << 6 | UInt32(bits.trailingZeroBitCount))
                bits &= bits - 1
            }
        }
        return out
    }
}
