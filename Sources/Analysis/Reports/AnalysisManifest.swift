import Foundation
import Simulation
import WarnSimCore

/// `manifest.json` of `evaluate` and `sweep`: what was read (runs with the
/// SHA-256 of their manifests), the label options, the bootstrap, and the
/// SHA-256 of every output. It holds no time, so it is byte-identical for
/// identical inputs.
public struct AnalysisManifest: Sendable {
    public var version: String
    public var command: String
    public var runs: [RecordedRun]
    public var options: LabelOptions
    public var bootstrap: Int
    public var seed: UInt64
    public var production: String
    /// Further fields (sweep method, configuration count, …), written as strings.
    public var extra: [String: String]

    public init(version: String = "", command: String, runs: [RecordedRun], options: LabelOptions, bootstrap: Int, seed: UInt64,
                production: String, extra: [String: String]) {
        self.version = version
        self.command = command
        self.runs = runs
        self.options = options
        self.bootstrap = bootstrap
        self.seed = seed
        self.production = production
        self.extra = extra
    }

    public func json(outputs: [String: Data]) -> String {
        let quote = TextEscaping.jsonString
        var text = "{\n"
        if !version.isEmpty { text += "  \"warnsim_version\": \(quote(version)),\n" }
        text += "  \"command\": \(quote(command)),\n"
        text += "  \"production_configuration\": \(quote(production)),\n"
        text += "  \"runs\": [\n" + runs.map { run in
            let manifest = FileManager.default.contents(atPath: URL(fileURLWithPath: run.folder).appendingPathComponent("manifest.json").path)
            let digest = manifest.map { "sha256:" + RunOutputs.sha256Hex($0) } ?? "unreadable"
            return "    {\"folder\": \(quote(run.folder)), \"seed\": \(run.seed), \"days\": \(run.days), \"app_users\": \(run.appUsers.count), \"manifest\": \(quote(digest))}"
        }.joined(separator: ",\n") + "\n  ],\n"
        let o = options
        text += "  \"labels\": {\"primary\": \(quote(o.primary.rawValue)), \"close_contact_minutes\": \(o.closeContactMinutes), "
        text += "\"close_contact_metres\": \(o.closeContactMetres), \"close_contact_mode\": \(quote(o.closeContactMode.rawValue)), "
        text += "\"dose_threshold\": \(o.doseThreshold.map { "\($0)" } ?? "null"), \"warned_within_days\": \(o.warnedWithinDays)},\n"
        text += "  \"bootstrap\": {\"resamples\": \(bootstrap), \"seed\": \(seed), \"confidence\": 0.95},\n"
        for key in extra.keys.sorted() { text += "  \(quote(key)): \(quote(extra[key]!)),\n" }
        text += "  \"outputs\": {" + outputs.keys.sorted().map { "\(quote($0)): \(quote("sha256:" + RunOutputs.sha256Hex(outputs[$0]!)))" }.joined(separator: ", ") + "}\n}\n"
        return text
    }
}
