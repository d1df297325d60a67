import ExposureNotification
import WarnSimCore

/// Exposure windows in the test-vector JSON format
/// (corona-warn-app/cwa-app-android `src/test/resources/exposure-windows-risk-calculation.json`,
/// cwa-app-ios `__tests__/exposure-windows-risk-calculation.json`; copies in
/// `Tests/Reference/cwa/test-vectors/`): either a file with `testCases` (and
/// usually a `defaultRiskCalculationConfiguration`) or a bare list of windows,
/// which becomes one case.
public struct WindowFile: Sendable {
    /// The cases, in file order.
    public var cases: [WindowCase]
    /// The file's own `defaultRiskCalculationConfiguration`, if it has one.
    public var configuration: RiskConfiguration?
    /// The UTC day number the windows' `ageInDays` count back from.
    public var referenceDay: Int

    /// The day the loader counts ages back from unless told otherwise
    /// (2022-01-01; any day gives the same results, since only ages matter).
    public static let defaultReferenceDay = 18_993

    /// Loads `path`.
    ///
    /// - Parameters:
    ///   - path: the JSON (or YAML) file.
    ///   - referenceDay: the UTC day number that `ageInDays` counts back from.
    /// - Returns: the cases, with the file's configuration if it has one.
    /// - Throws: `InputError` naming the file, the field path and the problem.
    public static func load(path: String, referenceDay: Int = defaultReferenceDay) throws -> WindowFile {
        try read(DocumentTree.load(path: path), file: path, referenceDay: referenceDay)
    }

    /// Parses text in the same format.
    ///
    /// - Parameters:
    ///   - text: the file's contents.
    ///   - file: the name used in error messages.
    ///   - referenceDay: the UTC day number that `ageInDays` counts back from.
    /// - Returns: the cases, with the file's configuration if it has one.
    /// - Throws: `InputError` naming `file`, the field path and the problem.
    public static func parse(_ text: String, file: String, referenceDay: Int = defaultReferenceDay) throws -> WindowFile {
        try read(DocumentTree.parse(text, file: file), file: file, referenceDay: referenceDay)
    }

    static let expectedFields = [
        "expTotalRiskLevel", "expAgeOfMostRecentDateWithLowRisk", "expAgeOfMostRecentDateWithHighRisk",
        "expNumberOfDaysWithLowRisk", "expNumberOfDaysWithHighRisk",
        "expTotalMinimumDistinctEncountersWithLowRisk", "expTotalMinimumDistinctEncountersWithHighRisk",
    ]

    /// The optional per-case field holding the case's ground truth for
    /// `warnsim score` and `warnsim replay`: `true` if the phone was truly at
    /// risk, `false` if not (Configs/replay/README.md).
    public static let truthField = "truth"

    static func read(_ tree: DocumentTree, file: String, referenceDay: Int) throws -> WindowFile {
        let root = FieldReader(file: file, tree: tree)
        if case .list = tree {
            let windows = try windowList(root, limit: InputLimits.maximumWindowsPerCase, referenceDay: referenceDay)
            return WindowFile(
                cases: [WindowCase(description: "windows", windows: windows, expected: nil)], configuration: nil, referenceDay: referenceDay
            )
        }
        let map = try root.map(allowed: ["__comment__", "defaultRiskCalculationConfiguration", "testCases"])
        var configuration: RiskConfiguration?
        if map.has("defaultRiskCalculationConfiguration") {
            configuration = try ConfigurationLoader.configuration(from: tree, file: file, trlValueMapping: nil)
        }
        var windowsInFile = 0
        let cases = try map.required("testCases").list().map { item -> WindowCase in
            let entry = try item.map(allowed: ["description", "exposureWindows", truthField] + expectedFields)
            let description = try entry.required("description").text()
            let truth = try entry.optional(truthField).map { try $0.bool() }
            let windowsField = try entry.required("exposureWindows")
            let windows = try windowList(windowsField, limit: InputLimits.maximumWindowsPerCase, referenceDay: referenceDay)
            windowsInFile += windows.count
            guard windowsInFile <= InputLimits.maximumWindowsPerFile else {
                throw windowsField.error(
                    "the file has more than \(InputLimits.maximumWindowsPerFile) windows in all, the most WarnSim reads from one file")
            }
            let present = expectedFields.filter { entry.has($0) }
            var expected: ExpectedRisk?
            if !present.isEmpty {
                if let missing = expectedFields.first(where: { !entry.has($0) }) {
                    _ = try entry.required(missing)  // throws "missing field"
                }
                func count(_ key: String) throws -> Int {
                    let field = try entry.required(key)
                    let value = try field.int()
                    guard value >= 0 else { throw field.error("must not be negative") }
                    return value
                }
                func age(_ key: String) throws -> Int? {
                    let field = try entry.required(key)
                    return field.isNull ? nil : try count(key)
                }
                let levelField = try entry.required("expTotalRiskLevel")
                guard let raw = try? levelField.int(), let level = RiskLevel(rawValue: raw) else {
                    throw levelField.error("expected 1 (LOW) or 2 (HIGH), found \(levelField.typeName)")
                }
                expected = ExpectedRisk(
                    totalRiskLevel: level,
                    ageOfMostRecentDateWithLowRisk: try age("expAgeOfMostRecentDateWithLowRisk"),
                    ageOfMostRecentDateWithHighRisk: try age("expAgeOfMostRecentDateWithHighRisk"),
                    numberOfDaysWithLowRisk: try count("expNumberOfDaysWithLowRisk"),
                    numberOfDaysWithHighRisk: try count("expNumberOfDaysWithHighRisk"),
                    totalMinimumDistinctEncountersWithLowRisk: try count("expTotalMinimumDistinctEncountersWithLowRisk"),
                    totalMinimumDistinctEncountersWithHighRisk: try count("expTotalMinimumDistinctEncountersWithHighRisk")
                )
            }
            return WindowCase(description: description, windows: windows, expected: expected, truth: truth)
        }
        return WindowFile(cases: cases, configuration: configuration, referenceDay: referenceDay)
    }

