import Foundation
import WarnSimCore

/// What `evaluate` and `sweep` record in their ``RunManifest``: the runs read
/// (with the SHA-256 of their manifests), the label options, the bootstrap,
/// and the SHA-256 of every output. It holds no time, so it is byte-identical
/// for identical inputs.
package struct AnalysisManifest: Sendable {
    package var version: String
    package var command: String
    package var runs: [RecordedRun]
    package var options: LabelOptions
    package var bootstrap: Int
    package var seed: UInt64
    package var production: String
    /// Further fields (sweep method, configuration count, …), written as strings.
    package var extra: [String: String]

    package init(
        version: String = "", command: String, runs: [RecordedRun], options: LabelOptions, bootstrap: Int, seed: UInt64,
        production: String, extra: [String: String]
    ) {
        self.version = version
        self.command = command
        self.runs = runs
        self.options = options
        self.bootstrap = bootstrap
        self.seed = seed
        self.production = production
        self.extra = extra
    }

    /// The manifest of the command's folder: the runs read (each run's
    /// `manifest.json` is an input), the label options, the bootstrap, the
    /// extra fields and every output, in ``RunManifest``'s key names.
    ///
    /// - Parameters:
    ///   - outputs: The files written, by name.
    ///   - extraInputs: Further files read (the sweep file), by name.
    /// - Returns: The manifest.
    package func manifest(outputs: [String: Data], extraInputs: [(String, Data)] = []) -> RunManifest {
        let quote = TextEscaping.jsonString
        var manifest = RunManifest(command: command, version: version, seed: seed)
        manifest.add("production_configuration", production)
        manifest.add(
            "runs",
            json: "[\n"
                + runs.map { run in
                    "    {\"folder\": \(quote(run.folder)), \"seed\": \(run.seed), \"days\": \(run.days), \"app_users\": \(run.appUsers.count)}"
                }.joined(separator: ",\n") + "\n  ]")
        let o = options
        manifest.add(
            "labels",
            json: "{\"primary\": \(quote(o.primary.rawValue)), \"close_contact_minutes\": \(o.closeContactMinutes), "
                + "\"close_contact_metres\": \(o.closeContactMetres), \"close_contact_mode\": \(quote(o.closeContactMode.rawValue)), "
                + "\"dose_threshold\": \(o.doseThreshold.map { "\($0)" } ?? "null"), \"warned_within_days\": \(o.warnedWithinDays)}")
        manifest.add("bootstrap", json: "{\"resamples\": \(bootstrap), \"seed\": \(seed), \"confidence\": 0.95}")
        for key in extra.keys.sorted() { manifest.add(key, extra[key]!) }
        for (index, run) in runs.enumerated() {
            let path = URL(fileURLWithPath: run.folder).appendingPathComponent(RunManifest.fileName).path
            let digest = FileManager.default.contents(atPath: path).map(RunManifest.digest) ?? "unreadable"
            manifest.inputs.append(("runs[\(index)]/\(RunManifest.fileName)", digest))
        }
        for (name, data) in extraInputs { manifest.addInput(name, data: data) }
        for name in outputs.keys.sorted() { manifest.addOutput(name, data: outputs[name]!) }
        return manifest
    }
}
