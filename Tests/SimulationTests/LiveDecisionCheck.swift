import ExposureNotification
import Foundation
import RiskCalculation
import Simulation
import Testing
import WarnSimCore

/// Recomputes every risk calculation the phones of a run made, from the
/// windows each phone recorded up to that detection, with the exact engines
/// of `RiskCalculation` called directly (not through the phones'
/// ``PhoneRiskEngine``), under the scheme that was in force at that time.
enum LiveDecisionCheck {
    /// What the check found.
    struct Tally {
        /// Detections recomputed.
        var checked = 0
        /// Detections whose level differed from the recomputed one.
        var mismatches: [String] = []
        /// Detections, by whether they ran before the change time, whose level
        /// the other scheme would have decided differently on the same windows.
        var differingUnderOther = 0
        /// Detections recomputed per scheme identifier.
        var byScheme: [String: Int] = [:]
    }

    /// The level `scheme` gives `windows` as of `day` on `platform`, by the
    /// exact engines themselves.
    static func level(_ scheme: RiskScheme, _ windows: [ExposureWindow], day: Int, platform: RiskPlatform) throws -> RiskLevel {
        switch scheme {
        case .cwaExposureWindows(let p):
            try CWARiskEngine(parameters: p, platform: platform).calculate(windows, referenceDay: day).totalRiskLevel
        case .cwa2020(let p):
            ENFv1Engine.cwa2020(windows, parameters: p, referenceDay: day, platform: platform).totalRiskLevel
        case .immuni(let p):
            ENFv1Engine.immuni(windows, parameters: p, referenceDay: day, platform: platform).totalRiskLevel
        }
    }

    /// Checks every `riskCalculated` event of every app against `scheme(at:)`;
    /// `other(at:)` names a scheme to compare with (counted in
    /// ``Tally/differingUnderOther``).
    static func check(_ run: SimulationRun, scheme: (Int64) -> RiskScheme, other: ((Int64) -> RiskScheme)? = nil) throws -> Tally {
        var tally = Tally()
        for phone in run.phones {
            guard let app = phone.app else { continue }
            for event in app.events {
                guard case .riskCalculated(let at, let level, _) = event else { continue }
                let windows = run.recorder.windows[phone.person].values.filter { $0.detectedAt <= at }
                    .sorted { ($0.firstScanTime, $0.owner) < ($1.firstScanTime, $1.owner) }.map(\.window)
                let day = Int(at.floorDivided(by: 86_400))
                let inForce = scheme(at)
                let expected = try Self.level(inForce, windows, day: day, platform: phone.platform)
                tally.checked += 1
                tally.byScheme[inForce.identifier, default: 0] += 1
                if expected != level { tally.mismatches.append("person \(phone.person) at \(at): \(level), expected \(expected)") }
                if let other, try Self.level(other(at), windows, day: day, platform: phone.platform) != expected {
                    tally.differingUnderOther += 1
                }
            }
        }
        return tally
    }

    /// The first detection time at which the windows recorded so far are HIGH
    /// under `scheme(at:)`: the warning decision of `phones.csv`
    /// `first_high_risk_at`, from the windows alone.
    static func firstHigh(_ phone: SimulatedPhone, in run: SimulationRun, scheme: (Int64) -> RiskScheme) throws -> Int64? {
        guard let app = phone.app else { return nil }
        for event in app.events {
            guard case .riskCalculated(let at, _, _) = event else { continue }
            let windows = run.recorder.windows[phone.person].values.filter { $0.detectedAt <= at }.map(\.window)
            if try Self.level(scheme(at), windows, day: Int(at.floorDivided(by: 86_400)), platform: phone.platform) == .high {
                return at
            }
        }
        return nil
    }

    /// The village of ``SimulationRunTests/scenario(_:)`` (800 people) without
    /// app resets (a reset empties an app's packages, so that its next
    /// detections see fewer windows than the phone recorded), with `edit`
    /// applied on top.
    static func village(_ edit: @escaping (String) -> String = { $0 }) throws -> URL {
        try SimulationRunTests.scenario { text in
            edit(text.replacingOccurrences(of: "  reset_per_day: 0.0005\n", with: "  reset_per_day: 0\n"))
        }
    }

    /// Runs `days` days of the scenario at `url` with `seed` on `workers` threads.
    static func run(_ url: URL, seed: UInt64, workers: Int, days: Int) throws -> SimulationRun {
        var run = try SimulationRun(scenario: try Scenario.load(url), seed: seed, workers: workers)
        for day in 0..<days { try run.simulate(day: day) }
        return run
    }
}
