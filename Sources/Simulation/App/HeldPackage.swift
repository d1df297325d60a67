import ExposureNotification

/// What an app keeps of a verified package it has processed: the package's
/// number, the day of its newest key (for the 14-day retention), whether it is
/// an hour package and, for a day package, the hour packages whose keys it
/// repeats. The keys themselves stay in the run's one copy of the package:
/// the key index names each key's package by number (``DiagnosisKeyIndex/sources``),
/// so a phone needs no reference to them, and a million phones taking in
/// each hour's package touch no shared reference count.
package struct HeldPackage: Sendable, Equatable {
    /// ``VerifiedKeyPackage/number``.
    package let number: UInt32
    /// The day number of the newest key's rolling start; nil for a package
    /// without keys, which retention never removes.
    package let newestKeyDay: UInt32?
    /// ``VerifiedKeyPackage/isHourPackage``.
    package let isHourPackage: Bool
    /// ``VerifiedKeyPackage/covers`` (empty for an hour package).
    package let covers: [UInt32]

    /// A package as an app keeps it, given field by field (for tests; the
    /// run makes them from verified packages).
    package init(number: UInt32, newestKeyDay: UInt32?, isHourPackage: Bool, covers: [UInt32] = []) {
        self.number = number
        self.newestKeyDay = newestKeyDay
        self.isHourPackage = isHourPackage
        self.covers = covers
    }

    package init(_ package: VerifiedKeyPackage) {
        number = package.number
        newestKeyDay = package.keys.lazy.map(\.rollingStartIntervalNumber.dayNumber).max()
        isHourPackage = package.isHourPackage
        covers = package.covers
    }

    /// Whether the 14-day retention drops it on a day whose oldest kept key
    /// day is `oldest`: it has keys, and none is from `oldest` or later.
    package func isExpired(oldest: UInt32) -> Bool {
        guard let newestKeyDay else { return false }
        return newestKeyDay < oldest
    }
}
