import Foundation
import Simulation
import WarnSimCore

/// The scenario file at `url`, read and parsed once (`simulate`, `bench
/// simulate`, `bench world`); a file that does not load is an input failure
/// naming it. `overrides` are the command line's `--set` fields.
func loadScenario(_ url: URL, overrides: [FieldOverride] = []) throws -> Scenario {
    do {
        return try Scenario.load(url, overrides: overrides)
    } catch let error as InputError {
        throw inputFailure(error)
    } catch {
        throw inputFailure(file: url.relativePath, "\(error)")
    }
}
