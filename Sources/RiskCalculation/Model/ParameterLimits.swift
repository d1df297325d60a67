import WarnSimCore

/// The ranges the configuration readers accept for numbers that feed the risk
/// arithmetic. The real configurations use small values (cwa-server
/// `main-config/v2/risk-calculation-parameters*.yaml` and its history in
/// `Tests/Reference/cwa/server-config/history`: offsets 0…6, weights 0…1,
/// transmission risk values 0…1.6, multiplier 0.2); the bounds leave ample room
/// for sweeps while keeping every intermediate value of the calculation finite
/// and every integer sum far from overflow.
public enum ParameterLimits {
    /// `trlEncoding` offsets: ENF carries the transmission risk level in 0…8
    /// (the key export's `transmission_risk_level`; cwa-server commit 351aa2244
    /// "Adopt TRL encoding to ENF restrictions" fits report type and
    /// infectiousness into it), so no single offset can be meaningful beyond 8.
    public static let trlEncodingOffset: ClosedRange<Int> = 0...8
    /// Transmission risk levels in `transmissionRiskValueMapping`: the sum of two
    /// offsets, each in ``trlEncodingOffset``.
    public static let transmissionRiskLevel: ClosedRange<Int> = 0...16
    /// `minutesAtAttenuationWeights[].weight` and the ENF v1 attenuation weights
    /// (production: 0…1).
    public static let weight: ClosedRange<Double> = 0...100
    /// `transmissionRiskValue` and `transmissionRiskLevelMultiplier`
    /// (production: 0…1.6 and 0.2).
    public static let transmissionRiskValue: ClosedRange<Double> = 0...100
    /// `maxEncounterAgeInDays` (production: unset, 10 or 14; ENF keeps keys for
    /// 14 days): a year is far beyond any real setting.
    public static let maxEncounterAgeInDays: ClosedRange<Int> = 0...365
    /// Attenuation thresholds in dB: the framework reports attenuations as one
    /// byte (0…255).
    public static let attenuation: ClosedRange<Int> = 0...255
    /// ENF v1 `defaultBucketOffset` in minutes (production: 0).
    public static let bucketOffsetMinutes: ClosedRange<Double> = -1440...1440
    /// ENF v1 `bucketCapMinutes` (production: 30; a day has 1440 minutes).
    public static let bucketCapMinutes: ClosedRange<Double> = 0...1440
    /// ENF v1 `riskScoreNormalizationDivisor` (production: 25 or 50); the lower
    /// bound keeps the quotient finite.
    public static let normalizationDivisor: ClosedRange<Double> = 0.001...1_000_000
    /// ENF v1 `minimumRiskScore` and Immuni's `notificationThreshold`: a risk
    /// score is the product of four bucket scores 0…8, at most 4096.
    public static let riskScore: ClosedRange<Int> = 0...4096

    /// The problem text for a value outside its range, naming the value and the
    /// range.
    static func outOfRange<T: Comparable>(_ value: String, _ range: ClosedRange<T>) -> String {
        "out of range: found \(value), allowed \(range.lowerBound)…\(range.upperBound)"
    }

    /// Checks an integer field.
    static func check(_ value: Int, in range: ClosedRange<Int>, _ fail: (String) -> InputError) throws {
        guard range.contains(value) else { throw fail(outOfRange(String(value), range)) }
    }

    /// Checks a number field (NaN and infinities are outside every range).
    static func check(_ value: Double, in range: ClosedRange<Double>, _ fail: (String) -> InputError) throws {
        guard value.isFinite, range.contains(value) else {
            throw fail(
                "out of range: found \(NumberText.format(value)), allowed \(NumberText.format(range.lowerBound))…\(NumberText.format(range.upperBound))"
            )
        }
    }
}
