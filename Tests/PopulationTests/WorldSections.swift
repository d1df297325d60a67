import Foundation
import Population
import WarnSimCore

extension WorldConfig {
    /// The world sections of the scenario file at `url`. The file's other
    /// sections belong to the upper layers, whose loader (`Scenario.load`)
    /// checks them; the Population tests read only their own.
    static func loadWorldSections(_ url: URL) throws -> WorldConfig {
        try parse(try BaseDocument.load(url).section, folder: url.deletingLastPathComponent())
    }
}
