import Foundation
import Simulation
import Testing
import WarnSimCore

/// `app.adoption_curve`: installs and uninstalls by day.
@Suite struct AdoptionCurveTests {
    static let start: Int64 = 1_618_185_600  // 2021-04-12, the test village's first day
    static var startDay: Int64 { start / 86_400 }

    /// A curve whose installs are half done before the run and end on its day 6.
    static func table(uninstall: Double) -> String {
        let day = { (offset: Int64) -> String in
            let date = Date(timeIntervalSince1970: TimeInterval((startDay + offset) * 86_400))
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate]
            return formatter.string(from: date)
        }
        return """
            # test curve
            date,cumulative_installs
            \(day(-10)),0
            \(day(0)),500
            \(day(6)),1000

            """
    }

    static func scenario(uninstall: Double, table: String? = nil) throws -> (URL, URL) {
        let csv = SimulationRunTests.scenarios.appendingPathComponent(".test-curve-\(UUID().uuidString).csv")
        try (table ?? Self.table(uninstall: uninstall)).write(to: csv, atomically: true, encoding: .utf8)
        let url = try SimulationRunTests.scenario {
            $0.replacingOccurrences(
                of: "  adoption_scale:",
                with:
                    "  adoption_curve:\n    installs_file: \(csv.lastPathComponent)\n    uninstall_per_day: \(uninstall)\n  adoption_scale:"
            )
        }
        return (url, csv)
    }

    @Test func installDaysFollowTheTableByLinearInterpolation() throws {
        let (url, csv) = try Self.scenario(uninstall: 0.1)
        defer {
            try? FileManager.default.removeItem(at: url)
            try? FileManager.default.removeItem(at: csv)
        }
        let curve = try #require(try Scenario.load(url).app.adoptionCurve)
        #expect(curve.installDay(u: 0) == Self.startDay - 10)
        // Half the installs by day 0; a quarter half-way between day -10 and day 0.
        #expect(curve.installDay(u: 0.25) == Self.startDay - 5)
        #expect(curve.installDay(u: 0.5) == Self.startDay)
        #expect(curve.installDay(u: 0.5001) == Self.startDay + 1)
        #expect(curve.installDay(u: 1) == Self.startDay + 6)
        #expect(curve.daysInstalled(u: 0) == 0)
        #expect(curve.daysInstalled(u: 1 - exp(-1)) == 10)  // one mean lifetime at 0.1 a day
    }

    /// Late installs scan, advertise and detect only from their install day,
    /// uninstalled apps stop; outputs name both days and stay byte-identical
    /// on 1 and 2 threads.
    @Test func phonesFollowTheCurve() throws {
        let (url, csv) = try Self.scenario(uninstall: 0.05)
        defer {
            try? FileManager.default.removeItem(at: url)
            try? FileManager.default.removeItem(at: csv)
        }
        let scenario = try Scenario.load(url)
        var runs: [SimulationRun] = []
        for workers in [1, 2] {
            var run = try SimulationRun(scenario: scenario, seed: 11, workers: workers)
            for day in 0..<9 { try run.simulate(day: day) }
            runs.append(run)
        }
        let run = runs[1]
        #expect(RunOutputs.phonesCSV(runs[0]) == RunOutputs.phonesCSV(run))
        #expect(RunOutputs.summaryCSV(runs[0]) == RunOutputs.summaryCSV(run))
        #expect(runs[0].exposureFileBytes() == run.exposureFileBytes())
        let late = run.phones.filter { $0.hadApp && ($0.installedAt ?? 0) > Self.start }
        let removed = run.phones.filter { $0.removedApp != nil }
        #expect(!late.isEmpty && !removed.isEmpty)
        for phone in late {
            let installed = try #require(phone.installedAt)
            #expect(installed % 86_400 == 0)
            // Nothing was seen by the phone before its install.
            let sightings = phone.appRecord!.framework.sightings
            #expect(sightings.chunks.allSatisfy { $0.day >= installed / 86_400 })
            #expect(run.recorder.windows[phone.person].values.allSatisfy { $0.detectedAt >= installed })
        }
        for phone in removed {
            let removedAt = try #require(phone.removedAt)
            #expect(phone.removedApp!.events.allSatisfy { $0.time < removedAt })
            #expect(phone.engine == nil)
        }
        // Before the run, installed and not removed: the app users at the start.
        let atStart = run.phones.filter { $0.hadApp && ($0.installedAt ?? 0) <= Self.start }
        #expect(!atStart.isEmpty)
        let header = RunOutputs.phonesCSV(run).split(separator: "\n")[0]
        #expect(header.contains(",app_installed_at,app_removed_at,"))
    }

    @Test func badTablesNameFileLineAndField() throws {
        let cases: [(String, String)] = [
            ("date,installs\n2021-04-01,1\n", "line 1"),
            ("date,cumulative_installs\n2021-04-01,5\n2021-04-02,4\n", "line 3, cumulative_installs"),
            ("date,cumulative_installs\n2021-04-02,5\n2021-04-02,6\n", "line 3, date"),
            ("date,cumulative_installs\n2021-02-30,5\n", "line 2, date"),
            ("date,cumulative_installs\n2021-04-01,x\n", "line 2, cumulative_installs"),
            ("date,cumulative_installs\n2021-04-01,0\n", "above 0"),
            ("date,cumulative_installs\n", "no rows"),
        ]
        for (table, expected) in cases {
            let (url, csv) = try Self.scenario(uninstall: 0, table: table)
            defer {
                try? FileManager.default.removeItem(at: url)
                try? FileManager.default.removeItem(at: csv)
            }
            do {
                _ = try Scenario.load(url)
                Issue.record("accepted: \(table)")
            } catch {
                #expect("\(error)".contains(csv.lastPathComponent) && "\(error)".contains(expected), "\(error)")
            }
        }
        let (url, csv) = try Self.scenario(uninstall: 1.5)
        defer {
            try? FileManager.default.removeItem(at: url)
            try? FileManager.default.removeItem(at: csv)
        }
        #expect { _ = try Scenario.load(url) } throws: { "\($0)".contains("app.adoption_curve.uninstall_per_day") }
    }
}
