/// A deterministic random stream identified by `(seed, subsystem, entity)`.
///
/// Every random draw in WarnSim comes from one of these streams, so that the
/// draws one entity receives depend only on the run's seed, the subsystem that
/// draws (for example `"tek"`, `"radio"`, `"schedule"`) and the entity's
/// identifier, never on the order in which threads happen to run.
///
/// The generator is xoshiro256** (Blackman and Vigna, "Scrambled linear
/// pseudorandom number generators", ACM TOMS 2021), seeded from the stream
/// identity through SplitMix64 as its authors recommend. It is fast and of high
/// statistical quality but **not** cryptographically secure: simulated keys
/// use it so that runs are reproducible; keys for real export files use the
/// system CSPRNG instead.
public struct RandomStream: RandomNumberGenerator, Sendable {
    @usableFromInline var s0: UInt64
    @usableFromInline var s1: UInt64
    @usableFromInline var s2: UInt64
    @usableFromInline var s3: UInt64

    /// Creates the stream for one entity of one subsystem of a run.
    public init(seed: UInt64, subsystem: String, entity: UInt64 = 0) {
        self.init(seed: seed, subsystem: Subsystem(subsystem), entity: entity)
    }

    /// A subsystem name hashed once, for loops that open many streams of it.
    public struct Subsystem: Sendable {
        let label: UInt64
        public init(_ name: String) { label = RandomStream.fnv1a64(name) }
    }

    /// The stream of `entity` in a subsystem whose name is already hashed
    /// (the same stream as ``init(seed:subsystem:entity:)`` with its name).
    public init(seed: UInt64, subsystem: Subsystem, entity: UInt64 = 0) {
        let label = subsystem.label
        var mixer = SplitMix64(
            state: SplitMix64.mix(seed ^ 0x5741_524E_5349_4D00)  // "WARNSIM\0"
                ^ SplitMix64.mix(label &+ 0x632B_E59B_D9B4_E019)
                ^ SplitMix64.mix(entity &* 0x9E37_79B9_7F4A_7C15 &+ 0xD1B5_4A32_D192_ED03)
        )
        s0 = mixer.next()
        s1 = mixer.next()
        s2 = mixer.next()
        s3 = mixer.next()
        if s0 | s1 | s2 | s3 == 0 { s0 = 1 }  // the all-zero state is the one fixed point
    }

    @inlinable @inline(__always)
    static func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 {
        (x << k) | (x >> (64 - k))
    }

    @inlinable
    public mutating func next() -> UInt64 {
        let result = RandomStream.rotl(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = RandomStream.rotl(s3, 45)
        return result
    }

    /// A uniform double in [0, 1) with 53 random bits.
    @inlinable
    public mutating func nextUnitDouble() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A stream for a sub-entity of this stream's entity, derived without
    /// consuming draws from this stream.
    public static func derive(seed: UInt64, subsystem: String, entity: UInt64, index: UInt64) -> RandomStream {
        derive(seed: seed, subsystem: Subsystem(subsystem), entity: entity, index: index)
    }

    /// ``derive(seed:subsystem:entity:index:)`` with the subsystem's name already hashed.
    public static func derive(seed: UInt64, subsystem: Subsystem, entity: UInt64, index: UInt64) -> RandomStream {
        RandomStream(seed: seed, subsystem: subsystem, entity: SplitMix64.mix(entity) ^ SplitMix64.mix(index &+ 1))
    }

    /// 64-bit FNV-1a over the UTF-8 bytes of `text` (stable across platforms and
    /// Swift versions, unlike `Hasher`): also the entity of a stream named by
    /// text rather than by a position.
    public static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }
}
