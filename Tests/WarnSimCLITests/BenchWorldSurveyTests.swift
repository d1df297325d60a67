import Foundation
import Testing
import WarnSimTestSupport

@Suite("warnsim bench world --survey: the town's contact diaries against POLYMOD")
struct BenchWorldSurveyTests {
    @Test("prints every figure with both intervals and a verdict, the same on any thread count; a missing folder exits 2")
    func comparison() throws {
        let folder = try ProjectFiles.required(ProjectFiles.url("Configs/epi/polymod-germany"))
        let scenario = try ProjectFiles.required(ProjectFiles.scenario("village-2k.yaml"))
        func run(threads: Int) throws -> String {
            let result = try WarnSimProcess.run([
                "bench", "world", "--people", "2000", "--days", "1", "--scenario", scenario.path, "--threads", "\(threads)",
                "--survey", folder.path,
            ])
            #expect(result.status == 0, "\(result.stderr)")
            return String(result.stdout.split(separator: "contact diaries:", maxSplits: 1).last ?? "")
        }
        let table = try run(threads: 1)
        func row(_ figure: String, _ rest: String) -> String { figure.padding(toLength: 29, withPad: " ", startingAt: 0) + rest }
        #expect(table.contains(row("overall", "7.95 [7.61, 8.29]")))
        #expect(table.contains(row("setting:home", "2.81 [2.69, 2.93]")))
        #expect(table.contains(row("duration:>4h", "30.6 [28.6, 32.7] %")))
        #expect(table.contains(row("age:5-9", "8.37 [7.30, 9.62]           -                           -")))
        #expect(table.contains("(town 18-64)"))
        #expect(table.contains("compared figures agree (95 % intervals overlap)"))
        // The durations setting by setting follow: home's contacts of 4 hours or more, 1,623 of 3,690 in the diaries.
        #expect(table.contains(row("duration:home:>4h", "44.0 [")))
        #expect(table.contains("of 30 duration shares within a setting agree (95 % intervals overlap)"))
        // Then the settings by the town's age groups: the under-6s' day-care contacts, 2.23 a day in the diaries.
        #expect(table.contains(row("setting:school:0-5", "2.23 [1.59, 2.99]")))
        #expect(table.contains("of 24 settings by age group agree (95 % intervals overlap)"))
        #expect(try run(threads: 2) == table)
        let missing = try WarnSimProcess.run(["bench", "world", "--people", "100", "--days", "1", "--survey", "/nonexistent/polymod"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("polymod-participants.csv"))
    }

    @Test("--survey-duration close reads durations as the time within 2 m, with the same contacts; a bad value exits 2")
    func durationReading() throws {
        let folder = try ProjectFiles.required(ProjectFiles.url("Configs/epi/polymod-germany"))
        let scenario = try ProjectFiles.required(ProjectFiles.scenario("village-2k.yaml"))
        func run(_ reading: [String]) throws -> String {
            let result = try WarnSimProcess.run(
                ["bench", "world", "--people", "2000", "--days", "1", "--scenario", scenario.path, "--survey", folder.path] + reading)
            #expect(result.status == 0, "\(result.stderr)")
            return String(result.stdout.split(separator: "contact diaries:", maxSplits: 1).last ?? "")
        }
        let together = try run([])
        let close = try run(["--survey-duration", "close"])
        #expect(together.contains("duration: time at the same places"))
        #expect(close.contains("duration: time within the distance"))
        func line(_ table: String, _ figure: String) -> Substring? {
            table.split(separator: "\n").first { $0.hasPrefix(figure + " ") }
        }
        #expect(line(close, "overall") == line(together, "overall"))
        #expect(line(close, "setting:home") == line(together, "setting:home"))
        #expect(line(close, "duration:<5min") != line(together, "duration:<5min"))
        let bad = try WarnSimProcess.run(["bench", "world", "--people", "100", "--days", "1", "--survey-duration", "face"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--survey-duration") && bad.stderr.contains("together, close"))
        let alone = try WarnSimProcess.run(["bench", "world", "--people", "100", "--days", "1", "--survey-duration", "close"])
        #expect(alone.status == 2)
        #expect(alone.stderr.contains("needs --survey"))
    }
}
