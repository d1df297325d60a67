import Analysis
import ArgumentParser
import Foundation
import Studies
import WarnSimCore

/// `warnsim cluster plan STUDY.yaml --out DIR`: the study's Slurm array job.
struct ClusterPlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Write a study's Slurm array job: one task per scenario and seed.",
        discussion: """
            Writes into --out (a new or empty folder): tasks.tsv (task id, \
            scenario, seed, run folder, warnsim arguments), study.sbatch (the \
            array job: --array, --cpus-per-task, --mem from the memory model of \
            the largest task, --time from seconds per person-day with a safety \
            factor, one log per task in logs/), submit.sh (every array job to \
            submit), one-machine.sh (the same study with simulate --seeds), a \
            copy of the study and manifest.json. Each task runs `warnsim \
            simulate SCENARIO --seed N --no-timings` into tasks/ID/. Submit \
            with `sh DIR/submit.sh`, then run `warnsim cluster merge DIR`.
            """
    )

    @Argument(help: "The study file (YAML).")
    var study: String

    @Option(help: "The plan folder (new or empty; on a file system every node sees).")
    var out: String

    @Option(help: "The warnsim binary the tasks run, as the nodes see it (default: this executable).")
    var warnsim: String?

    @Option(help: "CPUs per task (each run's --threads).")
    var cpusPerTask: Int = 2

    @Option(
        help: ArgumentHelp(
            "Seconds per person-day of one task on one CPU for --time (measured on the reference machine; the SlurmCluster article).",
            valueName: "seconds"))
    var secondsPerPersonDay: Double = TaskResources.defaultSecondsPerPersonDay

    @Option(
        help: ArgumentHelp(
            "Memory of the smallest node, as Slurm writes it (e.g. 64G, 500M): a study whose task needs more is refused.",
            valueName: "size"))
    var maxMem: String?

    @Option(help: "Slurm partition (#SBATCH --partition).")
    var partition: String?

    @Option(help: "Slurm account (#SBATCH --account).")
    var account: String?

    @Option(help: "Most tasks per array job (Slurm's MaxArraySize - 1); submit.sh splits larger studies.")
    var maxArraySize: Int = 1_000

    func run() throws {
        try checkOutputPath(out)
        let folder = URL(fileURLWithPath: out).standardizedFileURL
        var options = ClusterPlan.Options(warnsim: warnsim.map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? Self.executablePath)
        options.cpusPerTask = cpusPerTask
        options.secondsPerPersonDay = secondsPerPersonDay
        options.partition = partition
        options.account = account
        options.maxArraySize = maxArraySize
        if let maxMem {
            guard let bytes = TaskResources.parseMemory(maxMem) else {
                throw inputFailure(file: "<argument>", field: "--max-mem", "expected a size such as 64G, 500M or 1T, found '\(maxMem)'")
            }
            options.maxMemoryBytes = bytes
        }
        for (option, value) in [("--partition", partition), ("--account", account)] {
            if let value, !value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-.,".contains($0)) }) || value.isEmpty {
                throw inputFailure(file: "<argument>", field: option, "expected letters, digits, '_', '-', '.' or ',', found '\(value)'")
            }
        }
        let plan: ClusterPlan
        do {
            let study = try Study.load(URL(fileURLWithPath: study))
            plan = try ClusterPlan(study: study, folder: folder, options: options)
            try plan.write(version: WarnSimVersion.string)
        } catch let error as InputError {
            throw inputFailure(error)
        } catch let error as ExitCode {
            throw error
        } catch {
            throw inputFailure(file: out, field: "--out", "cannot be written (\(error.localizedDescription))")
        }
        let resources = plan.resources
        printOutput(
            "\(plan.study.name): \(plan.tasks.count) tasks in \(plan.study.ensembles.count) ensembles; each "
                + "\(resources.cpus) CPUs, \(resources.memoryMebibytes) MiB, \(resources.slurmTime); wrote \(out)/\n"
                + "submit: sh \(ShellWords.quote(folder.appendingPathComponent(ClusterPlan.submitFileName).path))\n"
                + "then:   warnsim cluster merge \(ShellWords.quote(folder.path))\n")
    }

    /// The path of the running `warnsim` binary.
    static var executablePath: String {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return Bundle.main.executablePath ?? URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    }
}