    /// The windows of one list, refused beyond `limit` before any is converted.
    static func windowList(_ reader: FieldReader, limit: Int, referenceDay: Int) throws -> [ExposureWindow] {
        let items = try reader.list()
        guard items.count <= limit else {
            throw reader.error("\(items.count) windows, more than the \(limit) one phone can have")
        }
        return try items.map { try window($0, referenceDay: referenceDay) }
    }

    static func window(_ reader: FieldReader, referenceDay: Int) throws -> ExposureWindow {
        let map = try reader.map(allowed: ["ageInDays", "reportType", "infectiousness", "calibrationConfidence", "scanInstances"])
        let ageField = try map.required("ageInDays")
        let age = try ageField.int()
        guard age >= 0 else { throw ageField.error("must not be negative (found \(age))") }
        guard InputLimits.ageInDays.contains(age) else {
            throw ageField.error(ParameterLimits.outOfRange(String(age), InputLimits.ageInDays))
        }
        let infectiousnessField = try map.required("infectiousness")
        guard let infectiousness = Infectiousness(rawValue: try infectiousnessField.int()) else {
            throw infectiousnessField.error("expected 0 (NONE), 1 (STANDARD) or 2 (HIGH)")
        }
        let confidenceField = try map.required("calibrationConfidence")
        guard let confidence = CalibrationConfidence(rawValue: try confidenceField.int()) else {
            throw confidenceField.error("expected 0 (LOWEST), 1 (LOW), 2 (MEDIUM) or 3 (HIGH)")
        }
        let scansField = try map.required("scanInstances")
        let scanItems = try scansField.list()
        guard scanItems.count <= InputLimits.maximumScanInstancesPerWindow else {
            throw scansField.error(
                "\(scanItems.count) scan instances, more than the \(InputLimits.maximumScanInstancesPerWindow) a window can have (one day scanned every 3 minutes)"
            )
        }
        let scans = try scanItems.map { item -> ScanInstance in
            let scan = try item.map(allowed: ["minAttenuation", "typicalAttenuation", "secondsSinceLastScan"])
            func attenuation(_ key: String) throws -> Int {
                let field = try scan.required(key)
                let value = try field.int()
                guard (0...255).contains(value) else { throw field.error("an attenuation must be in 0…255 dB (found \(value))") }
                return value
            }
            return ScanInstance(
                minAttenuation: try attenuation("minAttenuation"),
                typicalAttenuation: try attenuation("typicalAttenuation"),
                secondsSinceLastScan: try seconds(scan.required("secondsSinceLastScan"))
            )
        }
        return ExposureWindow(
            dayNumber: referenceDay.saturatingSubtracting(age),
            reportType: ReportType(rawValue: try map.required("reportType").int()),
            infectiousness: infectiousness,
            calibrationConfidence: confidence,
            scanInstances: scans
        )
    }
}

