import Analysis
import Foundation
import WarnSimCore

/// What `warnsim report` was given, sorted by kind: the run folders of one
/// ensemble (`simulate` folders, or ensemble folders of `seed-N` runs) and the
/// analysis folders (`sweep`, `tune`, `compare`), each checked against its
/// manifest before a byte of it is read.
package struct ReportInputs: Sendable {
    /// The run folders, ensembles expanded to their `seed-N` runs.
    package var runFolders: [String] = []
    /// The analysis folders, in the order given.
    package var folders: [AnalysisFolder] = []

    /// The commands whose folders the report reads.
    package static let analysisCommands = ["sweep", "tune", "compare"]

    /// Sorts `paths` by kind and checks each folder's manifest.
    ///
    /// - Parameter paths: The folders given on the command line.
    /// - Throws: ``InputError`` naming the folder and what is wrong with it: no
    ///   such folder, none of the kinds the report reads, or an output that no
    ///   longer matches its manifest.
    package init(paths: [String]) throws(InputError) {
        guard !paths.isEmpty else { throw InputError(file: "<argument>", field: "INPUT", problem: "give at least one folder") }
        let fm = FileManager.default
        for path in paths {
            var isFolder: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                throw InputError(file: path, problem: "is not a folder (give run folders, an ensemble, or a sweep, tune or compare folder)")
            }
            let manifestPath = URL(fileURLWithPath: path).appendingPathComponent(RunManifest.fileName).path
            guard fm.fileExists(atPath: manifestPath) else {
                let expanded = RunSet.expand([path])
                guard expanded != [path] else {
                    throw InputError(
                        file: path,
                        problem:
                            "is none of the folders a report reads: it has no manifest.json and no seed-N run folders "
                            + "(give run folders, an ensemble of `simulate --seeds`, or a sweep, tune or compare folder)")
                }
                runFolders += expanded
                continue
            }
            let (fields, manifest) = try ManifestOutputs.load(folder: path)
            guard case .string(let command)? = fields["command"] else {
                throw InputError(file: manifest, field: "command", problem: "missing or not a string")
            }
            switch command {
            case "simulate":
                runFolders.append(path)
            case _ where Self.analysisCommands.contains(command):
                try ManifestOutputs.verify(manifest: fields, manifestPath: manifest, folder: path)
                folders.append(AnalysisFolder(path: path, command: command, manifest: fields, manifestPath: manifest))
            default:
                throw InputError(
                    file: manifest, field: "command",
                    problem:
                        "is \"\(command)\"; a report reads simulate, sweep, tune and compare folders"
                        + (command == "evaluate" ? " (give the runs this evaluation read instead)" : ""))
            }
        }
    }
}

/// A folder written by `sweep`, `tune` or `compare`, its outputs checked.
package struct AnalysisFolder: Sendable {
    package var path: String
    package var command: String
    package var manifest: [String: JSONValue]
    package var manifestPath: String

    /// Whether the manifest lists `name` among the outputs.
    package func has(_ name: String) -> Bool {
        guard case .object(let outputs)? = manifest["outputs"] else { return false }
        return outputs[name] != nil
    }

    /// The text of the output `name`, which the manifest must list (its hash
    /// was checked when the folder was taken).
    ///
    /// - Parameter name: An output's file name.
    /// - Returns: Its text.
    /// - Throws: ``InputError`` naming the manifest when it does not list the file.
    package func text(_ name: String) throws(InputError) -> String {
        guard has(name) else {
            throw InputError(file: manifestPath, field: "outputs.\(name)", problem: "missing; the \(command) folder is incomplete")
        }
        let path = URL(fileURLWithPath: self.path).appendingPathComponent(name).path
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw InputError(file: path, problem: "cannot be read as UTF-8 text")
        }
        return text
    }

    /// The output `name` as a CSV table.
    ///
    /// - Parameter name: An output's file name.
    /// - Returns: The table.
    /// - Throws: ``InputError`` naming the file, the line and the problem.
    package func table(_ name: String) throws(InputError) -> CSVTable {
        try CSVTable.parse(try text(name), file: URL(fileURLWithPath: path).appendingPathComponent(name).path)
    }

    /// A string field of the manifest, empty when absent.
    package func field(_ key: String) -> String {
        if case .string(let value)? = manifest[key] { return value }
        if case .integer(let value)? = manifest[key] { return String(value) }
        return ""
    }

    /// The manifest's `inputs`, by name, as `sha256:HEX`.
    package var inputs: [(name: String, digest: String)] { Self.files(manifest["inputs"]) }
    /// The manifest's `outputs`, by name, as `sha256:HEX`.
    package var outputs: [(name: String, digest: String)] { Self.files(manifest["outputs"]) }

    static func files(_ value: JSONValue?) -> [(name: String, digest: String)] {
        guard case .object(let files)? = value else { return [] }
        return files.keys.sorted().map { name in
            if case .string(let digest)? = files[name] { return (name, digest) }
            return (name, "")
        }
    }

    /// The run folders and seeds the manifest's `runs` names.
    package var runs: [(folder: String, seed: Int)] {
        guard case .array(let runs)? = manifest["runs"] else { return [] }
        return runs.compactMap { run in
            guard case .object(let fields) = run, case .string(let folder)? = fields["folder"], case .integer(let seed)? = fields["seed"]
            else { return nil }
            return (folder, Int(seed))
        }
    }
}
