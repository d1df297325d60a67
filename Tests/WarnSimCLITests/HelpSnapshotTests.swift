import Foundation
import Testing
import WarnSimTestSupport

/// `--help` of `warnsim` and of every command below it, compared with
/// `__Snapshots__/help-<path>.txt` (`help-warnsim.txt` for the top level,
/// `help-radio-fit.txt` for `warnsim radio fit`). The commands come from the
/// binary's own `--experimental-dump-help`, so a new command without a
/// snapshot fails here until its help is recorded and reviewed.
@Suite struct HelpSnapshotTests {
    static func snapshotName(_ command: CommandTree.Command) -> String {
        "help-" + (command.path.isEmpty ? "warnsim" : command.path.joined(separator: "-"))
    }

    /// Replaces the machine-dependent part of a help text:
    /// the default of `--threads` is `ProcessInfo.activeProcessorCount` (the
    /// CPU count of the machine running the tests), shown as `(default: N)`,
    /// becomes `(default: <cores>)`. Nothing else is replaced.
    ///
    /// ArgumentParser wraps at word boundaries, so `(default:` and `N)` may be
    /// on two lines; the option's continuation lines are indented by more
    /// than the two spaces that start the next option.
    static func scrubbed(_ help: String) -> String {
        help.replacing(/(\n  --threads <threads>(?:[^\n]|\n {3,})*?)\(default:(\s+)\d+\)/) { match in
            "\(match.output.1)(default:\(match.output.2)<cores>)"
        }
    }

    @Test func everyCommandsHelpMatchesItsSnapshot() throws {
        let tree = try CommandTree.shared.get()
        for command in tree.commands {
            // COLUMNS pins the wrap width (see WarnSimProcess.snapshotEnvironment).
            let result = try WarnSimProcess.run(command.path + ["--help"], environment: WarnSimProcess.snapshotEnvironment)
            #expect(result.status == 0, "\(command) --help: \(result.stderr)")
            #expect(result.stderr.isEmpty, "\(command) --help wrote to standard error: \(result.stderr)")
            assertSnapshot(Self.scrubbed(result.stdout), named: Self.snapshotName(command))
        }
    }

    /// A snapshot left over from a removed or renamed command fails too.
    @Test func everyHelpSnapshotBelongsToACommand() throws {
        let tree = try CommandTree.shared.get()
        let expected = Set(tree.commands.map(Self.snapshotName))
        let stale = Snapshot.storedNames().filter { $0.hasPrefix("help-") && !expected.contains($0) }
        #expect(stale.isEmpty, "help snapshots of no command (delete them): \(stale)")
    }

    /// `warnsim help <path>` (ArgumentParser's built-in `help` command) prints
    /// the same text as `warnsim <path> --help`.
    @Test func helpCommandPrintsTheSameTextAsTheHelpFlag() throws {
        let tree = try CommandTree.shared.get()
        for command in tree.commands {
            let flag = try WarnSimProcess.run(command.path + ["--help"], environment: WarnSimProcess.snapshotEnvironment)
            let help = try WarnSimProcess.run(["help"] + command.path, environment: WarnSimProcess.snapshotEnvironment)
            #expect(help.status == 0, "warnsim help \(command.path.joined(separator: " ")): \(help.stderr)")
            #expect(help.stdout == flag.stdout, "warnsim help \(command.path.joined(separator: " "))")
        }
    }

    /// The scrubbing replaces the default of `--threads` only, also when it
    /// is wrapped onto the next line.
    @Test func scrubbingReplacesOnlyTheThreadsDefault() {
        let help = """
            OPTIONS:
              --seed <seed>           The run's seed. (default: 2)
              --threads <threads>     Worker threads (default: all cores). (default:
                                      16)
              --days <days>           Days. (default: 2)
            """
        #expect(
            Self.scrubbed(help) == """
                OPTIONS:
                  --seed <seed>           The run's seed. (default: 2)
                  --threads <threads>     Worker threads (default: all cores). (default:
                                          <cores>)
                  --days <days>           Days. (default: 2)
                """)
    }
}
