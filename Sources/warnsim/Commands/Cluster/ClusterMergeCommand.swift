import Analysis
import ArgumentParser
import Foundation
import Studies
import WarnSimCore

/// `warnsim cluster merge DIR`: a planned study's finished tasks as ensemble folders.
struct ClusterMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Combine the finished tasks of a planned study into one ensemble folder per scenario.",
        discussion: """
            Checks every task of DIR/tasks.tsv: its folder present, its \
            manifest.json there and every file it lists present with its SHA-256, \
            the run its line in the plan names (the scenario with the SHA-256 \
            the plan recorded, the seed, days, counterfactual and overrides), \
            and its records readable as a run. Missing, unfinished, damaged or \
            mismatched tasks are named by id (exit 1, \
            nothing written), with the sbatch line that runs them again. \
            Otherwise writes OUT/SCENARIO/seed-N/ (default OUT: DIR/merged), \
            byte-identical to `warnsim simulate SCENARIO --seeds ... \
            --no-timings` on one machine (DIR/one-machine.sh). When the study \
            names a sweep, it is scored on every merged ensemble into \
            DIR/sweeps/SCENARIO/.
            """
    )

    @Argument(help: "The plan folder written by `warnsim cluster plan`.")
    var plan: String

    @Option(help: "The merged study folder (must not exist; default: PLAN/merged).")
    var out: String?

    @Flag(help: "Do not run the study's sweep on the merged ensembles.")
    var noSweep = false

    @OptionGroup var threadOptions: ThreadOptions

    func run() throws {
        try checkOutputPath(out)
        let threads = try threadOptions.checked()
        let folder = URL(fileURLWithPath: plan)
        let target = out.map { URL(fileURLWithPath: $0) } ?? folder.appendingPathComponent("merged")
        let merge: ClusterMerge
        do {
            merge = try ClusterMerge(folder: folder)
            try merge.merge(into: target)
        } catch let error as InputError {
            throw inputFailure(error)
        } catch let error as ClusterMerge.Incomplete {
            for problem in error.problems { printError("warnsim: \(problem)") }
            let ids = error.arraySpecification
            printError(
                "warnsim: \(error.problems.count) of \(try ClusterMerge(folder: folder).tasks.count) tasks missing or failed (ids \(ids)); "
                    + "nothing written. Run them again with: sbatch --array=\(ids) "
                    + ShellWords.quote(folder.appendingPathComponent(ClusterPlan.scriptFileName).path))
            throw ExitStatus.checkFailed
        }
        let ensembles = merge.ensembles
        printOutput(
            "\(merge.tasks.count) tasks merged into \(ensembles.count) ensembles: "
                + ensembles.map { "\(target.path)/\($0.name)/ (\($0.tasks.count) seeds)" }.joined(separator: ", ") + "\n")
        if let sweep = merge.sweep, !noSweep {
            for ensemble in ensembles {
                let sweepOut = folder.appendingPathComponent("sweeps").appendingPathComponent(ensemble.name)
                let ensembleFolder = target.appendingPathComponent(ensemble.name).path
                let runner: SweepRunner
                do {
                    let spec = try SweepSpecification.load(path: sweep)
                    runner = try SweepRunner(
                        spec: spec, runs: try RunSet(folders: [ensembleFolder], options: spec.labels), version: WarnSimVersion.string)
                } catch let error as InputError {
                    throw inputFailure(error)
                }
                // Written whole or not at all, like the sweep command's output.
                try writingOutputFolder(
                    sweepOut.path, option: "sweeps/\(ensemble.name)", command: "sweep", inputs: [ensembleFolder], force: false
                ) {
                    _ = try runner.run(folder: $0, workers: threads) { _, _ in }
                }
                printOutput("sweep \(URL(fileURLWithPath: sweep).lastPathComponent) on \(ensemble.name): wrote \(sweepOut.path)/\n")
            }
        }
    }
}
