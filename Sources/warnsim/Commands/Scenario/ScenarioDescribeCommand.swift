import ArgumentParser
import Simulation
import WarnSimCore

/// `warnsim scenario describe [SECTION]`: every declared scenario field.
struct ScenarioDescribeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "describe",
        abstract: "Print every field of a scenario file: key, type, range, default, unit, meaning and source.",
        discussion: """
            The fields are the declarations the loader reads scenario files and --set with; \
            Configs/scenarios/README.md's key tables are generated from them.
            """
    )

    @Argument(
        help: "One section (root, population, radio, epidemiology, app, risk, simulation, services, testing, response); all when absent.")
    var section: String?

    func run() throws {
        do {
            printOutput(try Scenario.describeFields(section: section))
        } catch {
            throw inputFailure(error)
        }
    }
}
