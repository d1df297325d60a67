import Foundation
import RiskCalculation
import Simulation
import Testing
import WarnSimCore
import WarnSimTestSupport

/// The app as it ran on each phone, end to end on the village: Android phones
/// and iPhones in one run, each on its own scan schedule, download cadence and
/// risk-calculation variant; no detection while exposure logging is off; key
/// packages arriving at the app's download runs, hour packages only on an
/// unmetered connection.
@Suite struct PlatformRunTests {
    static func run(days: Int = 9, seed: UInt64 = 11, _ edit: @escaping (String) -> String) throws -> SimulationRun {
        let url = try SimulationRunTests.scenario(edit)
        defer { try? FileManager.default.removeItem(at: url) }
        var run = try SimulationRun(scenario: try Scenario.load(url), seed: seed, workers: 2)
        for day in 0..<days { try run.simulate(day: day) }
        return run
    }

    /// Sets an `app:` field of the village scenario.
    static func setting(_ field: String, _ value: String) -> (String) -> String {
        { text in
            text.replacingOccurrences(of: #"\n  \#(field): [0-9.]+\n"#, with: "\n  \(field): \(value)\n", options: .regularExpression)
        }
    }

    /// Each uploader's first upload time (a later upload brings only later keys).
    static func uploadTimes(_ run: SimulationRun) -> [Int: Int64] {
        var times: [Int: Int64] = [:]
        for phone in run.phones {
            for case .keysShared(let t, _) in phone.app?.events ?? [] where times[phone.person] == nil { times[phone.person] = t }
        }
        return times
    }

    /// E03.01: while a user has exposure logging off, the framework refuses
    /// detection; it runs again at the app's next download run once logging is on.
    @Test func detectionNeverRunsWhileExposureLoggingIsOff() throws {
        let run = try Self.run {
            Self.setting("reset_per_day", "0")(Self.setting("tracing_off_per_day", "0.2")($0))
        }
        var switchedOff = 0
        var resumed = 0
        var neverConsented = 0
        for phone in run.phones {
            guard let app = phone.app else { continue }
            var on = app.consents.exposureLogging
            if !on { neverConsented += 1 }
            var wasOff = false
            for event in app.events {
                switch event {
                case .exposureLoggingSwitched(_, let now):
                    if !now { switchedOff += 1 }
                    wasOff = wasOff || !now
                    on = now
                case .riskCalculated(let t, _, _):
                    #expect(on, "person \(phone.person) detected at \(t) with exposure logging off")
                    if wasOff { resumed += 1 }
                default: break
                }
            }
        }
        #expect(switchedOff > 0, "users must switch logging off in this scenario")
        #expect(resumed > 0, "detection resumes once logging is back on")
        #expect(neverConsented > 0)
    }

    /// Android phones and iPhones in one run: each phone scans on its
    /// platform's timing, downloads on its platform's cadence and holds the
    /// calculation in its platform's variant, which passes that platform's
    /// CWA test-vector file (and not the other's); the windows each phone
    /// recorded, scored in its own variant, give the risk its app calculated.
    @Test func androidAndIOSPhonesRunTheirOwnScheduleAndVariant() throws {
        let run = try SimulationRunTests.shared.get()
        let apps = run.phones.filter(\.hasApp)
        let ios = apps.filter { $0.platform == .ios }.count
        #expect(ios > 0 && ios < apps.count, "both platforms among \(apps.count) app users")
        // About the scenario's share (0.47), within 5 standard errors.
        let share = Double(ios) / Double(apps.count)
        #expect(abs(share - run.app.iosShare) < 5 * (0.25 / Double(apps.count)).squareRoot())
        for phone in apps {
            let behaviour = run.app.behaviour(of: phone.platform)
            #expect(phone.scanClock.timing == behaviour.scan)
            #expect(phone.downloads.schedule == behaviour.download)
            #expect(phone.engine?.platform == phone.platform)
        }
        #expect(run.app.android.scan != run.app.ios.scan && run.app.android.download != run.app.ios.download)

        // The variants the phones hold against the two test-vector files.
        let files: [RiskPlatform: String] = [
            .android: "cwa/test-vectors/android-2022-03-17.json", .ios: "cwa/test-vectors/ios-2021-03-01.json",
        ]
        for platform in RiskPlatform.allCases {
            let variant = try #require(apps.first { $0.platform == platform }?.engine?.platform)
            for (filePlatform, path) in files {
                let file = try WindowFile.load(path: try ReferenceData.path(path))
                guard case .cwaExposureWindows(let parameters)? = file.configuration?.scheme else {
                    Issue.record("\(path) has no CWA configuration")
                    continue
                }
                let engine = CWARiskEngine(parameters: parameters, platform: variant)
                let passed = try file.cases.filter { item in
                    try ExpectedRisk(engine.calculate(item.windows, referenceDay: file.referenceDay), referenceDay: file.referenceDay)
                        == item.expected
                }.count
                if filePlatform == platform {
                    #expect(passed == file.cases.count, "\(platform) phones' variant on \(path)")
                } else {
                    #expect(passed < file.cases.count, "\(platform) phones' variant must differ from \(filePlatform)'s on \(path)")
                }
            }
        }

        // Each phone's recorded windows, scored in its own variant as of its
        // last detection, give the risk its app calculated then.
        var checked: [RiskPlatform: Int] = [:]
        for phone in apps where !run.recorder.windows[phone.person].isEmpty {
            let app = try #require(phone.app)
            let engine = try #require(phone.engine?.exposureWindowEngine)
            guard let last = app.events.last(where: { if case .riskCalculated = $0 { true } else { false } })?.time,
                let risk = app.lastRisk?.exposureWindows
            else { continue }
            let windows = run.recorder.windows[phone.person].values.filter { $0.detectedAt <= last }
                .sorted { ($0.firstScanTime, $0.owner) < ($1.firstScanTime, $1.owner) }.map(\.window)
            let referenceDay = Int(last.floorDivided(by: 86_400))
            let own = try CWARiskEngine(parameters: engine.parameters, platform: phone.platform).calculate(
                windows, referenceDay: referenceDay)
            #expect(own.totalRiskLevel == risk.totalRiskLevel, "person \(phone.person)")
            #expect(own.numberOfDaysWithHighRisk == risk.numberOfDaysWithHighRisk, "person \(phone.person)")
            #expect(own.numberOfDaysWithLowRisk == risk.numberOfDaysWithLowRisk, "person \(phone.person)")
            #expect(
                own.totalMinimumDistinctEncountersWithLowRisk == risk.totalMinimumDistinctEncountersWithLowRisk, "person \(phone.person)")
            #expect(
                own.totalMinimumDistinctEncountersWithHighRisk == risk.totalMinimumDistinctEncountersWithHighRisk, "person \(phone.person)")
            checked[phone.platform, default: 0] += 1
        }
        #expect(checked[.android, default: 0] > 0 && checked[.ios, default: 0] > 0, "windows on phones of both platforms: \(checked)")
        // phones.csv says which phone ran which.
        let rows = RunOutputs.phonesCSV(run).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let column = try #require(rows[0].firstIndex(of: "platform"))
        for phone in run.phones { #expect(String(rows[phone.person + 1][column]) == (phone.hasApp ? phone.platform.rawValue : "")) }
    }

