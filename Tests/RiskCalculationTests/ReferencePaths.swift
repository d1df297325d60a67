import Foundation
import Testing

/// Locates the project root from this file and the shared reference folder
/// next to it (`../shared/reference`). A missing file is a test failure.
enum ReferencePaths {
    static let projectRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // RiskCalculationTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // project root

    static let reference: URL = projectRoot.deletingLastPathComponent().appendingPathComponent("shared/reference")

    /// The path of `relative` under the reference folder; records an issue and
    /// throws if the file does not exist.
    static func require(_ relative: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let path = reference.appendingPathComponent(relative).path
        guard FileManager.default.fileExists(atPath: path) else {
            Issue.record("missing reference file \(path)", sourceLocation: sourceLocation)
            throw MissingReference(path: path)
        }
        return path
    }

    /// A path under the project root (shipped configurations).
    static func project(_ relative: String) -> String {
        projectRoot.appendingPathComponent(relative).path
    }

    struct MissingReference: Error { let path: String }
}
