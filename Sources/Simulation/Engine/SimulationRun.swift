import Crypto
import ExposureNotification
import Foundation
import Population
import RiskCalculation
import RunRecords
import Services
import WarnSimCore

/// The whole pipeline for one scenario and seed: the world moves people and
/// infects them, every app phone scans, infected app users test and share keys
/// through the backend, phones download the signed packages, match, calculate
/// their risk on the app's cadence, and warn. Everything is driven by the
/// simulated clock, hour by hour.
package struct SimulationRun: Sendable {
    package let app: AppConfig
    package let seed: UInt64
    package let workers: Int
    package private(set) var world: World
    package private(set) var backend: CWABackend
    /// Every person's phone, in person order.
    package private(set) var phones: [SimulatedPhone]
    /// Testing, isolation and the response to warnings, for everyone.
    package private(set) var health: HealthSystem
    package private(set) var summary: [DaySummary] = []
    /// Wall-clock seconds per stage (for benchmarks; never written to the CSVs):
    /// `world` (plans, encounters, transmission), `scans` (identifier
    /// derivation for advertising, radio draws, sighting storage), `backend`
    /// (tests, uploads, package signing and verification), `key_index` (RPI
    /// derivation of the distributed keys), `detection` (matching and the risk
    /// calculation on every phone), and `scans.crypto`, the part of `scans`
    /// that derives the day's identifiers (the rest is radio draws and
    /// sighting storage), and `health` (tests taken, results known, warnings
    /// seen, tests registered in the apps).
    package private(set) var stageSeconds: [String: Double] = [:]
    /// The RPIs (each with its AEM) derived in `scans.crypto` (for benchmarks;
    /// never written to the CSVs).
    package private(set) var scansCryptoIdentifiers = 0
    /// ``stageSeconds`` with `detection.matching` and `detection.scoring`: CPU
    /// seconds summed over the phones (with several threads they add up to
    /// more than the wall-clock `detection`).
    package var stageBreakdown: [String: Double] {
        var stages = stageSeconds
        stages["detection.matching"] = phones.reduce(0) { $0 + ($1.hasApp ? $1.installedApp.matchingSeconds : 0) }
        stages["detection.scoring"] = phones.reduce(0) { $0 + ($1.hasApp ? $1.installedApp.scoringSeconds : 0) }
        return stages
    }
    /// The windows the phones' risk calculations scored in `detection.scoring`
    /// (for benchmarks; never written to the CSVs).
    package var scoredWindows: Int { phones.reduce(0) { $0 + ($1.hasApp ? $1.installedApp.scoredWindows : 0) } }
    /// The risk calculations of `detection.scoring`, with windows or without.
    package var scoredCalculations: Int { phones.reduce(0) { $0 + ($1.hasApp ? $1.installedApp.scoredCalculations : 0) } }
    var pipeline: ScanPipeline
    /// The day's advertisement table, its memory kept from day to day.
    let advertisementStorage = AdvertisementStorage()
    var verifier: KeyPackageVerifier
    /// The verified hour packages whose keys are indexed (a day package
    /// repeats the keys of its day's hour packages, so they are indexed once).
    var verified: [VerifiedKeyPackage] = []
    /// Paths of the verified hour packages of each UTC day, for the day
    /// package that covers them.
    var hourPackagesByDay: [Int64: [UInt32]] = [:]
    /// The packages on the CDN, as the phones' download runs see them.
    var cdn: KeyPackageCDN
    var index: DiagnosisKeyIndex
    /// Which person uploaded each distributed key (ground truth for windows).
    var ownerOfKey: [CoronaWarnApp.KeyIdentity: Int] = [:]

    /// The people whose keys were uploaded so far (and so distributed, or to be).
    package var distributedKeyOwners: Set<Int> { Set(ownerOfKey.values) }
    /// Who heard whom on the retained days (from the scans): a phone looks
    /// at its sightings for a new package only if it heard one of the
    /// package's key owners on a key's day (``announce(_:)``).
    var audiences = Audiences()
    /// The packages whose audiences have been told (``announce(_:)``).
    var announced = SourceSet()
    /// Packages with a key of unknown owner: every phone looks at them.
    var heardByAnyone = SourceSet()
    /// Whether detections skip the packages a phone did not hear (false
    /// only to show that the outputs do not depend on it).
    package var skipsUnheardPackages = true
    let matcher = ExposureMatcher()
    /// True encounters between app users of the last days (window ground truth).
    var ledger: EncounterLedger
    /// Every window the phones' detections produced, labelled with the true
    /// contact behind it (the measurement apparatus beside the phones).
    package internal(set) var recorder: WindowRecorder
    /// The true contacts of every distributed key-day (`contacts.bin`).
    var keyDayContacts = KeyDayContacts()
    /// `exposures.bin` records so far, and their number.
    var exposureRecords = BinaryWriter()
    package private(set) var exposureCount = 0
    /// The apps' check of the fetched app configuration (E07.01), shared by
    /// every phone since they all check the same bytes with the same pinned key.
    var appConfigurationCheck: AppConfigurationCheck
    /// The last app configuration the phones fetched.
    var fetchedAppConfiguration = Data()
    /// App users with backend work planned (a test registered, a teleTAN or an
    /// operator call ahead): the only phones the hourly backend loop visits.
    /// A phone enters when a test of its user is handed to it, and leaves when
    /// nothing is pending (``SimulatedPhone/hasPendingBackendWork``).
    var backendDue = Set<Int>()
    /// The risk configuration the phones use: the last fetched app
    /// configuration that passed the check (what `risk.yaml` records at the
    /// run's end).
    package private(set) var riskConfiguration: RiskConfiguration
    /// Every configuration the phones took up, with the time of the fetch
    /// (the first at the run's start; a timeline adds one per accepted change).
    package private(set) var acceptedConfigurations: [(at: Int64, configuration: RiskConfiguration)] = []
    /// The calculation of the accepted configuration, by platform (what an
    /// app installed during the run takes up).
    var currentEngines: [RiskPlatform: PhoneRiskEngine] = [:]
    /// Timeline entries (`app.riskTimeline`) published so far.
    package private(set) var publishedTimelineEntries = 0
    /// Distinct fetched app configurations that failed the apps' check (the
    /// phones kept the configuration they had).
    package var rejectedAppConfigurations: Int { appConfigurationCheck.rejected }

    /// One row of `summary.csv`.
    package struct DaySummary: Sendable {
        package var day: Int
        package var infections = 0
        package var infectionsOfAppUsers = 0
        /// Tests taken by anyone, and their results known that day by kind.
        package var testsTaken = 0
        package var negativeResults = 0
        package var invalidResults = 0
        package var positiveResults = 0
        /// Tests registered in an app, and results that reached an app.
        package var testsRegistered = 0
        package var appPositiveResults = 0
        package var appNegativeResults = 0
        package var appInvalidResults = 0
        package var uploads = 0
        package var keysUploaded = 0
        package var packagesPublished = 0
        package var keysDistributed = 0
        /// App users whose risk turned HIGH for the first time.
        package var highRiskResults = 0
        /// Warnings seen by their users (the warning time of every output).
        package var warnings = 0
        /// People at home in isolation or quarantine, and with fewer contacts, that day.
        package var isolating = 0
        package var quarantined = 0
        package var reducedContacts = 0
    }

    /// A run of `scenario` with random streams derived from `seed`, on `workers` threads.
    package init(scenario: Scenario, seed: UInt64, workers: Int, sightingSpill: SightingSpill? = nil) throws {
        try self.init(world: scenario.world, app: scenario.app, seed: seed, workers: workers, sightingSpill: sightingSpill)
    }

    /// A run of the world and app sections of a scenario. With
    /// `ignoringWarnings` the users do nothing about their warnings (the
    /// counterfactual a warning's effect is measured against).
    /// Where the app phones' sealed sightings go (``SightingSpill``); nil
    /// keeps them in memory. The outputs are the same either way.
    package let sightingSpill: SightingSpill?

    /// - Parameters:
    ///   - secondChannels: radio channels every scan is also seen through,
    ///     never acted on (``ScanPipeline/secondChannels``; `warnsim
    ///     redraw`); ``observedThroughSecondChannel(_:)`` gives the run as each saw it.
    ///   - recordedTransmitters: per person, whether the phones record
    ///     what its phone sends, on their own channel and the others
    ///     (``ScanPipeline/recordedTransmitters``; empty: everyone's). Every
    ///     person whose keys the run distributes must be among them
    ///     (``distributedKeyOwners``), or windows are missed.
    package init(
        world scenario: WorldConfig, app: AppConfig, seed: UInt64, workers: Int, ignoringWarnings: Bool = false,
        sightingSpill: SightingSpill? = nil, secondChannels: [ScanPipeline.SecondChannel] = [],
        recordedTransmitters: [Bool] = []
    ) throws {
        self.app = app
        self.sightingSpill = sightingSpill
        self.seed = seed
        self.workers = max(1, workers)
        world = World(scenario: scenario, seed: seed)
        world.releasesEncounterMemory = sightingSpill != nil
        pipeline = ScanPipeline(model: world.radio, phones: world.phones, carriageBySetting: world.carriageBySetting, seed: seed)
        pipeline.secondChannels = secondChannels
        pipeline.recordedTransmitters = recordedTransmitters
        backend = CWABackend(configuration: app.services, seed: seed, signingKey: try Self.serverKey(seed: seed))
        verifier = KeyPackageVerifier(pinnedKey: backend.verificationKey)
        cdn = KeyPackageCDN(
            dayRetentionDays: app.services.distribution.retentionDays,
            hourRetentionDays: app.services.distribution.hourFileRetentionDays)
        index = try DiagnosisKeyIndex(keys: [], matcher: matcher)
        appConfigurationCheck = AppConfigurationCheck(pinnedKey: backend.appConfiguration.verificationKey)
        riskConfiguration = app.risk
        // RKI publishes the scenario's risk parameters on the app-configuration endpoint.
        try backend.publishAppConfiguration(Data(ConfigurationWriter.yaml(app.risk).utf8), now: app.startTime)
        let distanceModel = world.transmission.config.distanceModel
        ledger = EncounterLedger(distanceWeight: { distanceModel.weight(distance: $0) }, folder: sightingSpill?.folder)
        recorder = WindowRecorder(phones: world.town.people, secondChannels: secondChannels.count)
        let (town, pipeline) = (world.town, self.pipeline)
        phones = (0..<town.people).map { person in
            SimulatedPhone(person: person, age: town.age[person], scenario: app, pipeline: pipeline, seed: seed, spill: sightingSpill)
        }
        health = HealthSystem(
            people: town.people, testing: app.testing, response: app.response, startTime: app.startTime, seed: seed,
            ignoresWarnings: ignoringWarnings)
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
    package func exposureFileBytes() -> [UInt8] { ExposureStore.file(records: exposureRecords, count: exposureCount) }

    /// The key-days distributed so far with their true contacts (`contacts.bin`).
    package var distributedKeyDays: [StoredKeyDay] { keyDayContacts.stored }

    /// Simulates day `day` (0-based) completely.
    package mutating func simulate(day: Int) throws {
        let dayStart = app.startTime + Int64(day) * 86_400
        var row = DaySummary(day: day)
        var mark = ContinuousClock.now
        try publishTimeline(upTo: dayStart)
        fetchAppConfiguration(now: dayStart)
        let restrictions = health.startDay(day)
        row.count(restrictions)
        let worldDay = world.simulate(day: day, workers: workers, restrictions: restrictions.restrictions)
        row.infections = worldDay.infections.count
        let hasApp = phones.map(\.hasApp)
        ledger.add(encounters: worldDay.encounters, exposures: worldDay.exposures, hasApp: hasApp, workers: workers)
        exposureCount += ExposureStore.append(day: worldDay.encounters, exposures: worldDay.exposures, hasApp: hasApp, to: &exposureRecords)
        lap("world", &mark)

        if app.adoptionCurve != nil {
            // Installs and uninstalls of the day; a new app runs the current calculation.
            for person in phones.indices
            where phones[person].followAdoptionCurve(
                dayStart: dayStart, pipeline: pipeline, spill: sightingSpill, maxDetectionsPerDay: app.maxDetectionsPerDay)
            {
                phones[person].useCheckedConfiguration(currentEngines)
            }
        }
        let (scenario, seed) = (app, self.seed)
        forEachPhone { $0.startDay(day, dayStart: dayStart, scenario: scenario, seed: seed) }

        // Phones scan; their frameworks record sightings in place.
        var crypto = 0.0
        _ = pipeline.run(
            dayStart: dayStart, encounters: worldDay.encounters, phones: &phones, audiences: &audiences, workers: workers,
            cryptoSeconds: &crypto,
            cryptoIdentifiers: &scansCryptoIdentifiers, advertisementStorage: advertisementStorage)
        // With memory economy the table's pages go back until tomorrow's scans.
        if world.releasesEncounterMemory { advertisementStorage.release() }
        stageSeconds["scans.crypto", default: 0] += crypto
        lap("scans", &mark)

        // New infections: symptomatic people (app or not) plan a test; others
        // get tested for other reasons.
        row.infectionsOfAppUsers = worldDay.infections.filter { phones[Int($0.person)].hasApp }.count
        health.afterWorld(day: day, infections: worldDay.infections)

        for hour in 0..<24 {
            let now = dayStart + Int64(hour) * 3600
            try runHour(now: now, row: &row)
            // The hour's window truths read the ledger; its pages on disk go back.
            ledger.evict()
        }
        // The keys distributed today, looked up while the ledger holds their days.
        mark = ContinuousClock.now
        keyDayContacts.collect(
            from: ledger, eligible: phones.map { $0.hasApp && $0.installedApp.consents.exposureLogging }, startTime: app.startTime)
        ledger.evict()
        lap("contacts", &mark)
        summary.append(row)
        ProcessMeasurement.returnFreedMemory()
        if let sightingSpill {
            // Days past the retention are gone from every phone.
            sightingSpill.release(daysBefore: dayStart / 86_400 - SightingStore.retentionDays)
            if let problem = sightingSpill.failure { throw SightingSpillFailure(problem: problem) }
        }
    }

    /// The run as seen through other channel `channel` (``ScanPipeline/secondChannels``):
    /// every phone's windows, first HIGH risk, last risk result and the
    /// warning its user would have seen those of that channel, and the
    /// days' `high_risk_results` and `warnings` counted from them. Everything
    /// else (infections, tests, uploads, quarantines) is the run's own: what
    /// the users did followed the phones' own channel (an open loop).
    package func observedThroughSecondChannel(_ channel: Int) -> SimulationRun {
        var run = self
        let end = app.startTime + Int64(summary.count) * 86_400
        let health = self.health
        let second = recorder.secondChannel
        run.phones = phones.map { phone in
            phone.observedThroughSecondChannel(
                channel, firstHighRisk: second.isEmpty ? nil : second[phone.person][channel].firstHighRiskTime,
                openingDelay: health.appOpeningDelay, end: end)
        }
        run.recorder = recorder.observedThroughSecondChannel(channel)
        for day in run.summary.indices {
            run.summary[day].highRiskResults = 0
            run.summary[day].warnings = 0
        }
        func day(_ time: Int64) -> Int { Int((time - app.startTime).floorDivided(by: 86_400)) }
        for phone in run.phones {
            if let high = phone.firstHighRiskTime, run.summary.indices.contains(day(high)) {
                run.summary[day(high)].highRiskResults += 1
            }
            if let seen = phone.firstWarningTime, run.summary.indices.contains(day(seen)) {
                run.summary[day(seen)].warnings += 1
            }
        }
        return run
    }

    /// RKI publishes new risk parameters (WarnSim YAML text) on the
    /// app-configuration endpoint; apps pick them up at their next daily fetch.
    package mutating func publishAppConfiguration(_ payload: Data, now: Int64) throws {
        try backend.publishAppConfiguration(payload, now: now)
    }

    /// Something other than the backend serves `bytes` on the
    /// app-configuration endpoint from `now` on, unsigned by the backend: a
    /// compromised CDN or an attacker between the backend and the phones. The
    /// apps' check must refuse bytes that do not verify with the pinned key.
    package mutating func serveTamperedAppConfiguration(_ bytes: Data, now: Int64) throws {
        try backend.appConfiguration.serveUnsigned(bytes, now: now)
    }

    /// RKI publishes the timeline's configurations (`risk.timeline`) due by
    /// `now` (each at 00:00 UTC of its date) on the app-configuration endpoint.
    mutating func publishTimeline(upTo now: Int64) throws {
        let timeline = app.riskTimeline
        while publishedTimelineEntries < timeline.count, timeline[publishedTimelineEntries].publishedAt <= now {
            let entry = timeline[publishedTimelineEntries]
            try backend.publishAppConfiguration(Data(ConfigurationWriter.yaml(entry.configuration).utf8), now: entry.publishedAt)
            publishedTimelineEntries += 1
        }
    }

    /// Every app fetches the app configuration (daily) and checks it; a phone
    /// uses its risk parameters only if the check passes, and otherwise keeps
    /// the ones it has. Unchanged bytes are not checked again.
    mutating func fetchAppConfiguration(now: Int64) {
        guard let bytes = try? backend.fetchAppConfiguration(now: now), bytes != fetchedAppConfiguration else { return }
        fetchedAppConfiguration = bytes
        // Every app checks the same bytes with the same pinned key: checked
        // once, and a refused payload leaves every phone's engine as it was.
        guard let configuration = appConfigurationCheck.configuration(of: bytes) else { return }
        riskConfiguration = configuration
        acceptedConfigurations.append((now, configuration))
        // Each app runs the configuration's scheme (CWA v2 or ENF v1) in its own platform's variant.
        let engines = Dictionary(
            uniqueKeysWithValues: RiskPlatform.allCases.map { ($0, PhoneRiskEngine(scheme: configuration.scheme, platform: $0)) })
        currentEngines = engines
        for person in phones.indices { phones[person].useCheckedConfiguration(engines) }
    }

    /// The CWA v2 parameters the apps currently use (from the verified app
    /// configuration), nil while they run an ENF v1 scheme.
    package var riskParameters: CWARiskParameters? {
        guard case .cwaExposureWindows(let parameters) = riskConfiguration.scheme else { return nil }
        return parameters
    }

    mutating func lap(_ stage: String, _ mark: inout ContinuousClock.Instant) {
        let now = ContinuousClock.now
        stageSeconds[stage, default: 0] += (now - mark).inSeconds
        mark = now
    }

    mutating func runHour(now: Int64, row: inout DaySummary) throws {
        var mark = ContinuousClock.now
        // TeleTANs, result polling and uploads, in person order (the backend's
        // draws depend on call order); phones with nothing due are skipped.
        let (disease, startTime, shares, path) = (world.disease, app.startTime, app.testing.symptomAnswers, app.uploadPath)
        for person in backendDue.sorted() where phones[person].hasBackendWork(now: now, path: path) {
            let activity = phones[person].useBackend(now: now, backend: &backend, shares: shares, seed: seed, path: path) {
                now in
                Self.onsetDaysAgo(person: person, disease: disease, startTime: startTime, now: now)
            }
            row.testsRegistered += activity.testsRegistered
            for result in activity.results { row.countAppResult(result) }
            if activity.keysUploaded > 0 {
                row.uploads += 1
                row.keysUploaded += activity.keysUploaded
                for key in phones[person].installedApp.framework.keyHistory(at: now) {
                    ownerOfKey[CoronaWarnApp.KeyIdentity(key)] = person
                }
            }
        }

        backendDue = backendDue.filter { phones[$0].hasPendingBackendWork }

        // The CDN: new packages are verified once (every phone would verify the
        // same bytes), put on the CDN for the phones' download runs, and the
        // hour packages' keys indexed for every phone.
        let published = try backend.runHourlyJobs(now: now)
        cdn.applyRetention(now: now)
        if !published.isEmpty {
            row.packagesPublished += published.count
            var fresh = [VerifiedKeyPackage]()
            for package in published {
                let path = package.path(region: "DE")
                let covering = package.kind == .day ? hourPackagesByDay[package.day] ?? [] : []
                guard let checked = verifier.verify(package.package, path: path, covering: covering) else { continue }
                cdn.publish(checked, kind: package.kind, at: now)
                guard package.kind == .hour else { continue }
                fresh.append(checked)
                hourPackagesByDay[package.day, default: []].append(checked.number)
                row.keysDistributed += checked.keys.count
                for key in checked.keys {
                    if let owner = ownerOfKey[CoronaWarnApp.KeyIdentity(key)] { keyDayContacts.distributed(key, owner: owner) }
                }
            }
            verified += fresh
            let cutoff = ENIntervalNumber(unixSeconds: now).dayNumber - 15
            let expired = { (package: VerifiedKeyPackage) in package.keys.allSatisfy { $0.rollingStartIntervalNumber.dayNumber < cutoff } }
            verified.removeAll(where: expired)
            hourPackagesByDay = hourPackagesByDay.filter { $0.key >= Int64(cutoff) - 1 }
            lap("backend", &mark)
            index = try DiagnosisKeyIndex(
                keys: verified.flatMap(\.keys), sources: verified.flatMap { package in package.keys.map { _ in package.number } },
                matcher: matcher, threads: workers)
            announce(index)
            lap("key_index", &mark)
        }
        lap("backend", &mark)

        // Download and detection on each phone, at its app's download runs of
        // the hour (Android: the hourly worker; iOS: the background task).
        // Phones are independent: workers run fixed chunks of phones in place,
        // and the results are applied in person order, so nothing depends on
        // the thread count.
        // A first HIGH risk is seen at once with notification permission, else
        // when the user next opens the app.
        for (person, detections) in try detectAll(hourStart: now) {
            for detection in detections where phones[person].record(detection) {
                row.highRiskResults += 1
                let delay = phones[person].installedApp.consents.notifications ? 0 : health.appOpeningDelay(person: person)
                phones[person].warningDelay = delay
                health.warningWillBeSeen(by: person, at: detection.at + delay)
            }
        }
        lap("detection", &mark)

        // Tests taken, results known and warnings seen this hour; app users
        // register their tests in the app.
        let hour = health.runHour(now: now, disease: world.disease)
        row.testsTaken += hour.tests.count
        for result in hour.results { row.countResult(result.result) }
        for test in hour.tests where phones[test.person].hasApp {
            if phones[test.person].register(test, backend: &backend, seed: seed, path: app.uploadPath) { row.testsRegistered += 1 }
            backendDue.insert(test.person)
        }
        for seen in hour.warningsSeen {
            phones[seen.person].seeWarning(at: seen.at)
            row.warnings += 1
        }
        lap("health", &mark)
    }

    /// Whole days from the symptom onset of `person` to `now` (UTC days), nil
    /// for someone without symptoms so far.
    static func onsetDaysAgo(person: Int, disease: DiseaseState, startTime: Int64, now: Int64) -> Int? {
        guard disease.symptomatic[person] else { return nil }
        let onset = startTime + Int64((disease.onset[person] * 86_400).rounded(.down))
        guard onset <= now else { return nil }
        return Int(ENIntervalNumber(unixSeconds: now).dayNumber) - Int(ENIntervalNumber(unixSeconds: max(onset, 0)).dayNumber)
    }

    /// Tells the audiences of the packages of `index` not announced before
    /// that they heard them (``CoronaWarnApp/audibleSources``): the phones
    /// that heard one of a package's key owners on one of the key's days. A
    /// package with a key of unknown owner goes to ``heardByAnyone``.
    /// Run when the index is built; the scans of the keys' days are done by
    /// then (a day's scans run before its hours, and keys are of past days
    /// or today).
    mutating func announce(_ index: DiagnosisKeyIndex) {
        for source in index.sourceOrder where !announced.contains(source) {
            announced.insert(source)
            let keys = (index.keysOfSource[source] ?? []).lazy.map { index.keys[Int($0)] }
            guard let audience = audiences.audience(of: keys, owners: ownerOfKey) else {
                heardByAnyone.insert(source)
                continue
            }
            for receiver in audience where phones[Int(receiver)].hasApp { phones[Int(receiver)].installedApp.hear(source) }
        }
    }

    /// Runs `body` on every phone, the phones split between the workers;
    /// `body` may change only the phone it is given.
    mutating func forEachPhone(_ body: @Sendable (inout SimulatedPhone) -> Void) {
        let workers = self.workers
        phones.withUnsafeMutableBufferPointer { buffer in
            let phones = UnsafeSendableBuffer(buffer)
            Parallel.run(workers: workers) { worker in
                for person in Parallel.chunk(worker, of: workers, count: phones.buffer.count) { body(&phones.buffer[person]) }
            }
        }
    }

    /// Runs the download runs of the hour starting at `hourStart`, and the
    /// detections they lead to, on every app phone in parallel; the
    /// ``recorder`` labels and keeps their new windows.
    mutating func detectAll(hourStart: Int64) throws -> [(Int, [SimulatedPhone.Detection])] {
        let count = phones.count
        let results = UnsafeMutableBufferPointer<[SimulatedPhone.Detection]?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer {
            results.deinitialize()
            results.deallocate()
        }
        let out = UnsafeSendableBuffer(results)
        let errors = FirstErrorBox<any Error>()
        let tasks = Parallel.pieces(workers: self.workers, perWorker: 16, count: count)
        let (index, matcher, owners, ledger, start, cdn) = (self.index, self.matcher, ownerOfKey, self.ledger, app.startTime, self.cdn)
        let heardByAnyone = skipsUnheardPackages ? self.heardByAnyone : nil
        // The recorder's per-phone slots, moved out for the loop (no copy) and back after it.
        var (windowSlots, secondSlots) = ([[WindowKey: RecordedWindow]](), [[WindowRecorder.SecondChannelRecord]]())
        swap(&windowSlots, &recorder.windows)
        swap(&secondSlots, &recorder.secondChannel)
        defer {
            swap(&windowSlots, &recorder.windows)
            swap(&secondSlots, &recorder.secondChannel)
        }
        phones.withUnsafeMutableBufferPointer { buffer in
            let phones = UnsafeSendableBuffer(buffer)
            windowSlots.withUnsafeMutableBufferPointer { windowBuffer in
                secondSlots.withUnsafeMutableBufferPointer { secondBuffer in
                    let (windows, second) = (UnsafeSendableBuffer(windowBuffer), UnsafeSendableBuffer(secondBuffer))
                    // Many small chunks, taken as workers come free: a phone's
                    // work varies with its downloads and detections, so halves
                    // would leave one core waiting for the other.
                    Parallel.run(workers: tasks) { task in
                        for person in Parallel.chunk(task, of: tasks, count: count) where phones.buffer[person].hasApp {
                            do {
                                let detections = try phones.buffer[person].downloadAndDetect(
                                    hourStart: hourStart, cdn: cdn, index: index, matcher: matcher, heardByAnyone: heardByAnyone
                                ) { channel, time, matched, level in
                                    WindowRecorder.record(
                                        channel, at: time, matched: matched, level: level, phone: person,
                                        windows: &windows.buffer[person],
                                        secondChannel: second.buffer.isEmpty ? nil : second.buffer.baseAddress! + person,
                                        ledger: ledger, index: index, owners: owners, startTime: start)
                                }
                                if !detections.isEmpty { out.buffer[person] = detections }
                            } catch {
                                errors.record(error)
                            }
                        }
                    }
                }
            }
        }
        if let error = errors.error { throw error }
        return results.indices.compactMap { person in results[person].map { (person, $0) } }
    }
}

extension SimulationRun.DaySummary {
    /// Counts the people the day's restrictions keep home or from shops and leisure.
    mutating func count(_ restrictions: HealthSystem.Day) {
        (isolating, quarantined, reducedContacts) = (restrictions.isolating, restrictions.quarantined, restrictions.reducedContacts)
    }

    /// Counts a lab result that became known.
    mutating func countResult(_ result: TestResult) {
        switch result {
        case .positive: positiveResults += 1
        case .negative: negativeResults += 1
        case .invalid: invalidResults += 1
        default: break
        }
    }

    /// Counts a result that reached an app.
    mutating func countAppResult(_ result: TestResult) {
        switch result {
        case .positive: appPositiveResults += 1
        case .negative: appNegativeResults += 1
        case .invalid: appInvalidResults += 1
        default: break
        }
    }
}
