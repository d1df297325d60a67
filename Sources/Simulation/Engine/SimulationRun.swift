import Crypto
import ExposureNotification
import Foundation
import Population
import RiskCalculation
import Services
import WarnSimCore

/// The whole pipeline for one scenario and seed: the world moves people and
/// infects them, every app phone scans, infected app users test and share keys
/// through the backend, phones download the signed packages, match, calculate
/// their risk on the app's cadence, and warn. Everything is driven by the
/// simulated clock, hour by hour.
public struct SimulationRun: Sendable {
    public let app: AppScenario
    public let seed: UInt64
    public let workers: Int
    public private(set) var world: World
    public private(set) var backend: CWABackend
    public private(set) var apps: [CoronaWarnApp?]
    public private(set) var phones: [PhoneRecord]
    public private(set) var summary: [DaySummary] = []
    /// Wall-clock seconds per stage (for benchmarks; never written to the CSVs):
    /// `world` (plans, encounters, transmission), `scans` (identifier
    /// derivation for advertising, radio draws, sighting storage), `backend`
    /// (tests, uploads, package signing and verification), `key_index` (RPI
    /// derivation of the distributed keys), `detection` (matching and the risk
    /// calculation on every phone), and `scans.crypto`, the part of `scans`
    /// that derives the day's identifiers (the rest is radio draws and
    /// sighting storage).
    public private(set) var stageSeconds: [String: Double] = [:]
    /// ``stageSeconds`` with `detection.matching` and `detection.scoring`: CPU
    /// seconds summed over the phones (with several threads they add up to
    /// more than the wall-clock `detection`).
    public var stageBreakdown: [String: Double] {
        var stages = stageSeconds
        stages["detection.matching"] = apps.reduce(0) { $0 + ($1?.matchingSeconds ?? 0) }
        stages["detection.scoring"] = apps.reduce(0) { $0 + ($1?.scoringSeconds ?? 0) }
        return stages
    }
    let pipeline: ScanPipeline
    var clocks: [ScanPipeline.ScanClock]
    var verifier: KeyPackageVerifier
    var verified: [VerifiedKeyPackage] = []
    var index: DiagnosisKeyIndex
    /// Which person uploaded each distributed key (ground truth for windows).
    var ownerOfKey: [CoronaWarnApp.KeyIdentity: Int] = [:]
    let matcher = ExposureMatcher()
    /// True encounters between app users of the last days (window ground truth).
    var ledger: EncounterLedger
    /// `exposures.bin` records so far, and their number.
    var exposureRecords = BinaryWriter()
    public private(set) var exposureCount = 0
    /// The risk calculation the apps run, built from the app configuration they
    /// fetched and verified (E07.01), and the signed bytes it came from.
    var engine: CWARiskEngine
    var appConfigurationBytes = Data()
    /// The configuration key the app pins (shipped with the app).
    let appConfigurationKey: Data
    /// Fetched app configurations that failed verification or loading (kept the previous one).
    public private(set) var rejectedAppConfigurations = 0

    /// One row of `summary.csv`.
    public struct DaySummary: Sendable {
        public var day: Int
        public var infections = 0
        public var infectionsOfAppUsers = 0
        public var testsRegistered = 0
        public var positiveResults = 0
        public var uploads = 0
        public var keysUploaded = 0
        public var packagesPublished = 0
        public var keysDistributed = 0
        public var warnings = 0
    }

    /// A run of `scenario` with random streams derived from `seed`, on `workers` threads.
    public init(scenario: Scenario, seed: UInt64, workers: Int) throws {
        try self.init(world: scenario.world, app: scenario.app, seed: seed, workers: workers)
    }

