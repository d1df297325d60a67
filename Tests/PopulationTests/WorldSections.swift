import Foundation
import Population
import Testing
import WarnSimCore
import WarnSimTestSupport

extension WorldConfig {
    /// The world sections of the scenario file at `url`. The file's other
    /// sections belong to the upper layers, whose loader (`Scenario.load`)
    /// checks them; the Population tests read only their own.
    static func loadWorldSections(_ url: URL) throws -> WorldConfig {
        try parse(try BaseDocument.load(url).section, folder: url.deletingLastPathComponent())
    }
}

/// The scenario text `text` with `old` replaced by `new`, written beside the
/// shipped scenarios and read: the reading must fail with an error naming
/// that file, `field` and a problem containing `problem`.
func expectWorldSectionsRefused(
    _ text: String, replacing old: String, with new: String, field: String, problem: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    #expect(text.contains(old), sourceLocation: sourceLocation)
    let edited = ProjectFiles.scenario(".test-\(UUID().uuidString).yaml")
    try text.replacingOccurrences(of: old, with: new).write(to: edited, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: edited) }
    #expect(sourceLocation: sourceLocation) {
        _ = try WorldConfig.loadWorldSections(edited)
    } throws: { error in
        guard let error = error as? InputError else { return false }
        return error.field == field && error.problem.contains(problem) && error.file.hasSuffix(edited.lastPathComponent)
    }
}
