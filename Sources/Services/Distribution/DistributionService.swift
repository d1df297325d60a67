import Crypto
import ExposureNotification

/// The simulated distribution service: turns accepted keys into signed hour and
/// day packages on the (simulated) CDN, on the real policies.
///
/// Rules enforced (corona-warn-app/cwa-server `docs/DISTRIBUTION.md`; values in
/// ``ServicesConfig/Distribution`` from `distribution-application.yaml`):
/// - the job runs hourly; each run processes every complete hour not yet
///   processed (`include-incomplete-hours: false`), and a day package appears
///   only once its day is complete (`include-incomplete-days: false`);
/// - a key becomes distributable at `max(upload time, end of its rolling period
///   + expiry-policy-minutes (120))`; it goes into the first processed hour
///   whose end is at or after that instant, and that hour is published only when
///   it is over, so no key is published earlier than 2 h after its rolling period ends;
/// - shifting policy: an hour package needs at least `shifting-policy-threshold`
///   (140) keys; with fewer, the hour gets no package and its keys are carried
///   to the next hour, accumulating until the threshold is reached;
/// - at most `maximum-number-of-keys-per-bundle` (600000) keys per package
///   (the rest are carried to the next hour);
/// - keys with a TRL below `minimum-trl-value-allowed` (3) are never distributed
///   and do not count towards the threshold;
/// - only keys uploaded within `days-to-publish` (10) days are published; older
///   undistributed keys are dropped;
/// - before export every key is rewritten by ``TransmissionRiskEncoding``;
/// - the day package of a date holds every key of that date's hour packages;
/// - retention: day packages and stored keys are kept `retention-days` (14) days,
///   hour packages `hour-file-retention-days` (2) days.
///
/// Packages are signed with the private key passed in (the key whose public half
/// the phones pin); each run takes the simulated time in Unix seconds.
package struct DistributionService: Sendable {
    package let configuration: ServicesConfig.Distribution
    private let signingKey: ServerSigningKey
    /// Keys accepted but not yet in a package, in arrival order.
    private var pending: [StoredDiagnosisKey] = []
    private var hourPackages: [Int64: PublishedPackage] = [:]  // by hour number since the epoch
    private var dayPackages: [Int64: PublishedPackage] = [:]  // by day number
    /// The first hour the next run processes.
    private var nextHour: Int64?

    /// Counters of what the policies held back, for reports.
    package struct Statistics: Hashable, Sendable {
        /// Keys received from the submission server.
        package var received = 0
        /// Keys placed in an hour package.
        package var distributed = 0
        /// Keys never distributed because their TRL is below the minimum.
        package var droppedLowTRL = 0
        /// Keys dropped because they were not published within `days-to-publish`.
        package var droppedUnpublished = 0
        /// Hours whose keys were carried to a later hour by the shifting policy.
        package var shiftedHours = 0
    }

    package private(set) var statistics = Statistics()

    package init(configuration: ServicesConfig.Distribution = .init(), signingKey: P256.Signing.PrivateKey) {
        self.configuration = configuration
        self.signingKey = ServerSigningKey(signingKey)
    }

    /// The public key phones use to verify the packages.
    package var verificationKey: P256.Signing.PublicKey { signingKey.publicKey }

    /// Stores keys the submission server accepted.
    package mutating func receive(_ keys: [StoredDiagnosisKey]) {
        statistics.received += keys.count
        pending.append(contentsOf: keys)
    }

    /// Keys accepted and not yet published (carried by the policies).
    package var pendingCount: Int { pending.count }

    /// The instant a key may first be distributed (expiry policy).
    package func distributableAt(_ key: StoredDiagnosisKey) -> Int64 {
        max(key.submittedAt, key.rollingPeriodEnd + Int64(configuration.expiryPolicyMinutes) * Seconds.minute)
    }

    /// The hourly distribution job at `now`: publishes the packages of every
    /// complete hour (and day) not yet processed, then applies retention.
    /// Returns the packages published by this run, hour packages first, in time order.
    @discardableResult
    package mutating func run(now: Int64) throws(DistributionError) -> [PublishedPackage] {
        let currentHour = floorDiv(now, Seconds.hour)
        let firstHour: Int64
        if let nextHour {
            firstHour = nextHour
        } else {
            let earliest = pending.map { hourOf(distributableAt($0)) }.min() ?? currentHour
            firstHour = min(earliest, currentHour)
        }
        var published: [PublishedPackage] = []
        var newDays: [PublishedPackage] = []
        var hour = firstHour
        while hour < currentHour {
            if let package = try publishHour(hour, now: now) { published.append(package) }
            if (hour + 1) % 24 == 0, let day = try publishDay(floorDiv(hour, 24), now: now) { newDays.append(day) }
            hour += 1
            nextHour = hour  // a failed run resumes after the last complete hour
        }
        nextHour = max(firstHour, currentHour)
        applyRetention(now: now)
        return published + newDays
    }

    private func hourOf(_ instant: Int64) -> Int64 {
        // The hour whose end is at or after `instant`.
        floorDiv(instant + Seconds.hour - 1, Seconds.hour) - 1
    }

    private mutating func publishHour(_ hour: Int64, now: Int64) throws(DistributionError) -> PublishedPackage? {
        let hourEnd = (hour + 1) * Seconds.hour
        let publishWindow = Int64(configuration.daysToPublish) * Seconds.day
        var kept: [StoredDiagnosisKey] = []
        var eligible: [StoredDiagnosisKey] = []
        for key in pending {
            if key.transmissionRiskLevel < configuration.minimumTRLValueAllowed {
                statistics.droppedLowTRL += 1
            } else if hourEnd - key.submittedAt > publishWindow {
                statistics.droppedUnpublished += 1
            } else if distributableAt(key) <= hourEnd {
                eligible.append(key)
            } else {
                kept.append(key)
            }
        }
        guard !eligible.isEmpty else {
            pending = kept
            return nil
        }
        guard eligible.count >= configuration.shiftingPolicyThreshold else {
            statistics.shiftedHours += 1
            pending = eligible + kept
            return nil
        }
        eligible.sort { a, b in
            let (ta, tb) = (distributableAt(a), distributableAt(b))
            if ta != tb { return ta < tb }
            return a.keyData.bytes.lexicographicallyPrecedes(b.keyData.bytes)
        }
        let bundle = Array(eligible.prefix(configuration.maximumNumberOfKeysPerBundle))
        let carried = Array(eligible.dropFirst(configuration.maximumNumberOfKeysPerBundle))
        let keys = bundle.compactMap(TransmissionRiskEncoding.exportKey)
        let package: PublishedPackage
        do {
            package = try makePackage(
                kind: .hour, day: floorDiv(hour, 24), hour: Int(hour - floorDiv(hour, 24) * 24),
                start: hour * Seconds.hour, end: hourEnd, keys: keys, now: now)
        } catch {
            pending = eligible + kept  // nothing is lost when signing fails
            throw error
        }
        pending = carried + kept
        statistics.distributed += keys.count
        hourPackages[hour] = package
        return package
    }

    private mutating func publishDay(_ day: Int64, now: Int64) throws(DistributionError) -> PublishedPackage? {
        let keys = (day * 24..<(day + 1) * 24).compactMap { hourPackages[$0] }.flatMap(\.export.keys)
        guard !keys.isEmpty else { return nil }
        let package = try makePackage(
            kind: .day, day: day, hour: nil, start: day * Seconds.day, end: (day + 1) * Seconds.day, keys: keys, now: now)
        dayPackages[day] = package
        return package
    }

    private func makePackage(
        kind: PublishedPackage.Kind, day: Int64, hour: Int?, start: Int64, end: Int64, keys: [DiagnosisKey], now: Int64
    ) throws(DistributionError) -> PublishedPackage {
        let builder = KeyExportBuilder(
            region: configuration.region, verificationKeyVersion: configuration.verificationKeyVersion,
            verificationKeyID: configuration.verificationKeyID,
            startTimestamp: UInt64(max(start, 0)), endTimestamp: UInt64(max(end, 0)))
        let export = builder.build(keys: keys)
        do {
            let package = try KeyExportPackage(signing: export, with: signingKey.privateKey)
            return PublishedPackage(kind: kind, day: day, hour: hour, publishedAt: now, export: export, package: package)
        } catch {
            throw .signingFailed(String(describing: error))
        }
    }

    private mutating func applyRetention(now: Int64) {
        let today = floorDiv(now, Seconds.day)
        let currentHour = floorDiv(now, Seconds.hour)
        dayPackages = dayPackages.filter { today - $0.key <= Int64(configuration.retentionDays) }
        hourPackages = hourPackages.filter { currentHour - $0.key <= Int64(configuration.hourFileRetentionDays) * 24 }
        let retention = Int64(configuration.retentionDays) * Seconds.day
        pending.removeAll { now - $0.submittedAt > retention }
    }

    // MARK: The CDN, as phones see it

    /// The `index` of day packages: the dates (UTC day numbers) with a package, ascending.
    package func availableDays(now: Int64) -> [Int64] {
        dayPackages.values.filter { $0.publishedAt <= now }.map(\.day).sorted()
    }

    /// The `index` of a date's hour packages: the hours (0…23) with a package, ascending.
    package func availableHours(day: Int64, now: Int64) -> [Int] {
        (0..<24).filter { hour in
            hourPackages[day * 24 + Int64(hour)].map { $0.publishedAt <= now } ?? false
        }
    }

    /// The day package of `day`, if published by `now` and still retained.
    package func dayPackage(day: Int64, now: Int64) -> PublishedPackage? {
        dayPackages[day].flatMap { $0.publishedAt <= now ? $0 : nil }
    }

    /// The hour package of `hour` on `day`, if published by `now` and still retained.
    package func hourPackage(day: Int64, hour: Int, now: Int64) -> PublishedPackage? {
        guard (0..<24).contains(hour) else { return nil }
        return hourPackages[day * 24 + Int64(hour)].flatMap { $0.publishedAt <= now ? $0 : nil }
    }
}

/// Why the distribution service could not publish.
package enum DistributionError: Error, Equatable, Sendable, CustomStringConvertible {
    case signingFailed(String)

    package var description: String {
        switch self {
        case .signingFailed(let detail): return "signing a key package failed (\(detail))"
        }
    }
}

/// Floor division for possibly negative numerators.
@inline(__always)
func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}