    public init(world scenario: WorldScenario, app: AppScenario, seed: UInt64, workers: Int) throws {
        self.app = app
        self.seed = seed
        self.workers = max(1, workers)
        world = World(scenario: scenario, seed: seed)
        pipeline = ScanPipeline(model: world.radio, phones: world.phones, carriageBySetting: world.carriageBySetting, seed: seed)
        backend = CWABackend(configuration: app.services, seed: seed, signingKey: try Self.serverKey(seed: seed))
        verifier = KeyPackageVerifier(pinnedKey: backend.verificationKey)
        index = try DiagnosisKeyIndex(keys: [], matcher: matcher)
        engine = CWARiskEngine(parameters: app.cwaParameters, platform: app.platform)
        appConfigurationKey = backend.appConfiguration.verificationKey.x963Representation
        // RKI publishes the scenario's risk parameters on the app-configuration endpoint.
        try backend.publishAppConfiguration(Data(ConfigurationWriter.yaml(app.risk).utf8), now: app.startTime)
        let distanceModel = world.transmission.config.distanceModel
        ledger = EncounterLedger(distanceWeight: { distanceModel.weight(distance: $0) })
        let people = world.town.people
        clocks = (0..<people).map { ScanPipeline.ScanClock(person: $0, start: app.startTime, seed: seed) }
        apps = []
        phones = []
        apps.reserveCapacity(people)
        phones.reserveCapacity(people)
        for person in 0..<people {
            var draw = RandomStream(seed: seed, subsystem: StreamName.appAdoption, entity: UInt64(person))
            let installs = draw.nextUnitDouble() < app.adoptionByAge[Int(world.town.age[person].rawValue)]
            let logging = draw.nextUnitDouble() < app.exposureLoggingConsent
            let notifications = draw.nextUnitDouble() < app.notificationPermission
            var record = PhoneRecord(person: person, hasApp: installs)
            record.testRoute = draw.nextUnitDouble() < app.teleTANShare ? .teleTAN : .qrCode
            record.willShare = draw.nextUnitDouble() < app.shareKeysProbability
            record.answersExactOnset = draw.nextUnitDouble() < app.exactOnsetAnswerShare
            phones.append(record)
            apps.append(installs ? CoronaWarnApp(
                framework: pipeline.framework(person: person),
                consents: .init(exposureLogging: logging, notifications: notifications),
                maxDetectionsPerDay: app.maxDetectionsPerDay) : nil)
        }
    }

    /// The backend's signing key, derived from the seed so runs are reproducible.
    static func serverKey(seed: UInt64) throws -> P256.Signing.PrivateKey {
        var stream = RandomStream(seed: seed, subsystem: StreamName.serverSigningKey)
        while true {
            var raw = [UInt8]()
            for _ in 0..<4 { withUnsafeBytes(of: stream.next().bigEndian) { raw += $0 } }
            if let key = try? P256.Signing.PrivateKey(rawRepresentation: raw) { return key }
        }
    }

    /// The bytes of `exposures.bin` for the days simulated so far.
    public func exposureFileBytes() -> [UInt8] { ExposureStore.file(records: exposureRecords, count: exposureCount) }

    /// Simulates day `day` (0-based) completely.
    public mutating func simulate(day: Int) throws {
        let dayStart = app.startTime + Int64(day) * 86_400
        var row = DaySummary(day: day)
        var mark = ContinuousClock.now
        refreshAppConfiguration(now: dayStart)
        let worldDay = world.simulate(day: day, workers: workers, radio: false)
        row.infections = worldDay.infections.count
        let hasApp = phones.map(\.hasApp)
        ledger.add(encounters: worldDay.encounters, exposures: worldDay.exposures, hasApp: hasApp)
        exposureCount += ExposureStore.append(day: worldDay.encounters, exposures: worldDay.exposures, hasApp: hasApp, to: &exposureRecords)
        lap("world", &mark)

        switchTracing(day: day, dayStart: dayStart)

        // Phones scan; frameworks record sightings.
        var frameworks = [ExposureNotificationFramework?](repeating: nil, count: apps.count)
        for person in apps.indices where apps[person] != nil {
            frameworks[person] = apps[person]!.takeFramework()
        }
        var crypto = 0.0
        _ = pipeline.run(dayStart: dayStart, encounters: worldDay.encounters, frameworks: &frameworks, clocks: &clocks,
                         workers: workers, cryptoSeconds: &crypto)
        stageSeconds["scans.crypto", default: 0] += crypto
        for person in apps.indices where apps[person] != nil {
            // Move, so that the app's framework is uniquely referenced again.
            var moved: ExposureNotificationFramework?
            swap(&moved, &frameworks[person])
            apps[person]!.replaceFramework(moved!)
        }
        lap("scans", &mark)

        // New infections: symptomatic app users plan a test.
        for infection in worldDay.infections {
            let person = Int(infection.person)
            guard phones[person].hasApp else { continue }
            row.infectionsOfAppUsers += 1
            guard infection.symptomatic else { continue }
            var draw = RandomStream(seed: seed, subsystem: StreamName.appTesting, entity: UInt64(person))
            guard draw.nextUnitDouble() < app.testProbabilityWhenSymptomatic else { continue }
            let onset = app.startTime + Int64(infection.onset * 86_400)
            // A teleTAN comes from the hotline once the lab result is known.
            let labWait = phones[person].testRoute == .teleTAN ? app.labDelayHours : 0
            phones[person].plannedTest = onset + Int64((app.testDelayHours + labWait) * 3600)
        }

        for hour in 0..<24 {
            let now = dayStart + Int64(hour) * 3600
            try runHour(now: now, row: &row)
        }
        summary.append(row)
    }

