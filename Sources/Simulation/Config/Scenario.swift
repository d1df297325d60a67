import Foundation
import Population
import WarnSimCore

/// A scenario file, read and parsed once: the world sections (`name`,
/// `population`, `radio`, `epidemiology`; `WorldConfig`), the app sections
/// (`app`, `risk`, `simulation`, `services`, `testing`, `response`;
/// ``AppConfig``) and an optional
/// free-text `description`. Each layer parses its own sections from the one
/// parsed document; this loader, which owns the whole document, then rejects
/// any top-level key no layer read, naming the keys it expected.
package struct Scenario: Sendable {
    /// The scenario file.
    package var url: URL
    /// The world: people, places, radio and epidemiology.
    package var world: WorldConfig
    /// The app, the risk configuration the phones run, the backend and the run length.
    package var app: AppConfig
    /// The scenario's `description`, if it has one.
    package var description: String?
    /// The scenario files it extends through `base:`, nearest first (``BaseDocument``).
    package var bases: [URL] = []

    /// Every file the scenario consists of: the scenario file, the files it
    /// extends (`base:`) and the files it refers to (radio parameters,
    /// calibration table, risk configuration).
    package var files: [URL] { [url] + bases + world.sourceFiles + app.sourceFiles }

    /// A scenario assembled from parts already parsed (tests and tools).
    package init(url: URL, world: WorldConfig, app: AppConfig, description: String? = nil) {
        self.url = url
        self.world = world
        self.app = app
        self.description = description
    }

    /// Reads and parses the scenario file at `url`, laid over the file it
    /// names as its `base` if any (``BaseDocument``). Relative paths inside it
    /// (radio parameters, calibration table, risk configuration) are relative
    /// to the file's folder, which is also its base's.
    ///
    /// - Parameters:
    ///   - url: The scenario file.
    ///   - overrides: Fields set on the command line (`--set`), applied to the
    ///     document before it is parsed and checked like the file's own values;
    ///     each must be a declared field (``fieldTables``).
    /// - Returns: The parsed scenario.
    /// - Throws: `InputError` naming the file, the dotted field path and the
    ///   problem, for malformed YAML, unknown keys, out-of-range values and
    ///   missing referenced files.
    package static func load(_ url: URL, overrides: [FieldOverride] = []) throws -> Scenario {
        let loaded = try BaseDocument.load(url, overrides: overrides)
        for override in overrides { try ScenarioFieldTable.check(override, against: fieldTables, file: url.path) }
        let document = loaded.section
        let folder = url.deletingLastPathComponent()
        let world = try WorldConfig.parse(document, folder: folder)
        let app = try AppConfig.parse(document, folder: folder)
        let description = try document.optionalString(Fields.description) ?? ""
        try document.finish()
        var scenario = Scenario(url: url, world: world, app: app, description: description.isEmpty ? nil : description)
        scenario.bases = loaded.bases
        return scenario
    }
}
