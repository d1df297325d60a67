/// A named parameter set of one risk scheme, as loaded from any supported file.
public struct RiskConfiguration: Hashable, Sendable {
    /// A short name, for example `cwa-2021-04-14`.
    public var name: String
    /// Where the values come from (repository, file, commit) and their date.
    public var source: String
    /// The scheme and its parameters.
    public var scheme: RiskScheme

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - name: the short name of the set.
    ///   - source: where the values come from, with the date.
    ///   - scheme: the scheme with its parameters.
    public init(name: String, source: String, scheme: RiskScheme) {
        self.name = name
        self.source = source
        self.scheme = scheme
    }
}

/// The risk schemes WarnSim can score one recorded set of windows under.
public enum RiskScheme: Hashable, Sendable {
    /// The Corona-Warn-App ENF v2 calculation (exposure windows, 2020-11 on).
    case cwaExposureWindows(CWARiskParameters)
    /// The Corona-Warn-App ENF v1 calculation of 2020.
    case cwa2020(CWA2020Parameters)
    /// Immuni's ENF v1 configuration.
    case immuni(ImmuniParameters)

    /// The scheme's name in WarnSim YAML (`scheme:`).
    public var identifier: String {
        switch self {
        case .cwaExposureWindows: RiskScheme.cwaExposureWindowsIdentifier
        case .cwa2020: RiskScheme.cwa2020Identifier
        case .immuni: RiskScheme.immuniIdentifier
        }
    }

    public static let cwaExposureWindowsIdentifier = "cwa-exposure-windows"
    public static let cwa2020Identifier = "cwa-2020-enf-v1"
    public static let immuniIdentifier = "immuni-enf-v1"
}
