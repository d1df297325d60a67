import Analysis
import Foundation
import Population
import RunRecords
import Simulation
import WarnSimCore

/// `warnsim redraw`: a finished run's encounters seen again through another
/// radio channel. The run is simulated again from its scenario and seed
/// (the same world, people, scans, uploads and behaviour, checked byte for
/// byte against the folder), and every scan is also received through the
/// other channel with the same random numbers (``ScanPipeline/secondChannel``);
/// the phones match and score those sightings at the same detections, and
/// the new folder holds the windows and warnings of that channel. The loop
/// is open: what the users did (tests, uploads, quarantines, hence the
/// encounters and infections) stays what they did after the run's own
/// warnings; `sweep --confirm` is the closed-loop check. With the run's own
/// channel the new folder's windows are the run's, byte for byte.
package struct RunRedraw: Sendable {
    /// The run redrawn (its folder checked as `evaluate` checks it).
    package let run: RecordedRun
    package let scenario: Scenario
    /// The run's `--set` fields, which the scenario is loaded with.
    package let overrides: [String]
    /// The channel, built for the run's phones, and the file it was read from.
    package let channel: ScanPipeline.SecondChannel
    package let radioFile: URL

    /// Checks the run folder (digests and meaning; not itself a redraw),
    /// that `scenario` with the run's `--set` fields (`provenance`) is what it
    /// was simulated from, and reads the channel (`radioFile`, by default the
    /// run's own, which must be the file the run recorded).
    package init(provenance: RunProvenance, scenario: Scenario, radioFile: URL?) throws {
        run = try RecordedRun.load(folder: provenance.folder)
        if provenance.manifest["redrawn_from"] != nil {
            throw InputError(
                file: provenance.manifestPath, field: "redrawn_from",
                problem:
                    "\(provenance.folder) is itself a redraw of another run; redraw the run it came from (its manifest is redrawn_from.run_manifest)"
            )
        }
        overrides = try provenance.overrides()
        try provenance.check(scenario: scenario, overrides: overrides, purpose: "redraw")
        self.scenario = scenario
        let ownFile = scenario.world.sourceFiles[0]
        self.radioFile = radioFile ?? ownFile
        if radioFile == nil, let recorded = run.radioParameters,
            recorded.digest != RunManifest.digest(try Data(contentsOf: ownFile))
        {
            throw InputError(
                file: ownFile.path, field: "radio.parameters",
                problem:
                    "is not the radio channel \(provenance.folder) was simulated through (its SHA-256 differs from the manifest's radio_parameters)"
            )
        }
        channel = try ScanPipeline.SecondChannel(
            parameters: try radioFile.map(RadioParameters.load) ?? scenario.world.radio, file: self.radioFile.path,
            world: scenario.world, seed: run.seed)
    }

    /// Simulates the run again with the second channel on `workers` threads
    /// (`progress` gets each finished day) and writes the redrawn run folder
    /// into `folder`. Throws an ``InputError`` naming the run's file that the
    /// re-simulation did not reproduce (another WarnSim version, or inputs
    /// changed since).
    package func write(into folder: URL, workers: Int, version: String, progress: (Int) -> Void = { _ in }) throws {
        var simulation = try SimulationRun(
            world: scenario.world, app: scenario.app, seed: run.seed, workers: workers, secondChannel: channel)
        for day in 0..<run.days {
            try simulation.simulate(day: day)
            progress(day + 1)
        }
        // Every file a run folder must hold, as the re-simulation gives it.
        let again = Dictionary(uniqueKeysWithValues: RunOutputs.files(simulation).map { ($0.name, $0.data) })
        let source = URL(fileURLWithPath: run.folder)
        for name in RecordedRun.requiredOutputs {
            let path = source.appendingPathComponent(name).path
            guard FileManager.default.contents(atPath: path) == again[name] else {
                throw InputError(
                    file: path,
                    problem:
                        "simulating the run again from its scenario and seed does not reproduce this file (written by another WarnSim version, or the scenario's files changed); simulate the run again"
                )
            }
        }
        let counterfactual = FileManager.default.contents(
            atPath: source.appendingPathComponent(CounterfactualCSV.fileName).path)
        let manifest = try Data(contentsOf: source.appendingPathComponent("manifest.json"))
        let own =
            run.radioParameters.map {
                "{\"file\": \(TextEscaping.jsonString($0.file)), \"digest\": \(TextEscaping.jsonString($0.digest))}"
            } ?? "null"
        let note =
            "{\"run_manifest\": \(TextEscaping.jsonString(RunManifest.digest(manifest))), \"radio_parameters\": \(own), "
            + "\"loop\": \"open: encounters, tests, uploads and quarantines are the run's own\"}"
        // The channel replaces the scenario's radio parameters among the inputs.
        let inputs = scenario.files.map { $0 == scenario.world.sourceFiles[0] ? radioFile : $0 }
        try RunOutputs.write(
            simulation.observedThroughSecondChannel(), to: folder, version: version, inputs: inputs,
            counterfactualCSV: counterfactual, overrides: overrides, radioParameters: radioFile,
            manifestEntries: [("redrawn_from", note)], timings: nil)
    }
}
