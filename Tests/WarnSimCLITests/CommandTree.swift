import Foundation
import Testing

/// The `warnsim` command tree as the binary itself describes it
/// (`warnsim --experimental-dump-help`, ArgumentParser's JSON), so that tests
/// enumerating commands notice a new command without being edited.
struct CommandTree: Sendable {
    /// One command: its path below `warnsim` (empty for `warnsim` itself) and
    /// whether it has subcommands.
    struct Command: Sendable, CustomStringConvertible {
        var path: [String]
        var isLeaf: Bool
        var description: String { (["warnsim"] + path).joined(separator: " ") }
    }

    /// Every command, parents before children, in the order `--help` lists them.
    /// ArgumentParser's built-in `help` command is left out (`warnsim help
    /// --help` prints the top-level help); `HelpSnapshotTests` runs it for
    /// every command path instead.
    var commands: [Command]

    /// The commands without subcommands.
    var leaves: [Command] { commands.filter(\.isLeaf) }

    /// The tree of the built binary, read once per test process.
    static let shared = Swift.Result { () throws -> CommandTree in
        let result = try WarnSimProcess.run(["--experimental-dump-help"])
        guard result.status == 0 else {
            throw CommandTreeError(problem: "warnsim --experimental-dump-help exited \(result.status): \(result.stderr)")
        }
        let dump = try JSONDecoder().decode(Dump.self, from: Data(result.stdout.utf8))
        var commands: [Command] = []
        func walk(_ node: Dump.Node, path: [String]) {
            let children = (node.subcommands ?? []).filter { $0.commandName != "help" }
            commands.append(Command(path: path, isLeaf: children.isEmpty))
            for child in children { walk(child, path: path + [child.commandName]) }
        }
        walk(dump.command, path: [])
        guard commands.count > 1 else { throw CommandTreeError(problem: "the dump lists no subcommands") }
        return CommandTree(commands: commands)
    }

    /// The parts of ArgumentParser's help dump the tests use.
    private struct Dump: Decodable {
        struct Node: Decodable {
            var commandName: String
            var subcommands: [Node]?
        }
        var command: Node
    }
}

struct CommandTreeError: Error, CustomStringConvertible {
    var problem: String
    var description: String { problem }
}
