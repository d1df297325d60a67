import ArgumentParser
import Foundation
import WarnSimCore

/// `--force`, shared by the commands that write an output folder.
struct ForceOption: ParsableArguments {
    @Flag(help: "Replace --out whole even when it is a non-empty folder that is not this command's output.")
    var force = false
}

/// Refuses, before a command's work, an output folder that
/// ``writingOutputFolder(_:option:command:inputs:force:_:)`` would refuse.
func checkOutputFolder(_ path: String, option: String = "--out", command: String, inputs: [String], force: Bool) throws {
    try checkOutputPath(path, option: option)
    do {
        try OutputFolder.check(path, option: option, command: command, inputs: inputs, force: force)
    } catch {
        throw inputFailure(error)
    }
}

/// Runs `body` with a staging folder for `path` and moves it into place when
/// `body` returns (`OutputFolder`): a failure leaves nothing new at `path`,
/// a rerun replaces the earlier output whole. Errors become input failures
/// (exit 2) naming `option`; `inputs` are the files and folders the command
/// reads, which `path` must neither be, contain, nor lie in.
func writingOutputFolder<T>(
    _ path: String, option: String = "--out", command: String, inputs: [String], force: Bool, _ body: (URL) throws -> T
) throws -> T {
    let folder: OutputFolder
    do {
        folder = try OutputFolder.stage(path, option: option, command: command, inputs: inputs, force: force)
    } catch {
        throw inputFailure(error)
    }
    let result: T
    do {
        result = try body(folder.staging)
    } catch let error as ExitCode {
        folder.discard()
        throw error
    } catch let error as InputError {
        folder.discard()
        throw inputFailure(error)
    } catch  where error is CocoaError || error is POSIXError {
        folder.discard()
        throw inputFailure(file: path, field: option, "cannot be written (\(error.localizedDescription))")
    } catch {
        // The command's own errors, which it reports itself.
        folder.discard()
        throw error
    }
    do {
        try folder.commit(option: option)
    } catch {
        throw inputFailure(error)
    }
    return result
}