    /// The day's user behaviour (E03): tracing and Bluetooth switched off for
    /// whole days, and app resets, each drawn from the stream (seed,
    /// "app.behaviour", person and day).
    mutating func switchTracing(day: Int, dayStart: Int64) {
        for person in apps.indices where apps[person] != nil {
            var draw = RandomStream(seed: seed, subsystem: StreamName.appBehaviour, entity: UInt64(person) << 20 | UInt64(day))
            let tracing = draw.nextUnitDouble(), bluetooth = draw.nextUnitDouble(), reset = draw.nextUnitDouble()
            if reset < app.resetPerDay {
                // A reset switches tracing back on (delivery default).
                apps[person]!.reset(now: dayStart, consents: apps[person]!.consents)
                phones[person].tracingOffDaysLeft = 0
            }
            // A period ends after its days; a user whose tracing is on may switch it off.
            if phones[person].tracingOffDaysLeft > 0 {
                phones[person].tracingOffDaysLeft -= 1
                if phones[person].tracingOffDaysLeft == 0 { apps[person]!.setTracing(true) }
            }
            if phones[person].tracingOffDaysLeft == 0, apps[person]!.consents.exposureLogging, tracing < app.tracingOffPerDay {
                apps[person]!.setTracing(false)
                phones[person].tracingOffDaysLeft = app.tracingOffDays
            }
            if phones[person].bluetoothOffDaysLeft > 0 {
                phones[person].bluetoothOffDaysLeft -= 1
                if phones[person].bluetoothOffDaysLeft == 0 { apps[person]!.setBluetooth(true) }
            }
            if phones[person].bluetoothOffDaysLeft == 0, bluetooth < app.bluetoothOffPerDay {
                apps[person]!.setBluetooth(false)
                phones[person].bluetoothOffDaysLeft = app.bluetoothOffDays
            }
        }
    }

    /// The risk parameters the apps currently use (from the verified app configuration).
    public var riskParameters: CWARiskParameters { engine.parameters }

    /// RKI publishes new risk parameters (WarnSim YAML text) on the
    /// app-configuration endpoint; apps pick them up at their next daily fetch.
    public mutating func publishAppConfiguration(_ payload: Data, now: Int64) throws {
        try backend.publishAppConfiguration(payload, now: now)
    }

    /// The apps fetch the app configuration (daily) and use its risk parameters
    /// only if the signature verifies with the pinned key and the parameters
    /// load; otherwise they keep the ones they have. Identical bytes are
    /// verified once for all phones, as key packages are.
    mutating func refreshAppConfiguration(now: Int64) {
        guard let bytes = try? backend.fetchAppConfiguration(now: now), bytes != appConfigurationBytes else { return }
        guard let key = try? P256.Signing.PublicKey(x963Representation: appConfigurationKey),
              let contents = try? SignedAppConfiguration.open(bytes, publicKey: key),
              let text = String(data: contents.payload, encoding: .utf8),
              let configuration = try? ConfigurationLoader.load(text: text, file: "app-configuration"),
              case .cwaExposureWindows(let parameters) = configuration.scheme
        else {
            rejectedAppConfigurations += 1
            return
        }
        appConfigurationBytes = bytes
        engine = CWARiskEngine(parameters: parameters, platform: app.platform)
    }

