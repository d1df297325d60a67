import Foundation
import Testing

@Suite struct RegressCommandTests {
    @Test func exitCodesAndJUnit() throws {
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("baseline.csv")
        let good = folder.appendingPathComponent("good.csv")
        let bad = folder.appendingPathComponent("bad.csv")
        let broken = folder.appendingPathComponent("broken.csv")
        try "id,precision,recall\nprod,0.4,0.7\nstrict,0.55,0.5\n".write(to: baseline, atomically: true, encoding: .utf8)
        try "id,precision,recall\nprod,0.401,0.7\nstrict,0.55,0.5\n".write(to: good, atomically: true, encoding: .utf8)
        try "id,precision,recall\nprod,0.4,0.6\nstrict,0.55,0.5\n".write(to: bad, atomically: true, encoding: .utf8)
        try "id,precision\nprod,zero\n".write(to: broken, atomically: true, encoding: .utf8)

        let pass = try WarnSimProcess.run(["regress", good.path, "--baseline", baseline.path])
        #expect(pass.status == 0)
        #expect(pass.stdout.contains("4 passed, 0 failed"))

        let junit = folder.appendingPathComponent("report.xml")
        let fail = try WarnSimProcess.run(["regress", bad.path, "--baseline", baseline.path, "--junit", junit.path])
        #expect(fail.status == 1)
        #expect(fail.stderr.contains("1 of 4 checks failed against \(baseline.path)"), "\(fail.stderr)")
        #expect(fail.stdout.components(separatedBy: "FAIL").count == 2, "each failure is listed once")
        let failuresOnly = try WarnSimProcess.run(["regress", bad.path, "--baseline", baseline.path, "--failures-only"])
        #expect(failuresOnly.status == 1)
        #expect(!failuresOnly.stdout.contains(" ok\n") && failuresOnly.stdout.contains("FAIL"), "\(failuresOnly.stdout)")
        #expect(failuresOnly.stdout.contains("3 passed, 1 failed"))
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains(#"failures="1""#))

        let tight = try WarnSimProcess.run([
            "regress", good.path, "--baseline", baseline.path, "--tolerance", "0.0001", "--metrics", "precision",
        ])
        #expect(tight.status == 1)

        // Same ids, different sweeps: refused naming the file, line and column.
        let otherSweep = folder.appendingPathComponent("other-sweep.csv")
        let thresholds = folder.appendingPathComponent("thresholds.csv")
        try "id,day_threshold,precision,recall\nprod,9,0.4,0.7\nstrict,5,0.55,0.5\n".write(
            to: thresholds, atomically: true, encoding: .utf8)
        try "id,day_threshold,precision,recall\nprod,9,0.4,0.7\nstrict,7,0.55,0.5\n".write(
            to: otherSweep, atomically: true, encoding: .utf8)
        let differ = try WarnSimProcess.run(["regress", otherSweep.path, "--baseline", thresholds.path])
        #expect(differ.status == 2)
        #expect(
            differ.stderr.contains("\(otherSweep.path): line 3.day_threshold: configuration \"strict\" has day_threshold \"7\""),
            "\(differ.stderr)")
        #expect(differ.stdout.isEmpty)
        let nan = folder.appendingPathComponent("nan.csv")
        try "id,precision,recall\nprod,0.4,0.7\nstrict,0x1p3,0.5\n".write(to: nan, atomically: true, encoding: .utf8)
        let nanResult = try WarnSimProcess.run(["regress", nan.path, "--baseline", baseline.path])
        #expect(nanResult.status == 2)
        #expect(
            nanResult.stderr.contains("\(nan.path): line 3.precision: \"0x1p3\" is neither a finite decimal number nor nan"),
            "\(nanResult.stderr)")

        for arguments in [
            ["regress", broken.path, "--baseline", baseline.path],
            ["regress", folder.appendingPathComponent("none.csv").path, "--baseline", baseline.path],
            ["regress", good.path, "--baseline", baseline.path, "--metrics", "auc"],
        ] {
            let result = try WarnSimProcess.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains("error"), "\(result.stderr)")
        }
    }
}
