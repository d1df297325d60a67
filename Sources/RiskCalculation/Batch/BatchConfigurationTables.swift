import ExposureNotification
import WarnSimCore

/// Many CWA v2 parameter sets compiled for the batch scorer:
/// - the right-hand GEMM matrix, with one column per distinct weight vector
///   over the 256 attenuation bins and one 0/1 column per distinct
///   minutes-filter attenuation range, its rows being groups of bins with
///   identical rows (so the inner dimension is as small as the configurations
///   allow);
/// - per configuration, flat tables for the rest of the calculation.
struct BatchConfigurationTables: Sendable {
    let configurationCount: Int
    let platform: RiskPlatform
    /// Bin → row group, or -1 for bins that every column ignores.
    let binGroup: FrozenArray<Int>
    /// Number of row groups (GEMM inner dimension K).
    let groupCount: Int
    /// Number of distinct weight columns (U) and filter columns (F).
    let weightColumnCount: Int
    let filterColumnCount: Int
    /// K × (U + F), row-major.
    let matrix: FrozenArray<Double>
    /// Per configuration: its weight column.
    let weightColumn: FrozenArray<Int>
    /// Per weight column × 256 attenuation bins: the weight of the first
    /// `minutesAtAttenuationWeights` entry containing the bin, 0 if none (the
    /// engine's lookup, tabulated).
    let binWeight: FrozenArray<Double>
    /// Per configuration × TRL class: the transmission risk value (0 when the
    /// class is dropped).
    let trv: FrozenArray<Double>
    /// Per configuration × TRL class: 1 when the class is kept, 0 when the
    /// TRL filters drop it or (Android) its report type has no offset (the
    /// app rejects such windows before scoring).
    let trvKept: FrozenArray<UInt8>
    /// Per configuration × TRL class: `trv × (1 / 60)`, the factor that turns
    /// a GEMM weighted-seconds value into a normalized-time estimate.
    let timeScale: FrozenArray<Double>
    /// Per configuration: whether its parameters lie in the domain of
    /// ``RoundingBound`` (weights and kept transmission risk values 0 or in
    /// 2^-300…2^300, mapping range ends finite). Other configurations are
    /// evaluated with the engine's arithmetic throughout.
    let bounded: FrozenArray<Bool>
    /// Per configuration: filters `filterStart[c]..<filterStart[c + 1]`.
    let filterStart: FrozenArray<Int>
    let filterColumn: FrozenArray<Int>
    let filterRange: FrozenArray<RiskRange>
    /// Per configuration: the age filter.
    let maxAge: FrozenArray<Int>
    /// Per configuration, as threshold steps of a non-negative value: the
    /// window level of a normalized time, whether a window is kept (level not
    /// 0), and whether a day is HIGH as a function of its unrounded sum
    /// (Android's rounding included).
    let windowLevels: FlatThresholds
    let windowKept: FlatThresholds
    let dayHigh: FlatThresholds

