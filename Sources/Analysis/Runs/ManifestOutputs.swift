import Foundation
import WarnSimCore

/// The contract of every folder a command writes: `manifest.json` pins each
/// file it lists under `outputs` by SHA-256, and a reader takes the folder only
/// if every listed file is there, unchanged.
package enum ManifestOutputs {
    /// Reads `folder/manifest.json` as a JSON object.
    ///
    /// - Parameter folder: A folder written by a `warnsim` command.
    /// - Returns: The manifest's fields and the manifest's path.
    /// - Throws: ``InputError`` naming the manifest when it is missing or not a JSON object.
    package static func load(folder: String) throws(InputError) -> (fields: [String: JSONValue], path: String) {
        let path = URL(fileURLWithPath: folder).appendingPathComponent(RunManifest.fileName).path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(file: path, problem: "cannot be read; is this a folder a warnsim command wrote?")
        }
        return (try JSONValue.parseObject(data, file: path), path)
    }

    /// Checks every file `manifest` lists under `outputs` against its SHA-256.
    ///
    /// - Parameters:
    ///   - manifest: The manifest's fields.
    ///   - manifestPath: The manifest's path, for messages.
    ///   - folder: The folder the outputs are in.
    /// - Returns: The names of the listed outputs, sorted.
    /// - Throws: ``InputError`` naming the missing or changed file, or the malformed field.
    @discardableResult
    package static func verify(manifest: [String: JSONValue], manifestPath: String, folder: String) throws(InputError) -> [String] {
        guard case .object(let outputs)? = manifest["outputs"] else {
            throw InputError(file: manifestPath, field: "outputs", problem: "missing or not an object")
        }
        for name in outputs.keys.sorted() {
            guard !name.isEmpty, !name.contains("/"), !name.contains("\\"), name != ".", name != ".." else {
                throw InputError(file: manifestPath, field: "outputs.\(name)", problem: "is not a file name in the folder")
            }
            let path = URL(fileURLWithPath: folder).appendingPathComponent(name).path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                throw InputError(file: path, problem: "is listed in manifest.json but missing from the folder")
            }
            switch outputs[name]! {
            case .null:
                continue
            case .string(let expected):
                let actual = RunManifest.digest(Data(try RecordedRun.bytes(path)))
                guard actual == expected else {
                    throw InputError(
                        file: path, problem: "does not match its SHA-256 in manifest.json (changed after the command wrote it?)")
                }
            default:
                throw InputError(file: manifestPath, field: "outputs.\(name)", problem: "is not a \"sha256:HEX\" digest or null")
            }
        }
        return outputs.keys.sorted()
    }
}
