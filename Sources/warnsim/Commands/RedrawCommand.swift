import Analysis
import ArgumentParser
import Foundation
import Simulation
import Studies
import WarnSimCore

struct RedrawCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redraw",
        abstract: "See a finished run's encounters again through another radio channel (open loop).",
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
            about one simulation of the run. With the run's own channel the \
            folder's windows.bin is the run's, byte for byte. RUN_FOLDER may be an \
            ensemble folder (seed-N/ runs): each seed is redrawn into \
            OUT/seed-N/. evaluate and sweep over runs redrawn through several \
            channels (Configs/radio/variants/) report the radio range beside \
            the seed interval.
            """
    )

    @Argument(help: "A run folder written by `warnsim simulate`, or an ensemble folder of seed-N/ runs.")
    var runFolder: String

    @Option(help: "The scenario the run was simulated from (its --set fields are read from the run's manifest).")
    var scenario: String

    @Option(help: "Radio parameters of the channel to see the run through (default: the run's own).")
    var radio: String?

    @Option(help: "Output folder (a run folder, or an ensemble folder for an ensemble).")
    var out: String

    @OptionGroup var threadOptions: ThreadOptions

    @OptionGroup var force: ForceOption

    @OptionGroup var progressOptions: ProgressOptions

    func run() throws {
        let inputs = [runFolder, scenario] + (radio.map { [$0] } ?? [])
        // A redrawn run is a run folder: `simulate` is what its manifest says wrote it.
        try checkOutputFolder(out, command: "simulate", inputs: inputs, force: force.force)
        let threads = try threadOptions.checked()
        let folders = RunSet.expand([runFolder])
        let ensemble = folders != [runFolder]
        let radioURL = radio.map { URL(fileURLWithPath: $0) }
        var redraws: [RunRedraw] = []
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
                redraws.append(try RunRedraw(provenance: provenance, scenario: scenarios[overrides]!, radioFile: radioURL))
            }
            try checkMemory(
                RunMemoryEstimate(
                    people: redraws[0].scenario.world.population.people, days: redraws[0].run.days, part: .runWithCounterfactual),
                file: scenario)
        } catch let error as InputError {
            throw inputFailure(error)
        }
        let progress = ProgressReporter(total: redraws.reduce(0) { $0 + $1.run.days }, unit: "days", quiet: progressOptions.quiet)
        try writingOutputFolder(out, command: "simulate", inputs: inputs, force: force.force) { folder in
            var done = 0
            for redraw in redraws {
                let target = ensemble ? Ensemble.folder(folder, seed: redraw.run.seed) : folder
                try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
                try redraw.write(into: target, workers: threads, version: WarnSimVersion.string) { _ in
                    done += 1
                    progress.step(done, "seed \(redraw.run.seed)")
                }
            }
        }
        progress.finish()
        let channel = radioURL?.lastPathComponent ?? "its own channel"
        printOutput(
            "\(redraws.count) run\(redraws.count == 1 ? "" : "s") redrawn through \(channel); wrote \(out)/\(ensemble ? "seed-N/" : "")\n")
    }
}
