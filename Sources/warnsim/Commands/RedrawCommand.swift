import Analysis
import ArgumentParser
import Foundation
import Simulation
import Studies
import WarnSimCore

struct RedrawCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redraw",
        abstract: "See a finished run's encounters again through other radio channels (open loop).",
        discussion: """
            Simulates the run in RUN_FOLDER again from its scenario and seed, checks \
            that this reproduces the folder's phones.csv, infections.csv, \
            summary.csv, windows.bin, exposures.bin and contacts.bin byte for \
            byte, and lets every scan also receive through the channel of \
            --radio (default: the run's own), with the same random numbers for \
            blocking, shadowing and fading. The phones match and score those \
            sightings at the same detections against the same packages; the run \
            folder written to --out holds that channel's windows (windows.bin, \
            windows.csv), warnings (phones.csv first_high_risk_at, \
            first_warning_at, final_risk_level, windows; summary.csv \
            high_risk_results, warnings) and names the channel in manifest.json \
            (radio_parameters, and redrawn_from: the run's manifest and \
            channel). Everything else is the run's own. \
            LIMITS: the loop is open. Who met whom, who was infected, tested, \
            uploaded and stayed home follow the run's own warnings, not the \
            redrawn ones, so outcomes.csv of a redrawn run (infections averted, \
            quarantine days) are the run's; precision, recall and warnings per \
            uploader are the channel's. `sweep --confirm` and `simulate --set \
            radio.parameters=FILE` are the closed-loop checks. A redraw costs \
            less than a simulation of the run, and little more per further \
            channel (the phones record, on every channel, only what the \
            phones of people who shared keys in the run send, the only \
            sightings a window can come from; the town's days and the phones' \
            detections are simulated again; `bench simulate \
            --redraw-channels` measures it against the run): --radio may be \
            given several times, and all channels are \
            seen in the one simulation, each written to OUT/NAME/ (NAME: \
            the radio file's name without .yaml; the names must differ), the \
            same bytes as a redraw through that channel alone. With the run's \
            own channel the folder's windows.bin is the run's, byte for byte. \
            RUN_FOLDER may be an ensemble folder (seed-N/ runs): each seed is \
            redrawn into OUT/seed-N/ (OUT/NAME/seed-N/ with several channels), \
            as many seeds at once as the threads and memory allow. \
            evaluate and sweep over runs redrawn through several channels \
            (Configs/radio/variants/) report the radio range beside the seed \
            interval.
            """
    )

    @Argument(help: "A run folder written by `warnsim simulate`, or an ensemble folder of seed-N/ runs.")
    var runFolder: String

    @Option(help: "The scenario the run was simulated from (its --set fields are read from the run's manifest).")
    var scenario: String

    @Option(help: "Radio parameters of a channel to see the run through (default: the run's own); repeat for several.")
    var radio: [String] = []

    @Option(help: "Output folder (a run folder, or an ensemble folder for an ensemble).")
    var out: String

    @OptionGroup var threadOptions: ThreadOptions

    @OptionGroup var force: ForceOption

    @OptionGroup var progressOptions: ProgressOptions

    func run() throws {
        let inputs = [runFolder, scenario] + radio
        // A redrawn run is a run folder: `simulate` is what its manifest says wrote it.
        try checkOutputFolder(out, command: "simulate", inputs: inputs, force: force.force)
        let threads = try threadOptions.checked()
        let folders = RunSet.expand([runFolder])
        let ensemble = folders != [runFolder]
        let radioURLs = radio.map { URL(fileURLWithPath: $0) }
        // With several channels each gets its own folder, named after its file.
        let names = radioURLs.map { $0.deletingPathExtension().lastPathComponent }
        if let twice = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            throw inputFailure(
                file: radio[names.firstIndex(of: twice)!], field: "--radio",
                "two channels would both be written to \(out)/\(twice)/; give radio files with different names")
        }
        var redraws: [RunRedraw] = []
        let estimate: RunMemoryEstimate
        do {
            // The scenario is loaded once per distinct set of the runs' --set fields.
            var scenarios: [[String]: Scenario] = [:]
            for folder in folders {
                let provenance = try RunProvenance(runFolder: folder)
                let overrides = try provenance.overrides()
                if scenarios[overrides] == nil {
                    scenarios[overrides] = try loadScenario(
                        URL(fileURLWithPath: scenario), overrides: overrides.map { try FieldOverride(parsing: $0) })
                }
                redraws.append(try RunRedraw(provenance: provenance, scenario: scenarios[overrides]!, radioFiles: radioURLs))
            }
            estimate = RunMemoryEstimate(
                people: redraws[0].scenario.world.population.people, days: redraws[0].run.days,
                part: .redraw(
                    channels: redraws[0].channels.count, transmitterShare: redraws.map(\.transmitterShare).max() ?? 1))
            try checkMemory(estimate, file: scenario)
        } catch let error as InputError {
            throw inputFailure(error)
        }
        let progress = ProgressReporter(total: redraws.reduce(0) { $0 + $1.run.days }, unit: "days", quiet: progressOptions.quiet)
        // As many seeds at once as the threads and this machine's memory
        // allow, as `simulate --seeds` runs them; each seed's folder is the
        // same whatever the threads.
        let fitting = max(1, Int(Double(MachineMemory.limitBytes) / max(estimate.bytes, 1)))
        let concurrent = max(1, min(redraws.count, threads, fitting))
        let workers = max(1, threads / concurrent)
        try writingOutputFolder(out, command: "simulate", inputs: inputs, force: force.force) { folder in
            var targets: [[URL]] = []
            for redraw in redraws {
                let channelFolders = names.count > 1 ? names.map { folder.appendingPathComponent($0) } : [folder]
                let seedFolders = channelFolders.map { ensemble ? Ensemble.folder($0, seed: redraw.run.seed) : $0 }
                for target in seedFolders { try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true) }
                targets.append(seedFolders)
            }
            let errors = FirstErrorBox<any Error>()
            let (all, folders) = (redraws, targets)
            Parallel.run(workers: concurrent) { lane in
                for index in stride(from: lane, to: all.count, by: concurrent) {
                    do {
                        try all[index].write(into: folders[index], workers: workers, version: WarnSimVersion.string) { _ in
                            progress.advance("seed \(all[index].run.seed)")
                        }
                    } catch {
                        errors.record(error)
                    }
                }
            }
            if let error = errors.error { throw error }
        }
        progress.finish()
        let runs = "\(redraws.count) run\(redraws.count == 1 ? "" : "s")"
        let seeds = ensemble ? "seed-N/" : ""
        switch radioURLs.count {
        case 0: printOutput("\(runs) redrawn through its own channel; wrote \(out)/\(seeds)\n")
        case 1: printOutput("\(runs) redrawn through \(radioURLs[0].lastPathComponent); wrote \(out)/\(seeds)\n")
        default:
            printOutput(
                "\(runs) redrawn through \(radioURLs.count) channels (\(radioURLs.map(\.lastPathComponent).joined(separator: ", ")))"
                    + "; wrote \(names.map { "\(out)/\($0)/\(seeds)" }.joined(separator: ", "))\n")
        }
    }
}
