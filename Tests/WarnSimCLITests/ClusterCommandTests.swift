import Foundation
import Testing
import WarnSimTestSupport

/// `cluster plan` and `cluster merge` without Slurm: a tiny study planned,
/// its tasks run here through `study.sbatch` as Slurm would (one
/// `SLURM_ARRAY_TASK_ID` each), merged and compared byte for byte with the
/// same study run by `simulate --seeds`; missing and damaged tasks named by
/// id with nothing written; bad study files refused naming file and field.
/// `.ci/slurm-test` does the same on a real one-node Slurm cluster.
@Suite struct ClusterCommandTests {
    /// A study of two ensembles of the 800-person test scenario, 3 days each.
    static func study(scenario: URL, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("study.yaml")
        try """
        name: tiny
        scenarios:
          plain:
            file: \(scenario.path)
            seeds: 1-2
            days: 3
          quarantine-14:
            file: \(scenario.path)
            seeds: "3"
            days: 3
            counterfactual: false
            set: [response.quarantine_days=14]
        """.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// Runs task `id` of the plan in `plan` through its `study.sbatch`.
    static func runTask(_ id: Int, plan: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [plan.appendingPathComponent("study.sbatch").path]
        process.environment = ProcessInfo.processInfo.environment.merging(["SLURM_ARRAY_TASK_ID": String(id)]) { $1 }
        let log = plan.appendingPathComponent("logs/local-\(id).log")
        #expect(FileManager.default.createFile(atPath: log.path, contents: nil), "cannot create \(log.path)")
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Every regular file under `root`, by relative path.
    static func files(under root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])!
        for case let url as URL in enumerator where try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true {
            let relative = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            files[relative] = try Data(contentsOf: url)
        }
        return files
    }

