import Foundation
import Testing
import WarnSimTestSupport

@Suite struct TopLevelCommandTests {
    @Test func helpListsSubcommandsWithDescriptions() throws {
        let result = try WarnSimProcess.run(["--help"])
        #expect(result.status == 0)
        for name in ["demo", "crypto", "keys", "bench"] {
            #expect(result.stdout.contains("  \(name) "), "--help lists \(name)")
        }
        #expect(result.stdout.contains("Exit codes"))
    }

    @Test func versionIsPrinted() throws {
        let result = try WarnSimProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: ".").count == 3)
    }

    @Test func demoWritesReproducibleFiles() throws {
        let a = try WarnSimProcess.temporaryFolder()
        let b = try WarnSimProcess.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: a)
            try? FileManager.default.removeItem(at: b)
        }
        for folder in [a, b] {
            let result = try WarnSimProcess.run(["demo", "--out", folder.path, "--seed", "3"])
            #expect(result.status == 0, "\(result.stderr)")
        }
        for name in ["identifiers.csv", "keys.json", "signing-key.pem", "public-key.pem", "manifest.json"] {
            let first = FileManager.default.contents(atPath: a.appendingPathComponent(name).path)
            #expect(first != nil && first == FileManager.default.contents(atPath: b.appendingPathComponent(name).path), "\(name)")
        }
        let csv = try String(contentsOf: a.appendingPathComponent("identifiers.csv"), encoding: .utf8)
        #expect(csv.split(separator: "\n").count == 1 + 14 * 144)
        let inspect = try WarnSimProcess.run([
            "keys", "inspect", a.appendingPathComponent("export.zip").path,
            "--public-key", a.appendingPathComponent("public-key.pem").path,
        ])
        #expect(inspect.status == 0)
        #expect(inspect.stdout.contains("# signature_status=verified"))
        #expect(try WarnSimProcess.run(["demo", "--day", "yesterday", "--out", a.path]).status == 2)
        // Days whose key schedule would leave the interval numbers' range: exit 2, not a trap.
        for day in ["1970-01-01", "9999-12-31"] {
            let result = try WarnSimProcess.run(["demo", "--day", day, "--out", a.appendingPathComponent(day).path])
            #expect(result.status == 2, "\(day): \(result.stderr)")
            #expect(result.stderr.contains("--day"))
        }
    }

    @Test func benchSimulatePrintsTheDocumentedJSONFields() throws {
        let scenario = ProjectFiles.root.appendingPathComponent("Configs/scenarios/village-2k.yaml").path
        let result = try WarnSimProcess.run(["bench", "simulate", "--json", "--people", "300", "--days", "1", "--scenario", scenario])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        for field in ["person_days_per_second", "peak_rss_bytes", "seconds_total"] {
            #expect((object?[field] as? NSNumber)?.doubleValue ?? 0 > 0, "\(field)")
        }
        let stages = object?["stage_seconds"] as? [String: Any]
        #expect(stages?["scans"] != nil && stages?["world"] != nil)
    }

    @Test func simulateRejectsBadInputWithoutWritingAnything() throws {
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("run")
        let missing = try WarnSimProcess.run(["simulate", folder.appendingPathComponent("none.yaml").path, "--out", out.path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("none.yaml"))
        let scenario = ProjectFiles.root.appendingPathComponent("Configs/scenarios/village-2k.yaml").path
        let badDays = try WarnSimProcess.run(["simulate", scenario, "--out", out.path, "--days", "0"])
        #expect(badDays.status == 2)
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func benchCryptoPrintsTheDocumentedJSONFields() throws {
        let result = try WarnSimProcess.run(["bench", "crypto", "--json", "--keys", "20", "--seconds", "0.01"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        for field in ["rpi_per_second_single_thread", "rpi_per_second_all_threads", "baseline_blocks_per_second"] {
            #expect((object?[field] as? NSNumber)?.doubleValue ?? 0 > 0, "\(field)")
        }
    }
}
