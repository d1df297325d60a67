import Analysis
import Foundation
import Simulation
import WarnSimCore

/// A study file (`warnsim cluster plan STUDY.yaml`; `Configs/studies/README.md`):
/// the ensembles to simulate, each a scenario with its seeds, and optionally a
/// sweep to score on every ensemble once the tasks are merged.
///
/// ```yaml
/// name: village-2k-compliance        # job name
/// scenarios:
///   village:                         # ensemble name: the merged folder village/seed-N/
///     file: ../scenarios/village-2k.yaml
///     seeds: 1-4
///   village-quarantine-14:
///     file: ../scenarios/village-2k.yaml
///     seeds: 1-4
///     days: 21                       # optional: the scenario's simulation.days
///     counterfactual: true           # optional
///     set: [response.quarantine_days=14]   # optional, as simulate --set
/// sweep: ../sweeps/day-threshold.yaml      # optional
/// ```
///
/// Read as strictly as a scenario: an unknown key, a missing field or a value
/// out of range is an ``InputError`` naming the file and the field.
package struct Study: Sendable {
    /// The study file.
    package var url: URL
    /// The study's name (the Slurm job name): 1 to 64 letters, digits, `.`, `_` or `-`.
    package var name: String
    /// The ensembles, in the file's order.
    package var ensembles: [StudyEnsemble]
    /// The sweep file scored on every merged ensemble, resolved against the study's folder.
    package var sweep: URL?

    /// The number of tasks (one per ensemble and seed).
    package var taskCount: Int { ensembles.reduce(0) { $0 + $1.seeds.count } }

    /// The most tasks a study may have.
    package static let maximumTasks = 100_000

    /// Reads and checks the study file at `url`. The scenario files it names
    /// must exist; they are read and checked by ``ClusterPlan``.
    package static func load(_ url: URL) throws(InputError) -> Study {
        let file = url.path
        let root = try DocumentSection.load(url)
        let name = try root.string("name")
        guard StudyEnsemble.isFolderName(name) else {
            throw root.fail("name", "expected 1 to 64 letters, digits, '.', '_' or '-' (not starting with '.' or '-'), found '\(name)'")
        }
        let folder = url.deletingLastPathComponent()
        var ensembles: [StudyEnsemble] = []
        for (key, section) in try root.namedSections("scenarios") {
            ensembles.append(try StudyEnsemble.parse(section, name: key, folder: folder))
        }
        guard !ensembles.isEmpty else { throw root.fail("scenarios", "list at least one scenario") }
        var sweep: URL?
        if root.has("sweep") {
            let path = try root.string("sweep")
            let resolved = StudyEnsemble.resolve(path, against: folder)
            guard FileManager.default.fileExists(atPath: resolved.path) else {
                throw root.fail("sweep", "the file '\(path)' does not exist (relative paths are relative to the study file)")
            }
            sweep = resolved
        } else {
            root.skip("sweep")
        }
        try root.finish()
        let study = Study(url: url, name: name, ensembles: ensembles, sweep: sweep)
        guard study.taskCount <= maximumTasks else {
            throw InputError(file: file, field: "scenarios", problem: "\(study.taskCount) tasks; a study may have at most \(maximumTasks)")
        }
        return study
    }
}

/// One entry of a study's `scenarios`: a scenario file simulated for each of
/// its seeds, merged into one ensemble folder named after the entry.
package struct StudyEnsemble: Sendable {
    /// The entry's key: the merged ensemble's folder name.
    package var name: String
    /// The scenario file, resolved against the study's folder.
    package var scenario: URL
    /// The seeds, in the order given (`1-20`, `1,3,5` or a mix).
    package var seeds: [UInt64]
    /// The seeds as written in the study (`simulate --seeds`).
    package var seedsText: String
    /// Days to simulate, nil for the scenario's `simulation.days`.
    package var days: Int?
    /// Whether the counterfactual (every warning ignored) is run and written.
    package var counterfactual: Bool
    /// `--set` overrides of scenario fields, as written (`response.quarantine_days=14`).
    package var overrides: [String]

    /// Reads the entry `name` of a study's `scenarios`.
    static func parse(_ section: DocumentSection, name: String, folder: URL) throws(InputError) -> StudyEnsemble {
        guard isFolderName(name) else {
            throw InputError(
                file: section.file, field: section.path,
                problem: "a scenario's name is its folder name: 1 to 64 letters, digits, '.', '_' or '-' (not starting with '.' or '-')")
        }
        let path = try section.string("file")
        let scenario = resolve(path, against: folder)
        guard FileManager.default.fileExists(atPath: scenario.path) else {
            throw section.fail("file", "the scenario '\(path)' does not exist (relative paths are relative to the study file)")
        }
        try checkPrintable(path, section: section, key: "file")
        let seedsText = try section.string("seeds")
        try checkPrintable(seedsText, section: section, key: "seeds")
        let seeds: [UInt64]
        do {
            seeds = try Ensemble.seeds(seedsText)
        } catch {
            throw section.fail("seeds", error.problem)
        }
        var days: Int?
        if section.has("days") { days = try section.int("days", in: 1...365) } else { section.skip("days") }
        let counterfactual = try section.choice("counterfactual", from: ["true", "false"], default: "true") == "true"
        var overrides: [String] = []
        if section.has("set") {
            overrides = try section.strings("set")
            for (index, text) in overrides.enumerated() {
                do {
                    _ = try FieldOverride(parsing: text)
                } catch {
                    throw InputError(file: section.file, field: section.fieldPath("set") + "[\(index)]", problem: error.problem)
                }
                try checkPrintable(text, section: section, key: "set")
            }
        } else {
            section.skip("set")
        }
        try section.finish()
        return StudyEnsemble(
            name: name, scenario: scenario, seeds: seeds, seedsText: seedsText, days: days, counterfactual: counterfactual,
            overrides: overrides)
    }

    /// Whether `name` can be a folder name of the merged study: 1 to 64 ASCII
    /// letters, digits, `.`, `_` or `-`, not starting with `.` or `-`.
    static func isFolderName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, (1...64).contains(name.unicodeScalars.count), first != ".", first != "-" else {
            return false
        }
        return name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0))
        }
    }

    /// `path` resolved against `folder` unless absolute.
    static func resolve(_ path: String, against folder: URL) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path).standardizedFileURL
    }

    /// Refuses tabs and line breaks, which cannot stand in a line of `tasks.tsv`.
    static func checkPrintable(_ text: String, section: DocumentSection, key: String) throws(InputError) {
        guard !text.contains(where: { $0 == "\t" || $0.isNewline }) else {
            throw section.fail(key, "must not contain tabs or line breaks")
        }
    }
}
