import Foundation
import WarnSimCore

/// Which scenario a run folder was simulated from: a command that simulates
/// a run's seed again (`sweep --confirm`, `tune --confirm`, `redraw`) must be
/// given that scenario with the run's own `--set` fields.
package struct RunProvenance: Sendable {
    /// The run's `manifest.json`, parsed, and its path.
    package let manifest: [String: JSONValue]
    package let manifestPath: String
    /// The run folder as given.
    package let folder: String

    /// Reads the manifest of the run in `folder`.
    package init(runFolder folder: String) throws {
        self.folder = folder
        manifestPath = URL(fileURLWithPath: folder).appendingPathComponent("manifest.json").path
        guard case .object(let manifest)? = try? JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: manifestPath))) else {
            throw InputError(file: manifestPath, problem: "missing or not a JSON object (is \(folder) a run folder?)")
        }
        self.manifest = manifest
    }

    /// The `--set` fields the run was simulated with (`overrides` of its
    /// manifest), in order.
    package func overrides() throws -> [String] {
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
}
