import Foundation
import SimulationTestSupport
import Testing
import WarnSimTestSupport

@Suite("warnsim validate: published figures against measured, exit codes, JUnit")
struct ValidateCommandTests {
    /// A one-figure registry beside the shipped ones (so its scenario path resolves).
    static func registry(low: Double, high: Double) throws -> URL {
        let url = ProjectFiles.url("Configs/validation/.test-\(UUID().uuidString).yaml")
        let text = """
            figures:
              uploads-warn:
                description: warned phones per uploading user on the fixture
                published: {value: \(low), low: \(low), high: \(high)}
                source: test
                measure:
                  kind: run-metric
                  scenario: ../scenarios/village-2k.yaml
                  seeds: [11]
                  column: warnings_per_uploader

            """
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test func passAndMissOnGivenRuns() throws {
        let run = try RecordedRunFixture.shared.get()
        let out = try WarnSimProcess.temporaryFolder()
        let wide = try Self.registry(low: 0, high: 1000)
        defer { try? FileManager.default.removeItem(at: wide) }
        let pass = try WarnSimProcess.run([
            "validate", "--registry", wide.path, "--runs", run, "--junit", out.appendingPathComponent("pass.xml").path,
        ])
        #expect(pass.status == 0, "\(pass.stderr)")
        #expect(pass.stdout.contains("uploads-warn") && pass.stdout.contains("1 passed, 0 failed"))
        let narrow = try Self.registry(low: 900, high: 1000)
        defer { try? FileManager.default.removeItem(at: narrow) }
        let junit = out.appendingPathComponent("miss.xml")
        let results = out.appendingPathComponent("RESULTS.md")
        let miss = try WarnSimProcess.run([
            "validate", "--registry", narrow.path, "--runs", run, "--junit", junit.path, "--results", results.path,
        ])
        #expect(miss.status == 1)
        #expect(miss.stdout.contains("MISS") && miss.stderr.contains("uploads-warn"))
        #expect(try String(contentsOf: junit, encoding: .utf8).contains("<failure"))
        // The Markdown table: one row per figure with its verdict, the count line, no time.
        let table = try String(contentsOf: results, encoding: .utf8)
        #expect(table.hasPrefix("# Validation results\n"))
        #expect(table.contains("0 of 1 figures agree."))
        #expect(table.contains("| uploads-warn | ") && table.contains(" | misses | "))
        #expect(!table.contains("2026-"))
    }

    @Test func twiceTheSeedsRefusesGivenRuns() throws {
        let run = try RecordedRunFixture.shared.get()
        let wide = try Self.registry(low: 0, high: 1000)
        defer { try? FileManager.default.removeItem(at: wide) }
        let result = try WarnSimProcess.run(["validate", "--registry", wide.path, "--runs", run, "--twice-the-seeds"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--twice-the-seeds") && result.stderr.contains("--runs"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func badRegistryExitsTwoNamingTheField() throws {
        let url = ProjectFiles.url("Configs/validation/.test-\(UUID().uuidString).yaml")
        try "figures:\n  x:\n    description: d\n".write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try WarnSimProcess.run(["validate", "--registry", url.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("figures.x.source"), "\(result.stderr)")
        let missing = try WarnSimProcess.run(["validate", "--registry", "/nonexistent/registry"])
        #expect(missing.status == 2)
    }
}
