import ExposureNotification
import RiskCalculation
import Services
import WarnSimCore

/// The Corona-Warn-App on one simulated phone, as the user stories of the
/// Corona-Warn-App scoping document (SAP and Deutsche Telekom for the Federal
/// Government, 2020; user stories E01–E10) describe it: consents, tracing on
/// and off, test registration and result polling, sharing keys once with a TAN,
/// downloading verified key packages, detection on the app's cadence, the CWA
/// risk calculation, and a notification when the risk changes. Every method
/// takes the simulated time; nothing reads a clock.
package struct CoronaWarnApp: Sendable {
    /// What the user granted at onboarding.
    package struct Consents: Hashable, Sendable {
        /// E01.03/E01.04: creating and exchanging pseudonymous IDs over Bluetooth;
        /// without it the app cannot trace.
        package var exposureLogging: Bool
        /// E01.05: local notifications.
        package var notifications: Bool

        package init(exposureLogging: Bool, notifications: Bool) {
            self.exposureLogging = exposureLogging
            self.notifications = notifications
        }
    }

    /// A test registered in the app.
    package struct RegisteredTest: Hashable, Sendable {
        package var token: RegistrationToken
        package var route: TestRegistrationRoute
        package var registeredAt: Int64
        package var polling: TestResultPolling
        package var nextPoll: Int64
        /// The final result once it arrived (not PENDING).
        package var result: TestResult?
    }

    package internal(set) var framework: ExposureNotificationFramework
    package private(set) var consents: Consents
    /// E03.01: the user's tracing switch.
    package private(set) var tracingSwitchedOn = true
    /// E03.03: the phone's Bluetooth.
    package private(set) var bluetoothOn = true
    package private(set) var test: RegisteredTest?
    /// E05.01: keys are shared at most once per test.
    package private(set) var hasSharedKeys = false
    package private(set) var detection: ExposureDetectionSchedule
    package private(set) var notifier: RiskChangeNotifier
    /// The packages processed (at most the retained day packages and the
    /// hour packages of days without one), by number: their keys are the
    /// run's (``HeldPackage``).
    package private(set) var heldPackages: [HeldPackage] = []
    /// The numbers of `heldPackages`, and of the hour packages whose keys a held
    /// day package repeats (held through it, ``VerifiedKeyPackage/covers``).
    private var heldNumbers = SourceSet()
    private var coveredNumbers = SourceSet()
    private var hasNewPackages = false
    /// Changes whenever `heldPackages` does (for the match cache).
    private var packagesVersion = 0
    /// The retention cutoff `heldPackages` was last filtered with.
    private var prunedBeforeDay: UInt32?
    /// The result of the last risk calculation (v2 or ENF v1, as the
    /// configuration the app ran then).
    package private(set) var lastRisk: PhoneRiskResult?
    /// The windows of the last detection, with the index of their key in the
    /// `DiagnosisKeyIndex` used.
    package private(set) var lastWindows: [MatchedExposureWindow] = []
    package private(set) var events: [AppEvent] = []
    /// Wall-clock seconds this app spent matching keys and calculating risk
    /// (for benchmarks only; never in the outputs).
    package internal(set) var matchingSeconds = 0.0
    package internal(set) var scoringSeconds = 0.0
    /// Windows this app's risk calculations scored in ``scoringSeconds`` (for
    /// benchmarks only; never in the outputs).
    package internal(set) var scoredWindows = 0
    /// Risk calculations run in ``scoringSeconds``, with windows or without.
    package internal(set) var scoredCalculations = 0
    /// The windows of earlier detections per key, so that a detection matches
    /// only keys that are new or whose sightings changed.
    private var matchCache = ExposureMatchCache()
    /// The packages one of whose key owners this phone heard on a key's day
    /// (the run knows, the app does not; ``SimulationRun/announce(_:)``):
    /// only these can have sightings in its store, so a detection need not
    /// look at the sightings for any other.
    package private(set) var audibleSources = SourceSet()
    /// What the detections found through each of the framework's other
    /// channels (``ExposureNotificationFramework/observeThroughSecondChannels(_:)``,
    /// `warnsim redraw`), in channel order: matched at the same detections
    /// against the same packages, scored by the same engine, never acted on.
    /// Empty without them.
    package private(set) var secondChannel: [SecondChannelDetection] = []

    /// One other channel's state of detection.
    package struct SecondChannelDetection: Sendable {
        var matchCache = ExposureMatchCache()
        /// The windows of the last detection (as ``CoronaWarnApp/lastWindows``).
        package internal(set) var lastWindows: [MatchedExposureWindow] = []
        /// The result of the last risk calculation (as ``CoronaWarnApp/lastRisk``).
        package internal(set) var lastRisk: PhoneRiskResult?
    }

    package init(framework: ExposureNotificationFramework, consents: Consents, maxDetectionsPerDay: Int = 6) {
        self.framework = framework
        self.consents = consents
        self.detection = ExposureDetectionSchedule(maxDetectionsPerDay: maxDetectionsPerDay)
        self.notifier = RiskChangeNotifier(notificationsPermitted: consents.notifications)
        updateTracing()
    }

    /// Whether the framework advertises and scans now.
    package var isTracing: Bool { consents.exposureLogging && tracingSwitchedOn && bluetoothOn }

    /// Whether exposure logging is on (consent given and the switch on): the
    /// framework runs exposure detection only then (E03.01); Bluetooth being
    /// off stops scanning and advertising, not detection.
    package var isExposureLoggingOn: Bool { consents.exposureLogging && tracingSwitchedOn }

    // MARK: Settings (E03)

    /// E03.01: the user switches exposure logging on or off at `time`
    /// (recorded as an event when it changes).
    package mutating func setTracing(_ on: Bool, at time: Int64) {
        if on != tracingSwitchedOn { events.append(.exposureLoggingSwitched(at: time, on: on)) }
        tracingSwitchedOn = on
        updateTracing()
    }

    package mutating func setBluetooth(_ on: Bool) {
        bluetoothOn = on
        updateTracing()
    }

    /// E03.02: back to delivery defaults with the consents of a new onboarding.
    /// The framework's keys and sightings stay: they can only be deleted in the
    /// system settings.
    package mutating func reset(now: Int64, consents: Consents) {
        self.consents = consents
        if !tracingSwitchedOn { events.append(.exposureLoggingSwitched(at: now, on: true)) }
        tracingSwitchedOn = true
        test = nil
        hasSharedKeys = false
        detection = ExposureDetectionSchedule(maxDetectionsPerDay: detection.maxDetectionsPerDay)
        notifier = RiskChangeNotifier(notificationsPermitted: consents.notifications)
        heldPackages = []
        heldNumbers = SourceSet()
        coveredNumbers = SourceSet()
        hasNewPackages = false
        packagesVersion += 1
        prunedBeforeDay = nil
        lastRisk = nil
        for channel in secondChannel.indices { secondChannel[channel].lastRisk = nil }
        events.append(.reset(at: now))
        updateTracing()
    }

    private mutating func updateTracing() {
        framework.isEnabled = isTracing
    }

    // MARK: Bluetooth

    package mutating func advertisement(at time: Int64) -> AdvertisementPayload? {
        framework.advertisement(at: time)
    }

    package mutating func recordScan(at time: Int64, received: [(payload: AdvertisementPayload, rawRSSI: Int)]) {
        framework.recordScan(at: time, received: received)
    }

    // MARK: Tests (E06.01, E06.04, E06.05, E05.02, E06.02)

    /// Registers a test from its QR code (the app sends the GUID's SHA-256) or a
    /// teleTAN. A second test replaces nothing while one is registered.
    @discardableResult
    package mutating func registerTest(
        _ route: TestRegistrationRoute, code: String, polling: TestResultPolling,
        backend: inout CWABackend, now: Int64
    ) -> Bool {
        guard test == nil else {
            events.append(.registrationRejected(at: now, reason: "a test is already registered"))
            return false
        }
        do {
            let token =
                route == .qrCode
                ? try backend.registerTest(hashedGUID: HashedGUID(guid: code), now: now)
                : try backend.registerTeleTAN(code, now: now)
            test = RegisteredTest(
                token: token, route: route, registeredAt: now, polling: polling,
                nextPoll: route == .teleTAN ? now : polling.nextPoll(after: now, registeredAt: now), result: nil)
            if route == .teleTAN { test!.result = .positive }  // a teleTAN is issued for a positive test
            events.append(.testRegistered(at: now, route: route, polling: polling))
            return true
        } catch {
            events.append(.registrationRejected(at: now, reason: error.description))
            return false
        }
    }

    /// The user removes a test whose result has arrived (the app's "remove
    /// test" action), so that a new test can be registered; a positive result
    /// is kept until its keys were shared or sharing was declined. Returns
    /// whether the test was removed.
    @discardableResult
    package mutating func removeTest(now: Int64) -> Bool {
        guard let current = test, let result = current.result, result != .positive || hasSharedKeys else { return false }
        test = nil
        hasSharedKeys = false  // the question is asked once per test
        events.append(.testRemoved(at: now))
        return true
    }

    /// Polls the result if a poll is due; returns the result when it arrives.
    package mutating func pollTestResult(backend: inout CWABackend, now: Int64) -> TestResult? {
        guard var current = test, current.result == nil, now >= current.nextPoll else { return nil }
        defer { test = current }
        current.nextPoll = current.polling.nextPoll(after: now, registeredAt: current.registeredAt)
        guard let result = try? backend.testResult(registrationToken: current.token, now: now), result != .pending else {
            return nil
        }
        current.result = result
        events.append(.testResultAvailable(at: now, result: result, notified: consents.notifications))
        return result
    }

    /// E06.03/E06.06: with the user's consent after a positive result, asks for
    /// a TAN and uploads the keys of the last 14 days with the TRL and DSOS of
    /// the symptom answer. Returns the number of keys uploaded.
    @discardableResult
    package mutating func shareKeys(
        consent: Bool, answer: SymptomAnswer, backend: inout CWABackend, now: Int64
    ) -> Int {
        guard let current = test, current.result == .positive, !hasSharedKeys else { return 0 }
        guard consent else {
            events.append(.keySharingDeclined(at: now))
            hasSharedKeys = true  // the question is asked once per test
            return 0
        }
        let prepared = TransmissionRiskVector.prepare(framework.keyHistory(at: now), uploadTime: now, answer: answer)
        let keys = prepared.map {
            SubmittedKey($0.key, transmissionRiskLevel: $0.transmissionRiskLevel, daysSinceOnsetOfSymptoms: $0.daysSinceOnsetOfSymptoms)
        }
        do {
            let tan = try backend.requestTAN(registrationToken: current.token, now: now)
            let stored = try backend.submitKeys(keys, tan: tan, now: now)
            markKeysShared(keys: stored, at: now)
            return stored
        } catch let error as VerificationError {
            events.append(.submissionRejected(at: now, reason: error.description))
        } catch let error as SubmissionError {
            events.append(.submissionRejected(at: now, reason: error.description))
        } catch {
            events.append(.submissionRejected(at: now, reason: "\(error)"))
        }
        return 0
    }

    /// Records an accepted upload of `keys` keys at `time` (keys are shared once).
    mutating func markKeysShared(keys: Int, at time: Int64) {
        hasSharedKeys = true
        events.append(.keysShared(at: time, keys: keys))
    }

    /// Records an upload the backend refused.
    mutating func recordSubmissionRejected(reason: String, at time: Int64) {
        events.append(.submissionRejected(at: time, reason: reason))
    }

    // MARK: Download and detection (E04.01, E07.01)

    /// Takes in verified packages the app has not processed yet; keys older
    /// than the framework's 14-day retention are forgotten. A day package
    /// replaces the hour packages it covers (their keys are in it); an hour
    /// package a held day package covers is not new.
    package mutating func receive(_ downloaded: [HeldPackage], now: Int64) {
        var added = false
        for package in downloaded where !holds(package.number) {
            heldPackages.append(package)
            heldNumbers.insert(package.number)
            // The hour packages this one replaces, removed in one pass.
            var replaced = SourceSet()
            for hour in package.covers {
                coveredNumbers.insert(hour)
                if heldNumbers.contains(hour) {
                    heldNumbers.remove(hour)
                    replaced.insert(hour)
                }
            }
            if !replaced.isEmpty { heldPackages.removeAll { replaced.contains($0.number) } }
            hasNewPackages = true
            added = true
        }
        let oldest = ENIntervalNumber(unixSeconds: now).dayNumber - 15
        // Filtering again with the same cutoff and no new package changes nothing.
        guard added || prunedBeforeDay != oldest else { return }
        let before = heldPackages.count
        heldPackages.removeAll { $0.isExpired(oldest: oldest) }
        prunedBeforeDay = oldest
        if heldPackages.count != before {
            heldNumbers = SourceSet()
            coveredNumbers = SourceSet()
            for package in heldPackages {
                heldNumbers.insert(package.number)
                for hour in package.covers { coveredNumbers.insert(hour) }
            }
        }
        if added || heldPackages.count != before { packagesVersion += 1 }
    }

    /// ``receive(_:now:)`` of the packages themselves.
    package mutating func receive(_ downloaded: [VerifiedKeyPackage], now: Int64) {
        receive(downloaded.map(HeldPackage.init), now: now)
    }

    /// Whether the app holds the keys of the package numbered `number`,
    /// itself or through a day package that covers it.
    package func holds(_ number: UInt32) -> Bool { heldNumbers.contains(number) || coveredNumbers.contains(number) }

    /// Whether ``detectIfDue(now:index:matcher:engine:heardByAnyone:)`` would run a detection at `now`.
    package func isDetectionDue(at now: Int64) -> Bool {
        isExposureLoggingOn && detection.isDue(at: now, hasNewKeyFiles: hasNewPackages)
    }

    /// Runs exposure detection and the risk calculation if the schedule says
    /// so; `index` holds the identifiers of all distributed keys (derived once
    /// for every phone), of which only the keys this app downloaded are used.
    /// `engine` is the calculation of the app configuration the app checked
    /// (the CWA v2 calculation or an ENF v1 scheme, ``PhoneRiskEngine``).
    /// Returns the result when a calculation ran. While exposure logging is
    /// off the framework refuses detection (E03.01); the app tries again at
    /// its next run, with the packages that arrived meanwhile still new.
    /// With `heardByAnyone` (the packages with a key of unknown owner), a
    /// package neither in it nor in ``audibleSources`` is known to match
    /// nothing; the windows are the same as without.
    @discardableResult
    package mutating func detectIfDue(
        now: Int64, index: DiagnosisKeyIndex, matcher: ExposureMatcher, engine: PhoneRiskEngine, heardByAnyone: SourceSet? = nil
    ) throws -> PhoneRiskResult? {
        guard isDetectionDue(at: now) else { return nil }
        detection.recordDetection(at: now)
        hasNewPackages = false
        framework.expire(now: now)
        let matchStart = ContinuousClock.now
        lastWindows = matchedWindows(index: index, matcher: matcher, heardByAnyone: heardByAnyone)
        let scoreStart = ContinuousClock.now
        let today = Int(ENIntervalNumber(unixSeconds: now).dayNumber)
        let result = try engine.calculate(lastWindows.map(\.window), referenceDay: today)
        matchingSeconds += (scoreStart - matchStart).inSeconds
        scoringSeconds += (ContinuousClock.now - scoreStart).inSeconds
        scoredWindows += lastWindows.count
        scoredCalculations += 1
        let notified = notifier.record(result.totalRiskLevel)
        lastRisk = result
        events.append(.riskCalculated(at: now, level: result.totalRiskLevel, notified: notified))
        let stores = framework.secondChannelSightings
        if !stores.isEmpty {
            // Moved out for the loop, so that the calls on `self` do not copy it.
            var channels = [SecondChannelDetection]()
            swap(&channels, &secondChannel)
            if channels.count != stores.count { channels = Array(repeating: SecondChannelDetection(), count: stores.count) }
            // A channel without windows has the result of no windows: the
            // phone's own when it had none either, else calculated once.
            var noWindows = lastWindows.isEmpty ? result : nil
            for c in stores.indices {
                channels[c].lastWindows = matchedWindows(
                    in: stores[c], cache: &channels[c].matchCache, index: index, matcher: matcher, heardByAnyone: heardByAnyone)
                if channels[c].lastWindows.isEmpty {
                    if noWindows == nil { noWindows = try engine.calculate([], referenceDay: today) }
                    channels[c].lastRisk = noWindows
                } else {
                    channels[c].lastRisk = try engine.calculate(channels[c].lastWindows.map(\.window), referenceDay: today)
                }
            }
            swap(&channels, &secondChannel)
        }
        return result
    }

    /// The windows of the keys of `index` that came in packages this app
    /// holds, in index order. With sources (the simulation's case) the match
    /// cache re-matches only what changed; the result is the same as
    /// ``matchedWindowsAfresh(index:matcher:)``.
    mutating func matchedWindows(
        index: DiagnosisKeyIndex, matcher: ExposureMatcher, heardByAnyone: SourceSet? = nil
    ) -> [MatchedExposureWindow] {
        // The cache is moved out for the call: passing `&matchCache` to a
        // method of `self` would make Swift copy the whole app first.
        var cache = ExposureMatchCache()
        swap(&cache, &matchCache)
        defer { swap(&cache, &matchCache) }
        return matchedWindows(in: framework.sightings, cache: &cache, index: index, matcher: matcher, heardByAnyone: heardByAnyone)
    }

    /// The app with other channel `channel`'s last windows and risk result in
    /// place of its own (`warnsim redraw`).
    func observedThroughSecondChannel(_ channel: Int) -> CoronaWarnApp {
        var app = self
        let seen = secondChannel.indices.contains(channel) ? secondChannel[channel] : SecondChannelDetection()
        app.lastWindows = seen.lastWindows
        app.lastRisk = seen.lastRisk
        app.secondChannel = []
        return app
    }

    /// ``matchedWindows(index:matcher:heardByAnyone:)`` on the sightings of `store`, with its own cache.
    func matchedWindows(
        in store: SightingStore, cache: inout ExposureMatchCache, index: DiagnosisKeyIndex, matcher: ExposureMatcher,
        heardByAnyone: SourceSet? = nil
    ) -> [MatchedExposureWindow] {
        // No sighting, no window: most of a redraw's stores are empty (its
        // phones record only the sharers), and the cache catches up later.
        if store.isEmpty && cache.hasNoWindows { return [] }
        guard index.sources != nil else { return matchedWindowsAfresh(index: index, matcher: matcher, in: store) }
        let held = heldNumbers.union(coveredNumbers)
        guard let heardByAnyone else {
            return cache.update(index: index, store: store, heldVersion: packagesVersion, held: held, matcher: matcher)
        }
        let audible = audibleSources
        return cache.update(
            index: index, store: store, heldVersion: packagesVersion, held: held, matcher: matcher,
            unsighted: { !audible.contains($0) && !heardByAnyone.contains($0) })
    }

    /// Records that this phone heard an owner of the package numbered
    /// `number` on one of its keys' days (``audibleSources``).
    mutating func hear(_ number: UInt32) { audibleSources.insert(number) }

    /// Every key of `index` matched against every sighting (of `store`, by
    /// default the framework's own), then restricted to the keys of held
    /// packages. The index must say which package each key came from
    /// (``DiagnosisKeyIndex/sources``), as the run's does; an index of no
    /// keys need not.
    package func matchedWindowsAfresh(
        index: DiagnosisKeyIndex, matcher: ExposureMatcher, in store: SightingStore? = nil
    ) -> [MatchedExposureWindow] {
        guard let sources = index.sources else {
            precondition(index.keys.isEmpty, "an app matches only against a key index that names each key's package")
            return []
        }
        return matcher.match(index, in: store ?? framework.sightings).filter { holds(sources[$0.keyIndex]) }
    }

    /// A key as the run identifies it across packages and uploads (its
    /// lookup of each distributed key's owner; the app itself names
    /// packages by number, ``HeldPackage``).
    struct KeyIdentity: Hashable {
        var keyData: KeyBytes
        var start: UInt32
        init(_ key: DiagnosisKey) {
            keyData = key.keyData
            start = key.rollingStartIntervalNumber.rawValue
        }
        init(_ key: TemporaryExposureKey) {
            keyData = key.keyData
            start = key.rollingStartIntervalNumber.rawValue
        }
    }
}
