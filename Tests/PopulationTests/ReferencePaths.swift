import Foundation
import Testing

/// Locations of the project and its reference data, found from this file's path.
/// A missing reference file fails the calling test loudly; it never skips.
enum ReferencePaths {
    /// The project root (three levels above this file).
    static let projectRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let reference = projectRoot.appendingPathComponent("../shared/reference").standardizedFileURL

    static let dp3t = reference.appendingPathComponent("radio/dp3t-exp34")
    static let calibration = reference.appendingPathComponent("radio/en-calibration-2020-08-12.csv")
    static let radioDefault = projectRoot.appendingPathComponent("Configs/radio/default.yaml")

    static func scenario(_ name: String) -> URL {
        projectRoot.appendingPathComponent("Configs/scenarios/\(name)")
    }

    /// Returns `url` after checking that it exists; records a failure naming it otherwise.
    static func required(_ url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        try #require(FileManager.default.fileExists(atPath: url.path),
                     "missing reference file \(url.path)", sourceLocation: sourceLocation)
        return url
    }
}
