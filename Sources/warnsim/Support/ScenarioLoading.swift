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

/// Refuses a run whose estimated peak memory exceeds this machine's
/// (`RunMemoryEstimate`): an input failure naming `file` and `field`, before
/// anything is allocated.
func checkMemory(_ estimate: RunMemoryEstimate, file: String, field: String? = "population.people") throws {
    do {
        try estimate.check(file: file, field: field)
    } catch {
        throw inputFailure(error)
    }
}
