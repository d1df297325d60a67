import Foundation
import RiskCalculation
import Testing
import WarnSimCore
import WarnSimTestSupport

/// The three configuration formats load to the same parameters where they
/// describe the same set, and the shipped sets match their sources.
@Suite struct ConfigurationLoadingTests {
    static let trlMapping = "cwa/server-config/common-persistence/trl-value-mapping-1.15.yaml"

    func parameters(_ configuration: RiskConfiguration) throws -> CWARiskParameters {
        guard case .cwaExposureWindows(let parameters) = configuration.scheme else {
            Issue.record("\(configuration.name) is not a CWA v2 configuration")
            throw MissingFile(path: configuration.name)
        }
        return parameters
    }

    /// The live server file + TRV mapping, the Android test-vector config and
    /// the shipped current set are the same parameters (the server adds
    /// maxEncounterAgeInDays 10 and the deprecated multiplier 0).
    @Test func serverFileTestVectorAndShippedCurrentSetAgree() throws {
        let server = try parameters(
            ConfigurationLoader.load(
                path: ReferenceData.path("cwa/server-config/main-config/v2/risk-calculation-parameters-1.15.yaml"),
                trlValueMappingPath: ReferenceData.path(Self.trlMapping)
            ))
        let vector = try parameters(ConfigurationLoader.load(path: ReferenceData.path("cwa/test-vectors/android-2022-03-17.json")))
        let shipped = try parameters(ConfigurationLoader.load(path: ProjectFiles.path("Configs/risk/cwa-2021-04-14.yaml")))
        #expect(server.maxEncounterAgeInDays == 10)
        #expect(server.transmissionRiskLevelMultiplier == 0)
        var normalized = server
        normalized.maxEncounterAgeInDays = nil
        normalized.transmissionRiskLevelMultiplier = nil
        #expect(normalized == vector)
        #expect(shipped == vector)
    }

    /// Every shipped history file equals the cwa-server YAML of that commit.
    @Test func shippedHistoryMatchesServerHistoryFiles() throws {
        let folder = ProjectFiles.path("Configs/risk/history")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(names.count == 16)
        var compared = 0
        for name in names {
            // cwa-v2-DATE-COMMIT-KIND.yaml → history/DATE_COMMIT_risk-calculation-parameters[-1.15].yaml
            let parts = name.dropFirst("cwa-v2-".count).dropLast(".yaml".count).split(separator: "-")
            let date = parts[0...2].joined(separator: "-")
            let commit = String(parts[3])
            let kind = parts[4...].joined(separator: "-")
            let serverName =
                "cwa/server-config/history/\(date)_\(commit)_risk-calculation-parameters\(kind == "legacy" ? "" : "-1.15").yaml"
            let shipped = try parameters(ConfigurationLoader.load(path: "\(folder)/\(name)"))
            if date == "2020-11-11" {
                // The committed YAML was malformed; the loader must say where.
                #expect(throws: InputError.self) {
                    try ConfigurationLoader.load(path: ReferenceData.path(serverName))
                }
                continue
            }
            var server = try parameters(
                ConfigurationLoader.load(
                    path: ReferenceData.path(serverName), trlValueMappingPath: ReferenceData.path(Self.trlMapping)
                ))
            if !server.transmissionRiskValueMapping.isEmpty {
                server.transmissionRiskLevelMultiplier = shipped.transmissionRiskLevelMultiplier
            }
            #expect(server == shipped, "\(name) vs \(serverName)")
            compared += 1
        }
        #expect(compared == 15)
    }

    /// Every shipped file validates, and `show` output reads back to the same set.
    @Test func shippedFilesRoundTripThroughNormalizedYAML() throws {
        let root = ProjectFiles.path("Configs/risk")
        var paths = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasSuffix(".yaml") }.map { "\(root)/\($0)" }
        paths += try FileManager.default.contentsOfDirectory(atPath: "\(root)/history").filter { $0.hasSuffix(".yaml") }.map {
            "\(root)/history/\($0)"
        }
        #expect(paths.count == 22)  // 5 current sets, the 2 June 2020 sets, 15 history files
        var schemes = Set<String>()
        for path in paths {
            let loaded = try ConfigurationLoader.load(path: path)
            schemes.insert(loaded.scheme.identifier)
            #expect(!loaded.source.isEmpty)
            let text = ConfigurationWriter.yaml(loaded)
            let again = try ConfigurationLoader.load(text: text, file: "normalized")
            #expect(again == loaded, "\(path)")
            #expect(ConfigurationWriter.yaml(again) == text)
        }
        #expect(schemes == ["cwa-exposure-windows", "cwa-2020-enf-v1", "immuni-enf-v1"])
    }

    /// The legacy multiplier gives TRL × 0.2 (apps < 1.15).
    @Test func legacyMultiplierGivesLevelTimesMultiplier() throws {
        let legacy = try parameters(
            ConfigurationLoader.load(path: ProjectFiles.path("Configs/risk/history/cwa-v2-2021-03-18-e88332397-legacy.yaml")))
        #expect(legacy.transmissionRiskValueMapping.isEmpty)
        #expect(legacy.transmissionRiskValue(forLevel: 3) == 3 * 0.2)
        #expect(legacy.minutesAtAttenuationFilters.count == 1)
        #expect(legacy.trlFilters.count == 1)
    }
}
