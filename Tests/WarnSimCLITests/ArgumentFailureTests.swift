import Foundation
import Testing
import WarnSimTestSupport

/// Command-line values that are wrong exit 2 naming the option, like every
/// other input problem; `--help` exits 0 and an unknown option keeps
/// ArgumentParser's usage exit code (64).
@Suite struct ArgumentFailureTests {
    static let scenario = ProjectFiles.root.appendingPathComponent("Configs/scenarios/village-2k.yaml").path

    @Test func numericOptionValuesThatDoNotParseExit2NamingTheOption() throws {
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("run").path
        let cases: [([String], String)] = [
            (["simulate", Self.scenario, "--out", out, "--days", "-1"], "--days"),
            (["simulate", Self.scenario, "--out", out, "--days=-1"], "--days"),
            (["simulate", Self.scenario, "--out", out, "--days", "abc"], "--days"),
            (["simulate", Self.scenario, "--out", out, "--days", "0"], "--days"),
            (["simulate", Self.scenario, "--out", out, "--seed", "-3"], "--seed"),
            (["simulate", Self.scenario, "--out", out, "--threads", "1e9"], "--threads"),
            (["bench", "simulate", "--people", "-5"], "--people"),
            (["bench", "world", "--days", "1.5"], "--days"),
            (["bench", "score", "--windows", "100000000000"], "--windows"),
            (["bench", "score", "--configs", "100000000000"], "--configs"),
            (["bench", "crypto", "--keys", "100000000000"], "--keys"),
            (["bench", "crypto", "--seconds", "1e300"], "--seconds"),
            (["evaluate", folder.path, "--bootstrap", "-1"], "--bootstrap"),
            (["regress", "a.csv", "--baseline", "b.csv", "--tolerance", "-0.5"], "--tolerance"),
        ]
        for (arguments, option) in cases {
            let result = try WarnSimProcess.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(option), "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("warnsim: error: "), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("<argument>"), "an option is named by itself: \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
        let dots = try WarnSimProcess.run(["simulate", Self.scenario, "--out", out, "--seeds", "1..8"])
        #expect(dots.status == 2)
        #expect(dots.stderr.hasPrefix("warnsim: error: --seeds: expected seeds such as 1-20"), "\(dots.stderr)")
        #expect(dots.stderr.contains("write a range with a hyphen: 1-8"), "\(dots.stderr)")
    }

    @Test func helpExits0AndAnUnknownOptionKeepsTheUsageExitCode() throws {
        #expect(try WarnSimProcess.run(["simulate", "--help"]).status == 0)
        let unknown = try WarnSimProcess.run(["simulate", Self.scenario, "--out", "x", "--bogus"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("Unknown option '--bogus'"))
    }

    @Test func aMisspelledCommandIsNamedWithTheNearestOne() throws {
        for (arguments, message) in [
            (["simulat", "x.yaml"], "'simulat' is not a command; did you mean `warnsim simulate`?"),
            (["radio", "chek"], "'chek' is not a command; did you mean `warnsim radio check`?"),
            (["frobnicate"], "'frobnicate' is not a command; the commands of `warnsim` are simulate, "),
        ] {
            let result = try WarnSimProcess.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.hasPrefix("warnsim: error: " + message), "\(arguments): \(result.stderr)")
        }
    }

    @Test func anEmptyOutputPathExits2InEveryCommandThatWrites() throws {
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [([String], String)] = [
            (["simulate", Self.scenario, "--out", ""], "--out"),
            (["sweep", folder.path, "--sweep", "x.yaml", "--out", ""], "--out"),
            (["windows", "export", folder.path, "--out", ""], "--out"),
            (["evaluate", folder.path, "--out", ""], "--out"),
            (["radio", "fit", "--dp3t", folder.path, "--out", ""], "--out"),
            (["radio", "fit", "--dp3t", folder.path, "--report", " "], "--report"),
            (["demo", "--out", ""], "--out"),
            (["replay", folder.path, "--config", "x.yaml", "--out", ""], "--out"),
            (["keys", "export", "--keys", "k.json", "--private-key", "p.pem", "--out", ""], "--out"),
            (["validate", "--work", ""], "--work"),
            (["validate", "--junit", ""], "--junit"),
        ]
        let before = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.currentDirectoryPath)
        for (arguments, option) in cases {
            let result = try WarnSimProcess.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("\(option): must name a file or folder"), "\(arguments): \(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: FileManager.default.currentDirectoryPath) == before)
    }

    @Test func aRunThatCannotFitInMemoryIsRefusedAtOnce() throws {
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = ProjectFiles.root.appendingPathComponent("Configs/scenarios/.test-\(UUID().uuidString).yaml")
        let text = try String(contentsOfFile: Self.scenario, encoding: .utf8)
            .replacingOccurrences(of: "  people: 2000", with: "  people: 50000000")
        try text.write(to: scenario, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: scenario) }
        let clock = ContinuousClock()
        let started = clock.now
        let out = folder.appendingPathComponent("run")
        let simulate = try WarnSimProcess.run(["simulate", scenario.path, "--out", out.path])
        #expect(simulate.status == 2, "\(simulate.stderr)")
        #expect(simulate.stderr.contains("population.people: the run needs about"), "\(simulate.stderr)")
        #expect(simulate.stderr.contains("(50,000,000 people × 14 days); this machine has"), "\(simulate.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let world = try WarnSimProcess.run(["bench", "world", "--people", "50000000", "--days", "3650"])
        #expect(world.status == 2, "\(world.stderr)")
        #expect(world.stderr.contains("--people: the run needs about"), "\(world.stderr)")
        #expect(clock.now - started < .seconds(60))
    }

    @Test func validateRefusesARegistryScenarioThatCannotFit() throws {
        let scenario = ProjectFiles.root.appendingPathComponent("Configs/scenarios/.test-\(UUID().uuidString).yaml")
        try String(contentsOfFile: Self.scenario, encoding: .utf8)
            .replacingOccurrences(of: "  people: 2000", with: "  people: 50000000")
            .write(to: scenario, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: scenario) }
        let registry = ProjectFiles.url("Configs/validation/.test-\(UUID().uuidString).yaml")
        try """
        figures:
          uploads-warn:
            description: warned phones per uploading user
            published: {value: 1, low: 0, high: 1000}
            source: test
            measure:
              kind: run-metric
              scenario: ../scenarios/\(scenario.lastPathComponent)
              seeds: [11]
              column: warnings_per_uploader

        """.write(to: registry, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: registry) }
        let result = try WarnSimProcess.run(["validate", "--registry", registry.path])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("population.people: the run needs about"), "\(result.stderr)")
    }
}
