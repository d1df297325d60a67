import Foundation
import Testing

/// The reference data the tests check against, in `Tests/Reference/` (sources
/// and licences in its README). A missing file records a test failure naming
/// it and throws: reference tests never skip.
public enum ReferenceData {
    /// `Tests/Reference/`.
    public static let root = ProjectFiles.url("Tests/Reference")

    /// The URL of `relative` under `Tests/Reference/`, checked to exist.
    public static func url(_ relative: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        try ProjectFiles.required(root.appendingPathComponent(relative), sourceLocation: sourceLocation)
    }

    /// The path of `relative` under `Tests/Reference/`, checked to exist.
    public static func path(_ relative: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try url(relative, sourceLocation: sourceLocation).path
    }

    /// The bytes of a reference file.
    public static func data(_ relative: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Data {
        try Data(contentsOf: url(relative, sourceLocation: sourceLocation))
    }

    /// The UTF-8 text of a reference file.
    public static func text(_ relative: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try String(contentsOf: url(relative, sourceLocation: sourceLocation), encoding: .utf8)
    }

    /// The data rows of a reference CSV (lines starting with `#` and empty
    /// lines skipped) as dictionaries keyed by the header.
    public static func csvRows(_ relative: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: String]] {
        let lines = try text(relative, sourceLocation: sourceLocation)
            .split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.hasPrefix("#") && !$0.isEmpty }
        guard let header = lines.first?.split(separator: ",", omittingEmptySubsequences: false).map(String.init) else {
            Issue.record("reference CSV \(relative) has no header", sourceLocation: sourceLocation)
            return []
        }
        return lines.dropFirst().map { line in
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            var row = [String: String]()
            for (index, name) in header.enumerated() { row[name] = index < cells.count ? cells[index] : "" }
            return row
        }
    }
}