extension WindowFile {
    /// `secondsSinceLastScan`, within ``InputLimits/secondsSinceLastScan``.
    static func seconds(_ field: FieldReader) throws -> Int {
        let value = try field.int()
        guard InputLimits.secondsSinceLastScan.contains(value) else {
            throw field.error(ParameterLimits.outOfRange(String(value), InputLimits.secondsSinceLastScan))
        }
        return value
    }
}

/// One case of a window file: one phone's windows and, in test vectors, the
/// expected results.
public struct WindowCase: Sendable {
    public var description: String
    public var windows: [ExposureWindow]
    public var expected: ExpectedRisk?
    /// The case's ground truth (`"truth": true|false`), if the file labels it.
    public var truth: Bool?

    /// Creates a case.
    ///
    /// - Parameters:
    ///   - description: the case's description (may be empty).
    ///   - windows: the case's windows (may be empty).
    ///   - expected: the expected results, or `nil` if the case has none.
    ///   - truth: whether the phone was truly at risk, or `nil` if unlabelled.
    public init(description: String, windows: [ExposureWindow], expected: ExpectedRisk?, truth: Bool? = nil) {
        self.description = description
        self.windows = windows
        self.expected = expected
        self.truth = truth
    }
}

/// The `exp*` fields of a test case (ages in days before the reference day).
public struct ExpectedRisk: Hashable, Sendable {
    public var totalRiskLevel: RiskLevel
    public var ageOfMostRecentDateWithLowRisk: Int?
    public var ageOfMostRecentDateWithHighRisk: Int?
    public var numberOfDaysWithLowRisk: Int
    public var numberOfDaysWithHighRisk: Int
    public var totalMinimumDistinctEncountersWithLowRisk: Int
    public var totalMinimumDistinctEncountersWithHighRisk: Int

    /// Creates expectations in the test vectors' fields.
    ///
    /// - Parameters:
    ///   - totalRiskLevel: the expected total level.
    ///   - ageOfMostRecentDateWithLowRisk: days before the reference day of the last
    ///     LOW day, or `nil` if there is none.
    ///   - ageOfMostRecentDateWithHighRisk: days before the reference day of the
    ///     last HIGH day, or `nil` if there is none.
    ///   - numberOfDaysWithLowRisk: days whose level is LOW.
    ///   - numberOfDaysWithHighRisk: days whose level is HIGH.
    ///   - totalMinimumDistinctEncountersWithLowRisk: summed per-day counts of
    ///     distinct (TRL, calibration confidence) pairs of LOW windows.
    ///   - totalMinimumDistinctEncountersWithHighRisk: the same for HIGH windows.
    public init(
        totalRiskLevel: RiskLevel, ageOfMostRecentDateWithLowRisk: Int?, ageOfMostRecentDateWithHighRisk: Int?,
        numberOfDaysWithLowRisk: Int, numberOfDaysWithHighRisk: Int,
        totalMinimumDistinctEncountersWithLowRisk: Int, totalMinimumDistinctEncountersWithHighRisk: Int
    ) {
        self.totalRiskLevel = totalRiskLevel
        self.ageOfMostRecentDateWithLowRisk = ageOfMostRecentDateWithLowRisk
        self.ageOfMostRecentDateWithHighRisk = ageOfMostRecentDateWithHighRisk
        self.numberOfDaysWithLowRisk = numberOfDaysWithLowRisk
        self.numberOfDaysWithHighRisk = numberOfDaysWithHighRisk
        self.totalMinimumDistinctEncountersWithLowRisk = totalMinimumDistinctEncountersWithLowRisk
        self.totalMinimumDistinctEncountersWithHighRisk = totalMinimumDistinctEncountersWithHighRisk
    }

    /// The expected fields of a CWA v2 result, as of `referenceDay`.
    ///
    /// - Parameters:
    ///   - result: a result of ``CWARiskEngine``.
    ///   - referenceDay: the UTC day number ages are counted from.
    public init(_ result: RiskResult, referenceDay: Int) {
        self.init(
            totalRiskLevel: result.totalRiskLevel,
            ageOfMostRecentDateWithLowRisk: result.mostRecentDayWithLowRisk.map { referenceDay - $0 },
            ageOfMostRecentDateWithHighRisk: result.mostRecentDayWithHighRisk.map { referenceDay - $0 },
            numberOfDaysWithLowRisk: result.numberOfDaysWithLowRisk,
            numberOfDaysWithHighRisk: result.numberOfDaysWithHighRisk,
            totalMinimumDistinctEncountersWithLowRisk: result.totalMinimumDistinctEncountersWithLowRisk,
            totalMinimumDistinctEncountersWithHighRisk: result.totalMinimumDistinctEncountersWithHighRisk
        )
    }
}
