import Analysis
import Foundation
import RunRecords
import Simulation
import WarnSimCore

/// The finished tasks of a planned study combined into ensemble folders
/// (`warnsim cluster merge`): every task of `tasks.tsv` must be present,
/// complete (its `manifest.json` there, every file it lists present with its
/// SHA-256), the run of its line in the plan (the scenario with the SHA-256
/// the plan recorded, the seed, days, counterfactual and overrides) and
/// readable as a run (`RecordedRun`), otherwise nothing is written and
/// every missing, failed or mismatched task is reported by id. The merged folder holds
/// one ensemble per study scenario, `OUT/NAME/seed-N/`, each seed folder a
/// byte copy of its task's folder: the layout and bytes `simulate --seeds …
/// --no-timings` writes.
package struct ClusterMerge: Sendable {
    /// A task that cannot be merged.
    package struct Problem: Sendable, Equatable, CustomStringConvertible {
        package var task: ClusterTask
        package var problem: String
        package var description: String { "task \(task.id) (\(task.ensemble), seed \(task.seed)): \(problem)" }

        package init(task: ClusterTask, problem: String) {
            self.task = task
            self.problem = problem
        }
    }

    /// Some tasks are missing or failed; nothing was written.
    package struct Incomplete: Error, Sendable {
        package var problems: [Problem]

        package init(problems: [Problem]) { self.problems = problems }
        /// The ids of the tasks to run again.
        package var ids: [Int] { problems.map(\.task.id) }

        /// The ids as Slurm's `--array` takes them, runs of consecutive ids
        /// as ranges: `0-3,7,9-12`.
        package var arraySpecification: String {
            var runs: [(first: Int, last: Int)] = []
            for id in ids.sorted() {
                if let run = runs.last, id == run.last + 1 {
                    runs[runs.count - 1].last = id
                } else {
                    runs.append((id, id))
                }
            }
            let parts = runs.map { $0.first == $0.last ? "\($0.first)" : "\($0.first)-\($0.last)" }
            return parts.joined(separator: ",")
        }
    }

    /// The plan folder.
    package let folder: URL
    /// The tasks of `tasks.tsv`.
    package let tasks: [ClusterTask]
    /// The plan's manifest (`manifest.json` of `cluster plan`).
    package let manifest: [String: JSONValue]

    /// Reads the plan in `folder`: its manifest and `tasks.tsv`, whose
    /// SHA-256 must match the manifest's.
    ///
    /// - Throws: ``InputError`` naming the file when the folder is not a plan.
    package init(folder: URL) throws(InputError) {
        self.folder = folder
        let manifestPath = folder.appendingPathComponent(RunManifest.fileName).path
        guard let data = FileManager.default.contents(atPath: manifestPath) else {
            throw InputError(file: manifestPath, problem: "cannot be read; is this a folder written by `warnsim cluster plan`?")
        }
        guard case .object(let manifest)? = try? JSONValue.parse(data), case .string("cluster plan")? = manifest["command"] else {
            throw InputError(file: manifestPath, field: "command", problem: "is not the manifest of `warnsim cluster plan`")
        }
        self.manifest = manifest
        let tasksPath = folder.appendingPathComponent(ClusterTask.fileName).path
        guard let tasksData = FileManager.default.contents(atPath: tasksPath) else {
            throw InputError(file: tasksPath, problem: "cannot be read (missing or not a file)")
        }
        guard case .object(let outputs)? = manifest["outputs"], case .string(let digest)? = outputs[ClusterTask.fileName] else {
            throw InputError(file: manifestPath, field: "outputs.\(ClusterTask.fileName)", problem: "missing or not a digest")
        }
        guard RunManifest.digest(tasksData) == digest else {
            throw InputError(file: tasksPath, problem: "does not match its SHA-256 in manifest.json (changed after the plan?)")
        }
        tasks = try ClusterTask.read(String(decoding: tasksData, as: UTF8.self), file: tasksPath)
    }

    /// The sweep file the study scores on every merged ensemble, if any.
    package var sweep: String? {
        guard case .string(let path)? = manifest["sweep"] else { return nil }
        return path
    }

    /// The ensembles in the order of the study, each with its tasks in seed order of the study.
    package var ensembles: [(name: String, tasks: [ClusterTask])] {
        var order: [String] = []
        var byName: [String: [ClusterTask]] = [:]
        for task in tasks {
            if byName[task.ensemble] == nil { order.append(task.ensemble) }
            byName[task.ensemble, default: []].append(task)
        }
        return order.map { ($0, byName[$0]!) }
    }

    /// Every task that is missing, unfinished, damaged or not the planned run, in task order.
    package func problems() -> [Problem] {
        tasks.compactMap { task in check(task).map { Problem(task: task, problem: $0) } }
    }

    /// What is wrong with `task`'s folder, nil when it is complete.
    func check(_ task: ClusterTask) -> String? {
        let runFolder = folder.appendingPathComponent(task.folder)
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: runFolder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return "missing: \(task.folder)/ was not written (did the task run? see logs/)"
        }
        let manifestPath = runFolder.appendingPathComponent(RunManifest.fileName).path
        guard let data = manager.contents(atPath: manifestPath) else {
            return "unfinished: \(task.folder)/\(RunManifest.fileName) is missing (the task failed or is still running; see logs/)"
        }
        guard case .object(let manifest)? = try? JSONValue.parse(data) else {
            return "damaged: \(task.folder)/\(RunManifest.fileName) is not a JSON object"
        }
        guard case .string("simulate")? = manifest["command"], case .integer(let seed)? = manifest["seed"] else {
            return "damaged: \(task.folder)/\(RunManifest.fileName) is not the manifest of a `warnsim simulate` run"
        }
        guard seed >= 0, UInt64(seed) == task.seed else {
            return "wrong run: \(task.folder) holds seed \(seed), the task is seed \(task.seed)"
        }
        guard manifest["timings_seconds"] == nil else {
            return "wrong run: \(task.folder)/\(RunManifest.fileName) records timings (the task must run with --no-timings)"
        }
        if let mismatch = mismatch(task, manifest: manifest) { return "wrong run: \(task.folder) \(mismatch)" }
        do {
            try RecordedRun.checkHashes(manifest: manifest, manifestPath: manifestPath, folder: runFolder.path)
            _ = try RecordedRun.load(folder: runFolder.path)
        } catch let error as InputError {
            return "damaged: \(error)"
        } catch {
            return "damaged: \(error)"
        }
        return nil
    }

    /// How the run in `task`'s folder (its `manifest`) differs from the task's
    /// line in the plan, nil when it is the planned run: the scenario file by
    /// name and by the SHA-256 the plan recorded, every other input by a file
    /// of the plan with that name and SHA-256, the seed, the days, the
    /// counterfactual and the overrides.
    func mismatch(_ task: ClusterTask, manifest: [String: JSONValue]) -> String? {
        guard let planned = PlannedRun(arguments: task.arguments), planned.seed == task.seed else {
            return "cannot be compared: the plan's arguments for the task are not a `simulate` line with --seed \(task.seed)"
        }
        guard case .object(let inputs)? = manifest["inputs"] else {
            return "records no inputs in \(RunManifest.fileName)"
        }
        let planInputs = self.manifest["inputs"]?.objectValue ?? [:]
        let scenario = URL(fileURLWithPath: planned.scenario).lastPathComponent
        guard case .string(let digest)? = inputs[scenario] else {
            let names = inputs.keys.sorted().joined(separator: ", ")
            return "was not run from the task's scenario \(scenario) (its inputs: \(names))"
        }
        let digests = PlannedRun.plannedDigests(of: planned.scenario, inputs: planInputs)
        guard digests.contains(digest) else {
            let recorded = digests.isEmpty ? "no SHA-256 of it" : digests.joined(separator: " or ")
            return "was run from \(scenario) with \(digest); the plan recorded \(recorded) (a run of another scenario, or the file changed)"
        }
        for (name, value) in inputs.sorted(by: { $0.key < $1.key }) where name != scenario {
            let known = planInputs.contains { URL(fileURLWithPath: $0.key).lastPathComponent == name && $0.value == value }
            guard known else { return "read \(name) with a SHA-256 that no file of that name read by the plan has" }
        }
        if let days = planned.days, manifest["days"] != .integer(Int64(days)) {
            return "holds \(manifest["days"]?.integerValue.map(String.init) ?? "no") days, the task runs \(days)"
        }
        let hasCounterfactual = manifest["outputs"]?.objectValue?[CounterfactualCSV.fileName] != nil
        if hasCounterfactual != planned.counterfactual {
            return planned.counterfactual
                ? "has no \(CounterfactualCSV.fileName); the task runs the counterfactual"
                : "has a \(CounterfactualCSV.fileName); the task runs with --no-counterfactual"
        }
        var overrides: [String] = []
        if let recorded = manifest["overrides"] {
            guard let list = recorded.arrayValue?.compactMap(\.stringValue), list.count == recorded.arrayValue?.count else {
                return "records overrides that are not a list of strings"
            }
            overrides = list
        }
        guard overrides == planned.overrides else {
            func shown(_ list: [String]) -> String { list.isEmpty ? "none" : list.joined(separator: ", ") }
            return "was run with the overrides \(shown(overrides)); the task's are \(shown(planned.overrides))"
        }
        return nil
    }

    /// The files of a complete task folder: `manifest.json` and every file it lists.
    func files(of task: ClusterTask) throws -> [String] {
        let url = folder.appendingPathComponent(task.folder).appendingPathComponent(RunManifest.fileName)
        guard case .object(let manifest) = try JSONValue.parse(Data(contentsOf: url)), case .object(let outputs)? = manifest["outputs"]
        else { return [RunManifest.fileName] }
        return [RunManifest.fileName] + outputs.keys.sorted()
    }

    /// Merges every task into `out`, which must not exist: first every task
    /// is checked, then the ensembles are assembled in a hidden folder beside
    /// `out` that is renamed to `out` when complete.
    ///
    /// - Throws: ``Incomplete`` naming every missing or failed task (nothing
    ///   written); ``InputError`` when `out` exists or cannot be written.
    package func merge(into out: URL) throws {
        let manager = FileManager.default
        guard !manager.fileExists(atPath: out.path) else {
            throw InputError(file: out.path, field: "--out", problem: "already exists; merge into a new folder")
        }
        let problems = problems()
        guard problems.isEmpty else { throw Incomplete(problems: problems) }
        let staging = out.deletingLastPathComponent().appendingPathComponent(
            ".\(out.lastPathComponent).merging-\(ProcessInfo.processInfo.processIdentifier)")
        try? manager.removeItem(at: staging)
        do {
            for task in tasks {
                let source = folder.appendingPathComponent(task.folder)
                let target = staging.appendingPathComponent(task.ensemble).appendingPathComponent("seed-\(task.seed)")
                try manager.createDirectory(at: target, withIntermediateDirectories: true)
                for name in try files(of: task) {
                    try manager.copyItem(at: source.appendingPathComponent(name), to: target.appendingPathComponent(name))
                }
            }
            try manager.moveItem(at: staging, to: out)
        } catch {
            try? manager.removeItem(at: staging)
            throw InputError(file: out.path, problem: "cannot be written (\(error.localizedDescription))")
        }
    }
}
