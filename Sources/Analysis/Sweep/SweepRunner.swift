import Foundation
import RiskCalculation
import WarnSimCore

/// Runs a sweep over recorded runs and writes its folder: `metrics.csv`,
/// `pareto.csv`, `rejected.csv` (if any combination was invalid),
/// `pr-curve.svg`, `pareto.svg`, `summary.csv` (``SweepSummary``) and
/// `manifest.json`.
///
/// Configurations are scored in chunks; each finished chunk's rows are saved
/// under `.partial/` (atomically), keyed by a hash of everything that
/// determines them, and closed by a `# sha256:HEX` line over the rows
/// (``ChunkFile``). A sweep started again with the same inputs reuses the
/// saved chunks whose checksum and configuration ids match, recomputes any
/// other, and finishes with the same bytes; the folder is removed at the
/// end. Every row depends only on its configuration and the shared bootstrap
/// resamples, never on the chunking or the thread count.
package struct SweepRunner: Sendable {
    package let spec: SweepSpecification
    package let runs: RunSet
    package let plan: SweepPlan
    package let version: String
    /// Configurations per chunk.
    package var chunkSize = 250

    package init(spec: SweepSpecification, runs: RunSet, version: String) throws {
        self.spec = spec
        self.runs = runs
        self.version = version
        plan = try SweepPlan(spec, production: runs.production)
    }

    /// What one `run` gives back besides its folder.
    package struct Outcome: Sendable {
        /// Seconds by stage.
        package var timings: Timings
        /// The primary label's precision and recall of every scored configuration.
        package var points: [PrecisionRecallPoint]
        /// Production against the best configurations, paired (`summary.csv`).
        package var summary: SweepSummary
        /// The files written, by name, as the manifest pins them.
        package var outputs: [String: Data]
    }

    /// Wall-clock seconds of one `run`, by stage (reported, never written to the outputs).
    package struct Timings: Sendable {
        package var prepare = 0.0
        package var scoring = 0.0
        package var metrics = 0.0
        package var moments = 0
        /// Saved chunks reused on resumption.
        package var chunksReused = 0
        /// Saved chunks refused (checksum or ids wrong) and recomputed.
        package var chunksRefused = 0
    }

    /// Writes the sweep into `folder`; `progress(done, total)` after each
    /// chunk. Finished chunks are kept in `resume` (default `folder/.partial`)
    /// so that an interrupted sweep started again reuses them; it is removed
    /// when the sweep is complete.
    @discardableResult
    package func run(folder: URL, resume: URL? = nil, workers: Int, progress: (Int, Int) throws -> Void) throws -> Outcome {
        var timings = Timings()
        let clock = ContinuousClock()
        var mark = clock.now
        func lap(_ stage: WritableKeyPath<Timings, Double>) {
            let now = clock.now
            timings[keyPath: stage] += (now - mark).inSeconds
            mark = now
        }
        let fm = FileManager.default
        let partial = resume ?? folder.appendingPathComponent(".partial")
        let key = try resumeKey()
        let keyFile = partial.appendingPathComponent("key")
        if (try? String(contentsOf: keyFile, encoding: .utf8)) != key {
            try? fm.removeItem(at: partial)
            try fm.createDirectory(at: partial, withIntermediateDirectories: true)
            try AtomicFile.write(key, to: keyFile)
        }
        let scored = plan.scored
        let evaluator = Evaluator(
            labels: runs.labels, options: spec.labels, resamples: spec.bootstrap, seed: spec.seed, radioGroups: runs.radioGroups)
        let field = FieldOutcomeCalculator(runs: runs)
        let encounterScorer = EncounterScorer(runs: runs.runs, options: spec.labels)
        lap(\.prepare)
        var scorers: [WarningScorer]?
        let chunks = stride(from: 0, to: scored.count, by: chunkSize).map { $0..<min($0 + chunkSize, scored.count) }
        var rows = [String](repeating: "", count: plan.entries.count)
        for (number, chunk) in chunks.enumerated() {
            let file = partial.appendingPathComponent(String(format: "chunk-%05d.csv", number))
            let ids = chunk.map { plan.entries[scored[$0].entry].id }
            var saved: [String]?
            if fm.fileExists(atPath: file.path) {
                saved = ChunkFile.rows(of: try? Data(contentsOf: file), ids: ids)
                if saved == nil { timings.chunksRefused += 1 } else { timings.chunksReused += 1 }
            }
            if let saved {
                for (offset, line) in zip(chunk, saved) { rows[scored[offset].entry] = line }
            } else {
                if scorers == nil {
                    scorers = runs.runs.map { WarningScorer(run: $0) }
                    timings.moments = scorers!.reduce(0) { $0 + $1.moments }
                    lap(\.prepare)
                }
                let configurations = chunk.map { scored[$0].configuration }
                let warned = try scorers!.map { try $0.warnedAt(configurations: configurations, workers: workers) }
                let encounters = try encounterScorer.outcomes(configurations: configurations, workers: workers)
                lap(\.scoring)
                let results = evaluate(evaluator, warned: warned, count: configurations.count, workers: workers)
                lap(\.metrics)
                var text = ""
                for (i, offset) in chunk.enumerated() {
                    let entry = plan.entries[scored[offset].entry]
                    let row = MetricsCSV.row(
                        id: entry.id, parameters: entry.cells, metrics: results[i],
                        outcomes: field.outcomes(warnedAt: warned.map { $0[i] }), encounters: encounters[i],
                        primary: spec.labels.primary)
                    rows[scored[offset].entry] = row
                    text += row
                }
                try AtomicFile.write(ChunkFile.contents(rows: text), to: file)
            }
            try progress(chunk.upperBound, scored.count)
        }
        let metrics = MetricsCSV.header(parameters: plan.columns, primary: spec.labels.primary) + rows.joined()
        var outputs: [String: Data] = ["metrics.csv": Data(metrics.utf8)]
        let points = try self.points(metrics: metrics, file: folder.appendingPathComponent("metrics.csv").path)
        outputs["pareto.csv"] = Data(SweepFigures.paretoCSV(points, plan: plan).utf8)
        let summary = try SweepSummary(runner: self, points: points, resamples: spec.bootstrap, seed: spec.seed, workers: workers)
        outputs["summary.csv"] = Data(summary.csv.utf8)
        let rejected = plan.entries.filter { $0.rejection != nil }
        if !rejected.isEmpty {
            var text = "id," + plan.columns.map(MetricsCSV.escape).joined(separator: ",") + ",reason\n"
            for entry in rejected {
                text += ([entry.id] + entry.cells + [entry.rejection!]).map(MetricsCSV.escape).joined(separator: ",") + "\n"
            }
            outputs["rejected.csv"] = Data(text.utf8)
        }
        for (name, svg) in SweepFigures.plots(
            points, plan: plan, spec: spec, production: runs.production.name, atRisk: runs.atRisk(spec.labels.primary))
        {
            outputs[name] = Data(svg.utf8)
        }
        for name in outputs.keys.sorted() { try AtomicFile.write(outputs[name]!, to: folder.appendingPathComponent(name)) }
        if rejected.isEmpty { try? fm.removeItem(at: folder.appendingPathComponent("rejected.csv")) }
        try writeManifest(outputs: outputs, rejected: rejected.count, into: folder)
        try? fm.removeItem(at: partial)
        return Outcome(timings: timings, points: points, summary: summary, outputs: outputs)
    }

    /// Writes `manifest.json` pinning `outputs` (by name): what ``run`` wrote,
    /// and again with `confirmed.csv` once `sweep --confirm` has re-simulated.
    ///
    /// - Parameters:
    ///   - outputs: Every file of the folder the manifest pins, by name.
    ///   - rejected: How many generated combinations were not valid configurations.
    ///   - folder: The sweep's folder.
    /// - Throws: A file system error when a file cannot be read or written.
    package func writeManifest(outputs: [String: Data], rejected: Int, into folder: URL) throws {
        let manifest = AnalysisManifest(
            version: version, command: "sweep", runs: runs.runs, options: spec.labels, bootstrap: spec.bootstrap, seed: spec.seed,
            production: runs.production.name,
            extra: [
                "method": spec.method.rawValue, "configurations_scored": String(plan.scored.count),
                "configurations_rejected": String(rejected), "platform": "per phone",
            ])
        let sweepFile = URL(fileURLWithPath: spec.file)
        try manifest.manifest(outputs: outputs, extraInputs: [(sweepFile.lastPathComponent, try Data(contentsOf: sweepFile))]).write(
            into: folder)
    }

    /// The primary label's precision and recall of every scored configuration
    /// in `metrics` (the text of `metrics.csv`).
    package func points(metrics: String, file: String) throws -> [PrecisionRecallPoint] {
        let table = try MetricsTable.parse(metrics, file: file)
        return try plan.entries.filter { $0.configuration != nil }.map { entry in
            func interval(_ metric: String) throws -> ClosedRange<Double>? {
                guard let low = try table.value("\(metric)_low", of: entry.id), let high = try table.value("\(metric)_high", of: entry.id),
                    low.isFinite, high.isFinite, low <= high
                else { return nil }
                return low...high
            }
            return PrecisionRecallPoint(
                id: entry.id, precision: try table.value("precision", of: entry.id) ?? .nan,
                recall: try table.value("recall", of: entry.id) ?? .nan, precisionInterval: try interval("precision"),
                recallInterval: try interval("recall"))
        }
    }

    /// Metrics of `count` configurations, evaluated in parallel (fixed split; results by index).
    func evaluate(_ evaluator: Evaluator, warned: [[[Int64?]]], count: Int, workers: Int) -> [[GroundTruthLabel: LabelMetrics]] {
        let box = ResultBox<[GroundTruthLabel: LabelMetrics]>(count: count)
        Parallel.run(workers: min(workers, max(count, 1))) { worker in
            for c in Parallel.chunk(worker, of: min(workers, max(count, 1)), count: count) {
                box.set(c, evaluator.evaluate(warnedAt: warned.map { $0[c] }))
            }
        }
        return box.values
    }

    /// Everything the rows depend on: the sweep file, the runs' manifests,
    /// the WarnSim version, and the bootstrap (in the sweep file).
    func resumeKey() throws -> String {
        var data = try Data(contentsOf: URL(fileURLWithPath: spec.file))
        data += Data(version.utf8)
        data += Data("chunk \(chunkSize)".utf8)
        for run in runs.runs {
            data += try Data(contentsOf: URL(fileURLWithPath: run.folder).appendingPathComponent("manifest.json"))
        }
        return RunManifest.digest(data) + "\n"
    }
}

/// Thread-safe slots for results computed in parallel.
final class ResultBox<T: Sendable>: @unchecked Sendable {
    private var storage: [T?]
    private let lock = NSLock()

    init(count: Int) { storage = [T?](repeating: nil, count: count) }

    func set(_ index: Int, _ value: T) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    var values: [T] { storage.map { $0! } }
}
