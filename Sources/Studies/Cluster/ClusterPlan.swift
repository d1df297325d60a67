import Analysis
import Foundation
import Simulation
import WarnSimCore

/// A study laid out as a Slurm array job (`warnsim cluster plan`): one task
/// per ensemble and seed, each running `warnsim simulate SCENARIO --seed N
/// --no-timings` into its own folder, which is byte for byte the `seed-N`
/// folder `simulate --seeds … --no-timings` writes for the ensemble; the
/// resources of every task from ``TaskResources``.
///
/// The plan folder holds `tasks.tsv` (``ClusterTask``), `study.sbatch`
/// (``SlurmScript``), `submit.sh` (every array job to submit), `one-machine.sh`
/// (the same study with `simulate --seeds`, for comparison), `study.yaml` (a
/// copy of the study file), `manifest.json`, and the empty `tasks/` and `logs/`
/// the tasks write into.
package struct ClusterPlan: Sendable {
    /// How the tasks are run and what they may ask for.
    package struct Options: Sendable {
        /// The `warnsim` binary the tasks run (an absolute path on the cluster's nodes).
        package var warnsim: String
        /// CPUs per task, also the run's `--threads`.
        package var cpusPerTask = 2
        /// The time model's rate (``TaskResources``).
        package var secondsPerPersonDay = TaskResources.defaultSecondsPerPersonDay
        /// The memory of the smallest node tasks may run on, if given: a study
        /// whose task needs more is refused.
        package var maxMemoryBytes: UInt64?
        /// `--partition`, if given.
        package var partition: String?
        /// `--account`, if given.
        package var account: String?
        /// The most tasks one array job holds (Slurm's `MaxArraySize` − 1;
        /// 1,000 with Slurm's default of 1,001). Larger studies are submitted
        /// as several array jobs by `submit.sh`.
        package var maxArraySize = 1_000

        package init(warnsim: String) { self.warnsim = warnsim }
    }

    package let study: Study
    /// The plan folder (absolute).
    package let folder: URL
    package let options: Options
    /// The scenario of each ensemble, loaded with its overrides.
    package let scenarios: [Scenario]
    package let tasks: [ClusterTask]
    /// What every task asks for (the largest task's needs).
    package let resources: TaskResources

    /// Loads every scenario of `study` with its overrides (an error names the
    /// scenario file and field), sizes the tasks and lists them.
    ///
    /// - Throws: ``InputError`` for a scenario that does not load, an option
    ///   out of range, or a task that needs more than `maxMemoryBytes`.
    package init(study: Study, folder: URL, options: Options) throws {
        guard (1...1024).contains(options.cpusPerTask) else {
            throw InputError(file: "<argument>", field: "--cpus-per-task", problem: "must be in 1...1024")
        }
        guard options.secondsPerPersonDay > 0, options.secondsPerPersonDay <= 1 else {
            throw InputError(file: "<argument>", field: "--seconds-per-person-day", problem: "must be within 0 (exclusive) and 1")
        }
        guard (1...4_000_000).contains(options.maxArraySize) else {
            throw InputError(file: "<argument>", field: "--max-array-size", problem: "must be in 1...4000000")
        }
        for (option, text) in [("--out", folder.path), ("--warnsim", options.warnsim)]
        where text.contains(where: { $0.isWhitespace || $0 == "%" || $0 == "'" || $0 == "\\" }) {
            throw InputError(
                file: "<argument>", field: option,
                problem: "must not contain spaces, tabs, '%', quotes or backslashes (Slurm reads it in #SBATCH lines)")
        }
        self.study = study
        self.folder = folder
        self.options = options
        var scenarios: [Scenario] = []
        var resources: TaskResources?
        var tasks: [ClusterTask] = []
        for ensemble in study.ensembles {
            let overrides = try ensemble.overrides.map { text throws(InputError) in try FieldOverride(parsing: text) }
            let scenario = try Scenario.load(ensemble.scenario, overrides: overrides)
            scenarios.append(scenario)
            let days = ensemble.days ?? scenario.app.days
            let people = scenario.world.population.people
            let needs = TaskResources(
                people: people, days: days, counterfactual: ensemble.counterfactual, cpus: options.cpusPerTask,
                secondsPerPersonDay: options.secondsPerPersonDay)
            if let limit = options.maxMemoryBytes, needs.memoryBytes > Double(limit) {
                throw InputError(
                    file: study.url.path, field: "scenarios.\(ensemble.name)",
                    problem:
                        "a task needs about \(RunMemoryEstimate.grouped(needs.memoryMebibytes)) MiB (\(RunMemoryEstimate.grouped(people)) people × "
                        + "\(days) days); --max-mem is \(RunMemoryEstimate.grouped(Int(limit >> 20))) MiB")
            }
            resources = resources.map { $0.covering(needs) } ?? needs
            for seed in ensemble.seeds {
                let id = tasks.count
                let relative = ClusterTask.folder(id: id)
                let arguments =
                    ["simulate", ensemble.scenario.path, "--seed", String(seed), "--out", folder.appendingPathComponent(relative).path]
                    + ["--threads", String(options.cpusPerTask)] + Self.runArguments(ensemble)
                tasks.append(
                    ClusterTask(id: id, ensemble: ensemble.name, seed: seed, folder: relative, arguments: ShellWords.join(arguments)))
            }
        }
        self.scenarios = scenarios
        self.tasks = tasks
        self.resources = resources!
    }

    /// The arguments every run of `ensemble` shares after the seed and the
    /// output folder: `--no-timings` (so that the folders are reproducible
    /// byte for byte), the study's days, counterfactual and overrides.
    static func runArguments(_ ensemble: StudyEnsemble) -> [String] {
        var arguments = ["--no-timings"]
        if let days = ensemble.days { arguments += ["--days", String(days)] }
        if !ensemble.counterfactual { arguments.append("--no-counterfactual") }
        for text in ensemble.overrides { arguments += ["--set", text] }
        return arguments
    }

    /// The file names of a plan folder.
    package static let scriptFileName = "study.sbatch"
    package static let submitFileName = "submit.sh"
    package static let oneMachineFileName = "one-machine.sh"
    package static let studyFileName = "study.yaml"

    /// `one-machine.sh`: the same study with `simulate --seeds` on one
    /// machine, every ensemble into `OUT/NAME/` (`OUT` is the first argument),
    /// byte for byte what `cluster merge` assembles.
    package var oneMachineScript: String {
        var lines = [
            "#!/bin/sh",
            "# The study \"\(study.name)\" on one machine: every ensemble with `warnsim simulate --seeds`",
            "# into OUT/NAME/seed-N/, byte for byte what `warnsim cluster merge` assembles from the tasks.",
            "# Usage: sh one-machine.sh OUT",
            "set -eu",
            "out=${1:?usage: sh one-machine.sh OUT}",
        ]
        for ensemble in study.ensembles {
            let arguments = ["simulate", ensemble.scenario.path, "--seeds", ensemble.seedsText]
            lines.append(
                ShellWords.join([options.warnsim] + arguments) + " --out \"$out\"/" + ShellWords.quote(ensemble.name) + " "
                    + ShellWords.join(Self.runArguments(ensemble)))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `submit.sh`: one `sbatch` per array job (several when the study has
    /// more tasks than ``Options/maxArraySize``); its arguments go to every
    /// `sbatch` (for example `--wait`).
    package var submitScript: String {
        let script = ShellWords.quote(folder.appendingPathComponent(Self.scriptFileName).path)
        var lines = [
            "#!/bin/sh",
            "# Submits every task of the study \"\(study.name)\" (\(tasks.count) tasks); arguments go to each sbatch.",
            "set -eu",
        ]
        if tasks.count <= options.maxArraySize {
            lines.append("sbatch \"$@\" \(script)")
        } else {
            for offset in stride(from: 0, to: tasks.count, by: options.maxArraySize) {
                let count = min(options.maxArraySize, tasks.count - offset)
                lines.append("sbatch \"$@\" --array=0-\(count - 1) --export=ALL,WARNSIM_TASK_OFFSET=\(offset) \(script)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the plan folder, which must not exist or be empty (a plan never
    /// mixes with the task folders of another). Everything is checked before
    /// anything is written.
    ///
    /// - Parameter version: The WarnSim version (recorded in the manifest).
    package func write(version: String) throws {
        let manager = FileManager.default
        if let contents = try? manager.contentsOfDirectory(atPath: folder.path), !contents.isEmpty {
            throw InputError(file: folder.path, problem: "already exists and is not empty; plan into a new folder")
        }
        let studyData: Data
        do {
            studyData = try Data(contentsOf: study.url)
        } catch {
            throw InputError(file: study.url.path, problem: "cannot be read (\(error.localizedDescription))")
        }
        let files: [(String, Data)] = [
            (Self.studyFileName, studyData),
            (ClusterTask.fileName, Data(ClusterTask.tsv(tasks).utf8)),
            (Self.scriptFileName, Data(SlurmScript(plan: self).text.utf8)),
            (Self.submitFileName, Data(submitScript.utf8)),
            (Self.oneMachineFileName, Data(oneMachineScript.utf8)),
        ]
        for name in ["tasks", "logs"] {
            try manager.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        for (name, data) in files { try AtomicFile.write(data, to: folder.appendingPathComponent(name)) }
        var manifest = RunManifest(command: "cluster plan", version: version)
        manifest.add("study", study.name)
        manifest.add("tasks", tasks.count)
        manifest.add("ensembles", json: "[" + study.ensembles.map { TextEscaping.jsonString($0.name) }.joined(separator: ", ") + "]")
        manifest.add("cpus_per_task", resources.cpus)
        manifest.add("mem_mebibytes", resources.memoryMebibytes)
        manifest.add("time", resources.slurmTime)
        manifest.add("seconds_per_person_day", json: String(options.secondsPerPersonDay))
        manifest.add("warnsim", options.warnsim)
        if let sweep = study.sweep { manifest.add("sweep", sweep.path) }
        var read: [URL] = [study.url]
        for url in scenarios.flatMap(\.files) + (study.sweep.map { [$0] } ?? []) where !read.contains(url) { read.append(url) }
        let studyFolder = study.url.deletingLastPathComponent()
        for url in read {
            let name = Self.relativePath(of: url, from: studyFolder)
            manifest.inputs.append((name, (try? Data(contentsOf: url)).map(RunManifest.digest) ?? "unreadable"))
        }
        for (name, data) in files { manifest.addOutput(name, data: data) }
        try manifest.write(into: folder)
    }

    /// The path of `url` relative to `folder` (`../scenarios/village-2k.yaml`),
    /// as the manifest names the inputs (two inputs may share a file name).
    static func relativePath(of url: URL, from folder: URL) -> String {
        let target = url.standardizedFileURL.pathComponents
        let base = folder.standardizedFileURL.pathComponents
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        return (Array(repeating: "..", count: base.count - common) + target[common...]).joined(separator: "/")
    }
}
