import Foundation
import RiskCalculation
import Testing
import WarnSimCore
import WarnSimTestSupport

/// Problems inside a `--trl-value-mapping` file are reported against that
/// file, not against the server file it completes.
@Suite struct TRLValueMappingErrorTests {
    static let server = "cwa/server-config/main-config/v2/risk-calculation-parameters-1.15.yaml"
    static let mapping = "cwa/server-config/common-persistence/trl-value-mapping-1.15.yaml"

    static func loadWithMapping(_ edit: (String) -> String) throws -> (error: InputError?, mappingPath: String) {
        let text = try String(contentsOfFile: ReferenceData.path(mapping), encoding: .utf8)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trl-value-mapping-\(UUID().uuidString).yaml")
        try edit(text).write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try ConfigurationLoader.load(path: ReferenceData.path(server), trlValueMappingPath: url.path)
            return (nil, url.path)
        } catch let error as InputError {
            return (error, url.path)
        }
    }

    @Test func valueProblemsNameTheMappingFile() throws {
        let edits: [(String, (String) -> String)] = [
            ("negative value", { $0.replacingOccurrences(of: "transmission-risk-value: 0.6", with: "transmission-risk-value: -0.6") }),
            ("value out of range", { $0.replacingOccurrences(of: "transmission-risk-value: 0.6", with: "transmission-risk-value: 1e9") }),
            ("level out of range", { $0.replacingOccurrences(of: "transmission-risk-level: 3", with: "transmission-risk-level: 99") }),
            ("level twice", { $0.replacingOccurrences(of: "transmission-risk-level: 3", with: "transmission-risk-level: 2") }),
            ("not a number", { $0.replacingOccurrences(of: "transmission-risk-value: 0.6", with: "transmission-risk-value: lots") }),
            ("unknown key", { $0.replacingOccurrences(of: "transmission-risk-value-mapping:", with: "transmission-risk-value-mappings:") }),
        ]
        for (name, edit) in edits {
            let (error, mappingPath) = try Self.loadWithMapping(edit)
            let found = try #require(error, "\(name) accepted")
            #expect(found.file == mappingPath, "\(name): \(found)")
            #expect(found.field?.hasPrefix("transmission-risk-value-mapping") == true, "\(name): \(found)")
        }
        #expect(try Self.loadWithMapping { $0 }.error == nil)
    }
}
