import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// An output folder written as a whole or not at all (Outputs/README.md):
/// a command writes into a hidden staging sibling of the destination, on the
/// same file system, and ``commit()`` renames it into place only when every
/// file is complete. A failure, a kill or a full disk therefore leaves
/// nothing new at the destination, and a rerun replaces the folder whole
/// instead of mixing new files with stale ones.
///
/// ``stage(_:option:command:inputs:force:)`` refuses, before anything is
/// written, a destination that is, contains or lies inside one of the
/// command's inputs, and a non-empty folder that is not this command's
/// earlier output unless `force` is set.
package struct OutputFolder: Sendable {
    /// Where the folder ends up.
    package let destination: URL
    /// Where the command writes it (a hidden sibling of the destination).
    package let staging: URL

    /// The prefix of staging siblings, and of the old folder a commit
    /// replaces: `.NAME.warnsim-partial-PID`, `.NAME.warnsim-replaced-PID`.
    static let partialMarker = "warnsim-partial"
    static let replacedMarker = "warnsim-replaced"

    /// Prepares `path` (given as option `option`) for the output of
    /// `command`, whose inputs are the files and folders `inputs`.
    ///
    /// - Throws: ``InputError`` naming `option` when the destination overlaps
    ///   an input, is a file, or is a non-empty folder that is not the
    ///   output of `command` (without `force`), or when the staging folder
    ///   cannot be created.
    package static func stage(
        _ path: String, option: String = "--out", command: String, inputs: [String], force: Bool
    ) throws(InputError) -> OutputFolder {
        try check(path, option: option, command: command, inputs: inputs, force: force)
        let destination = URL(fileURLWithPath: path).standardizedFileURL
        let manager = FileManager.default
        let parent = destination.deletingLastPathComponent()
        let name = destination.lastPathComponent
        removeStaleSiblings(of: name, in: parent)
        let staging = parent.appendingPathComponent(".\(name).\(partialMarker)-\(getpid())")
        do {
            try manager.createDirectory(at: parent, withIntermediateDirectories: true)
            try? manager.removeItem(at: staging)
            try manager.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            throw InputError(file: path, field: option, problem: "cannot be written (\(error.localizedDescription))")
        }
        return OutputFolder(destination: destination, staging: staging)
    }

    /// The checks of ``stage(_:option:command:inputs:force:)`` without
    /// writing anything, for a command to run before its work.
    package static func check(_ path: String, option: String = "--out", command: String, inputs: [String], force: Bool) throws(InputError) {
        try refuseOverlap(path, option: option, inputs: inputs)
        let destination = URL(fileURLWithPath: path).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw InputError(file: path, field: option, problem: "is a file, not a folder")
        }
        if !force && !isEmpty(destination) && !holdsOutput(of: command, destination, depth: 2) {
            throw InputError(
                file: path, field: option,
                problem:
                    "is a non-empty folder that is not the output of `warnsim \(command)`; choose another folder, or give --force to replace it whole"
            )
        }
    }

    /// Refuses an output `path` (file or folder) that is, contains or lies
    /// inside one of `inputs`, symbolic links resolved.
    ///
    /// - Throws: ``InputError`` naming `option` and the input.
    package static func refuseOverlap(_ path: String, option: String = "--out", inputs: [String]) throws(InputError) {
        let target = resolved(URL(fileURLWithPath: path).standardizedFileURL)
        for input in inputs {
            let other = resolved(URL(fileURLWithPath: input).standardizedFileURL)
            if contains(other, target) || contains(target, other) {
                throw InputError(
                    file: path, field: option,
                    problem: "is, contains or lies inside the input \(input); writing it would destroy what it reads. Choose another path")
            }
        }
    }

    /// Moves the finished folder into place, replacing an earlier output
    /// whole.
    ///
    /// - Throws: ``InputError`` naming the destination when a rename fails;
    ///   the staging folder is then removed.
    package func commit(option: String = "--out") throws(InputError) {
        let manager = FileManager.default
        let parent = destination.deletingLastPathComponent()
        let old = parent.appendingPathComponent(".\(destination.lastPathComponent).\(Self.replacedMarker)-\(getpid())")
        var replaced = false
        if manager.fileExists(atPath: destination.path) {
            guard rename(destination.path, old.path) == 0 else {
                let reason = String(cString: strerror(errno))
                discard()
                throw InputError(file: destination.path, field: option, problem: "cannot be replaced (\(reason))")
            }
            replaced = true
        }
        guard rename(staging.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            if replaced { _ = rename(old.path, destination.path) }
            discard()
            throw InputError(file: destination.path, field: option, problem: "cannot be written (\(reason))")
        }
        if replaced { try? manager.removeItem(at: old) }
    }

    /// Removes the staging folder (after a failure).
    package func discard() {
        try? FileManager.default.removeItem(at: staging)
    }

    /// Whether `folder` holds the output of `command`: a `manifest.json`
    /// naming it, or (an ensemble, a merged study) only sub-folders that do,
    /// up to `depth` levels down.
    static func holdsOutput(of command: String, _ folder: URL, depth: Int) -> Bool {
        let manifest = folder.appendingPathComponent(RunManifest.fileName)
        if let data = FileManager.default.contents(atPath: manifest.path),
            case .object(let fields)? = try? JSONValue.parse(data), case .string(let written)? = fields["command"]
        {
            return written == command
        }
        guard depth > 0, let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return false }
        let visible = entries.filter { !$0.hasPrefix(".") }
        return !visible.isEmpty && visible.allSatisfy { holdsOutput(of: command, folder.appendingPathComponent($0), depth: depth - 1) }
    }

    /// Whether `folder` holds nothing but hidden entries.
    static func isEmpty(_ folder: URL) -> Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).allSatisfy { $0.hasPrefix(".") }
    }

    /// Staging and replaced siblings of `name` left by processes that no
    /// longer run (a kill): removed, so that they do not pile up.
    static func removeStaleSiblings(of name: String, in parent: URL) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for entry in entries {
            for marker in [partialMarker, replacedMarker] {
                let prefix = ".\(name).\(marker)-"
                guard entry.hasPrefix(prefix), let pid = Int32(entry.dropFirst(prefix.count)) else { continue }
                if kill(pid, 0) != 0 && errno == ESRCH {
                    try? FileManager.default.removeItem(at: parent.appendingPathComponent(entry))
                }
            }
        }
    }

    /// `url` with symbolic links resolved as far as the path exists.
    static func resolved(_ url: URL) -> URL {
        var existing = url
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
            rest.insert(existing.lastPathComponent, at: 0)
            existing = existing.deletingLastPathComponent()
        }
        var result = existing.resolvingSymlinksInPath()
        for component in rest { result.appendPathComponent(component) }
        return result.standardizedFileURL
    }

    /// Whether `inner` is `outer` or lies inside it.
    static func contains(_ outer: URL, _ inner: URL) -> Bool {
        let a = outer.pathComponents
        let b = inner.pathComponents
        return b.count >= a.count && Array(b.prefix(a.count)) == a
    }
}
