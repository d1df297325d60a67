import ExposureNotification

/// A key package on the simulated CDN: a day package
/// (`/version/v1/diagnosis-keys/country/{DE}/date/{YYYY-MM-DD}`) or an hour
/// package (`…/date/{d}/hour/{0-23}`) (corona-warn-app/cwa-server `docs/DISTRIBUTION.md`).
package struct PublishedPackage: Hashable, Sendable {
    package enum Kind: String, Hashable, Sendable {
        case day
        case hour
    }

    package var kind: Kind
    /// UTC day number (days since 1970-01-01) of the package's date.
    package var day: Int64
    /// The hour of the day (0…23) for hour packages.
    package var hour: Int?
    /// Unix seconds of the distribution run that published it.
    package var publishedAt: Int64
    /// The keys as exported (sorted by key bytes), the contents of `export.bin`.
    package var export: KeyExport
    /// `export.bin` and its signature `export.sig`.
    package var package: KeyExportPackage

    /// The number of keys in the package.
    package var keyCount: Int { export.keys.count }

    /// The package's CDN path for `region`.
    package func path(region: String) -> String {
        let base = "/version/v1/diagnosis-keys/country/\(region)/date/\(CivilDate.iso(day: day))"
        if let hour { return "\(base)/hour/\(hour)" }
        return base
    }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.kind == rhs.kind && lhs.day == rhs.day && lhs.hour == rhs.hour && lhs.publishedAt == rhs.publishedAt
            && lhs.export == rhs.export && lhs.package.exportBin == rhs.package.exportBin
            && lhs.package.exportSig == rhs.package.exportSig
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(day)
        hasher.combine(hour)
        hasher.combine(package.exportBin)
    }
}

/// Proleptic Gregorian calendar dates of UTC day numbers (Howard Hinnant's
/// `civil_from_days`), without Foundation's calendar machinery.
enum CivilDate {
    /// `YYYY-MM-DD` of the UTC day `day` (days since 1970-01-01).
    static func iso(day: Int64) -> String {
        let z = day + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(y)-\(two(m))-\(two(d))"
    }
}
