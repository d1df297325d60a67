import Foundation
import Testing

/// `warnsim regress` with a baseline that holds only its header: exit 2,
/// the baseline named, nothing compared, no JUnit report written.
@Suite struct RegressEmptyBaselineTests {
    @Test func headerOnlyBaselineExitsTwoNamingIt() throws {
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("baseline.csv")
        let metrics = folder.appendingPathComponent("metrics.csv")
        let junit = folder.appendingPathComponent("report.xml")
        try "id,precision,recall\n".write(to: baseline, atomically: true, encoding: .utf8)
        try "id,precision,recall\nprod,0.4,0.7\n".write(to: metrics, atomically: true, encoding: .utf8)
        let result = try WarnSimProcess.run(["regress", metrics.path, "--baseline", baseline.path, "--junit", junit.path])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("warnsim: error: \(baseline.path): holds no rows, only a header"), "\(result.stderr)")
        #expect(!result.stdout.contains("passed"), "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: junit.path))

        // The same baseline with one row passes.
        try "id,precision,recall\nprod,0.4,0.7\n".write(to: baseline, atomically: true, encoding: .utf8)
        let pass = try WarnSimProcess.run(["regress", metrics.path, "--baseline", baseline.path])
        #expect(pass.status == 0, "\(pass.stderr)")
        #expect(pass.stdout.contains("2 passed, 0 failed"), "\(pass.stdout)")
    }
}