    mutating func lap(_ stage: String, _ mark: inout ContinuousClock.Instant) {
        let now = ContinuousClock.now
        stageSeconds[stage, default: 0] += (now - mark).inSeconds
        mark = now
    }

    mutating func runHour(now: Int64, row: inout DaySummary) throws {
        var mark = ContinuousClock.now
        // Tests and uploads, in person order (the backend's draws depend on call order).
        for person in phones.indices where apps[person] != nil {
            if let planned = phones[person].plannedTest, planned <= now, apps[person]!.test == nil {
                phones[person].plannedTest = nil
                registerTest(person: person, now: now, row: &row)
            }
            guard apps[person]!.test != nil else { continue }
            if let result = apps[person]!.pollTestResult(backend: &backend, now: now), result == .positive {
                row.positiveResults += 1
            }
            if apps[person]!.test?.result == .positive, !apps[person]!.hasSharedKeys {
                let answer = symptomAnswer(person: person, now: now)
                let keys = apps[person]!.shareKeys(consent: phones[person].willShare, answer: answer, backend: &backend, now: now)
                if keys > 0 {
                    row.uploads += 1
                    row.keysUploaded += keys
                    for key in apps[person]!.framework.keyHistory(at: now) {
                        ownerOfKey[CoronaWarnApp.KeyIdentity(key)] = person
                    }
                }
            }
        }

        // The CDN: new packages are verified once and indexed for every phone.
        let published = try backend.runHourlyJobs(now: now)
        var fresh = [VerifiedKeyPackage]()
        if !published.isEmpty {
            row.packagesPublished += published.count
            for package in published where package.kind == .hour {
                if let checked = verifier.verify(package.package, path: package.path(region: "DE")) {
                    fresh.append(checked)
                    row.keysDistributed += checked.keys.count
                }
            }
            verified += fresh
            let cutoff = ENIntervalNumber(unixSeconds: now).dayNumber - 15
            let expired = { (package: VerifiedKeyPackage) in package.keys.allSatisfy { $0.rollingStartIntervalNumber.dayNumber < cutoff } }
            verified.removeAll(where: expired)
            fresh.removeAll(where: expired)
            lap("backend", &mark)
            index = try DiagnosisKeyIndex(
                keys: verified.flatMap(\.keys), sources: verified.flatMap { package in package.keys.map { _ in package.path } },
                matcher: matcher, threads: workers)
            lap("key_index", &mark)
        }
        lap("backend", &mark)

        // Download and detection on each phone (Android: hourly download worker).
        // Phones are independent: workers run fixed chunks of phones on their own
        // app state, and the results are applied in person order, so nothing
        // depends on the thread count.
        for (person, detection) in try detectAll(now: now, fresh: fresh) {
            if detection.high, phones[person].firstHighRiskTime == nil {
                phones[person].firstHighRiskTime = now
            }
            if detection.notifiedHigh, phones[person].firstWarningTime == nil {
                phones[person].firstWarningTime = now
                row.warnings += 1
            }
            for (identity, window) in detection.newWindows { phones[person].windows[identity] = window }
        }
        lap("detection", &mark)
    }

    mutating func registerTest(person: Int, now: Int64, row: inout DaySummary) {
        let route = phones[person].testRoute
        let code: String
        switch route {
        case .qrCode:
            code = "warnsim-\(seed)-person-\(person)"
            // The lab reports the PCR result after the configured delay.
            try? backend.labPost(hashedGUID: HashedGUID(guid: code), result: .positive, now: now,
                                 delaySeconds: Int64(app.labDelayHours * 3600))
        case .teleTAN:
            // The hotline hands out a teleTAN once the lab result is known.
            guard let teleTAN = try? backend.createTeleTAN(now: now) else { return }
            code = teleTAN.code
        }
        if apps[person]!.registerTest(route, code: code, polling: .pcr, backend: &backend, now: now) {
            row.testsRegistered += 1
            if route == .teleTAN { row.positiveResults += 1 }
        }
    }

