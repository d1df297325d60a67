import ArgumentParser
import Foundation
import WarnSimCore

/// The exit codes of `warnsim`, shared by all subcommands.
enum ExitStatus {
    /// A check or comparison failed (for example `score --check`, `regress`).
    static let checkFailed = ExitCode(1)
    /// Invalid or unreadable input: a file, a field in it, or an argument.
    static let invalidInput = ExitCode(2)
    /// A signature did not verify.
    static let signatureInvalid = ExitCode(3)
}

/// Writes `message` to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Reports an input problem on standard error and returns the exit code to
/// throw: `throw inputFailure(error)`.
func inputFailure(_ error: InputError) -> ExitCode {
    printError("warnsim: error: \(error)")
    return ExitStatus.invalidInput
}

/// Reports an input problem given as text.
func inputFailure(file: String, field: String? = nil, _ problem: String) -> ExitCode {
    inputFailure(InputError(file: file, field: field, problem: problem))
}

/// Writes `text` to standard output without a trailing newline being added.
func printOutput(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
}

/// Writes `value` as one JSON object with sorted keys and a newline (the
/// `--json` output of the bench commands).
func printJSON<T: Encodable>(_ value: T) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    printOutput(String(decoding: try encoder.encode(value), as: UTF8.self) + "\n")
}

/// Refuses an empty output path (`--out ""` would write into the current
/// folder): an input failure naming `option`, before anything is written.
func checkOutputPath(_ path: String?, option: String = "--out") throws {
    guard let path, path.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
    throw inputFailure(file: "<argument>", field: option, "must name a file or folder, not an empty path")
}
