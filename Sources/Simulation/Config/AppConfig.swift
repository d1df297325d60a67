import Foundation
import Population
import RiskCalculation
import Services
import WarnSimCore

/// The app, behaviour and run sections of a scenario file (`app:`, `risk:`,
/// `simulation:`, `services:`, `testing:`, `response:`); the world sections are `WorldConfig`'s.
///
/// App behaviour rates that no public source pins down for the
/// Corona-Warn-App (key sharing, switching tracing off) have no built-in
/// default: the scenario must state them, so every run shows which values the
/// analyst chose. Testing and the response to results and warnings
/// (``TestingConfig``, ``ResponseConfig``) have cited defaults.
package struct AppConfig: Sendable {
    /// Share of each age group (0–5, 6–17, 18–64, 65+) with the app installed
    /// (`adoption_by_age` × `adoption_scale` × the ``AdoptionGate``).
    package var adoptionByAge: [Double]
    /// The age gate and the share of phones that can run the app.
    package var adoptionGate = AdoptionGate()
    /// E01.03/E01.04: share of installers who allow exposure logging.
    package var exposureLoggingConsent: Double
    /// E01.05: share of installers who allow notifications.
    package var notificationPermission: Double
    /// Share of tests registered by teleTAN through the hotline instead of QR code
    /// (0 on Immuni's upload path, which registers no tests in the app).
    package var teleTANShare: Double
    /// Share of users with a positive result who consent to share their keys
    /// (on Immuni's upload path: `app.immuni.upload_share`).
    package var shareKeysProbability: Double
    /// Installs and uninstalls over time (`app.adoption_curve`); nil: the
    /// adopters have the app for the whole run.
    package var adoptionCurve: AdoptionCurve?
    /// How keys get to the server (`app.upload_path`: the CWA's TAN path by default).
    package var uploadPath: UploadPath = .cwa
    /// `max-exposure-detections-per-interval` (cwa-server
    /// `distribution-application.yaml`: 6).
    package var maxDetectionsPerDay: Int
    /// E03.01: daily probability that a tracing user switches tracing off, and
    /// for how many whole days (the scan pipeline works day by day).
    package var tracingOffPerDay: Double
    package var tracingOffDays: Int
    /// E03.03: daily probability that a phone's Bluetooth goes off, and for how many whole days.
    package var bluetoothOffPerDay: Double
    package var bluetoothOffDays: Int
    /// E03.02: daily probability that a user resets the app (consents kept as before).
    package var resetPerDay: Double
    /// Share of app users whose phone is an iPhone (the rest run Android);
    /// each phone runs its own platform's scan schedule, download cadence and
    /// risk-calculation variant.
    package var iosShare: Double
    /// Probability that a download run is on an unmetered connection (Wi-Fi),
    /// so that it fetches hour packages too.
    package var unmeteredShare: Double
    /// What Android phones and iPhones do differently (`app.android`, `app.ios`).
    package var android: PlatformBehaviour
    package var ios: PlatformBehaviour
    /// The risk parameter set the phones use from the start (any scheme: the
    /// CWA v2 calculation or an ENF v1 scheme, ``PhoneRiskEngine``).
    package var risk: RiskConfiguration
    /// Configurations published on the app-configuration endpoint during the
    /// run (`risk.timeline`), in date order; empty when the parameters never change.
    package var riskTimeline: [RiskTimelineEntry] = []
    /// The first simulated day (UTC midnight, Unix seconds); must be a Monday,
    /// as the world's day 0 is.
    package var startTime: Int64
    /// Days simulated unless the command line says otherwise.
    package var days: Int
    /// The backend's policies (`services:`; `distribution.shifting-policy-threshold`
    /// is required, other fields keep their production defaults when absent).
    package var services: ServicesConfig
    /// Testing of everyone in the town (`testing:`; cited defaults when absent).
    package var testing: TestingConfig = .defaults
    /// Isolation, quarantine and the response to warnings (`response:`; cited
    /// defaults when absent).
    package var response: ResponseConfig = .defaults
    /// The files the app sections refer to (the risk configuration and those
    /// of the timeline), for the run manifest.
    package var sourceFiles: [URL] = []

    /// Parses the app sections of a parsed scenario document: `app`, `risk`
    /// (`configuration` and an optional `timeline`, ``RiskTimelineEntry``),
    /// `simulation`, `services` (at least `distribution.shifting-policy-threshold`),
    /// and `testing` and `response` (defaults when absent). Paths
    /// inside (`risk.configuration`) are relative to `folder`, the scenario
    /// file's folder. The caller that owns the whole document checks its other
    /// keys (`finish()`).
    package static func parse(_ root: DocumentSection, folder: URL) throws -> AppConfig {
        let app = try root.section("app")
        let adoption = try app.doubles(Fields.adoptionByAge)
        let scale = try app.double(Fields.adoptionScale)
        let gate = AdoptionGate(
            minimumAge: try app.int(Fields.minimumAge),
            supportedPhoneShare: try app.double(Fields.supportedPhoneShare))
        let curve = try app.optionalSection(Fields.adoptionCurve).map { section throws(InputError) in
            try AdoptionCurve.parse(section, folder: folder)
        }
        let consent = try app.double(Fields.exposureLoggingConsent)
        let notifications = try app.double(Fields.notificationPermission)
        let path = try app.string(Fields.uploadPath)
        var uploadPath = UploadPath.cwa
        var teleTAN = 0.0
        var share = 0.0
        if path == "immuni" {
            // Immuni registers no test in the app; the operator's reach is the upload share.
            for unused in [Fields.teleTANShare, Fields.shareKeysProbability] where app.has(unused) {
                throw app.fail(unused.leaf, "is not used with upload_path: immuni (set app.immuni.upload_share)")
            }
            let immuni = try ImmuniUploadConfig.parse(try app.section(Fields.immuni))
            uploadPath = .immuni(immuni)
            share = immuni.uploadShare
        } else {
            guard !app.has(Fields.immuni) else { throw app.fail(Fields.immuni.leaf, "is read only with upload_path: immuni") }
            teleTAN = try app.double(Fields.teleTANShare)
            share = try app.double(Fields.shareKeysProbability)
        }
        let detections = try app.int(Fields.maxDetectionsPerDay)
        let tracingOff = try app.double(Fields.tracingOffPerDay)
        let tracingOffDays = try app.int(Fields.tracingOffDays)
        let bluetoothOff = try app.double(Fields.bluetoothOffPerDay)
        let bluetoothOffDays = try app.int(Fields.bluetoothOffDays)
        let reset = try app.double(Fields.resetPerDay)
        let iosShare = try app.double(Fields.iosShare)
        let unmetered = try app.double(Fields.unmeteredShare)
        let android = try PlatformBehaviour.parse(try app.section(Fields.android), Fields.androidBehaviour)
        let ios = try PlatformBehaviour.parse(try app.section(Fields.ios), Fields.iosBehaviour)
        try app.finish()

        let riskSection = try root.section("risk")
        // Before the phones had platforms, one variant served every phone.
        guard !riskSection.has("platform") else {
            throw riskSection.fail(
                "platform",
                "is no longer read: each phone runs its own platform's variant, drawn with app.ios_share (0 runs every phone as Android, 1 as iOS); remove risk.platform and set app.ios_share, app.unmetered_share, app.android and app.ios (Configs/scenarios/README.md)"
            )
        }
        let riskURL = try riskSection.file(RiskFields.riskConfiguration, relativeTo: folder)
        // Any scheme: the phones run the CWA v2 calculation or an ENF v1 scheme live (PhoneRiskEngine).
        let risk = try ConfigurationLoader.load(path: riskURL.path)

        let run = try root.section("simulation")
        let date = try run.string(RunFields.startDate)
        guard let start = Self.utcMidnight(date) else {
            throw run.fail("start_date", "expected a date as YYYY-MM-DD, got \"\(date)\"")
        }
        // 1970-01-01 was a Thursday: day numbers ≡ 4 (mod 7) are Mondays.
        guard (start / 86_400) % 7 == 4 else {
            throw run.fail("start_date", "\(date) is not a Monday (the world's day 0 is a Monday)")
        }
        guard RunSpan.startTimes.contains(start) else {
            throw run.fail("start_date", "\(date) is outside 2000-01-01 … 2099-12-28, the dates WarnSim simulates")
        }
        let days = try run.int(RunFields.days)
        try run.finish()
        let timeline = try RiskTimelineEntry.parse(riskSection, folder: folder, startTime: start, days: days)
        try riskSection.finish()

        // The backend's production threshold (140 keys) would hold back every
        // key a town uploads, so the scenario must state the one it runs with.
        let servicesSection = try root.section("services")
        let distribution = try servicesSection.section("distribution")
        guard distribution.has("shifting-policy-threshold") else {
            throw distribution.fail("shifting-policy-threshold", "required field is missing")
        }
        let services = try ServicesConfig.parse(section: servicesSection)

        var scenario = AppConfig(
            adoptionByAge: zip(adoption, AgeGroup.allCases).map { $0 * scale * gate.factor(for: $1) },
            exposureLoggingConsent: consent, notificationPermission: notifications,
            teleTANShare: teleTAN, shareKeysProbability: share,
            maxDetectionsPerDay: detections, tracingOffPerDay: tracingOff, tracingOffDays: tracingOffDays,
            bluetoothOffPerDay: bluetoothOff, bluetoothOffDays: bluetoothOffDays, resetPerDay: reset,
            iosShare: iosShare, unmeteredShare: unmetered, android: android, ios: ios, risk: risk,
            startTime: start, days: days, services: services)
        scenario.adoptionGate = gate
        scenario.uploadPath = uploadPath
        scenario.adoptionCurve = curve
        scenario.testing = try TestingConfig.parse(root.optionalSection("testing"))
        scenario.response = try ResponseConfig.parse(root.optionalSection("response"))
        scenario.riskTimeline = timeline
        scenario.sourceFiles = [riskURL] + timeline.map(\.file) + (curve.map { [$0.file] } ?? [])
        return scenario
    }

    static func utcMidnight(_ text: String) -> Int64? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else { return nil }
        var components = DateComponents()
        components.year = parts[0]
        components.month = parts[1]
        components.day = parts[2]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: components),
            calendar.component(.day, from: date) == parts[2]
        else { return nil }
        return Int64(date.timeIntervalSince1970)
    }

    /// What the phones of `platform` do differently.
    package func behaviour(of platform: RiskPlatform) -> PlatformBehaviour {
        platform == .ios ? ios : android
    }

    /// The CWA v2 parameters of the initial risk configuration, nil for an ENF v1 scheme.
    package var cwaParameters: CWARiskParameters? {
        guard case .cwaExposureWindows(let parameters) = risk.scheme else { return nil }
        return parameters
    }
}
