import Crypto
import Foundation

/// `manifest.json`, the one manifest writer of every command that writes a
/// folder (`simulate`, `evaluate`, `sweep`, `demo`), with one set of key names:
///
/// | key | what |
/// |---|---|
/// | `warnsim_version` | the version that wrote the folder |
/// | `source_commit` | the commit of the sources that version was built from (``sourceCommit``) |
/// | `command` | the subcommand |
/// | `seed` | the seed of the command's random streams, if it draws |
/// | the command's own fields | in the order the command gives them |
/// | `inputs` | each file read, by name, as `sha256:HEX` |
/// | `outputs` | each file written, by name, as `sha256:HEX` |
/// | `timings_seconds` | wall-clock seconds per stage, if the command reports them |
///
/// Everything except `timings_seconds` is reproducible: the same inputs,
/// seed and build give the same bytes.
package struct RunManifest: Sendable {
    /// The manifest's file name in an output folder.
    package static let fileName = "manifest.json"

    /// The subcommand that wrote the folder.
    package var command: String
    /// The WarnSim version.
    package var version: String
    /// The seed, for commands that draw random numbers.
    package var seed: UInt64?
    /// The commit of the sources the running binary was built from: 40 hex
    /// digits, `-modified` appended when tracked files differed from that
    /// commit, `unknown` when the sources were not a git checkout or nothing
    /// set it. The `warnsim` executable sets it once at startup, before any
    /// other thread runs, from what its build recorded (`Plugins/SourceCommit`
    /// runs on that leaf target only, so a new commit recompiles nothing
    /// below it); `WARNSIM_SOURCE_COMMIT` in the environment takes precedence
    /// (builds from a source archive).
    nonisolated(unsafe) package static var sourceCommit = "unknown"
    /// The command's own fields as (key, JSON value text), in order.
    package var fields: [(key: String, json: String)] = []
    /// The files read, as (name, `sha256:HEX`), in order.
    package var inputs: [(name: String, digest: String)] = []
    /// The files written, as (name, `sha256:HEX`), in order.
    package var outputs: [(name: String, digest: String)] = []
    /// Wall-clock seconds per stage (not reproducible), if any.
    package var timings: [String: Double]?

    /// An empty manifest of `command`.
    ///
    /// - Parameters:
    ///   - command: The subcommand (`simulate`, `evaluate`, `sweep`, `demo`).
    ///   - version: The WarnSim version string.
    ///   - seed: The seed of the command's random streams, or nil if it draws none.
    package init(command: String, version: String, seed: UInt64? = nil) {
        self.command = command
        self.version = version
        self.seed = seed
    }

    /// `sha256:HEX` of `data` (lowercase hex), as the manifest records digests.
    ///
    /// - Parameter data: The bytes to hash.
    /// - Returns: The digest text.
    package static func digest(_ data: Data) -> String {
        "sha256:" + SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }

    /// Adds a field whose value is `json`, already encoded as JSON.
    package mutating func add(_ key: String, json: String) { fields.append((key, json)) }
    /// Adds a string field.
    package mutating func add(_ key: String, _ value: String) { add(key, json: TextEscaping.jsonString(value)) }
    /// Adds an integer field.
    package mutating func add(_ key: String, _ value: Int) { add(key, json: String(value)) }
    /// Adds an unsigned integer field.
    package mutating func add(_ key: String, _ value: UInt64) { add(key, json: String(value)) }
    /// Adds an integer field.
    package mutating func add(_ key: String, _ value: Int64) { add(key, json: String(value)) }

    /// Records an input file by its contents.
    package mutating func addInput(_ name: String, data: Data) { inputs.append((name, Self.digest(data))) }
    /// Records an output file by its contents.
    package mutating func addOutput(_ name: String, data: Data) { outputs.append((name, Self.digest(data))) }

    /// The manifest as JSON text (two-space indented, a final newline).
    package var json: String {
        let quote = TextEscaping.jsonString
        var lines = [
            "  \"warnsim_version\": \(quote(version))", "  \"source_commit\": \(quote(Self.sourceCommit))",
            "  \"command\": \(quote(command))",
        ]
        if let seed { lines.append("  \"seed\": \(seed)") }
        lines += fields.map { "  \(quote($0.key)): \($0.json)" }
        func files(_ list: [(name: String, digest: String)]) -> String {
            list.isEmpty ? "{}" : "{\n" + list.map { "    \(quote($0.name)): \(quote($0.digest))" }.joined(separator: ",\n") + "\n  }"
        }
        lines.append("  \"inputs\": " + files(inputs))
        lines.append("  \"outputs\": " + files(outputs))
        if let timings {
            lines.append(
                "  \"timings_seconds\": {"
                    + timings.keys.sorted().map {
                        "\(quote($0)): \(String(format: "%.3f", timings[$0]!))"
                    }.joined(separator: ", ") + "}")
        }
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    /// Writes the manifest into `folder` atomically.
    ///
    /// - Parameter folder: The command's output folder.
    /// - Throws: The file system's error if the file cannot be written.
    package func write(into folder: URL) throws {
        try AtomicFile.write(json, to: folder.appendingPathComponent(Self.fileName))
    }
}