    func symptomAnswer(person: Int, now: Int64) -> SymptomAnswer {
        guard phones[person].answersExactOnset, world.disease.symptomatic[person] else { return .noAnswer }
        let onset = app.startTime + Int64(world.disease.onset[person] * 86_400)
        let daysAgo = Int((ENIntervalNumber(unixSeconds: now).dayNumber)) - Int(ENIntervalNumber(unixSeconds: max(onset, 0)).dayNumber)
        return .exactOnset(daysAgo: max(daysAgo, 0))
    }

    /// What one phone's detection produced.
    struct Detection: Sendable {
        var high: Bool
        var notifiedHigh: Bool
        var newWindows: [(WindowKey, RecordedWindow)]
    }

    /// Runs download and detection on every app phone in parallel.
    mutating func detectAll(now: Int64, fresh: [VerifiedKeyPackage]) throws -> [(Int, Detection)] {
        let count = apps.count
        let results = UnsafeMutableBufferPointer<Detection?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer { results.deinitialize(); results.deallocate() }
        let out = UnsafeSendableBuffer(results)
        let errors = FirstErrorBox<any Error>()
        let workers = min(self.workers, max(count, 1))
        let (phones, index, matcher, engine, owners, ledger, start) = (self.phones, self.index, self.matcher, self.engine, ownerOfKey, self.ledger, app.startTime)
        apps.withUnsafeMutableBufferPointer { buffer in
            let apps = UnsafeSendableBuffer(buffer)
            Parallel.run(workers: workers) { worker in
                for person in Parallel.chunk(worker, of: workers, count: count) where apps.buffer[person] != nil {
                    apps.buffer[person]!.receive(fresh, now: now)
                    do {
                        guard let result = try apps.buffer[person]!.detectIfDue(now: now, index: index, matcher: matcher, engine: engine) else { continue }
                        var notified = false
                        if case .riskCalculated(_, .high, true) = apps.buffer[person]!.events.last { notified = true }
                        out.buffer[person] = Detection(
                            high: result.totalRiskLevel == .high, notifiedHigh: notified,
                            newWindows: Self.newWindows(
                                person: person, app: apps.buffer[person]!, evaluations: result.windows, known: phones[person].windows,
                                index: index, owners: owners, ledger: ledger, startTime: start, now: now))
                    } catch {
                        errors.record(error)
                    }
                }
            }
        }
        if let error = errors.error { throw error }
        return results.indices.compactMap { person in results[person].map { (person, $0) } }
    }

    /// The windows of a detection that the phone had not recorded before, with
    /// the key's owner and the real contact behind each (`evaluations` is in the
    /// order of the app's `lastWindows`).
    static func newWindows(
        person: Int, app: CoronaWarnApp, evaluations: [WindowEvaluation], known: [WindowKey: RecordedWindow],
        index: DiagnosisKeyIndex, owners: [CoronaWarnApp.KeyIdentity: Int], ledger: EncounterLedger, startTime: Int64, now: Int64
    ) -> [(WindowKey, RecordedWindow)] {
        var found: [(WindowKey, RecordedWindow)] = []
        var seen = Set<WindowKey>()
        for (matched, evaluation) in zip(app.lastWindows, evaluations) {
            let key = index.keys[matched.keyIndex]
            let identity = WindowKey(keyData: key.keyData, rollingStart: key.rollingStartIntervalNumber.rawValue, firstScanTime: matched.firstScanTime)
            guard known[identity] == nil, seen.insert(identity).inserted else { continue }
            let owner = owners[CoronaWarnApp.KeyIdentity(key)] ?? -1
            // The span the window's scans observed: from the scan before the
            // first one (its secondsSinceLastScan) to the last scan.
            let lookBack = Int64(max(matched.window.scanInstances.first?.secondsSinceLastScan ?? 0, 0))
            let truth = ledger.truth(phone: person, owner: owner, from: matched.firstScanTime - lookBack,
                                     to: matched.lastScanTime, startTime: startTime)
            found.append((identity, RecordedWindow(
                owner: owner, window: matched.window, firstScanTime: matched.firstScanTime,
                lastScanTime: matched.lastScanTime, detectedAt: now, truth: truth, level: evaluation.riskLevel)))
        }
        return found
    }
}
