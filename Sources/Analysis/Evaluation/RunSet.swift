import Foundation
import RiskCalculation
import RunRecords
import WarnSimCore

/// The recorded runs an evaluation or a sweep reads, with their ground truth.
/// All runs must have been simulated with the same risk configuration (their
/// production configuration); seeds may differ. Each phone is scored in its
/// own platform's variant (`phones.csv`).
package struct RunSet: Sendable {
    package let runs: [RecordedRun]
    package let labels: [PhoneLabels]
    package let options: LabelOptions

    /// Loads the runs in `folders` and computes their labels. A folder
    /// without `manifest.json` whose `seed-N` subfolders are runs (an ensemble
    /// of `simulate --seeds`) stands for those runs, by seed.
    package init(folders: [String], options: LabelOptions) throws {
        guard !folders.isEmpty else { throw InputError(file: "<argument>", field: "RUN_DIR", problem: "give at least one run folder") }
        try self.init(runs: try Self.expand(folders).map { try RecordedRun.load(folder: $0) }, options: options)
    }

    /// `folders` with every ensemble folder replaced by its `seed-N` runs, in seed order.
    package static func expand(_ folders: [String]) -> [String] {
        folders.flatMap { folder -> [String] in
            let root = URL(fileURLWithPath: folder)
            let fm = FileManager.default
            guard !fm.fileExists(atPath: root.appendingPathComponent("manifest.json").path),
                let names = try? fm.contentsOfDirectory(atPath: folder)
            else { return [folder] }
            let seeds = names.compactMap { name -> (UInt64, String)? in
                guard name.hasPrefix("seed-"), let seed = UInt64(name.dropFirst(5)),
                    fm.fileExists(atPath: root.appendingPathComponent(name).appendingPathComponent("manifest.json").path)
                else { return nil }
                return (seed, root.appendingPathComponent(name).path)
            }
            return seeds.isEmpty ? [folder] : seeds.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    /// The runs already read, with their labels.
    ///
    /// - Parameters:
    ///   - runs: At least one run; all of one risk configuration.
    ///   - options: The ground-truth label options.
    /// - Throws: ``InputError`` when the runs used different configurations.
    package init(runs: [RecordedRun], options: LabelOptions) throws {
        guard !runs.isEmpty else { throw InputError(file: "<argument>", field: "RUN_DIR", problem: "give at least one run folder") }
        for run in runs.dropFirst() {
            guard run.risk.scheme == runs[0].risk.scheme else {
                throw InputError(
                    file: run.folder, field: RunFolder.riskFileName,
                    problem:
                        "was simulated with another risk configuration than \(runs[0].folder); evaluate runs of one configuration together"
                )
            }
        }
        self.runs = runs
        self.options = options
        labels = runs.map { PhoneLabels(run: $0, options: options) }
    }

    /// Checks that every run was simulated from the first run's scenario,
    /// radio channel aside (``RecordedRun/scenarioInputs``): what `tune`,
    /// `sensitivity` and `compare` require before pooling runs into one
    /// estimate.
    ///
    /// - Throws: ``InputError`` naming the first run that differs and what differs.
    package func checkOneScenario() throws {
        let first = runs[0]
        for run in runs.dropFirst() where run.scenarioInputs != first.scenarioInputs {
            let extra = Set(run.scenarioInputs).subtracting(first.scenarioInputs).sorted()
            let missing = Set(first.scenarioInputs).subtracting(run.scenarioInputs).sorted()
            throw InputError(
                file: URL(fileURLWithPath: run.folder).appendingPathComponent("manifest.json").path, field: "inputs",
                problem:
                    "was simulated from another scenario than \(first.folder) (here \(extra.joined(separator: ", ")), there \(missing.joined(separator: ", "))); give runs of one scenario (radio channels may differ)"
            )
        }
    }

    /// The runs of each radio channel they were drawn under, in order of
    /// first appearance (``RadioEnsemble``).
    package var radioGroups: [[Int]] { RadioEnsemble(runs: runs).variants.map(\.runs) }

    /// The people at risk under `label` over all runs (expected people for a
    /// probabilistic label): how many a recall figure rests on.
    package func atRisk(_ label: GroundTruthLabel) -> Double {
        labels.reduce(0) { total, run in total + run.counts(label, warned: [Bool](repeating: false, count: run.phones.count)).atRisk }
    }

    /// The configuration the runs' phones used.
    package var production: RiskConfiguration { runs[0].risk }

    /// The warnings the simulated apps really gave: when each app user saw
    /// the first HIGH total (nil if never).
    package var recordedWarnings: [[Int64?]] {
        zip(runs, labels).map { run, labels in labels.phones.map { run.phones[$0].warnedAt } }
    }

    /// `labels.csv`: per run and app user, the warning under the runs' own
    /// configuration and every label with its exposure time.
    package func labelsCSV() -> String {
        var out = "run,seed,person,warned_at"
        for label in GroundTruthLabel.allCases { out += ",\(label.rawValue),\(label.rawValue)_exposure_at" }
        out += ",warned_at_utc\n"
        let warnings = recordedWarnings
        for (r, labels) in labels.enumerated() {
            for (slot, person) in labels.phones.enumerated() {
                var cells = [String(r + 1), String(runs[r].seed), String(person), warnings[r][slot].map(String.init) ?? ""]
                for label in GroundTruthLabel.allCases {
                    cells.append(labels.positive[label]![slot] ? "1" : "0")
                    cells.append(labels.exposureTime[label]![slot].map(String.init) ?? "")
                }
                cells.append(UTCTime.timestamp(warnings[r][slot]))
                out += cells.joined(separator: ",") + "\n"
            }
        }
        return out
    }
}
