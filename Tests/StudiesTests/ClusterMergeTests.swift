import Analysis
import Foundation
import Simulation
import SimulationTestSupport
import Studies
import Testing
import WarnSimCore
import WarnSimTestSupport

/// `cluster merge` checks each task's folder against its line in the plan: a
/// run of another scenario, another seed, other overrides or a scenario file
/// that changed after the plan is refused naming the task, and so are records
/// that `RecordedRun` cannot read (a truncated `phones.csv` whose digest was
/// recomputed); a plan whose tasks all ran as planned merges.
@Suite struct ClusterMergeTests {
    /// A planned study of two scenario files (the 800-person village, and the
    /// same with 14 days of quarantine set), its three tasks run here as
    /// `simulate --seed N --days 2 --no-counterfactual --no-timings` would.
    struct PlannedStudy {
        /// The temporary folder holding the study file and the plan.
        var root: URL
        /// The plan folder, its tasks run.
        var plan: URL
        /// The file name and SHA-256 of the scenario of the ensemble `other`.
        var other: (name: String, digest: String)
    }

    static func plannedStudy() throws -> PlannedStudy {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("warnsim-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        // Beside the shipped scenarios, whose relative paths (radio, risk) they keep.
        let village = ProjectFiles.scenario(".test-\(UUID().uuidString).yaml")
        let other = ProjectFiles.scenario(".test-other-\(UUID().uuidString).yaml")
        defer { for url in [village, other] { try? FileManager.default.removeItem(at: url) } }
        let text = try RecordedRunFixture.scenarioText()
        try text.write(to: village, atomically: true, encoding: .utf8)
        try text.replacingOccurrences(of: "  people: 800", with: "  people: 700").write(to: other, atomically: true, encoding: .utf8)
        let study = root.appendingPathComponent("study.yaml")
        try """
        name: merge-test
        scenarios:
          village:
            file: \(village.path)
            seeds: 1-2
            days: 2
            counterfactual: false
          other:
            file: \(other.path)
            seeds: "1"
            days: 2
            counterfactual: false
            set: [response.quarantine_days=14]
        """.write(to: study, atomically: true, encoding: .utf8)
        let folder = root.appendingPathComponent("plan")
        let plan = try ClusterPlan(study: try Study.load(study), folder: folder, options: .init(warnsim: "/opt/warnsim"))
        try plan.write(version: "test")
        for task in plan.tasks {
            let index = try #require(plan.study.ensembles.firstIndex { $0.name == task.ensemble })
            let ensemble = plan.study.ensembles[index]
            let overrides = try ensemble.overrides.map { try FieldOverride(parsing: $0).description }
            let job = RunJob(
                scenario: plan.scenarios[index], seed: task.seed, days: ensemble.days!, counterfactual: ensemble.counterfactual,
                overrides: overrides, recordsTimings: false)
            _ = try job.run(into: folder.appendingPathComponent(task.folder), workers: 2, version: "test")
        }
        return PlannedStudy(
            root: root, plan: folder, other: (other.lastPathComponent, RunManifest.digest(try Data(contentsOf: other))))
    }

    /// The study planned and run once per test process; each test edits a copy.
    static let shared = Result { try plannedStudy() }

    /// A copy of the shared plan folder to change.
    static func planCopy() throws -> URL {
        let study = try shared.get()
        let copy = study.root.appendingPathComponent("copy-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: study.plan, to: copy)
        return copy
    }

    /// Replaces the task folder `target` of `plan` with a copy of `source`.
    static func replace(_ target: String, with source: String, in plan: URL) throws {
        let manager = FileManager.default
        try manager.removeItem(at: plan.appendingPathComponent(target))
        try manager.copyItem(at: plan.appendingPathComponent(source), to: plan.appendingPathComponent(target))
    }

    /// The problems of the plan in `plan`, and that merging it writes nothing.
    static func refused(_ plan: URL) throws -> [ClusterMerge.Problem] {
        let merge = try ClusterMerge(folder: plan)
        let out = plan.appendingPathComponent("merged")
        let error = try #require(throws: ClusterMerge.Incomplete.self) { try merge.merge(into: out) }
        #expect(!FileManager.default.fileExists(atPath: out.path), "a refused merge wrote \(out.path)")
        #expect(error.problems == merge.problems())
        return error.problems
    }

    @Test func correctPlanMerges() throws {
        let plan = try Self.planCopy()
        let merge = try ClusterMerge(folder: plan)
        #expect(merge.tasks.map(\.ensemble) == ["village", "village", "other"])
        #expect(merge.problems().isEmpty, "\(merge.problems())")
        let out = plan.appendingPathComponent("merged")
        try merge.merge(into: out)
        for (task, seedFolder) in zip(merge.tasks, ["village/seed-1", "village/seed-2", "other/seed-1"]) {
            let merged = try Data(contentsOf: out.appendingPathComponent(seedFolder).appendingPathComponent("phones.csv"))
            let original = try Data(contentsOf: plan.appendingPathComponent(task.folder).appendingPathComponent("phones.csv"))
            #expect(merged == original, "\(seedFolder)")
        }
        let run = try RecordedRun.load(folder: out.appendingPathComponent("other/seed-1").path)
        #expect(run.phones.count == 700)
    }

    @Test func taskFolderOfAnotherScenarioIsRefusedNamingTheTask() throws {
        // Task 2 (other, seed 1) holds the run of task 0 (village, seed 1): same seed, other scenario.
        let plan = try Self.planCopy()
        try Self.replace("tasks/2", with: "tasks/0", in: plan)
        let problems = try Self.refused(plan)
        #expect(problems.map(\.task.id) == [2])
        let text = try #require(problems.first).description
        #expect(text.hasPrefix("task 2 (other, seed 1): wrong run: tasks/2 was not run from the task's scenario .test-other-"), "\(text)")
    }

    @Test func wrongSeedIsRefused() throws {
        let plan = try Self.planCopy()
        try Self.replace("tasks/0", with: "tasks/1", in: plan)
        let problems = try Self.refused(plan)
        #expect(problems.map(\.task.id) == [0])
        #expect(problems.first?.description == "task 0 (village, seed 1): wrong run: tasks/0 holds seed 2, the task is seed 1")
    }

    @Test func truncatedPhonesWithRecomputedDigestIsRefused() throws {
        let plan = try Self.planCopy()
        let task = plan.appendingPathComponent("tasks/1")
        let phones = task.appendingPathComponent("phones.csv")
        let original = try Data(contentsOf: phones)
        var lines = String(decoding: original, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeLast(2)  // the last row and the final empty line
        let truncated = Data((lines.joined(separator: "\n") + "\n").utf8)
        try truncated.write(to: phones)
        let manifest = task.appendingPathComponent(RunManifest.fileName)
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let oldDigest = RunManifest.digest(original)
        #expect(text.contains(oldDigest))
        try text.replacingOccurrences(of: oldDigest, with: RunManifest.digest(truncated)).write(
            to: manifest, atomically: true, encoding: .utf8)
        let problems = try Self.refused(plan)
        #expect(problems.map(\.task.id) == [1])
        let description = try #require(problems.first).description
        #expect(description.hasPrefix("task 1 (village, seed 2): damaged: "), "\(description)")
        #expect(description.contains("phones.csv: has 799 rows; the manifest says 800 people"), "\(description)")
    }

    @Test func otherOverridesOrAChangedScenarioAreRefused() throws {
        let plan = try Self.planCopy()
        // Task 0 recorded as run with an override the plan does not give it.
        let first = plan.appendingPathComponent("tasks/0").appendingPathComponent(RunManifest.fileName)
        let text = try String(contentsOf: first, encoding: .utf8)
        try text.replacingOccurrences(of: "  \"inputs\": {", with: "  \"overrides\": [\"response.quarantine_days=3\"],\n  \"inputs\": {")
            .write(to: first, atomically: true, encoding: .utf8)
        // Task 2 run from a scenario file whose SHA-256 differs from the one planned.
        let last = plan.appendingPathComponent("tasks/2").appendingPathComponent(RunManifest.fileName)
        let other = try Self.shared.get().other
        let planned = other.digest
        let lastText = try String(contentsOf: last, encoding: .utf8)
        #expect(lastText.contains("\"\(other.name)\": \"\(planned)\""))
        let changed = RunManifest.digest(Data("another file".utf8))
        try lastText.replacingOccurrences(of: planned, with: changed).write(to: last, atomically: true, encoding: .utf8)
        let problems = try Self.refused(plan)
        #expect(problems.map(\.task.id) == [0, 2])
        #expect(
            problems.first?.description
                == "task 0 (village, seed 1): wrong run: tasks/0 was run with the overrides response.quarantine_days=3; the task's are none"
        )
        let description = try #require(problems.last).description
        #expect(description.contains("with \(changed); the plan recorded \(planned)"), "\(description)")
    }
}
