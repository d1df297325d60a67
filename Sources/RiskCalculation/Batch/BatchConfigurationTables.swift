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
    let binGroup: [Int]
    /// Number of row groups (GEMM inner dimension K).
    let groupCount: Int
    /// Number of distinct weight columns (U) and filter columns (F).
    let weightColumnCount: Int
    let filterColumnCount: Int
    /// K × (U + F), row-major.
    let matrix: [Double]
    /// Per configuration: its weight column.
    let weightColumn: [Int]
    /// Per configuration × TRL class: the transmission risk value, or -1 when
    /// the TRL filters drop the class, -2 when the report type has no offset on
    /// Android (the app rejects such windows).
    let trv: [Double]
    /// Per configuration: filters `filterStart[c]..<filterStart[c + 1]`.
    let filterStart: [Int]
    let filterColumn: [Int]
    let filterRange: [RiskRange]
    /// Per configuration: window mapping `windowStart[c]..<windowStart[c + 1]`.
    let windowStart: [Int]
    let windowRange: [RiskRange]
    let windowLevel: [UInt8]
    /// Per configuration: day mapping `dayStart[c]..<dayStart[c + 1]`.
    let dayStart: [Int]
    let dayRange: [RiskRange]
    let dayLevel: [UInt8]
    /// Per configuration: the age filter.
    let maxAge: [Int]
    /// Per configuration: the window and day mappings as step functions,
    /// flattened: breakpoints of `c` at `windowSteps.start[c]..<start[c + 1]`,
    /// interval levels at `start[c] + c ..< start[c + 1] + c + 1`.
    let windowSteps: FlatSteps
    let daySteps: FlatSteps
    /// Per configuration: the window level of a normalized time of exactly 0.
    let zeroWindowLevel: [UInt8]

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
        self.binGroup = binGroup
        groupCount = rows.count
        matrix = rows.flatMap { $0 }
        self.weightColumn = weightColumn
        self.filterStart = filterStart
        self.filterColumn = filterColumn
        self.filterRange = filterRange
        // Transmission risk values per TRL class.
        var trv: [Double] = []
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
                        trv.append(-2)
                        continue
                    }
                    let level = offset.saturatingAdding(p.trlEncoding.infectiousnessOffset(Infectiousness(rawValue: infectiousness)!))
                    if p.trlFilters.contains(where: { $0.dropIfTRLInRange.contains(Double(level)) }) {
                        trv.append(-1)
                    } else {
                        trv.append(p.transmissionRiskValue(forLevel: level))
                    }
                }
            }
        }
        self.trv = trv
        windowStart = [0] + configurations.reduce(into: [Int]()) { $0.append(($0.last ?? 0) + $1.normalizedTimePerWindowToRiskLevel.count) }
        windowRange = configurations.flatMap { $0.normalizedTimePerWindowToRiskLevel.map(\.normalizedTimeRange) }
        windowLevel = configurations.flatMap { $0.normalizedTimePerWindowToRiskLevel.map { UInt8($0.riskLevel.rawValue) } }
        dayStart = [0] + configurations.reduce(into: [Int]()) { $0.append(($0.last ?? 0) + $1.normalizedTimePerDayToRiskLevel.count) }
        dayRange = configurations.flatMap { $0.normalizedTimePerDayToRiskLevel.map(\.normalizedTimeRange) }
        dayLevel = configurations.flatMap { $0.normalizedTimePerDayToRiskLevel.map { UInt8($0.riskLevel.rawValue) } }
        maxAge = configurations.map(\.effectiveMaxEncounterAgeInDays)
        windowSteps = FlatSteps(configurations.map { LevelSteps($0.normalizedTimePerWindowToRiskLevel) })
        daySteps = FlatSteps(configurations.map { LevelSteps($0.normalizedTimePerDayToRiskLevel) })
        zeroWindowLevel = configurations.map { UInt8(CWARiskEngine.firstLevel($0.normalizedTimePerWindowToRiskLevel, 0)?.rawValue ?? 0) }
    }

    /// GEMM output columns.
    var columnCount: Int { weightColumnCount + filterColumnCount }
}

/// Many configurations' step functions in flat arrays.
struct FlatSteps: Sendable {
    let start: [Int]
    let breakpoints: [Double]
    let pointLevels: [UInt8]
    let intervalLevels: [UInt8]

    init(_ steps: [LevelSteps]) {
        var start = [0]
        var breakpoints: [Double] = []
        var pointLevels: [UInt8] = []
        var intervalLevels: [UInt8] = []
        for step in steps {
            breakpoints += step.breakpoints
            pointLevels += step.pointLevels
            intervalLevels += step.intervalLevels
            start.append(breakpoints.count)
        }
        self.start = start
        self.breakpoints = breakpoints
        self.pointLevels = pointLevels
        self.intervalLevels = intervalLevels
    }
}
