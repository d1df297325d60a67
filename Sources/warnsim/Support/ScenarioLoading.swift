import Foundation
import Population
import Simulation
import WarnSimCore

/// The world and the app sections of the scenario file at `url` (`simulate`,
/// `bench simulate`); a file that does not load is an input failure naming it.
func loadScenario(_ url: URL) throws -> (world: WorldScenario, app: AppScenario) {
    do {
        return (try WorldScenario.load(url), try AppScenario.load(url))
    } catch let error as InputError {
        throw inputFailure(error)
    } catch {
        throw inputFailure(file: url.relativePath, "\(error)")
    }
}
