import Foundation
import Simulation
import WarnSimCore

/// The scenario file at `url`, read and parsed once (`simulate`, `bench
/// simulate`, `bench world`); a file that does not load is an input failure
/// naming it.
func loadScenario(_ url: URL) throws -> Scenario {
    do {
        return try Scenario.load(url)
    } catch let error as InputError {
        throw inputFailure(error)
    } catch {
        throw inputFailure(file: url.relativePath, "\(error)")
    }
}
