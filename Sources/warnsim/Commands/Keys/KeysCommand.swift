import ArgumentParser

struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Read, verify and write signed diagnosis-key packages (export.bin + export.sig).",
        subcommands: [KeysInspectCommand.self, KeysExportCommand.self, KeysKeygenCommand.self]
    )
}