    init(_ configurations: [CWARiskParameters], platform: RiskPlatform) {
        configurationCount = configurations.count
        self.platform = platform
        // Distinct weight columns.
        var weightColumns: [[Double]] = []
        var weightIndex: [[Double]: Int] = [:]
        var weightColumn: [Int] = []
        for p in configurations {
            let column = (0..<256).map { bin -> Double in
                p.minutesAtAttenuationWeights.first { $0.attenuationRange.contains(Double(bin)) }?.weight ?? 0
            }
            if let index = weightIndex[column] {
                weightColumn.append(index)
            } else {
                weightIndex[column] = weightColumns.count
                weightColumn.append(weightColumns.count)
                weightColumns.append(column)
            }
        }
        // Distinct filter columns.
        var filterColumns: [[Double]] = []
        var filterIndex: [[Double]: Int] = [:]
        var filterStart = [0]
        var filterColumn: [Int] = []
        var filterRange: [RiskRange] = []
        for p in configurations {
            for filter in p.minutesAtAttenuationFilters {
                let column = (0..<256).map { filter.attenuationRange.contains(Double($0)) ? 1.0 : 0.0 }
                let index: Int
                if let existing = filterIndex[column] {
                    index = existing
                } else {
                    index = filterColumns.count
                    filterIndex[column] = index
                    filterColumns.append(column)
                }
                filterColumn.append(index)
                filterRange.append(filter.dropIfMinutesInRange)
            }
            filterStart.append(filterColumn.count)
        }
        let columns = weightColumns + filterColumns
        weightColumnCount = weightColumns.count
        filterColumnCount = filterColumns.count
        // Group bins with identical rows; drop all-zero rows.
        var groupOfRow: [[Double]: Int] = [:]
        var binGroup = [Int](repeating: -1, count: 256)
        var rows: [[Double]] = []
        for bin in 0..<256 {
            let row = columns.map { $0[bin] }
            if row.allSatisfy({ $0 == 0 }) { continue }
            if let group = groupOfRow[row] {
                binGroup[bin] = group
            } else {
                groupOfRow[row] = rows.count
                binGroup[bin] = rows.count
                rows.append(row)
            }
        }
        self.binGroup = FrozenArray(binGroup)
        groupCount = rows.count
        matrix = FrozenArray(rows.flatMap { $0 })
        self.weightColumn = FrozenArray(weightColumn)
        self.filterStart = FrozenArray(filterStart)
        self.filterColumn = FrozenArray(filterColumn)
        self.filterRange = FrozenArray(filterRange)
        binWeight = FrozenArray(weightColumns.flatMap { $0 })
        // Transmission risk values per TRL class.
        var trv: [Double] = []
        var trvKept: [UInt8] = []
        trv.reserveCapacity(configurations.count * BatchWindowSet.classCount)
        for p in configurations {
            for code in 0..<7 {
                for infectiousness in 0..<3 {
                    let type = ReportType(rawValue: code == 6 ? 99 : code)
                    let offset: Int
                    if let known = p.trlEncoding.reportTypeOffset(type) {
                        offset = known
                    } else if platform == .ios {
                        offset = 0
                    } else {
                        trv.append(0)
                        trvKept.append(0)
                        continue
                    }
                    let level = offset.saturatingAdding(p.trlEncoding.infectiousnessOffset(Infectiousness(rawValue: infectiousness)!))
                    if p.trlFilters.contains(where: { $0.dropIfTRLInRange.contains(Double(level)) }) {
                        trv.append(0)
                        trvKept.append(0)
                    } else {
                        trv.append(p.transmissionRiskValue(forLevel: level))
                        trvKept.append(1)
                    }
                }
            }
        }
        self.trv = FrozenArray(trv)
        self.trvKept = FrozenArray(trvKept)
        timeScale = FrozenArray(trv.map { $0 * (1.0 / 60) })
        bounded = FrozenArray(
            configurations.indices.map { c in
                let p = configurations[c]
                let values = (0..<BatchWindowSet.classCount).filter { trvKept[c * BatchWindowSet.classCount + $0] != 0 }
                    .map { trv[c * BatchWindowSet.classCount + $0] }
                let ends = (p.normalizedTimePerWindowToRiskLevel + p.normalizedTimePerDayToRiskLevel)
                    .flatMap { [$0.normalizedTimeRange.min, $0.normalizedTimeRange.max] }
                return p.minutesAtAttenuationWeights.map(\.weight).allSatisfy(RoundingBound.isBoundedFactor)
                    && values.allSatisfy(RoundingBound.isBoundedFactor) && ends.allSatisfy(\.isFinite)
            })
        maxAge = FrozenArray(configurations.map(\.effectiveMaxEncounterAgeInDays))
        windowLevels = FlatThresholds(configurations.map { .window($0.normalizedTimePerWindowToRiskLevel, keptOnly: false) })
        windowKept = FlatThresholds(configurations.map { .window($0.normalizedTimePerWindowToRiskLevel, keptOnly: true) })
        dayHigh = FlatThresholds(configurations.map { .dayIsHigh($0.normalizedTimePerDayToRiskLevel, platform: platform) })
    }

    /// GEMM output columns.
    var columnCount: Int { weightColumnCount + filterColumnCount }
}
