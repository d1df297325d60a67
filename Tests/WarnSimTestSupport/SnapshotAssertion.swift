import Foundation
import Testing

/// Compares `text` with the snapshot file `Tests/<TestTarget>/__Snapshots__/<name>.txt`
/// of the test target the calling file belongs to, and records a test failure
/// with a compact line diff when they differ.
///
/// - A missing snapshot file is a failure; it is never recorded silently.
/// - With `WARNSIM_RECORD_SNAPSHOTS=1` in the environment, `text` is written to
///   the snapshot file instead, and a failure saying so is recorded, so that a
///   recording run never passes by accident. Re-record and review with
///
///       WARNSIM_RECORD_SNAPSHOTS=1 swift test --filter WarnSimCLITests
///       git diff Tests/
///
/// The comparison is exact (bytes of the UTF-8 text, including the final
/// newline). Replace anything machine- or run-dependent (temporary paths,
/// timings) by placeholders before calling this.
///
/// - Parameters:
///   - text: The actual text.
///   - name: The snapshot's name: letters, digits, `.`, `_` and `-`; the file
///     is `<name>.txt`.
///   - filePath: The calling file; its test target's folder (the folder below
///     `Tests/` it is in) holds `__Snapshots__`. Leave the default.
///   - sourceLocation: Where failures are reported. Leave the default.
public func assertSnapshot(
    _ text: String,
    named name: String,
    filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard Snapshot.isValidName(name) else {
        Issue.record(
            "snapshot name \"\(name)\" must be non-empty and use only letters, digits, '.', '_' and '-'",
            sourceLocation: sourceLocation)
        return
    }
    let url = Snapshot.url(named: name, filePath: filePath)
    let existing = FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) }

    if Snapshot.isRecording {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            Issue.record("cannot record snapshot \(url.path): \(error)", sourceLocation: sourceLocation)
            return
        }
        let change = existing == nil ? "new" : existing == text ? "unchanged" : "changed"
        Issue.record(
            """
            recorded snapshot \(Snapshot.displayPath(url)) (\(change)); \
            \(Snapshot.recordVariable)=1 is set, so this test fails. Review the file \
            (git diff Tests/) and run again without the variable.
            """, sourceLocation: sourceLocation)
        return
    }

    guard let expected = existing else {
        Issue.record(
            """
            missing snapshot \(Snapshot.displayPath(url)). Record it with \
            \(Snapshot.recordVariable)=1 swift test --filter <tests>, then review it (git diff Tests/).
            Actual text (first lines):
            \(Snapshot.head(text, lines: 15))
            """, sourceLocation: sourceLocation)
        return
    }
    if expected != text {
        Issue.record(
            """
            snapshot \(Snapshot.displayPath(url)) differs (- expected, + actual):
            \(Snapshot.lineDiff(expected: expected, actual: text))
            If the change is intended, re-record with \(Snapshot.recordVariable)=1 and review git diff Tests/.
            """, sourceLocation: sourceLocation)
    }
}

/// Helpers of ``assertSnapshot(_:named:filePath:sourceLocation:)``: where the
/// snapshot files are, whether this run records them, and the line diff of a
/// mismatch.
public enum Snapshot {
    /// The environment variable that switches ``assertSnapshot(_:named:filePath:sourceLocation:)``
    /// to recording.
    public static let recordVariable = "WARNSIM_RECORD_SNAPSHOTS"

    /// Whether this test process records snapshots (`WARNSIM_RECORD_SNAPSHOTS=1`).
    public static var isRecording: Bool {
        ProcessInfo.processInfo.environment[recordVariable] == "1"
    }

    /// The `__Snapshots__` folder of the test target that `filePath` belongs
    /// to: `Tests/<TestTarget>/__Snapshots__`, where `<TestTarget>` is the
    /// folder directly below the nearest enclosing `Tests` folder (so files in
    /// sub-folders of a target share its snapshots). Without a `Tests` folder
    /// above it, the folder of `filePath` itself.
    public static func folder(filePath: String = #filePath) -> URL {
        let file = URL(fileURLWithPath: filePath)
        var target = file.deletingLastPathComponent()
        var candidate = target
        while candidate.path != "/" && !candidate.path.isEmpty {
            let parent = candidate.deletingLastPathComponent()
            if parent.lastPathComponent == "Tests" {
                target = candidate
                break
            }
            candidate = parent
        }
        return target.appendingPathComponent("__Snapshots__")
    }

    /// The file of the snapshot `name` for a test in `filePath`.
    public static func url(named name: String, filePath: String = #filePath) -> URL {
        folder(filePath: filePath).appendingPathComponent("\(name).txt")
    }

    /// The names (without `.txt`) of the snapshots stored for the test target
    /// of `filePath`, sorted; empty if there are none.
    public static func storedNames(filePath: String = #filePath) -> [String] {
        let folder = folder(filePath: filePath)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(4)) }.sorted()
    }

    /// Whether `name` is usable as a snapshot name.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) && $0.isASCII || "._-".unicodeScalars.contains($0) }
    }

    /// A compact diff: the lines both texts share at the start and at the end
    /// are left out (with two lines of context around the change), and at most
    /// `maximumLines` lines of each side of the changed block are shown, with
    /// their 1-based line numbers.
    public static func lineDiff(expected: String, actual: String, maximumLines: Int = 12) -> String {
        let old = lines(expected)
        let new = lines(actual)
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        { suffix += 1 }
        if prefix == old.count && prefix == new.count {
            // Same lines: the difference is in the line endings or the final newline.
            return "  (the lines are equal; the texts differ in line endings or the final newline: "
                + "expected ends with newline: \(expected.hasSuffix("\n")), actual: \(actual.hasSuffix("\n")))"
        }
        var output: [String] = []
        let contextStart = max(0, prefix - 2)
        if contextStart > 0 { output.append("  … \(contextStart) equal line(s)") }
        for index in contextStart..<prefix { output.append("  \(index + 1): \(old[index])") }
        func block(_ sign: String, _ lines: [String]) {
            let changed = Array(lines[prefix..<(lines.count - suffix)])
            for (offset, line) in changed.prefix(maximumLines).enumerated() {
                output.append("\(sign) \(prefix + offset + 1): \(line)")
            }
            if changed.count > maximumLines { output.append("\(sign) … \(changed.count - maximumLines) more line(s)") }
        }
        block("-", old)
        block("+", new)
        let afterStart = old.count - suffix
        for index in afterStart..<min(old.count, afterStart + 2) { output.append("  \(index + 1): \(old[index])") }
        if suffix > 2 { output.append("  … \(suffix - 2) equal line(s)") }
        return output.joined(separator: "\n")
    }

    /// The first `count` lines of `text`.
    static func head(_ text: String, lines count: Int) -> String {
        let all = lines(text)
        return all.prefix(count).joined(separator: "\n") + (all.count > count ? "\n… \(all.count - count) more line(s)" : "")
    }

    /// The lines of `text` (none for an empty text; a final newline does not start another line).
    static func lines(_ text: String) -> [String] {
        if text.isEmpty { return [] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if text.hasSuffix("\n") { lines.removeLast() }
        return lines
    }

    /// `url`'s path relative to the repository root when it is inside it.
    static func displayPath(_ url: URL) -> String {
        let root = ProjectFiles.root.standardizedFileURL.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }
}
