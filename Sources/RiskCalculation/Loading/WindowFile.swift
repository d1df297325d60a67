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
        if case .list = tree {
            let windows = try windowList(
                DocumentSection.list(tree, file: file, path: ""), limit: InputLimits.maximumWindowsPerCase, referenceDay: referenceDay
            ) { InputError(file: file, problem: $0) }
            return WindowFile(
                cases: [WindowCase(description: "windows", windows: windows, expected: nil)], configuration: nil, referenceDay: referenceDay
            )
        }
        let root = try DocumentSection(tree, file: file, path: "")
        root.skip("__comment__")
        var configuration: RiskConfiguration?
        if root.has("defaultRiskCalculationConfiguration") {
            configuration = try ConfigurationLoader.configuration(from: tree, file: file, trlValueMapping: nil)
        }
        root.skip("defaultRiskCalculationConfiguration")
        var windowsInFile = 0
        let cases = try root.sectionList("testCases").map { entry -> WindowCase in
            let description = try entry.string("description")
            let truth = entry.has(truthField) ? try entry.bool(truthField, default: false) : nil
            entry.skip(truthField)
            let windows = try windowList(
                entry.sectionList("exposureWindows"), limit: InputLimits.maximumWindowsPerCase, referenceDay: referenceDay
            ) { entry.fail("exposureWindows", $0) }
            windowsInFile += windows.count
            guard windowsInFile <= InputLimits.maximumWindowsPerFile else {
                throw entry.fail(
                    "exposureWindows",
                    "the file has more than \(InputLimits.maximumWindowsPerFile) windows in all, the most WarnSim reads from one file")
            }
            let present = expectedFields.filter { entry.has($0) }
            var expected: ExpectedRisk?
            if !present.isEmpty {
                func count(_ key: String) throws -> Int {
                    let value = try entry.int(key)
                    guard value >= 0 else { throw entry.fail(key, "must not be negative") }
                    return value
                }
                func age(_ key: String) throws -> Int? {
                    if entry.has(key), entry.isNull(key) { return nil }
                    return try count(key)
                }
                let levelKey = "expTotalRiskLevel"
                let levelScalar = try entry.requiredScalar(levelKey)
                guard let raw = levelScalar.integer, let level = RiskLevel(rawValue: raw) else {
                    throw entry.fail(levelKey, "expected 1 (LOW) or 2 (HIGH), found '\(levelScalar.text)'")
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
            } else {
                for key in expectedFields { entry.skip(key) }
            }
            try entry.finish()
            return WindowCase(description: description, windows: windows, expected: expected, truth: truth)
        }
        try root.finish()
        return WindowFile(cases: cases, configuration: configuration, referenceDay: referenceDay)
    }

    /// The windows of one list, refused beyond `limit` before any is
    /// converted (`fail` makes the error about the list).
    static func windowList(
        _ entries: [DocumentSection], limit: Int, referenceDay: Int, fail: (String) -> InputError
    ) throws -> [ExposureWindow] {
        guard entries.count <= limit else {
            throw fail("\(entries.count) windows, more than the \(limit) one phone can have")
        }
        return try entries.map { try window($0, referenceDay: referenceDay) }
    }

    static func window(_ map: DocumentSection, referenceDay: Int) throws -> ExposureWindow {
        let age = try map.int("ageInDays")
        guard age >= 0 else { throw map.fail("ageInDays", "must not be negative (found \(age))") }
        guard InputLimits.ageInDays.contains(age) else {
            throw map.fail("ageInDays", ParameterLimits.outOfRange(String(age), InputLimits.ageInDays))
        }
        guard let infectiousness = Infectiousness(rawValue: try map.int("infectiousness")) else {
            throw map.fail("infectiousness", "expected 0 (NONE), 1 (STANDARD) or 2 (HIGH)")
        }
        guard let confidence = CalibrationConfidence(rawValue: try map.int("calibrationConfidence")) else {
            throw map.fail("calibrationConfidence", "expected 0 (LOWEST), 1 (LOW), 2 (MEDIUM) or 3 (HIGH)")
        }
        let scanEntries = try map.sectionList("scanInstances")
        guard scanEntries.count <= InputLimits.maximumScanInstancesPerWindow else {
            throw map.fail(
                "scanInstances",
                "\(scanEntries.count) scan instances, more than the \(InputLimits.maximumScanInstancesPerWindow) a window can have (one day scanned every 3 minutes)"
            )
        }
        let scans = try scanEntries.map { scan -> ScanInstance in
            func attenuation(_ key: String) throws -> Int {
                let value = try scan.int(key)
                guard (0...255).contains(value) else { throw scan.fail(key, "an attenuation must be in 0…255 dB (found \(value))") }
                return value
            }
            let instance = ScanInstance(
                minAttenuation: try attenuation("minAttenuation"),
                typicalAttenuation: try attenuation("typicalAttenuation"),
                secondsSinceLastScan: try seconds(scan)
            )
            try scan.finish()
            return instance
        }
        let reportType = ReportType(rawValue: try map.int("reportType"))
        try map.finish()
        return ExposureWindow(
            dayNumber: referenceDay.saturatingSubtracting(age),
            reportType: reportType,
            infectiousness: infectiousness,
            calibrationConfidence: confidence,
            scanInstances: scans
        )
    }
}

extension WindowFile {
    /// A scan's `secondsSinceLastScan`, within ``InputLimits/secondsSinceLastScan``.
    static func seconds(_ scan: DocumentSection) throws -> Int {
        let value = try scan.int("secondsSinceLastScan")
        guard InputLimits.secondsSinceLastScan.contains(value) else {
            throw scan.fail("secondsSinceLastScan", ParameterLimits.outOfRange(String(value), InputLimits.secondsSinceLastScan))
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
