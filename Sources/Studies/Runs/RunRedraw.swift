import Analysis
import Foundation
import Population
import RunRecords
import Simulation
import WarnSimCore

/// `warnsim redraw`: a finished run's encounters seen again through other
/// radio channels. The run is simulated again from its scenario and seed
/// (the same world, people, scans, uploads and behaviour, checked byte for
/// byte against the folder), and every scan is also received through each
/// other channel with the same random numbers (``ScanPipeline/secondChannels``);
/// the phones match and score those sightings at the same detections, and
/// one new folder per channel holds the windows and warnings of that
/// channel, the same as a redraw through that channel alone. The channels
/// record only what the phones of people who shared keys in the run send
/// (``ScanPipeline/recordedTransmitters``): a window is one key's
/// sightings, so no other sighting can become one. The loop
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
    /// The channels, built for the run's phones, and the files they were read
    /// from, in the order given.
    package let channels: [ScanPipeline.SecondChannel]
    package let radioFiles: [URL]

    /// Checks the run folder (digests and meaning; not itself a redraw),
    /// that `scenario` with the run's `--set` fields (`provenance`) is what it
    /// was simulated from, and reads the channels (`radioFiles`; none: the
    /// run's own, which must be the file the run recorded).
    package init(provenance: RunProvenance, scenario: Scenario, radioFiles: [URL]) throws {
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
        self.radioFiles = radioFiles.isEmpty ? [ownFile] : radioFiles
        if radioFiles.isEmpty, let recorded = run.radioParameters,
            recorded.digest != RunManifest.digest(try Data(contentsOf: ownFile))
        {
            throw InputError(
                file: ownFile.path, field: "radio.parameters",
                problem:
                    "is not the radio channel \(provenance.folder) was simulated through (its SHA-256 differs from the manifest's radio_parameters)"
            )
        }
        let (world, seed, own) = (scenario.world, run.seed, radioFiles.isEmpty)
        channels = try self.radioFiles.map { file in
            try ScanPipeline.SecondChannel(
                parameters: own ? world.radio : try RadioParameters.load(file), file: file.path, world: world, seed: seed)
        }
    }

    /// The share of the run's people who shared keys: the channels record
    /// what their phones send, and nothing else.
    package var transmitterShare: Double {
        run.phones.isEmpty ? 0 : Double(run.phones.filter(\.sharedKeys).count) / Double(run.phones.count)
    }

    /// Simulates the run again with the channels on `workers` threads
    /// (`progress` gets each finished day) and writes one redrawn run folder
    /// per channel, into `folders` (as many, in the channels' order). Throws
    /// an ``InputError`` naming the run's file that the re-simulation did not
    /// reproduce (another WarnSim version, or inputs changed since).
    package func write(into folders: [URL], workers: Int, version: String, progress: (Int) -> Void = { _ in }) throws {
        precondition(folders.count == channels.count, "one folder per channel")
        // Only the keys of people who shared keys in the run can be matched:
        // the channels record only what their phones send.
        let sharers = run.phones.map(\.sharedKeys)
        guard sharers.count == scenario.world.population.people else {
            throw InputError(
                file: URL(fileURLWithPath: run.folder).appendingPathComponent("phones.csv").path,
                problem: "has \(sharers.count) phones; the scenario has \(scenario.world.population.people) people")
        }
        var simulation = try SimulationRun(
            world: scenario.world, app: scenario.app, seed: run.seed, workers: workers, secondChannels: channels,
            recordedTransmitters: sharers)
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
        // phones.csv, now checked, marks every person whose keys were
        // uploaded; were one missing, its keys' windows would be missing.
        if let missed = simulation.distributedKeyOwners.sorted().first(where: { !sharers.indices.contains($0) || !sharers[$0] }) {
            throw InputError(
                file: source.appendingPathComponent("phones.csv").path, field: "keys_shared",
                problem:
                    "person \(missed) uploaded keys in the run but is not marked as having shared them; the redraw cannot see that person's keys"
            )
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
        for (channel, folder) in folders.enumerated() {
            // The channel replaces the scenario's radio parameters among the inputs.
            let radioFile = radioFiles[channel]
            let inputs = scenario.files.map { $0 == scenario.world.sourceFiles[0] ? radioFile : $0 }
            try RunOutputs.write(
                simulation.observedThroughSecondChannel(channel), to: folder, version: version, inputs: inputs,
                counterfactualCSV: counterfactual, overrides: overrides, radioParameters: radioFile,
                manifestEntries: [("redrawn_from", note)], timings: nil)
        }
    }
}
