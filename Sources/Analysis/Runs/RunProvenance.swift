import Foundation
import Simulation
import WarnSimCore

/// Which scenario a run folder was simulated from: a command that simulates
/// a run's seed again (`sweep --confirm`, `tune --confirm`, `redraw`) must be
/// given that scenario with the run's own `--set` fields.
public enum RunProvenance {
    /// Checks that `scenario` with the `--set` fields `overrides` is the one
    /// the run in `folder` was simulated from: the scenario file's SHA-256 is
    /// among the run manifest's inputs and the manifest's `overrides` are
    /// `overrides`, in order. `purpose` ends the error ("confirmation was
    /// given …").
    /// The `--set` fields the run in `folder` was simulated with (`overrides`
    /// of its manifest), in order.
    public static func overrides(runFolder folder: String) throws -> [String] {
        let manifestPath = URL(fileURLWithPath: folder).appendingPathComponent("manifest.json").path
        guard case .object(let manifest)? = try? JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: manifestPath))) else {
            throw InputError(file: manifestPath, problem: "missing or not a JSON object (is \(folder) a run folder?)")
        }
        switch manifest["overrides"] {
        case nil: return []
        case .array(let values)?:
            return try values.map { value in
                guard case .string(let text) = value else {
                    throw InputError(file: manifestPath, field: "overrides", problem: "must be an array of strings")
                }
                return text
            }
        default: throw InputError(file: manifestPath, field: "overrides", problem: "must be an array of strings")
        }
    }

    public static func check(scenario: Scenario, overrides: [String], runFolder folder: String, purpose: String) throws {
        let digest = RunManifest.digest(try Data(contentsOf: scenario.url))
        let manifestPath = URL(fileURLWithPath: folder).appendingPathComponent("manifest.json").path
        guard case .object(let manifest)? = try? JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: manifestPath))),
            case .object(let inputs)? = manifest["inputs"]
        else { throw InputError(file: manifestPath, field: "inputs", problem: "missing or not an object") }
        guard inputs.values.contains(.string(digest)) else {
            throw InputError(
                file: scenario.url.path,
                problem: "is not the scenario \(folder) was simulated from (its SHA-256 is not among the run's inputs)")
        }
        var recorded: [String] = []
        if case .array(let values)? = manifest["overrides"] {
            recorded = values.compactMap { if case .string(let text) = $0 { text } else { nil } }
        }
        guard recorded == overrides else {
            throw InputError(
                file: manifestPath, field: "overrides",
                problem: "the run was simulated with --set \(recorded) but \(purpose) was given \(overrides)")
        }
    }
}
