import ArgumentParser
import Foundation

/// `--threads`, shared by every command that runs work in parallel: the worker
/// threads, every core of this machine unless given. Outputs never depend on it.
struct ThreadOptions: ParsableArguments {
    @Option(name: .customLong("threads"), help: "Worker threads (default: all cores).")
    var threadCount: Int?

    /// `--threads`, or every core of this machine.
    var threads: Int { threadCount ?? ProcessInfo.processInfo.activeProcessorCount }

    /// `threads`, after checking that it is in `1...1024`.
    func checked() throws -> Int {
        guard (1...1024).contains(threads) else { throw inputFailure(file: "<argument>", field: "--threads", "must be in 1...1024") }
        return threads
    }
}
