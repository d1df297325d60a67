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
        let mapping = try trlValueMappingPath.map { mappingPath throws in
            try DocumentSection(DocumentTree.load(path: mappingPath), file: mappingPath, path: "")
        }
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

    static func configuration(from tree: DocumentTree, file: String, trlValueMapping: DocumentSection?) throws -> RiskConfiguration {
        guard case .map = tree else {
            throw InputError(file: file, problem: "expected a mapping at the top level, found \(tree.described)")
        }
        let root = try DocumentSection(tree, file: file, path: "")
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        if root.has("scheme") {
            return try WarnSimConfigurationReader.read(root)
        }
        if root.has("defaultRiskCalculationConfiguration") {
            root.skip("__comment__")
            root.skip("testCases")
            let parameters = try CWAParametersReader(style: .testVector).read(root.section("defaultRiskCalculationConfiguration"))
            try root.finish()
            return RiskConfiguration(
                name: name, source: "\(file): defaultRiskCalculationConfiguration", scheme: .cwaExposureWindows(parameters))
        }
        if root.has("minutesAtAttenuationWeights") {
            let parameters = try CWAParametersReader(style: .testVector).read(root)
            return RiskConfiguration(name: name, source: file, scheme: .cwaExposureWindows(parameters))
        }
        if root.has("minutes-at-attenuation-weights") {
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
    static func read(_ root: DocumentSection) throws -> RiskConfiguration {
        let identifier = try root.string("scheme")
        let name = try root.string("name")
        let source = try root.string("source")
        let parameters = try root.section("parameters")
        let scheme: RiskScheme
        switch identifier {
        case RiskScheme.cwaExposureWindowsIdentifier:
            scheme = .cwaExposureWindows(try CWAParametersReader(style: .warnSim).read(parameters))
        case RiskScheme.cwa2020Identifier:
            scheme = .cwa2020(try ENFv1ParametersReader.readCWA2020(parameters))
        case RiskScheme.immuniIdentifier:
            scheme = .immuni(try ENFv1ParametersReader.readImmuni(parameters))
        default:
            throw root.fail(
                "scheme",
                "unknown scheme \"\(identifier)\" (expected \(RiskScheme.cwaExposureWindowsIdentifier), \(RiskScheme.cwa2020Identifier) or \(RiskScheme.immuniIdentifier))"
            )
        }
        try root.finish()
        return RiskConfiguration(name: name, source: source, scheme: scheme)
    }
}
