import ArgumentParser

/// `warnsim config`: risk parameter sets.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Validate and normalize risk-calculation parameter sets.",
        discussion: """
            FILE may be WarnSim YAML (Configs/risk/), a test-vector JSON file or configuration, \
            or a cwa-server risk-calculation-parameters YAML (with --trl-value-mapping for the 1.15 file).
            """,
        subcommands: [ConfigValidateCommand.self, ConfigShowCommand.self]
    )
}

/// The options shared by the config subcommands.
struct ConfigFileOptions: ParsableArguments {
    @Argument(help: "The configuration file.")
    var file: String

    @Option(name: .customLong("trl-value-mapping"), help: "cwa-server trl-value-mapping-1.15.yaml completing a 1.15 server file.")
    var trlValueMapping: String?
}
