import ArgumentParser
import Foundation
import WarnSimCore

/// `--set path.to.field=value`, repeatable: overrides a scenario field for
/// this run only, checked exactly like a value in the file (`simulate`,
/// `sweep --confirm`). The run's manifest records every override.
struct ScenarioOverrides: ParsableArguments {
    @Option(
        name: .customLong("set"),
        help: ArgumentHelp(
            "Override a scenario field, e.g. --set response.quarantine_days=14 or --set app.adoption_scale=0.7 (repeatable).",
            valueName: "path=value"))
    var assignments: [String] = []

    /// The overrides, parsed.
    func parsed() throws -> [FieldOverride] {
        do {
            return try assignments.map { try FieldOverride(parsing: $0) }
        } catch let error as InputError {
            throw inputFailure(error)
        }
    }
}
