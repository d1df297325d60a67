import Foundation
import WarnSimCore

/// Loads a risk configuration from any of the supported files, recognised by
/// their content:
/// - WarnSim YAML: a top-level `scheme` (Configs/risk/README.md);
/// - a test-vector JSON file (its `defaultRiskCalculationConfiguration`) or a
///   bare test-vector configuration object;
/// - a cwa-server `risk-calculation-parameters*.yaml`, optionally with the
///   server's separate `trl-value-mapping-1.15.yaml`.
public enum ConfigurationLoader {
    /// Loads the configuration in the file at `path`.
    ///
    /// - Parameters:
    ///   - path: a WarnSim YAML, cwa-server YAML or test-vector JSON file.
    ///   - trlValueMappingPath: the cwa-server
    ///     `trl-value-mapping-1.15.yaml` whose mapping completes a 1.15 server
    ///     file (ignored for other formats); `nil` for none.
    /// - Returns: the named configuration with its scheme and parameters.
    /// - Throws: `InputError` naming the file, the field path and the problem.
    public static func load(path: String, trlValueMappingPath: String? = nil) throws -> RiskConfiguration {
        let tree = try DocumentTree.load(path: path)
        let mapping = try trlValueMappingPath.map { FieldReader(file: $0, tree: try DocumentTree.load(path: $0)) }
        return try configuration(from: tree, file: path, trlValueMapping: mapping)
    }

    /// Loads a configuration from text (for tests and embedded sets).
    ///
    /// - Parameters:
    ///   - text: the file's contents, in any supported format.
    ///   - file: the name used in error messages.
    /// - Returns: the named configuration with its scheme and parameters.
    /// - Throws: `InputError` naming `file`, the field path and the problem.
    public static func load(text: String, file: String) throws -> RiskConfiguration {
        try configuration(from: DocumentTree.parse(text, file: file), file: file, trlValueMapping: nil)
    }

    static func configuration(from tree: DocumentTree, file: String, trlValueMapping: FieldReader?) throws -> RiskConfiguration {
        let root = FieldReader(file: file, tree: tree)
        guard case .map(let pairs) = tree else { throw root.error("expected a mapping at the top level, found \(root.typeName)") }
        let keys = Set(pairs.map(\.key))
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        if keys.contains("scheme") {
            return try WarnSimConfigurationReader.read(root)
        }
        if keys.contains("defaultRiskCalculationConfiguration") {
            let map = try root.map(allowed: ["__comment__", "defaultRiskCalculationConfiguration", "testCases"])
            let parameters = try CWAParametersReader(style: .testVector).read(map.required("defaultRiskCalculationConfiguration"))
            return RiskConfiguration(
                name: name, source: "\(file): defaultRiskCalculationConfiguration", scheme: .cwaExposureWindows(parameters))
        }
        if keys.contains("minutesAtAttenuationWeights") {
            let parameters = try CWAParametersReader(style: .testVector).read(root)
            return RiskConfiguration(name: name, source: file, scheme: .cwaExposureWindows(parameters))
        }
        if keys.contains("minutes-at-attenuation-weights") {
            let parameters = try CWAParametersReader(style: .server).read(root, trlValueMapping: trlValueMapping)
            return RiskConfiguration(name: name, source: file, scheme: .cwaExposureWindows(parameters))
        }
        throw root.error(
            "not a risk configuration: expected a WarnSim YAML file (with `scheme`), a test-vector JSON file or configuration, or a cwa-server risk-calculation-parameters YAML file"
        )
    }
}

/// Reads WarnSim's own YAML format (Configs/risk/README.md).
enum WarnSimConfigurationReader {
    static func read(_ root: FieldReader) throws -> RiskConfiguration {
        let map = try root.map(allowed: ["scheme", "name", "source", "parameters"])
        let schemeField = try map.required("scheme")
        let identifier = try schemeField.text()
        let name = try map.required("name").text()
        let source = try map.required("source").text()
        let parameters = try map.required("parameters")
        let scheme: RiskScheme
        switch identifier {
        case RiskScheme.cwaExposureWindowsIdentifier:
            scheme = .cwaExposureWindows(try CWAParametersReader(style: .warnSim).read(parameters))
        case RiskScheme.cwa2020Identifier:
            scheme = .cwa2020(try ENFv1ParametersReader.readCWA2020(parameters))
        case RiskScheme.immuniIdentifier:
            scheme = .immuni(try ENFv1ParametersReader.readImmuni(parameters))
        default:
            throw schemeField.error(
                "unknown scheme \"\(identifier)\" (expected \(RiskScheme.cwaExposureWindowsIdentifier), \(RiskScheme.cwa2020Identifier) or \(RiskScheme.immuniIdentifier))"
            )
        }
        return RiskConfiguration(name: name, source: source, scheme: scheme)
    }
}
