import Foundation
import Population
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
public struct RunRedraw: Sendable {
    /// The run redrawn (its folder checked as `evaluate` checks it).
    public let run: RecordedRun
    public let scenario: Scenario
    /// The run's `--set` fields, which the scenario is loaded with.
    public let overrides: [String]
    /// The channel's parameters and the file they were read from.
    public let radio: RadioParameters
    public let radioFile: URL

    /// Checks the run folder (digests and meaning), that `scenario` with
    /// `overrides` is what it was simulated from, and reads the channel
    /// (`radioFile`, by default the run's own, which must be the file the
    /// run recorded).
    public init(runFolder: String, scenario: Scenario, overrides: [String], radioFile: URL?) throws {
        run = try RecordedRun.load(folder: runFolder)
        let manifestPath = URL(fileURLWithPath: runFolder).appendingPathComponent("manifest.json").path
        if case .object(let manifest)? = try? JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: manifestPath))),
            manifest["redrawn_from"] != nil
        {
            throw InputError(
                file: manifestPath, field: "redrawn_from",
                problem:
                    "\(runFolder) is itself a redraw of another run; redraw the run it came from (its manifest is redrawn_from.run_manifest)"
            )
        }
        try RunProvenance.check(scenario: scenario, overrides: overrides, runFolder: runFolder, purpose: "redraw")
        self.scenario = scenario
        self.overrides = overrides
        let ownFile = scenario.world.sourceFiles[0]
        self.radioFile = radioFile ?? ownFile
        radio = try radioFile.map(RadioParameters.load) ?? scenario.world.radio
        for (setting, name) in scenario.world.population.carriageBySetting.enumerated() where radio.carriageIndex(name) == nil {
            throw InputError(
                file: self.radioFile.path, field: "carriage",
                problem:
                    "has no carriage state '\(name)', which the scenario's \(Setting(rawValue: UInt8(setting))!.name) setting uses (\(radio.carriageNames.joined(separator: ", ")))"
            )
        }
        if radioFile == nil, let recorded = run.radioParameters,
            recorded.digest != RunManifest.digest(try Data(contentsOf: ownFile))
        {
            throw InputError(
                file: ownFile.path, field: "radio.parameters",
                problem:
                    "is not the radio channel \(runFolder) was simulated through (its SHA-256 differs from the manifest's radio_parameters)"
            )
        }
    }

    /// The files a re-simulation must give exactly as the run folder holds them.
    static let reproduced = [
        "phones.csv", "infections.csv", "summary.csv", WindowStore.fileName, ExposureStore.fileName, ContactStore.fileName,
    ]

    /// Simulates the run again with the second channel on `workers` threads
    /// (`progress` gets each finished day) and writes the redrawn run folder
    /// into `folder`. Throws an ``InputError`` naming the run's file that the
    /// re-simulation did not reproduce (another WarnSim version, or inputs
    /// changed since).
    public func write(into folder: URL, workers: Int, version: String, progress: (Int) -> Void = { _ in }) throws {
        var simulation = try SimulationRun(
            world: scenario.world, app: scenario.app, seed: run.seed, workers: workers, secondChannel: radio)
        for day in 0..<run.days {
            try simulation.simulate(day: day)
            progress(day + 1)
        }
        let windows = RunOutputs.storedWindows(simulation)
        let again: [String: Data] = [
            "phones.csv": Data(RunOutputs.phonesCSV(simulation).utf8),
            "infections.csv": Data(RunOutputs.infectionsCSV(simulation).utf8),
            "summary.csv": Data(RunOutputs.summaryCSV(simulation).utf8),
            WindowStore.fileName: Data(WindowStore.encode(windows)),
            ExposureStore.fileName: Data(simulation.exposureFileBytes()),
            ContactStore.fileName: Data(ContactStore.encode(simulation.distributedKeyDays)),
        ]
        let source = URL(fileURLWithPath: run.folder)
        for name in Self.reproduced {
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
            atPath: source.appendingPathComponent(RunOutputs.counterfactualFileName).path)
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