    @Test func plannedTasksMergeByteForByteIntoTheOneMachineStudy() throws {
        let scenario = try ClosedLoopCommandTests.scenario()
        defer { try? FileManager.default.removeItem(at: scenario) }
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let study = try Self.study(scenario: scenario, in: folder)
        let plan = folder.appendingPathComponent("plan")
        let planned = try WarnSimProcess.run([
            "cluster", "plan", study.path, "--out", plan.path, "--warnsim", WarnSimProcess.executable.path, "--cpus-per-task", "1",
        ])
        #expect(planned.status == 0, "\(planned.stderr)")
        #expect(planned.stdout.contains("tiny: 3 tasks in 2 ensembles; each 1 CPUs"))
        let script = try String(contentsOf: plan.appendingPathComponent("study.sbatch"), encoding: .utf8)
        for line in ["#SBATCH --array=0-2", "#SBATCH --cpus-per-task=1", "#SBATCH --mem=", "#SBATCH --time=0-00:02:00"] {
            #expect(script.contains(line), "study.sbatch lacks \(line)")
        }
        let tasks = try String(contentsOf: plan.appendingPathComponent("tasks.tsv"), encoding: .utf8)
        #expect(tasks.hasPrefix("task\tensemble\tseed\tfolder\targuments\n0\tplain\t1\ttasks/0\tsimulate "))
        #expect(tasks.contains(" --no-counterfactual --set response.quarantine_days=14\n"))

        // Tasks 0 and 1 only: task 2 is missing, nothing is written.
        for id in 0...1 { #expect(try Self.runTask(id, plan: plan) == 0) }
        let merged = plan.appendingPathComponent("merged")
        let incomplete = try WarnSimProcess.run(["cluster", "merge", plan.path])
        #expect(incomplete.status == 1)
        #expect(incomplete.stderr.contains("task 2 (quarantine-14, seed 3): missing"), "\(incomplete.stderr)")
        #expect(incomplete.stderr.contains("sbatch --array=2 "))
        #expect(!FileManager.default.fileExists(atPath: merged.path))

        // A damaged file of task 1 is named with the task.
        #expect(try Self.runTask(2, plan: plan) == 0)
        let phones = plan.appendingPathComponent("tasks/1/phones.csv")
        let original = try Data(contentsOf: phones)
        try (original + Data("x\n".utf8)).write(to: phones)
        let damaged = try WarnSimProcess.run(["cluster", "merge", plan.path])
        #expect(damaged.status == 1)
        #expect(damaged.stderr.contains("task 1 (plain, seed 2): damaged:"), "\(damaged.stderr)")
        #expect(damaged.stderr.contains("does not match its SHA-256"))
        #expect(!FileManager.default.fileExists(atPath: merged.path))
        try original.write(to: phones)

        let merge = try WarnSimProcess.run(["cluster", "merge", plan.path])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(merge.stdout.contains("3 tasks merged into 2 ensembles"))
        let again = try WarnSimProcess.run(["cluster", "merge", plan.path])
        #expect(again.status == 2)
        #expect(again.stderr.contains("already exists"))

        // The same study on one machine.
        let one = folder.appendingPathComponent("one")
        let plain = try WarnSimProcess.run([
            "simulate", scenario.path, "--seeds", "1-2", "--days", "3", "--no-timings", "--out", one.appendingPathComponent("plain").path,
        ])
        #expect(plain.status == 0, "\(plain.stderr)")
        let quarantine = try WarnSimProcess.run([
            "simulate", scenario.path, "--seeds", "3", "--days", "3", "--no-timings", "--no-counterfactual", "--set",
            "response.quarantine_days=14", "--out", one.appendingPathComponent("quarantine-14").path,
        ])
        #expect(quarantine.status == 0, "\(quarantine.stderr)")
        let expected = try Self.files(under: one)
        let actual = try Self.files(under: merged)
        #expect(expected.count == 10 + 10 + 9, "\(expected.keys.sorted())")
        #expect(actual.keys.sorted() == expected.keys.sorted())
        for (name, data) in expected { #expect(actual[name] == data, "merged \(name) differs from simulate --seeds") }
        let manifest = try String(contentsOf: merged.appendingPathComponent("plain/seed-2/manifest.json"), encoding: .utf8)
        #expect(!manifest.contains("timings_seconds"))

        // evaluate reads a merged ensemble like any other.
        let evaluation = try WarnSimProcess.run([
            "evaluate", merged.appendingPathComponent("plain").path, "--out", folder.appendingPathComponent("e").path, "--bootstrap", "20",
        ])
        #expect(evaluation.status == 0, "\(evaluation.stderr)")
        #expect(evaluation.stdout.contains(", 2 runs"))
    }

    @Test func badStudiesAreRefusedNamingFileAndField() throws {
        let scenario = try ClosedLoopCommandTests.scenario()
        defer { try? FileManager.default.removeItem(at: scenario) }
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let entry = "    file: \(scenario.path)\n    seeds: 1-2\n"
        let cases: [(String, String)] = [
            ("name: s\nscenarios:\n  a:\n\(entry)    colour: red\n", "scenarios.a.colour: unknown key"),
            ("name: s\nscenarios:\n  a:\n    file: \(scenario.path)\n", "scenarios.a.seeds: required field is missing"),
            ("name: s\nscenarios:\n  a:\n    file: \(scenario.path)\n    seeds: 5-3\n", "scenarios.a.seeds: expected seeds such as 1-20"),
            ("name: s\nscenarios:\n  a:\n\(entry)    days: 0\n", "scenarios.a.days: 0 is out of range 1...365"),
            (
                "name: s\nscenarios:\n  a:\n    file: nowhere.yaml\n    seeds: 1\n",
                "scenarios.a.file: the scenario 'nowhere.yaml' does not exist"
            ),
            ("name: ../s\nscenarios:\n  a:\n\(entry)", "name: expected 1 to 64 letters"),
            (
                "name: s\nscenarios:\n  a:\n\(entry)    counterfactual: maybe\n",
                "scenarios.a.counterfactual: 'maybe' is not one of true, false"
            ),
            ("name: s\nscenarios:\n  a:\n\(entry)sweep: none.yaml\n", "sweep: the file 'none.yaml' does not exist"),
            ("scenarios:\n  a:\n\(entry)", "name: required field is missing"),
            ("name: s\nscenarios:\n  a:\n\(entry)    set: [population.people=-5]\n", "population.people"),
        ]
        for (index, (text, message)) in cases.enumerated() {
            let study = folder.appendingPathComponent("study-\(index).yaml")
            try text.write(to: study, atomically: true, encoding: .utf8)
            let out = folder.appendingPathComponent("plan-\(index)")
            let result = try WarnSimProcess.run(["cluster", "plan", study.path, "--out", out.path, "--warnsim", "/opt/warnsim"])
            #expect(result.status == 2, "case \(index): \(result.stderr)")
            #expect(result.stderr.contains(index == 9 ? scenario.lastPathComponent : study.path), "case \(index): \(result.stderr)")
            #expect(result.stderr.contains(message), "case \(index): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.path), "case \(index) wrote \(out.path)")
        }

        // A task that does not fit the nodes' memory, and bad option values.
        let study = folder.appendingPathComponent("good.yaml")
        try "name: s\nscenarios:\n  a:\n\(entry)".write(to: study, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("plan").path
        let options: [([String], String)] = [
            (["--max-mem", "100M"], "scenarios.a: a task needs about"),
            (["--max-mem", "lots"], "--max-mem: expected a size"),
            (["--cpus-per-task", "0"], "--cpus-per-task: must be in 1...1024"),
            (["--seconds-per-person-day", "0"], "--seconds-per-person-day"),
            (["--partition", "a b"], "--partition"),
        ]
        for (arguments, message) in options {
            let result = try WarnSimProcess.run(["cluster", "plan", study.path, "--out", out, "--warnsim", "/opt/warnsim"] + arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        let fits = try WarnSimProcess.run(["cluster", "plan", study.path, "--out", out, "--warnsim", "/opt/warnsim", "--max-mem", "64G"])
        #expect(fits.status == 0, "\(fits.stderr)")
        let notEmpty = try WarnSimProcess.run(["cluster", "plan", study.path, "--out", out, "--warnsim", "/opt/warnsim"])
        #expect(notEmpty.status == 2)
        #expect(notEmpty.stderr.contains("already exists and is not empty"))

        // merge of a folder that is not a plan, or whose tasks.tsv was changed.
        let notPlan = try WarnSimProcess.run(["cluster", "merge", folder.path])
        #expect(notPlan.status == 2)
        #expect(notPlan.stderr.contains("manifest.json"))
        let tasks = URL(fileURLWithPath: out).appendingPathComponent("tasks.tsv")
        try (try Data(contentsOf: tasks) + Data("\n".utf8)).write(to: tasks)
        let changed = try WarnSimProcess.run(["cluster", "merge", out])
        #expect(changed.status == 2)
        #expect(changed.stderr.contains("tasks.tsv: does not match its SHA-256"))
    }
}