    /// Packages arrive at the app's download runs (Android every 60 min, iOS
    /// every 2 h): on a metered connection only the day packages, so a key
    /// uploaded on one day reaches the phone after that day's package is out,
    /// the next UTC day; on Wi-Fi the hour packages too, so keys arrive at the
    /// first download run after the next hourly publication.
    @Test func hourPackagesArriveOnTheDocumentedSchedule() throws {
        for unmetered in [false, true] {
            let run = try Self.run(Self.setting("unmetered_share", unmetered ? "1" : "0"))
            let uploaded = Self.uploadTimes(run)
            var windows = 0
            var sameDay = 0
            for phone in run.phones {
                guard let app = phone.app else { continue }
                if !unmetered {
                    #expect(app.heldPackages.allSatisfy { !$0.isHourPackage }, "metered phones hold day packages only")
                }
                let interval = phone.downloads.schedule.intervalSeconds
                for window in run.recorder.windows[phone.person].values {
                    windows += 1
                    let upload = try #require(uploaded[window.owner], "the key's owner uploaded")
                    // The distribution job at the upload's hour boundary or the
                    // next one publishes the key (a key uploaded at a boundary
                    // goes into the hour that ends then), the day package at
                    // the day boundary at or after the upload.
                    let nextHour = (upload + 3599) / 3600 * 3600
                    let nextDay = (upload + 86_399) / 86_400 * 86_400
                    // Detection runs at the app's download runs.
                    #expect((phone.downloads.nextRun - window.detectedAt) % interval == 0)
                    #expect(window.detectedAt >= nextHour, "published at the next hourly run after the upload")
                    if unmetered {
                        if window.detectedAt < nextDay { sameDay += 1 }
                    } else {
                        #expect(window.detectedAt >= nextDay, "metered: only with the day package, after the upload's day")
                    }
                }
            }
            #expect(windows > 0)
            if unmetered { #expect(sameDay > 0, "on Wi-Fi hour packages bring keys the same day") }
        }
    }
}
