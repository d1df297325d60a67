import ExposureNotification
import Foundation
import Population
import RiskCalculation
import Services
import WarnSimCore

/// Everything that is one person's device in a run: the Corona-Warn-App (if
/// installed) with its Exposure Notification framework, the phone's scan
/// clock, its user's intentions and daily habits, the test they plan, the app
/// configuration the app checked and uses, and what the device showed its
/// user (warnings). Who was behind a window is not the phone's to know: its
/// detections hand their matched windows to the run's ``WindowRecorder``.
///
/// ``SimulationRun`` advances the clock and asks each phone to act; the phone
/// decides with its own random streams, keyed by (seed, subsystem, person), so
/// nothing depends on the order in which phones are asked or on threads.
package struct SimulatedPhone: Sendable {
    /// The person who carries the phone.
    package let person: Int
    /// Android phone or iPhone: its framework's scan schedule, its app's
    /// download cadence and the app's risk-calculation variant.
    package let platform: RiskPlatform
    /// The installed app, nil without it. The app owns the phone's framework.
    /// Reading it copies the app: code that runs for every phone reads and
    /// modifies ``installedApp`` in place instead. Setting nil uninstalls it
    /// (and drops the engine).
    package internal(set) var app: CoronaWarnApp? {
        get { hasApp ? installed!.app.pointee : nil }
        set {
            installed = newValue.map { InstalledApp(app: $0, engine: installed?.engine.pointee) }
            hasApp = newValue != nil
        }
    }
    /// The installed app, in place; the phone must have it (``hasApp``).
    package internal(set) var installedApp: CoronaWarnApp {
        unsafeAddress {
            precondition(hasApp, "the phone has no app")
            return UnsafePointer(installed!.app)
        }
        unsafeMutableAddress { ownInstalled().app }
    }
    /// Whether the app is installed now (kept beside the phone's clocks: the
    /// hourly loops over every phone ask it without reaching into the heap).
    package private(set) var hasApp = false
    /// The app and its risk calculation, on the heap (``InstalledApp``); nil
    /// without an app.
    private var installed: InstalledApp?

    /// The phone's own box, to modify: copied first if another phone value
    /// shares it. The phone must have the app.
    private mutating func ownInstalled() -> InstalledApp {
        precondition(hasApp, "the phone has no app")
        if !isKnownUniquelyReferenced(&installed) { installed = installed!.copy() }
        return installed!
    }
    /// When the phone scans next (every phone keeps a clock, app or not, so the
    /// scan schedule of a person never depends on someone else's adoption).
    package internal(set) var scanClock: ScanPipeline.ScanClock
    /// When the app downloads key packages next, and what it has downloaded.
    package internal(set) var downloads: KeyDownloadClock
    /// The user's intentions and habits.
    package internal(set) var user: PhoneUser
    /// When the user calls the hotline for a teleTAN (a positive result they
    /// will register by teleTAN), if any.
    package internal(set) var plannedTeleTAN: Int64?
    /// Immuni's upload path: when the health operator calls the user about a
    /// positive result, and when its sample was taken (the date the operator
    /// enters for a user without symptoms).
    package internal(set) var plannedOperatorCall: (at: Int64, sampleTakenAt: Int64)?
    /// The risk calculation the app runs (CWA v2 or an ENF v1 scheme, in the
    /// phone's platform variant), configured from the last app configuration
    /// that passed the app's check (E07.01).
    package internal(set) var engine: PhoneRiskEngine? {
        get { installed?.engine.pointee }
        unsafeMutableAddress { ownInstalled().engine }
    }
    /// When the user saw the first warning (HIGH risk): at the notification,
    /// or without notification permission the next time they opened the app.
    package internal(set) var firstWarningTime: Int64?
    /// Seconds from the first HIGH risk result to the user seeing it (0 with
    /// notification permission; the time to the next opening of the app otherwise).
    package internal(set) var warningDelay: Int64 = 0
    /// Time of the first detection whose total risk level was HIGH, notified or not.
    package internal(set) var firstHighRiskTime: Int64?

    /// Whether the phone has the app and its framework is tracing.
    var isTracingEnabled: Bool { hasApp && installedApp.framework.isEnabled }
    /// An app the user uninstalled during the run (its record, for the outputs).
    package var removedApp: CoronaWarnApp? { removed.first }
    /// Held in an array, on the heap: an inline optional app would double
    /// every phone's footprint for the few that uninstall.
    private var removed: [CoronaWarnApp] = []
    /// With an adoption curve: when the person installs the app (Unix
    /// seconds, 00:00 UTC of the day; before the run's start for apps
    /// installed earlier) and when they uninstall it; nil when never.
    package internal(set) var installedAt: Int64?
    package internal(set) var removedAt: Int64?
    /// The consents a user who installs during the run will give.
    var consentsAtInstall: CoronaWarnApp.Consents?
    /// Whether the person had the app at any time of the run (the `has_app`
    /// of the outputs: every window and exposure of the run is of such a phone).
    package var hadApp: Bool { hasApp || removedApp != nil }
    /// The app as it is now, or as it was when uninstalled.
    package var appRecord: CoronaWarnApp? { app ?? removedApp }

    /// A phone with `app` installed (or none), whose user has the default
    /// intentions (QR code, no key sharing) and no planned test: for driving
    /// parts of the pipeline directly (tests, tools).
    ///
    /// - Parameters:
    ///   - person: The person who carries the phone.
    ///   - app: The installed app, or nil.
    ///   - scanClock: When the phone scans.
    ///   - platform: The phone's platform (Android by default).
    ///   - downloads: When the app downloads (by default hourly from the scan
    ///     clock's first scan, every run on an unmetered connection).
    package init(
        person: Int, app: CoronaWarnApp?, scanClock: ScanPipeline.ScanClock, platform: RiskPlatform = .android,
        downloads: KeyDownloadClock? = nil
    ) {
        self.person = person
        self.platform = platform
        installed = app.map { InstalledApp(app: $0, engine: nil) }
        hasApp = app != nil
        self.scanClock = scanClock
        self.downloads =
            downloads
            ?? KeyDownloadClock(person: person, start: scanClock.nextScan, seed: 0, schedule: .android, unmeteredShare: 1)
        user = PhoneUser()
    }

    /// The phone of `person` at the run's start: its platform (stream (seed,
    /// `app.platform`, person)), whether the app is installed and with which
    /// consents, and what its user will do, drawn from the stream (seed,
    /// `app.adoption`, person) in a fixed order.
    init(person: Int, age: AgeGroup, scenario: AppConfig, pipeline: ScanPipeline, seed: UInt64, spill: SightingSpill?) {
        self.person = person
        var platformDraw = RandomStream(seed: seed, subsystem: StreamName.appPlatform, entity: UInt64(person))
        platform = platformDraw.nextUnitDouble() < scenario.iosShare ? .ios : .android
        let behaviour = scenario.behaviour(of: platform)
        var draw = RandomStream(seed: seed, subsystem: StreamName.appAdoption, entity: UInt64(person))
        let installs = draw.nextUnitDouble() < scenario.adoptionByAge[Int(age.rawValue)]
        let logging = draw.nextUnitDouble() < scenario.exposureLoggingConsent
        let notifications = draw.nextUnitDouble() < scenario.notificationPermission
        var user = PhoneUser()
        user.testRoute = draw.nextUnitDouble() < scenario.teleTANShare ? .teleTAN : .qrCode
        user.willShare = draw.nextUnitDouble() < scenario.shareKeysProbability
        self.user = user
        scanClock = ScanPipeline.ScanClock(person: person, start: scenario.startTime, seed: seed, timing: behaviour.scan)
        downloads = KeyDownloadClock(
            person: person, start: scenario.startTime, seed: seed, schedule: behaviour.download,
            unmeteredShare: scenario.unmeteredShare)
        let consents = CoronaWarnApp.Consents(exposureLogging: logging, notifications: notifications)
        var installedAtStart = installs
        if installs, let curve = scenario.adoptionCurve {
            // When this adopter installs and uninstalls (stream (seed, `app.adoption-curve`, person)).
            var timing = RandomStream(seed: seed, subsystem: StreamName.appAdoptionCurve, entity: UInt64(person))
            let installDay = curve.installDay(u: timing.nextUnitDouble())
            let removalDay = curve.daysInstalled(u: timing.nextUnitDouble()).map { installDay + $0 }
            let startDay = scenario.startTime / 86_400
            installedAt = installDay * 86_400
            removedAt = removalDay.map { $0 * 86_400 }
            installedAtStart = installDay <= startDay && (removalDay ?? .max) > startDay
            if installDay > startDay { consentsAtInstall = consents }
        }
        if installedAtStart {
            app = CoronaWarnApp(
                framework: pipeline.framework(person: person, spill: spill), consents: consents,
                maxDetectionsPerDay: scenario.maxDetectionsPerDay)
        }
    }

    // MARK: Installs and uninstalls (adoption curve)

    /// Installs or uninstalls the app at `dayStart` if the adoption curve
    /// says so (an install first: an app installed and removed on the same
    /// day never runs). Returns whether the app was installed now (it then
    /// needs the current risk calculation, ``useCheckedConfiguration(_:)``).
    mutating func followAdoptionCurve(
        dayStart: Int64, pipeline: ScanPipeline, spill: SightingSpill?, maxDetectionsPerDay: Int
    ) -> Bool {
        var installedNow = false
        if !hasApp, let consents = consentsAtInstall, let at = installedAt, at <= dayStart {
            consentsAtInstall = nil
            app = CoronaWarnApp(
                framework: pipeline.framework(person: person, spill: spill), consents: consents,
                maxDetectionsPerDay: maxDetectionsPerDay)
            downloads.skipRuns(before: dayStart)
            // The scan clock advances only while an app scans: skip to the install.
            while scanClock.nextScan < dayStart { scanClock.advance() }
            installedNow = true
        }
        if hasApp, let at = removedAt, at <= dayStart {
            removed = [installedApp]
            self.installed = nil  // no app, no engine
            hasApp = false
            installedNow = false
        }
        return installedNow
    }

    // MARK: App configuration (E07.01)

    /// The app takes up the risk calculation of a fetched app configuration
    /// that passed its check (``AppConfigurationCheck``), in its platform's
    /// variant (`engines` by platform); a phone without the app has nothing
    /// to configure.
    mutating func useCheckedConfiguration(_ engines: [RiskPlatform: PhoneRiskEngine]) {
        guard hasApp else { return }
        engine = engines[platform]
    }

    // MARK: The user's day (E03)

    /// The day's user behaviour: tracing and Bluetooth switched off for whole
    /// days, and app resets, each drawn from the stream (seed, `app.behaviour`,
    /// person and day).
    mutating func startDay(_ day: Int, dayStart: Int64, scenario: AppConfig, seed: UInt64) {
        guard hasApp else { return }
        var draw = RandomStream(seed: seed, subsystem: StreamName.appBehaviour, entity: UInt64(person) << 20 | UInt64(day))
        let tracing = draw.nextUnitDouble()
        let bluetooth = draw.nextUnitDouble()
        let reset = draw.nextUnitDouble()
        if reset < scenario.resetPerDay {
            // A reset switches tracing back on (delivery default).
            installedApp.reset(now: dayStart, consents: installedApp.consents)
            downloads.forgetDownloads()
            user.tracingOffDaysLeft = 0
        }
        // A period ends after its days; a user whose tracing is on may switch it off.
        if user.tracingOffDaysLeft > 0 {
            user.tracingOffDaysLeft -= 1
            if user.tracingOffDaysLeft == 0 { installedApp.setTracing(true, at: dayStart) }
        }
        if user.tracingOffDaysLeft == 0, installedApp.consents.exposureLogging, tracing < scenario.tracingOffPerDay {
            installedApp.setTracing(false, at: dayStart)
            user.tracingOffDaysLeft = scenario.tracingOffDays
        }
        if user.bluetoothOffDaysLeft > 0 {
            user.bluetoothOffDaysLeft -= 1
            if user.bluetoothOffDaysLeft == 0 { installedApp.setBluetooth(true) }
        }
        if user.bluetoothOffDaysLeft == 0, bluetooth < scenario.bluetoothOffPerDay {
            installedApp.setBluetooth(false)
            user.bluetoothOffDaysLeft = scenario.bluetoothOffDays
        }
    }

    // MARK: Testing (E06)

    /// The user took a test (``HealthSystem`` decided when and what the lab
    /// will say) and registers it in the app by their route (E06.01, E06.04):
    /// with a QR code at once, the lab (or, for a rapid antigen test, the test
    /// centre) posting the result to the backend when it is ready, the app
    /// polling at the test kind's pace (``TestResultPolling``); by teleTAN only
    /// for a positive PCR result, from the hotline once the result is known. A
    /// rapid test is registered only by the test centre's QR code: the hotline
    /// issues no teleTAN for one (corona-warn-app/cwa-wishlist #298), so a user
    /// whose route is the teleTAN does not register it. A test whose result has
    /// arrived is removed first. Returns whether a test was registered now.
    mutating func register(_ test: TakenTest, backend: inout CWABackend, seed: UInt64, path: UploadPath = .cwa) -> Bool {
        guard hasApp else { return false }
        if case .immuni(let immuni) = path {
            planOperatorCall(after: test, immuni: immuni, seed: seed)
            return false
        }
        switch user.testRoute {
        case .qrCode:
            let code = "warnsim-\(seed)-person-\(person)-test-\(test.number)"
            // The lab (the test centre) reports the result when it is ready.
            guard
                (try? backend.labPost(
                    hashedGUID: HashedGUID(guid: code), result: test.result, now: test.takenAt,
                    delaySeconds: test.knownAt - test.takenAt)) != nil
            else { return false }
            return registerInApp(.qrCode, code: code, now: test.takenAt, polling: test.kind.polling, backend: &backend)
        case .teleTAN:
            // The hotline hands out a teleTAN only for a positive PCR result, once it is known.
            if test.result == .positive, test.kind == .pcr { plannedTeleTAN = test.knownAt }
            return false
        }
    }

    /// Immuni's path: no test is registered in the app; a positive result
    /// reaches a health operator, who calls a user who will upload
    /// (``PhoneUser/willShare``, drawn with `app.immuni.upload_share`) after
    /// an exponential delay (stream (seed, `app.immuni-upload`, person), first draw).
    private mutating func planOperatorCall(after test: TakenTest, immuni: ImmuniUploadConfig, seed: UInt64) {
        guard test.result == .positive, user.willShare, plannedOperatorCall == nil, !installedApp.hasSharedKeys else { return }
        var draw = RandomStream(seed: seed, subsystem: StreamName.appImmuniUpload, entity: UInt64(person))
        let delay = -immuni.callDelayHours * 3600 * Foundation.log(1 - draw.nextUnitDouble())
        plannedOperatorCall = (test.knownAt + Int64(delay), test.takenAt)
    }

    /// Immuni's path, the operator's call at `now`: the app draws a one-time
    /// code, the operator authorises it with the symptom-onset day (the
    /// onset's day for a user with symptoms by then, else the sample's), and
    /// the user taps Verify after an exponential delay; the app then uploads
    /// (``CoronaWarnApp/uploadWithOTP(_:backend:now:)``). Draws continue the
    /// stream of ``planOperatorCall(after:immuni:seed:)``. Returns the keys kept.
    private mutating func takeOperatorCall(
        sampleTakenAt: Int64, immuni: ImmuniUploadConfig, backend: inout CWABackend, seed: UInt64, now: Int64,
        onsetDaysAgo: Int?
    ) -> Int {
        var draw = RandomStream(seed: seed, subsystem: StreamName.appImmuniUpload, entity: UInt64(person))
        _ = draw.nextUnitDouble()  // the call delay
        let verifyDelay = -immuni.verifyDelaySeconds * Foundation.log(1 - draw.nextUnitDouble())
        let otp = ImmuniOTP.draw(from: &draw)
        let today = now.floorDivided(by: 86_400)
        let symptomsDay = onsetDaysAgo.map { today - Int64($0) } ?? sampleTakenAt.floorDivided(by: 86_400)
        guard (try? backend.authoriseOTP(code: otp.code, symptomsStartedOnDay: symptomsDay, now: now)) != nil else {
            return 0
        }
        return installedApp.uploadWithOTP(otp, backend: &backend, now: now + Int64(verifyDelay))
    }

    private mutating func registerInApp(
        _ route: TestRegistrationRoute, code: String, now: Int64, polling: TestResultPolling = .pcr, backend: inout CWABackend
    ) -> Bool {
        if installedApp.test != nil { installedApp.removeTest(now: now) }
        return installedApp.registerTest(route, code: code, polling: polling, backend: &backend, now: now)
    }

    /// What a phone did with the backend in one hour.
    struct BackendActivity {
        var testsRegistered = 0
        var results: [TestResult] = []
        /// Keys uploaded (0 if none).
        var keysUploaded = 0
    }

    /// Whether ``useBackend(now:backend:shares:seed:path:onsetDaysAgo:)`` has
    /// anything to do at `now`: a due operator call (Immuni), or a due teleTAN
    /// or a registered test (CWA). Otherwise that call returns an empty
    /// activity and changes nothing, so the hourly loop skips the phone.
    func hasBackendWork(now: Int64, path: UploadPath) -> Bool {
        guard hasApp else { return false }
        if case .immuni = path { return plannedOperatorCall.map { $0.at <= now } ?? false }
        if let planned = plannedTeleTAN, planned <= now { return true }
        return installedApp.test != nil
    }

    /// Whether anything for the backend is planned or open at all: a teleTAN or
    /// an operator call ahead, or a registered test. Only a test handed to the
    /// phone (``register(_:backend:seed:path:)``) makes this true.
    var hasPendingBackendWork: Bool {
        hasApp && (plannedTeleTAN != nil || plannedOperatorCall != nil || installedApp.test != nil)
    }

    /// The hour's teleTAN registration, result polling and key sharing,
    /// against the backend. `onsetDaysAgo` gives, at the upload time, the days
    /// since the user's symptom onset (nil without symptoms so far); the
    /// answer to the symptom questions is drawn from `shares` (stream (seed,
    /// `app.symptom-answer`, person)).
    mutating func useBackend(
        now: Int64, backend: inout CWABackend, shares: SymptomAnswerShares, seed: UInt64, path: UploadPath = .cwa,
        onsetDaysAgo: (Int64) -> Int?
    ) -> BackendActivity {
        var activity = BackendActivity()
        guard hasApp else { return activity }
        if case .immuni(let immuni) = path {
            guard let call = plannedOperatorCall, call.at <= now else { return activity }
            plannedOperatorCall = nil
            activity.keysUploaded = takeOperatorCall(
                sampleTakenAt: call.sampleTakenAt, immuni: immuni, backend: &backend, seed: seed, now: now,
                onsetDaysAgo: onsetDaysAgo(now))
            return activity
        }
        if let planned = plannedTeleTAN, planned <= now {
            plannedTeleTAN = nil
            if let teleTAN = try? backend.createTeleTAN(now: now), registerInApp(.teleTAN, code: teleTAN.code, now: now, backend: &backend)
            {
                activity.testsRegistered += 1
                activity.results.append(.positive)
            }
        }
        guard installedApp.test != nil else { return activity }
        if let result = installedApp.pollTestResult(backend: &backend, now: now) { activity.results.append(result) }
        if installedApp.test?.result == .positive, !installedApp.hasSharedKeys {
            var draw = RandomStream(seed: seed, subsystem: StreamName.appSymptomAnswer, entity: UInt64(person))
            let answer = shares.answer(onsetDaysAgo: onsetDaysAgo(now), u: draw.nextUnitDouble())
            activity.keysUploaded = installedApp.shareKeys(consent: user.willShare, answer: answer, backend: &backend, now: now)
        }
        return activity
    }

    // MARK: Download and detection (E04.01, E07.01)

    /// What one phone's detection meant for the device.
    struct Detection: Sendable {
        /// Unix seconds of the detection (the download run's time).
        var at: Int64
        var high: Bool
    }

    /// The radio channel a detection's windows came through: the phone's
    /// own, or one of the other channels every scan is also seen through
    /// (`warnsim redraw`).
    enum DetectionChannel {
        case own
        /// Other channel `channel` (``ScanPipeline/secondChannels``), and whether its risk was HIGH.
        case second(channel: Int, high: Bool)
    }

    /// Whoever observes the phone's detections (the run's ``WindowRecorder``):
    /// called with the channel, the detection's time, its windows and the
    /// level of each (by position). The phone knows nothing of who is behind
    /// a window.
    typealias DetectionObserver = (
        _ channel: DetectionChannel, _ at: Int64, _ matched: [MatchedExposureWindow],
        _ level: (Int, ExposureWindow) -> RiskLevel?
    ) -> Void

    /// The app's download runs of the hour starting at `hourStart`: each
    /// fetches from `cdn` what its connection allows (``KeyDownloadSchedule``)
    /// and runs detection if due, handing each detection to `observe` as it
    /// happens. Returns the detections in time order. `heardByAnyone` is as
    /// in ``CoronaWarnApp/detectIfDue(now:index:matcher:engine:heardByAnyone:)``.
    mutating func downloadAndDetect(
        hourStart: Int64, cdn: KeyPackageCDN, index: DiagnosisKeyIndex, matcher: ExposureMatcher, heardByAnyone: SourceSet? = nil,
        observe: DetectionObserver
    ) throws -> [Detection] {
        guard hasApp else { return [] }
        var detections: [Detection] = []
        while let run = downloads.takeRun(before: hourStart + 3600) {
            let now = run.time
            installedApp.receive(cdn.download(&downloads, unmetered: run.unmetered), now: now)
            // Asked first, so that the engine is not copied out of the phone at every run.
            guard installedApp.isDetectionDue(at: now), let engine,
                let result = try installedApp.detectIfDue(
                    now: now, index: index, matcher: matcher, engine: engine, heardByAnyone: heardByAnyone)
            else {
                continue
            }
            let today = Int(ENIntervalNumber(unixSeconds: now).dayNumber)
            observe(.own, now, installedApp.lastWindows) { position, window in
                engine.level(ofWindow: position, window, in: result, referenceDay: today)
            }
            for (channel, second) in installedApp.secondChannel.enumerated() {
                guard let secondResult = second.lastRisk else { continue }
                observe(.second(channel: channel, high: secondResult.totalRiskLevel == .high), now, second.lastWindows) {
                    position, window in
                    engine.level(ofWindow: position, window, in: secondResult, referenceDay: today)
                }
            }
            detections.append(Detection(at: now, high: result.totalRiskLevel == .high))
        }
        return detections
    }

    /// Records what a detection meant for the device; returns whether its
    /// risk was HIGH for the first time (the warning the user will see).
    mutating func record(_ detection: Detection) -> Bool {
        guard detection.high, firstHighRiskTime == nil else { return false }
        firstHighRiskTime = detection.at
        return true
    }

    /// The user saw the first warning at `time`.
    mutating func seeWarning(at time: Int64) {
        guard firstWarningTime == nil else { return }
        firstWarningTime = time
    }

    /// The phone as its detections saw other channel `channel`: its first
    /// HIGH risk (`firstHighRisk`, from the run's ``WindowRecorder``) and last
    /// risk result those of that channel; the warning seen `openingDelay`
    /// seconds after the first HIGH (0 with notification permission, as
    /// ``SimulationRun`` draws it) if before `end`. Everything the user did
    /// stays as it was: the loop is open.
    func observedThroughSecondChannel(
        _ channel: Int, firstHighRisk: Int64?, openingDelay: (Int) -> Int64, end: Int64
    ) -> SimulatedPhone {
        var phone = self
        phone.firstHighRiskTime = firstHighRisk
        phone.firstWarningTime = nil
        phone.warningDelay = 0
        if let high = firstHighRisk, let app = appRecord {
            let delay = app.consents.notifications ? 0 : openingDelay(person)
            phone.warningDelay = delay
            if high + delay < end { phone.firstWarningTime = high + delay }
        }
        if let app { phone.app = app.observedThroughSecondChannel(channel) }
        phone.removed = removed.map { $0.observedThroughSecondChannel(channel) }
        return phone
    }
}
