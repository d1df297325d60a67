import Analysis
import Foundation
import Simulation
import WarnSimCore

extension RunProvenance {
    /// Checks that `scenario` with the `--set` fields `overrides` is the one
    /// the run was simulated from: the scenario file's SHA-256 is among the
    /// manifest's inputs and the manifest's `overrides` are `overrides`, in
    /// order. `purpose` ends the error ("confirmation was given …").
    package func check(scenario: Scenario, overrides: [String], purpose: String) throws {
        guard case .object(let inputs)? = manifest["inputs"] else {
            throw InputError(file: manifestPath, field: "inputs", problem: "missing or not an object")
        }
        guard inputs.values.contains(.string(RunManifest.digest(try Data(contentsOf: scenario.url)))) else {
            throw InputError(
                file: scenario.url.path,
                problem: "is not the scenario \(folder) was simulated from (its SHA-256 is not among the run's inputs)")
        }
        let recorded = (try? self.overrides()) ?? []
        guard recorded == overrides else {
            throw InputError(
                file: manifestPath, field: "overrides",
                problem: "the run was simulated with --set \(recorded) but \(purpose) was given \(overrides)")
        }
    }
}
