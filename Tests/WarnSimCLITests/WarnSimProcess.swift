import Foundation
import Testing

/// Runs the built `warnsim` executable, which sits next to the test bundle.
struct WarnSimProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let executable: URL = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = bundle.deletingLastPathComponent()
        // swift-testing may run the tests from inside the .xctest bundle folder.
        while !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("warnsim").path),
            folder.path != "/"
        {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("warnsim")
    }()

    /// Runs `warnsim arguments` with this process's environment; standard
    /// output and standard error are read concurrently, so neither can fill its
    /// pipe and block the other.
    static func run(_ arguments: [String]) throws -> Result {
        try run(arguments, environment: [:])
    }

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("warnsim-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
