import Foundation
import Testing

/// Access to ../shared/reference (relative to the project root). A missing file
/// is a test failure, never a skip.
enum ReferenceData {
    static let projectRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // ExposureNotificationTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static let root = projectRoot.deletingLastPathComponent()
        .appendingPathComponent("shared")
        .appendingPathComponent("reference")

    static func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }

    /// The bytes of a reference file; records a failure and throws if missing.
    static func data(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Data {
        let url = url(path)
        guard FileManager.default.fileExists(atPath: url.path) else {
            Issue.record("reference file missing: \(url.path)", sourceLocation: sourceLocation)
            throw MissingReference(path: url.path)
        }
        return try Data(contentsOf: url)
    }

    /// The data rows of a reference CSV (comment lines starting with `#` are
    /// skipped) as dictionaries keyed by the header.
    static func csvRows(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: String]] {
        let text = String(decoding: try data(path, sourceLocation: sourceLocation), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.hasPrefix("#") && !$0.isEmpty }
        guard let header = lines.first?.split(separator: ",", omittingEmptySubsequences: false).map(String.init) else {
            Issue.record("reference CSV \(path) has no header", sourceLocation: sourceLocation)
            return []
        }
        return lines.dropFirst().map { line in
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            var row = [String: String]()
            for (index, name) in header.enumerated() { row[name] = index < cells.count ? cells[index] : "" }
            return row
        }
    }

    struct MissingReference: Error {
        var path: String
    }
}
