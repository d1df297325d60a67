import ExposureNotification
import Foundation
import RiskCalculation
import Simulation
import Testing
import WarnSimCore

/// A scenario whose `risk.configuration` is an ENF v1 scheme runs that scheme
/// live on every phone: each detection reports the v1 exposure summary and
/// per-exposure information, and the app warns by the v1 rule.
@Suite struct ENFv1LiveTests {
    /// The village with the CWA launch parameters of 2020-06-16, seed 11, 9
    /// days on 2 threads: the same world and seed as ``SimulationRunTests/shared``
    /// (the CWA v2 parameters).
    static let v1 = Result {
        let url = try LiveDecisionCheck.village {
            $0.replacingOccurrences(of: "cwa-2021-04-14.yaml", with: "cwa-2020-06-16-launch-enf-v1.yaml")
        }
        defer { try? FileManager.default.removeItem(at: url) }
        return try LiveDecisionCheck.run(url, seed: 11, workers: 2, days: 9)
    }
    /// The same village and seed with the CWA v2 parameters (and no resets).
    static let v2 = Result {
        let url = try LiveDecisionCheck.village()
        defer { try? FileManager.default.removeItem(at: url) }
        return try LiveDecisionCheck.run(url, seed: 11, workers: 2, days: 9)
    }

    static func launchParameters() throws -> CWA2020Parameters {
        let path = SimulationRunTests.scenarios.deletingLastPathComponent().appendingPathComponent("risk/cwa-2020-06-16-launch-enf-v1.yaml")
        guard case .cwa2020(let p) = try ConfigurationLoader.load(path: path.path).scheme else {
            Issue.record("the launch set is not a cwa-2020-enf-v1 set")
            throw CancellationError()
        }
        return p
    }

    /// Each app's last detection reported exactly the v1 summary the ENF v1
    /// engine computes from the windows its phone recorded by then, in its
    /// platform's variant; and every detection's level is the v1 decision.
    @Test func phonesComputeTheV1SummaryLive() throws {
        let run = try Self.v1.get()
        let p = try Self.launchParameters()
        #expect(run.riskConfiguration.scheme == .cwa2020(p))
        var compared: [RiskPlatform: Int] = [:]
        for phone in run.phones {
            guard let app = phone.app else { continue }
            #expect(phone.engine?.scheme == .cwa2020(p))
            #expect(phone.engine?.platform == phone.platform)
            guard let last = app.events.last(where: { if case .riskCalculated = $0 { true } else { false } })?.time else { continue }
            let summary = try #require(app.lastRisk?.enfV1, "person \(phone.person): the last result is not an ENF v1 summary")
            let windows = run.recorder.windows[phone.person].values.filter { $0.detectedAt <= last }.map(\.window)
            let own = ENFv1Engine.cwa2020(
                windows, parameters: p, referenceDay: Int(last.floorDivided(by: 86_400)), platform: phone.platform)
            #expect(summary.totalRiskLevel == own.totalRiskLevel, "person \(phone.person)")
            #expect(summary.maximumRiskScore == own.maximumRiskScore, "person \(phone.person)")
            #expect(summary.attenuationDurationMinutes == own.attenuationDurationMinutes, "person \(phone.person)")
            #expect(summary.combinedRiskScore == own.combinedRiskScore, "person \(phone.person)")
            // The per-exposure information, as a multiset (the app reports in index order).
            let key = { (e: ENFv1Exposure) in
                "\(e.ageInDays)/\(e.transmissionRiskLevel)/\(e.attenuationValue ?? -1)/\(e.durationMinutes)/\(e.riskScore)/\(e.retained)"
            }
            #expect(summary.exposures.map(key).sorted() == own.exposures.map(key).sorted(), "person \(phone.person)")
            if !windows.isEmpty { compared[phone.platform, default: 0] += 1 }
        }
        #expect(compared[.android, default: 0] > 0 && compared[.ios, default: 0] > 0, "v1 summaries on both platforms: \(compared)")

        let tally = try LiveDecisionCheck.check(run, scheme: { _ in .cwa2020(p) })
        #expect(tally.checked > 0)
        #expect(tally.mismatches.isEmpty, "\(tally.mismatches.prefix(5))")
    }

    /// `first_high_risk_at` is the first detection at which the v1 rule (the
    /// combined risk score in the HIGH range, exposures under the minimum risk
    /// score discarded) says HIGH; the run warns some phones.
    @Test func phonesWarnByTheV1Rule() throws {
        let run = try Self.v1.get()
        let p = try Self.launchParameters()
        var warned = 0
        for phone in run.phones where phone.hasApp {
            let expected = try LiveDecisionCheck.firstHigh(phone, in: run, scheme: { _ in .cwa2020(p) })
            #expect(phone.firstHighRiskTime == expected, "person \(phone.person)")
            if phone.firstHighRiskTime != nil { warned += 1 }
        }
        #expect(warned > 0, "the v1 run must warn someone for the check to mean anything")
        #expect(run.summary.reduce(0) { $0 + $1.highRiskResults } == warned)
    }

    /// `windows.csv` `level`: dropped where the v1 framework did not retain the
    /// exposure (under the minimum risk score 11, or too old), otherwise the v1
    /// rule on that exposure alone.
    @Test func windowLevelsAreTheV1Decisions() throws {
        let run = try Self.v1.get()
        let p = try Self.launchParameters()
        let windows = RunOutputs.storedWindows(run)
        #expect(!windows.isEmpty)
        var levels: [String: Int] = [:]
        for w in windows {
            let platform = run.phones[w.phone].platform
            let alone = ENFv1Engine.cwa2020(
                [w.window], parameters: p, referenceDay: Int(w.detectedAt.floorDivided(by: 86_400)), platform: platform)
            let expected: RiskLevel? = alone.exposures[0].retained ? alone.totalRiskLevel : nil
            #expect(w.runLevel == expected, "window of phone \(w.phone) from \(w.owner) at \(w.firstScanTime)")
            levels[w.runLevel?.description ?? "dropped", default: 0] += 1
        }
        #expect(levels["dropped", default: 0] > 0 && levels.count > 1, "v1 levels: \(levels)")
    }

    /// The same world and seed under the CWA v2 parameters decides differently:
    /// the phones there report v2 results, and warnings or window levels differ.
    @Test func v1AndV2RunsOfTheSameSeedDiffer() throws {
        let v1 = try Self.v1.get()
        let v2 = try Self.v2.get()
        #expect(v1.phones.map(\.hasApp) == v2.phones.map(\.hasApp))
        #expect(v2.phones.compactMap(\.app).allSatisfy { $0.lastRisk == nil || $0.lastRisk?.exposureWindows != nil })
        #expect(v1.phones.compactMap(\.app).allSatisfy { $0.lastRisk == nil || $0.lastRisk?.enfV1 != nil })
        #expect(v1.phones.compactMap(\.app).contains { $0.lastRisk != nil })
        #expect(RunOutputs.phonesCSV(v1) != RunOutputs.phonesCSV(v2))
        #expect(RunOutputs.windowsCSV(RunOutputs.storedWindows(v1)) != RunOutputs.windowsCSV(RunOutputs.storedWindows(v2)))
        // Scored by v2 on the v1 run's own windows, some detection would have
        // gone the other way: the schemes really differ on these phones.
        let p2 = try #require(v2.riskParameters)
        let tally = try LiveDecisionCheck.check(
            v1, scheme: { _ in v1.riskConfiguration.scheme }, other: { _ in .cwaExposureWindows(p2) })
        #expect(tally.differingUnderOther > 0, "v1 and v2 agree on every detection of the run")
    }
}
