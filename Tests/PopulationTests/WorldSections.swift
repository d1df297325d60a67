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

/// `town-10k.yaml` with `section` (a `population` section's text, indented as
/// in the file) added before its carriage: the file is read and `accepted`
/// holds of it, and each case's edit of the section (`old` replaced by `new`)
/// is refused naming `field` and `problem`.
func expectPopulationSectionChecked(
    _ section: String, accepted: (WorldConfig) -> Bool,
    refusals cases: [(old: String, new: String, field: String, problem: String)],
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let url = try ProjectFiles.required(ProjectFiles.scenario("town-10k.yaml"))
    let text = try String(contentsOf: url, encoding: .utf8)
    let anchor = "  # Where the phone is"
    #expect(text.contains(anchor), sourceLocation: sourceLocation)
    let extended = text.replacingOccurrences(of: anchor, with: section + anchor)
    let valid = ProjectFiles.scenario(".test-\(UUID().uuidString).yaml")
    try extended.write(to: valid, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: valid) }
    #expect(accepted(try WorldConfig.loadWorldSections(valid)), sourceLocation: sourceLocation)
    for (old, new, field, problem) in cases {
        let edited = section.replacingOccurrences(of: old, with: new)
        try expectWorldSectionsRefused(
            extended, replacing: section, with: edited, field: field, problem: problem, sourceLocation: sourceLocation)
    }
}

/// A town of `people` people from `town-10k.yaml`'s population section,
/// edited by `edit` (a test sets or clears an optional section).
func shippedTown(people: Int, seed: UInt64, edit: (inout PopulationConfig) -> Void) throws -> Town {
    _ = try ProjectFiles.required(ProjectFiles.calibrationTable)
    var config = try WorldConfig.loadWorldSections(try ProjectFiles.required(ProjectFiles.scenario("town-10k.yaml"))).population
    config.people = people
    edit(&config)
    return Town(config: config, seed: seed)
}
