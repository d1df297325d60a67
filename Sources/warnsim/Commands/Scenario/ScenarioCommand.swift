import ArgumentParser

/// `warnsim scenario`: the scenario files' fields.
struct ScenarioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenario",
        abstract: "Describe the fields of scenario files.",
        subcommands: [ScenarioDescribeCommand.self]
    )
}
