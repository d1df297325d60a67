import ArgumentParser

struct CryptoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crypto",
        abstract: "Exposure Notification key schedule: derive identifiers from a key.",
        subcommands: [CryptoDeriveCommand.self]
    )
}
