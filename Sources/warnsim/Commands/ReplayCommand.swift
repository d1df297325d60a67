import Analysis
import ArgumentParser
import Foundation
import RiskCalculation
import WarnSimCore

/// `warnsim replay DATASET --config A.yaml ...`: real measurements through the
/// real code path, against their ground truth.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Score real measurements with risk configurations against their ground truth.",
        discussion: """
            DATASET is an attenuation-duration histogram CSV, raw sightings (a DP-3T experiment 34 \
            folder or .sqlite file, a Lanfer et al. CSV file or folder) or a CWA test-vector JSON file \
            with "truth" per case (formats: Configs/replay/README.md). Each case becomes exposure \
            windows (raw sightings through the framework's scanning and matching) and is scored under \
            every --config; a case is warned when the result is HIGH and truly at risk when it has at \
            least --truth-minutes minutes at or within --truth-distance metres. Prints TP, FP, FN, TN, \
            TPR, FPR and precision with exact Clopper-Pearson 95 % intervals per configuration; --out \
            writes replay.csv, cases.csv and manifest.json.
            """
    )

    @Argument(help: "The data set: a CSV file, a test-vector JSON file, a .sqlite file or a folder.")
    var dataset: String

    @Option(name: .customLong("config"), help: "A risk configuration file (repeatable; WarnSim YAML, cwa-server YAML, test-vector JSON).")
    var configs: [String] = []

    @Option(name: .customLong("truth-distance"), help: "Metres at or within which time counts towards the truth.")
    var truthDistance: Double = 2.0

    @Option(name: .customLong("truth-minutes"), help: "Minutes within the truth distance that make a case truly at risk.")
    var truthMinutes: Double = 15

    @Option(help: "Write replay.csv, cases.csv and manifest.json into this folder.")
    var out: String?

    @Option(help: "The app (and ENF v1 framework) variant: android or ios.")
    var platform: String = "android"

    @Option(help: "Google's device calibration table, for raw sightings.")
    var calibration: String = "Configs/radio/data/en-calibration-2020-08-12.csv"

    @OptionGroup var force: ForceOption

    func run() throws {
        if let out { try checkOutputFolder(out, command: "replay", inputs: [dataset, calibration] + configs, force: force.force) }
        guard let variant = RiskPlatform(rawValue: platform) else {
            throw inputFailure(file: "<argument>", field: "--platform", "expected android or ios, got \"\(platform)\"")
        }
        guard !configs.isEmpty else {
            throw inputFailure(file: "<argument>", field: "--config", "give at least one risk configuration")
        }
        guard truthDistance.isFinite, truthDistance >= 0 else {
            throw inputFailure(file: "<argument>", field: "--truth-distance", "expected a non-negative number of metres")
        }
        guard truthMinutes.isFinite, truthMinutes >= 0 else {
            throw inputFailure(file: "<argument>", field: "--truth-minutes", "expected a non-negative number of minutes")
        }
        let truth = ReplayTruth(distanceMetres: truthDistance, minutes: truthMinutes)
        let data: ReplayDataset
        var configurations: [(path: String, configuration: RiskConfiguration)] = []
        do {
            for path in configs { configurations.append((path, try ConfigurationLoader.load(path: path))) }
            data = try ReplayInput.load(path: dataset, truth: truth, calibrationPath: calibration)
        } catch let error as InputError {
            throw inputFailure(error)
        }
        var evaluations: [ReplayEvaluation] = []
        do {
            for item in configurations {
                evaluations.append(
                    try ReplayEvaluation.evaluate(data, configuration: item.configuration, path: item.path, platform: variant))
            }
        } catch let error as RiskCalculationError {
            throw inputFailure(file: dataset, "\(error)")
        }
        printOutput(ReplayReport.summary(data, name: dataset, truth: truth, evaluations: evaluations))
        guard let out else { return }
        let replay = ReplayReport.replayCSV(evaluations)
        let cases = ReplayReport.casesCSV(data, evaluations)
        var manifest = RunManifest(command: "replay", version: WarnSimVersion.string)
        manifest.add("dataset", dataset)
        manifest.add("format", data.format.rawValue)
        manifest.add("platform", variant.rawValue)
        manifest.add("truth_distance_m", json: NumberText.format(truthDistance))
        manifest.add("truth_minutes", json: NumberText.format(truthMinutes))
        manifest.add("cases", data.cases.count)
        for file in data.inputFiles + configs {
            manifest.addInput(file, data: (try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data())
        }
        manifest.addOutput("replay.csv", data: Data(replay.utf8))
        manifest.addOutput("cases.csv", data: Data(cases.utf8))
        try writingOutputFolder(out, command: "replay", inputs: [dataset, calibration] + configs, force: force.force) { folder in
            try AtomicFile.write(replay, to: folder.appendingPathComponent("replay.csv"))
            try AtomicFile.write(cases, to: folder.appendingPathComponent("cases.csv"))
            try manifest.write(into: folder)
        }
    }
}
