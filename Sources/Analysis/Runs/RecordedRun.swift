import Foundation
import Population
import RiskCalculation
import RunRecords
import WarnSimCore

/// A finished `warnsim simulate` folder, read back for evaluation and sweeps:
/// the manifest, the phones, the infection tree, the exposures of app users to
/// infectious people, the recorded windows and the run's risk configuration.
/// Every file is checked; a missing, truncated or inconsistent file is an
/// `InputError` naming it.
package struct RecordedRun: Sendable {
    /// One person of the run.
    package struct Phone: Sendable, Hashable {
        package var person: Int
        package var hasApp: Bool
        /// The platform the app ran on, whose risk-calculation variant scored
        /// its windows (Android for a person without the app).
        package var platform: RiskPlatform = .android
        /// Whether this person uploaded keys (after a positive test).
        package var sharedKeys: Bool
        /// First detection with total risk HIGH (Unix seconds), seen or not.
        package var firstHighRiskAt: Int64?
        /// Seconds from a HIGH result to the user seeing it (0 with
        /// notification permission).
        package var warningDelay: Int64 = 0
        /// The tests registered in the app, in time order.
        package var appTests: [AppTest] = []
        /// Whether the user consented to exposure logging (E01.03); false without the app.
        package var exposureLogging = false

        /// When the user saw the first warning of the run, nil if never.
        package var warnedAt: Int64? { firstWarningAt }
        var firstWarningAt: Int64?

        /// When a test registered in the app came back POSITIVE: its
        /// registration time (Unix seconds), nil without a positive test.
        package var positiveTestAt: Int64? { appTests.first { $0.result == "POSITIVE" }?.registeredAt }
    }

    /// A test registered in an app and its result (empty while pending).
    package struct AppTest: Sendable, Hashable {
        package var registeredAt: Int64
        package var result: String
        /// A rapid antigen test (`:RAT`), not a PCR test.
        package var rapidAntigen = false
    }

    /// One edge of the infection tree (seeds have infector −1).
    package struct Infection: Sendable, Hashable {
        package var person: Int
        package var infector: Int
        /// Unix seconds.
        package var time: Int64
    }

    package let folder: String
    package let seed: UInt64
    package let days: Int
    /// Unix seconds of the start of day 0.
    package let startTime: Int64
    package let distanceModel: DistanceDoseModel
    package let risk: RiskConfiguration
    package let phones: [Phone]
    package let infections: [Infection]
    package let exposures: [StoredExposure]
    package let windows: [StoredWindow]
    /// The distributed key-days with their true contacts (`contacts.bin`), the
    /// ground truth of the encounter-level metrics; nil for a run written
    /// before WarnSim recorded them.
    package var keyDays: [StoredKeyDay]?
    /// Totals of `summary.csv` over the run's days.
    package var totals = DayTotals()
    /// Infections of the counterfactual (`counterfactual.csv`), nil without one.
    package var counterfactualInfections: Int?
    /// The radio parameters file the run's phones scanned through, by name
    /// and digest (`radio_parameters` of `manifest.json`); nil for a run
    /// written before WarnSim recorded it.
    package var radioParameters: (file: String, digest: String)?
    /// The scenario the run was simulated from, radio channel aside: its
    /// input files by name and digest and its `--set` fields (`inputs` and
    /// `overrides` of `manifest.json`), without the radio parameters file and
    /// a `radio.parameters` override, so that runs of one scenario under
    /// several radio channels compare equal. Runs of different scenarios
    /// must not be pooled into one estimate (``RunSet/checkOneScenario()``).
    package var scenarioInputs: [String] = []
    /// β of the transmission model's dose–response, P = 1 − exp(−β · dose)
    /// (`beta_per_minute` of `manifest.json`): what the expected-infection
    /// label needs to turn the recorded doses into probabilities.
    package var betaPerMinute = 0.0

    /// Sums of `summary.csv` columns over the days.
    package struct DayTotals: Sendable, Hashable {
        package var infections = 0
        package var uploads = 0
        package var warnings = 0
        package var isolating = 0
        package var quarantined = 0
        package var reducedContacts = 0
    }

    /// The end of the run (Unix seconds).
    package var endTime: Int64 { startTime + Int64(days) * 86_400 }
    /// The app users' person indices.
    package var appUsers: [Int] { phones.filter(\.hasApp).map(\.person) }

    /// Reads the run in `folder`.
    package static func load(folder: String) throws -> RecordedRun {
        func path(_ name: String) -> String { URL(fileURLWithPath: folder).appendingPathComponent(name).path }
        guard FileManager.default.fileExists(atPath: folder) else {
            throw InputError(file: folder, problem: "run folder does not exist (run `warnsim simulate` first)")
        }
        let manifestPath = path("manifest.json")
        guard let manifestData = FileManager.default.contents(atPath: manifestPath) else {
            throw InputError(file: manifestPath, problem: "cannot be read; is this a `warnsim simulate` output folder?")
        }
        let manifest = try JSONValue.parseObject(manifestData, file: manifestPath)
        func number(_ key: String) throws(InputError) -> Int64 {
            guard case .integer(let value)? = manifest[key] else {
                throw InputError(file: manifestPath, field: key, problem: "missing or not an integer")
            }
            return value
        }
        func text(_ key: String) throws(InputError) -> String {
            guard case .string(let value)? = manifest[key] else {
                throw InputError(file: manifestPath, field: key, problem: "missing or not a string")
            }
            return value
        }
        // The output of another command (a sweep, an evaluation…) is not a run: say so before any field is missing.
        if case .string(let command)? = manifest["command"], command != "simulate" {
            throw InputError(
                file: manifestPath, field: "command",
                problem:
                    "is \(command): \(folder) is the output of `warnsim \(command)`, not a run folder; give the folders `warnsim simulate` wrote (seed-N/ or the ensemble folder)"
            )
        }
        let seedValue = try number("seed")
        guard seedValue >= 0 else { throw InputError(file: manifestPath, field: "seed", problem: "is negative") }
        let seed = UInt64(seedValue)
        let days = Int(try number("days"))
        guard RunSpan.days.contains(days) else {
            throw InputError(
                file: manifestPath, field: "days",
                problem: "is \(days); a run has \(RunSpan.days.lowerBound)…\(RunSpan.days.upperBound) days")
        }
        let people = Int(try number("people"))
        guard RunSpan.people.contains(people) else {
            throw InputError(
                file: manifestPath, field: "people",
                problem: "is \(people); a run has \(RunSpan.people.lowerBound)…\(RunSpan.people.upperBound) people")
        }
        let startTime = try number("start_time")
        guard RunSpan.startTimes.contains(startTime), startTime % 86_400 == 0 else {
            throw InputError(
                file: manifestPath, field: "start_time",
                problem:
                    "is \(startTime); a run starts at a UTC midnight from 2000-01-01 to 2099-12-28 (Unix seconds \(RunSpan.startTimes.lowerBound)…\(RunSpan.startTimes.upperBound))"
            )
        }
        let span = startTime...(startTime + Int64(days) * 86_400)
        guard let distanceModel = DistanceDoseModel(rawValue: try text("distance_dose_model")) else {
            throw InputError(
                file: manifestPath, field: "distance_dose_model", problem: "is not one of \(DistanceDoseModel.allCases.map(\.rawValue))")
        }
        // Runs from before the phones had platforms name one for all in the manifest.
        var allOnePlatform: RiskPlatform?
        if manifest["platform"] != nil {
            guard let platform = RiskPlatform(rawValue: try text("platform")) else {
                throw InputError(file: manifestPath, field: "platform", problem: "is not android or ios")
            }
            allOnePlatform = platform
        }
        try checkHashes(manifest: manifest, manifestPath: manifestPath, folder: folder)
        let risk = try ConfigurationLoader.load(path: path(RunFolder.riskFileName))
        let phones = try readPhones(path: path(PhonesCSV.fileName), people: people, span: span, allOnePlatform: allOnePlatform)
        let infections = try readInfections(path: path(InfectionsCSV.fileName), people: people, startTime: startTime, days: days)
        let exposures = try ExposureStore.decode(try bytes(path(ExposureStore.fileName)), file: path(ExposureStore.fileName))
        let windows = try WindowStore.decode(try bytes(path(WindowStore.fileName)), file: path(WindowStore.fileName))
        for (index, e) in exposures.enumerated() where e.exposed >= people || e.infector >= people || !phones[e.exposed].hasApp {
            throw InputError(
                file: path(ExposureStore.fileName), field: "record \(index)",
                problem: "names a person beyond the run's \(people) or an exposed person without the app")
        }
        for (index, w) in windows.enumerated() where w.phone >= people || w.owner >= people || !phones[w.phone].hasApp {
            throw InputError(
                file: path(WindowStore.fileName), field: "record \(index)",
                problem: "names a person beyond the run's \(people) or a phone without the app")
        }
        guard let beta = manifest["beta_per_minute"]?.doubleValue, beta.isFinite, (0...1).contains(beta) else {
            throw InputError(file: manifestPath, field: "beta_per_minute", problem: "missing or not a number within 0…1")
        }
        var run = RecordedRun(
            folder: folder, seed: seed, days: days, startTime: startTime, distanceModel: distanceModel, risk: risk,
            phones: phones, infections: infections, exposures: exposures, windows: windows)
        run.betaPerMinute = beta
        run.keyDays = try ContactStore.decode(try bytes(path(ContactStore.fileName)), file: path(ContactStore.fileName), people: people)
        if let record = manifest[RunFolder.radioParametersKey] {
            guard case .object(let fields) = record, case .string(let file)? = fields["file"],
                case .string(let digest)? = fields["digest"], digest.hasPrefix("sha256:"), fields.count == 2
            else {
                throw InputError(
                    file: manifestPath, field: RunFolder.radioParametersKey,
                    problem: "must be an object with the strings \"file\" and \"digest\" (sha256:HEX) and nothing else")
            }
            run.radioParameters = (file, digest)
        }
        run.scenarioInputs = try scenarioInputs(manifest: manifest, manifestPath: manifestPath, radioFile: run.radioParameters?.file)
        run.totals = try readTotals(path: path(SummaryCSV.fileName), days: days)
        if FileManager.default.fileExists(atPath: path(CounterfactualCSV.fileName)) {
            run.counterfactualInfections = try readCounterfactual(path: path(CounterfactualCSV.fileName), days: days)
        }
        try run.checkConsistency()
        return run
    }

    static func bytes(_ path: String) throws(InputError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(file: path, problem: "cannot be read (missing or not a file)")
        }
        return [UInt8](data)
    }

    /// The files a run folder must list and hold: the ones read back here.
    package static let requiredOutputs = [
        PhonesCSV.fileName, InfectionsCSV.fileName, SummaryCSV.fileName, WindowStore.fileName, ExposureStore.fileName,
        ContactStore.fileName, RunFolder.riskFileName,
    ]

    /// ``scenarioInputs`` from the manifest: `name=digest` per input file,
    /// sorted, then `--set path=value` per override, in order.
    static func scenarioInputs(manifest: [String: JSONValue], manifestPath: String, radioFile: String?) throws -> [String] {
        guard case .object(let inputs)? = manifest["inputs"] else {
            throw InputError(file: manifestPath, field: "inputs", problem: "missing or not an object")
        }
        var out: [String] = []
        for name in inputs.keys.sorted() where name != radioFile {
            guard case .string(let digest) = inputs[name]! else {
                throw InputError(file: manifestPath, field: "inputs.\(name)", problem: "is not a string")
            }
            out.append("\(name)=\(digest)")
        }
        switch manifest["overrides"] {
        case nil: break
        case .array(let values)?:
            for value in values {
                guard case .string(let text) = value else {
                    throw InputError(file: manifestPath, field: "overrides", problem: "must be an array of strings")
                }
                if !text.hasPrefix("radio.parameters=") { out.append("--set \(text)") }
            }
        default: throw InputError(file: manifestPath, field: "overrides", problem: "must be an array of strings")
        }
        return out
    }

    /// The manifest pins every output by SHA-256: every file its `outputs`
    /// lists must be present in the folder, with that digest when one is
    /// recorded (a `null` value records presence only); the files read back
    /// here must be listed. A missing, changed or swapped file is refused,
    /// naming it.
    package static func checkHashes(manifest: [String: JSONValue], manifestPath: String, folder: String) throws {
        guard case .object(let outputs)? = manifest["outputs"] else {
            throw InputError(file: manifestPath, field: "outputs", problem: "missing or not an object")
        }
        let counterfactual = URL(fileURLWithPath: folder).appendingPathComponent(CounterfactualCSV.fileName).path
        if FileManager.default.fileExists(atPath: counterfactual) && outputs[CounterfactualCSV.fileName] == nil {
            throw InputError(file: counterfactual, problem: "is not listed in manifest.json (added after the run?)")
        }
        for name in requiredOutputs where outputs[name] == nil {
            throw InputError(
                file: manifestPath, field: "outputs.\(name)", problem: "missing; the run folder is from an older WarnSim or incomplete")
        }
        try ManifestOutputs.verify(manifest: manifest, manifestPath: manifestPath, folder: folder)
    }

    /// `phones.csv`; each app user's `platform` column, or `allOnePlatform`
    /// for a run from before the phones had platforms (no such column).
    ///
    /// Every time lies within `span` (the run's start to end, Unix seconds),
    /// a warning delay within the run's length; a warning, an upload or a test
    /// belongs to an app user, a warning follows a HIGH result, and the tests
    /// are in time order.
    static func readPhones(
        path: String, people: Int, span: ClosedRange<Int64>, allOnePlatform: RiskPlatform? = nil
    ) throws(InputError) -> [Phone] {
        let table = try CSVTable.read(path: path)
        let person = try table.column(PhonesCSV.person)
        let hasApp = try table.column(PhonesCSV.hasApp)
        let platformColumn = try table.optionalColumn(PhonesCSV.platform)
        guard platformColumn != nil || allOnePlatform != nil else {
            throw InputError(
                file: path, field: PhonesCSV.platform.name, problem: "column is missing (and the manifest names no platform for all phones)"
            )
        }
        let shared = try table.column(PhonesCSV.keysShared)
        let high = try table.column(PhonesCSV.firstHighRiskAt)
        let seen = try table.column(PhonesCSV.firstWarningAt)
        let delay = try table.column(PhonesCSV.warningDelay)
        let tests = try table.column(PhonesCSV.appTests)
        let logging = try table.optionalColumn(PhonesCSV.exposureLogging)
        guard table.rows.count == people else {
            throw InputError(file: path, problem: "has \(table.rows.count) rows; the manifest says \(people) people")
        }
        var phones: [Phone] = []
        for row in table.rows.indices {
            let index = try table.int(row: row, column: person, in: 0...(people - 1))
            guard index == row else { throw table.invalid(row: row, column: person, "rows must be in person order (expected \(row))") }
            let keys = table.rows[row][shared]
            var phone = Phone(
                person: index, hasApp: try table.flag(row: row, column: hasApp),
                sharedKeys: !keys.isEmpty && keys != "0",
                firstHighRiskAt: try table.optionalInt64(row: row, column: high),
                warningDelay: try table.optionalInt64(row: row, column: delay) ?? 0,
                appTests: try appTests(table.rows[row][tests], table: table, row: row, column: tests))
            phone.firstWarningAt = try table.optionalInt64(row: row, column: seen)
            try checkTimes(of: phone, table: table, row: row, span: span, columns: (high, seen, delay, tests, shared))
            if let logging, phone.hasApp { phone.exposureLogging = try table.flag(row: row, column: logging) }
            if let platformColumn {
                let cell = table.rows[row][platformColumn]
                if phone.hasApp {
                    guard let platform = RiskPlatform(rawValue: cell) else {
                        throw table.invalid(row: row, column: platformColumn, "an app user's platform must be android or ios")
                    }
                    phone.platform = platform
                } else if !cell.isEmpty {
                    throw table.invalid(row: row, column: platformColumn, "must be empty for a person without the app")
                }
            } else if let allOnePlatform {
                phone.platform = allOnePlatform
            }
            phones.append(phone)
        }
        return phones
    }

    /// Sums of `summary.csv` (one row per day).
    static func readTotals(path: String, days: Int) throws(InputError) -> DayTotals {
        let table = try CSVTable.read(path: path)
        guard table.rows.count == days else {
            throw InputError(file: path, problem: "has \(table.rows.count) rows; the manifest says \(days) days")
        }
        let columns = try [
            SummaryCSV.infections, SummaryCSV.uploads, SummaryCSV.warnings, SummaryCSV.isolating, SummaryCSV.quarantined,
            SummaryCSV.reducedContacts,
        ].map { column throws(InputError) in try table.column(column) }
        var sums = [Int](repeating: 0, count: columns.count)
        for row in table.rows.indices {
            for (k, column) in columns.enumerated() { sums[k] += try table.int(row: row, column: column, in: 0...Int(Int32.max)) }
        }
        return DayTotals(
            infections: sums[0], uploads: sums[1], warnings: sums[2], isolating: sums[3], quarantined: sums[4], reducedContacts: sums[5])
    }

    /// Total infections of `counterfactual.csv` (one row per day).
    static func readCounterfactual(path: String, days: Int) throws(InputError) -> Int {
        let table = try CSVTable.read(path: path)
        guard table.rows.count == days else {
            throw InputError(file: path, problem: "has \(table.rows.count) rows; the manifest says \(days) days")
        }
        let column = try table.column(CounterfactualCSV.infections)
        var total = 0
        for row in table.rows.indices { total += try table.int(row: row, column: column, in: 0...Int(Int32.max)) }
        return total
    }

    /// The `app_tests` cell: `REGISTERED_AT:RESULT` entries separated by `;`,
    /// `:RAT` appended for a rapid antigen test.
    static func appTests(_ cell: String, table: CSVTable, row: Int, column: Int) throws(InputError) -> [AppTest] {
        guard !cell.isEmpty else { return [] }
        var tests: [AppTest] = []
        for entry in cell.split(separator: ";", omittingEmptySubsequences: false) {
            let parts = entry.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2 || (parts.count == 3 && parts[2] == "RAT"), let time = Int64(parts[0]),
                ["", "POSITIVE", "NEGATIVE", "INVALID"].contains(String(parts[1]))
            else {
                throw table.invalid(
                    row: row, column: column, "expected REGISTERED_AT:RESULT[:RAT] entries separated by ';', found '\(entry)'")
            }
            tests.append(AppTest(registeredAt: time, result: String(parts[1]), rapidAntigen: parts.count == 3))
        }
        return tests
    }

    /// `infections.csv`: one row per infected person (nobody is infected
    /// twice), never infected by themselves; a seed within a year of the
    /// start, a transmission from the start to a day after the end (an
    /// encounter that began on the last evening).
    static func readInfections(path: String, people: Int, startTime: Int64, days runDays: Int) throws(InputError) -> [Infection] {
        let table = try CSVTable.read(path: path)
        let person = try table.column(InfectionsCSV.person)
        let infector = try table.column(InfectionsCSV.infector)
        let time = try table.column(InfectionsCSV.timeDays)
        var infections: [Infection] = []
        var infected = Set<Int>()
        let year = Double(RunSpan.days.upperBound)
        for row in table.rows.indices {
            let days = try table.double(row: row, column: time)
            var infection = Infection(
                person: try table.int(row: row, column: person, in: 0...(people - 1)),
                infector: try table.int(row: row, column: infector, in: -1...(people - 1)),
                time: 0)
            // Seeds are infected around the start (their onsets fall in its first days); a transmission
            // during the run, up to a day after its end (an encounter of the last evening).
            let allowed = infection.infector < 0 ? -year...year : 0...Double(runDays + 1)
            guard allowed.contains(days) else {
                throw table.invalid(
                    row: row, column: time,
                    "is \(days); \(infection.infector < 0 ? "a seed's infection lies within a year of the start" : "a transmission lies between the run's start and a day after its \(runDays) days")"
                )
            }
            infection.time = startTime + Int64((days * 86_400).rounded())
            guard infected.insert(infection.person).inserted else {
                throw table.invalid(row: row, column: person, "person \(infection.person) is infected a second time")
            }
            guard infection.infector != infection.person else {
                throw table.invalid(row: row, column: infector, "person \(infection.person) is named as their own infector")
            }
            infections.append(infection)
        }
        return infections
    }
}
