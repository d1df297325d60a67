import Foundation
import WarnSimTestSupport

extension WarnSimProcess {
    /// The environment of the snapshot runs: this process's environment with
    /// `COLUMNS=80`. ArgumentParser wraps help text at `COLUMNS` if it is set,
    /// else at the terminal width of standard output, else (a pipe, as here) at
    /// 80 columns; setting it pins the width even when `swift test` runs with
    /// an exported `COLUMNS`.
    static let snapshotEnvironment = ["COLUMNS": "80"]

    /// Runs `warnsim arguments` like `run(_:)`, with `environment` set over this
    /// process's environment. Standard output and standard error are read
    /// concurrently, so neither can fill its pipe and block the other.
    static func run(_ arguments: [String], environment: [String: String]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errorOutput = PipeReader(err.fileHandleForReading)
        let outData = readToEnd(out.fileHandleForReading)
        let errData = errorOutput.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// Reads `handle` to its end with read(2), retrying reads a signal interrupted
/// (Foundation's `readDataToEndOfFile` traps on EINTR, which a child's exit
/// can cause while another thread reads).
private func readToEnd(_ handle: FileHandle) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let fd = handle.fileDescriptor
    while true {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count > 0 {
            data.append(contentsOf: buffer[0..<count])
        } else if count == 0 || errno != EINTR {
            return data
        }
    }
}

/// Reads a file handle to its end on a background thread.
private final class PipeReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = readToEnd(handle)
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
