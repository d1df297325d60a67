import Crypto
import ExposureNotification
import Foundation
import Population
import RiskCalculation
import WarnSimCore

/// Writes a finished run's files (columns documented in Outputs/README.md).
/// Every file goes through `AtomicFile`; nothing depends on thread count or
/// wall-clock time except the `timings` block of `manifest.json`.
public enum RunOutputs {
    /// The risk configuration the phones used at the run's end (the last app
    /// configuration they fetched and accepted; with no `risk.timeline` the
    /// scenario's `risk.configuration`), normalized: what `evaluate` and
    /// `sweep` score as production. The configurations of a timeline, and when
    /// the phones took each up, are in `manifest.json`.
    public static let riskFileName = "risk.yaml"
    /// The run with every warning ignored (``CounterfactualRun``), per day.
    public static let counterfactualFileName = "counterfactual.csv"
    /// `manifest.json`'s record of the radio channel the run's phones scanned
    /// through: `{"file": NAME, "digest": "sha256:HEX"}` of the radio
    /// parameters file, so that `evaluate` can tell runs of different radio
    /// variants apart (``RadioEnsemble``).
    public static let radioParametersKey = "radio_parameters"

    /// `phones.csv`: one row per person.
    public static func phonesCSV(_ run: SimulationRun) -> String {
        var out =
            "person,age_group,has_app,platform,exposure_logging,notifications,infected_day,symptomatic,onset_day,test_route,test_registered_at,test_result,keys_shared_at,keys_shared,first_warning_at,first_high_risk_at,windows,final_risk_level,household,warning_delay_s,app_tests,tests_taken,positive_known_at,isolation_days,quarantine_days,reduced_contact_days,app_installed_at,app_removed_at,"
            + "test_registered_at_utc,keys_shared_at_utc,first_warning_at_utc,first_high_risk_at_utc,positive_known_at_utc\n"
        let infectedDay = Dictionary(run.world.infections.map { (Int($0.person), $0.day) }, uniquingKeysWith: { a, _ in a })
        for record in run.phones {
            let p = record.person
            var cells = [String(p), run.world.town.age[p].name, record.hadApp ? "1" : "0"]
            let app = record.appRecord
            cells.append(app == nil ? "" : record.platform.rawValue)
            cells.append(app.map { $0.consents.exposureLogging ? "1" : "0" } ?? "")
            cells.append(app.map { $0.consents.notifications ? "1" : "0" } ?? "")
            let infected = run.world.disease.infectionTime[p].isFinite
            cells.append(infectedDay[p].map(String.init) ?? "")
            cells.append(infected ? (run.world.disease.symptomatic[p] ? "1" : "0") : "")
            cells.append(infected ? String(format: "%.3f", run.world.disease.onset[p]) : "")
            var registered = ""
            var registeredAt: Int64?
            var result = ""
            var sharedAt = ""
            var sharedTime: Int64?
            var shared = ""
            for event in app?.events ?? [] {
                switch event {
                case .testRegistered(let t, _):
                    registered = String(t)
                    registeredAt = t
                case .testResultAvailable(_, let r, _): result = r.rawValue
                case .keysShared(let t, let n):
                    sharedAt = String(t)
                    sharedTime = t
                    shared = String(n)
                default: break
                }
            }
            cells.append(app?.test.map { $0.route.rawValue } ?? "")
            cells += [registered, app?.test?.result?.rawValue ?? result, sharedAt, shared]
            cells.append(record.firstWarningTime.map(String.init) ?? "")
            cells.append(record.firstHighRiskTime.map(String.init) ?? "")
            cells.append(String(run.recorder.windows[p].count))
            cells.append(app?.lastRisk.map { $0.totalRiskLevel.description } ?? "")
            cells.append(String(run.world.town.household[p]))
            cells.append(record.firstHighRiskTime == nil ? "" : String(record.warningDelay))
            cells.append(appTests(app?.events ?? []))
            let health = run.health
            cells += [String(health.testsTaken[p]), health.positiveKnownAt[p].map(String.init) ?? ""]
            cells += [health.isolationDays[p], health.quarantineDays[p], health.reducedContactDays[p]].map(String.init)
            // With an adoption curve, when the app was installed and removed (the app users' rows).
            cells.append(record.hadApp ? record.installedAt.map(String.init) ?? "" : "")
            cells.append(record.hadApp ? record.removedAt.map(String.init) ?? "" : "")
            // The same times as UTC timestamps, for reading (the columns above stay Unix seconds).
            cells += [registeredAt, sharedTime, record.firstWarningTime, record.firstHighRiskTime, health.positiveKnownAt[p]].map(
                UTCTime.timestamp)
            out += cells.joined(separator: ",") + "\n"
        }
        return out
    }

    /// Every test registered in an app, as `REGISTERED_AT:RESULT` separated by
    /// `;` (RESULT empty while pending), in time order.
    static func appTests(_ events: [AppEvent]) -> String {
        var tests: [(Int64, String)] = []
        for event in events {
            switch event {
            case .testRegistered(let t, _): tests.append((t, ""))
            case .testResultAvailable(_, let result, _) where !tests.isEmpty && tests[tests.count - 1].1.isEmpty:
                tests[tests.count - 1].1 = result.rawValue
            default: break
            }
        }
        return tests.map { "\($0.0):\($0.1)" }.joined(separator: ";")
    }

    /// `risk_timeline` of `manifest.json`: each configuration the scenario's
    /// `risk.timeline` publishes, with its date, publication time (Unix s),
    /// name, scheme and file name.
    static func timelineJSON(_ timeline: [RiskTimelineEntry]) -> String {
        let entries = timeline.map { entry in
            "{\"date\": \(TextEscaping.jsonString(entry.date)), \"published_at\": \(entry.publishedAt), "
                + "\"configuration\": \(TextEscaping.jsonString(entry.configuration.name)), "
                + "\"scheme\": \(TextEscaping.jsonString(entry.configuration.scheme.identifier)), "
                + "\"file\": \(TextEscaping.jsonString(entry.file.lastPathComponent))}"
        }
        return "[" + entries.joined(separator: ", ") + "]"
    }

    /// `risk_configurations_used` of `manifest.json`: each configuration the
    /// phones took up, from the fetch (Unix s) that brought it.
    static func configurationsUsedJSON(_ used: [(at: Int64, configuration: RiskConfiguration)]) -> String {
        let entries = used.map { entry in
            "{\"from\": \(entry.at), \"configuration\": \(TextEscaping.jsonString(entry.configuration.name)), "
                + "\"scheme\": \(TextEscaping.jsonString(entry.configuration.scheme.identifier))}"
        }
        return "[" + entries.joined(separator: ", ") + "]"
    }

    /// `infections.csv`: the infection tree with the causing encounter.
    public static func infectionsCSV(_ run: SimulationRun) -> String {
        var out =
            "person,infector,time_days,day,encounter,setting,minimum_distance_m,duration_min,dose,symptomatic,onset_days,person_has_app,infector_has_app\n"
        for r in run.world.infections {
            let infectorApp = r.infector >= 0 ? (run.phones[Int(r.infector)].hadApp ? "1" : "0") : ""
            out +=
                [
                    String(r.person), String(r.infector), String(format: "%.4f", r.time), String(r.day), String(r.encounter),
                    r.setting == 255 ? "seed" : (Setting(rawValue: r.setting)?.name ?? String(r.setting)),
                    String(format: "%.2f", r.minimumDistance), String(r.durationMinutes), String(format: "%.5f", r.dose),
                    r.symptomatic ? "1" : "0", String(format: "%.3f", r.onset),
                    run.phones[Int(r.person)].hadApp ? "1" : "0", infectorApp,
                ].joined(separator: ",") + "\n"
        }
        return out
    }

    /// Every recorded window of the run, ordered by (phone, first scan, owner, last scan).
    public static func storedWindows(_ run: SimulationRun) -> [StoredWindow] {
        var out: [StoredWindow] = []
        for (phone, windows) in run.recorder.windows.enumerated() where !windows.isEmpty {
            let sorted = windows.values.sorted {
                ($0.firstScanTime, $0.owner, $0.lastScanTime) < ($1.firstScanTime, $1.owner, $1.lastScanTime)
            }
            for w in sorted {
                out.append(
                    StoredWindow(
                        phone: phone, owner: w.owner, firstScanTime: w.firstScanTime, lastScanTime: w.lastScanTime,
                        detectedAt: w.detectedAt, runLevel: w.level, truth: w.truth, window: w.window))
            }
        }
        return out
    }

    /// `windows.csv`: every exposure window any phone recorded, with the key's
    /// owner and the real contact behind it (ground truth) and the window's
    /// level under the run's parameters; `windows.bin` holds the scans.
    public static func windowsCSV(_ windows: [StoredWindow]) -> String {
        var out =
            "phone,key_owner,day,first_scan_time,last_scan_time,detected_at,report_type,infectiousness,calibration_confidence,scans,seconds,min_attenuation_db,level,true_minutes,true_min_distance_m,true_dose,"
            + "date,first_scan_utc,detected_at_utc\n"
        for w in windows {
            let seconds = w.window.scanInstances.reduce(0) { $0 + max($1.secondsSinceLastScan, 0) }
            let minimum = w.window.scanInstances.map(\.minAttenuation).min() ?? 0
            out +=
                [
                    String(w.phone), String(w.owner), String(w.window.dayNumber), String(w.firstScanTime),
                    String(w.lastScanTime), String(w.detectedAt), w.window.reportType.description, w.window.infectiousness.description,
                    w.window.calibrationConfidence.description, String(w.window.scanInstances.count), String(seconds),
                    String(minimum), w.runLevel?.description ?? "dropped",
                    String(format: "%.2f", w.truth.minutes),
                    w.truth.minimumDistance < 0 ? "" : String(format: "%.2f", w.truth.minimumDistance),
                    String(format: "%.5f", w.truth.dose),
                    UTCTime.date(day: Int64(w.window.dayNumber)), UTCTime.timestamp(seconds: w.firstScanTime),
                    UTCTime.timestamp(seconds: w.detectedAt),
                ].joined(separator: ",") + "\n"
        }
        return out
    }

    /// `summary.csv`: one row per day.
    public static func summaryCSV(_ run: SimulationRun) -> String {
        var out =
            "day,date,infections,infections_of_app_users,tests_taken,positive_results,negative_results,invalid_results,tests_registered,app_positive_results,app_negative_results,app_invalid_results,uploads,keys_uploaded,packages_published,keys_distributed,high_risk_results,warnings,isolating,quarantined,reduced_contacts\n"
        for row in run.summary {
            out +=
                [
                    String(row.day), UTCTime.date(seconds: run.app.startTime + Int64(row.day) * 86_400),
                ].joined(separator: ",") + ","
                + [
                    row.infections, row.infectionsOfAppUsers, row.testsTaken, row.positiveResults, row.negativeResults,
                    row.invalidResults, row.testsRegistered, row.appPositiveResults, row.appNegativeResults, row.appInvalidResults,
                    row.uploads, row.keysUploaded, row.packagesPublished, row.keysDistributed, row.highRiskResults, row.warnings,
                    row.isolating, row.quarantined, row.reducedContacts,
                ].map(String.init).joined(separator: ",") + "\n"
        }
        return out
    }

    /// The run's files but the counterfactual and the manifest, by name, in the order they are written.
    public static func files(_ run: SimulationRun) -> [(name: String, data: Data)] {
        let windows = storedWindows(run)
        return [
            ("phones.csv", Data(phonesCSV(run).utf8)),
            ("infections.csv", Data(infectionsCSV(run).utf8)),
            ("windows.csv", Data(windowsCSV(windows).utf8)),
            ("summary.csv", Data(summaryCSV(run).utf8)),
            (WindowStore.fileName, Data(WindowStore.encode(windows))),
            (ExposureStore.fileName, Data(run.exposureFileBytes())),
            (ContactStore.fileName, Data(ContactStore.encode(run.distributedKeyDays))),
            (riskFileName, Data(ConfigurationWriter.yaml(run.riskConfiguration).utf8)),
        ]
    }

    /// Writes the run's files into `folder`; `inputs` are the files whose
    /// hashes pin the run, `timings` the wall-clock seconds (reported, not part
    /// of the reproducible outputs; nil leaves `timings_seconds` out of the
    /// manifest, so that the whole folder is reproducible).
    /// `counterfactualCSV` stands for `counterfactual`'s file when the
    /// counterfactual was not run again (`redraw` copies the run's own);
    /// `manifestEntries` are added to the manifest as given (name, JSON).
    public static func write(
        _ run: SimulationRun, to folder: URL, version: String, inputs: [URL], counterfactual: CounterfactualRun? = nil,
        counterfactualCSV: Data? = nil, overrides: [String] = [], radioParameters: URL? = nil,
        manifestEntries: [(String, String)] = [], timings: [String: Double]?
    ) throws {
        var files = self.files(run)
        if let counterfactual { files.append((counterfactualFileName, Data(counterfactual.csv().utf8))) }
        if let counterfactualCSV { files.append((counterfactualFileName, counterfactualCSV)) }
        for (name, data) in files { try AtomicFile.write(data, to: folder.appendingPathComponent(name)) }
        var manifest = RunManifest(command: "simulate", version: version, seed: run.seed)
        manifest.add("days", run.summary.count)
        manifest.add("start_time", run.app.startTime)
        manifest.add("distance_dose_model", run.world.transmission.config.distanceModel.rawValue)
        manifest.add("beta_per_minute", json: "\(run.world.transmission.config.beta)")
        manifest.add("people", run.phones.count)
        manifest.add("app_users", run.phones.filter(\.hadApp).count)
        if run.app.adoptionCurve != nil {
            // Of the app users: apps installed before the start, installed during the run, removed during it.
            let start = run.app.startTime
            manifest.add("app_users_at_start", run.phones.filter { $0.hadApp && ($0.installedAt ?? start) <= start }.count)
            manifest.add("app_installs_during_run", run.phones.filter { $0.hadApp && ($0.installedAt ?? start) > start }.count)
            manifest.add("app_removals_during_run", run.phones.filter { $0.removedApp != nil }.count)
        }
        if let radioParameters {
            let digest = (try? Data(contentsOf: radioParameters)).map(RunManifest.digest) ?? "unreadable"
            manifest.add(
                radioParametersKey,
                json:
                    "{\"file\": \(TextEscaping.jsonString(radioParameters.lastPathComponent)), \"digest\": \(TextEscaping.jsonString(digest))}"
            )
        }
        manifest.add("risk_configuration", run.riskConfiguration.name)
        manifest.add("risk_scheme", run.riskConfiguration.scheme.identifier)
        manifest.add("risk_timeline", json: timelineJSON(run.app.riskTimeline))
        manifest.add("risk_configurations_used", json: configurationsUsedJSON(run.acceptedConfigurations))
        manifest.add("rejected_app_configurations", run.rejectedAppConfigurations)
        // Each app user's platform is in phones.csv; the counts here.
        manifest.add("app_users_android", run.phones.filter { $0.hadApp && $0.platform == .android }.count)
        manifest.add("app_users_ios", run.phones.filter { $0.hadApp && $0.platform == .ios }.count)
        if !overrides.isEmpty {
            manifest.add("overrides", json: "[" + overrides.map(TextEscaping.jsonString).joined(separator: ", ") + "]")
        }
        for (name, json) in manifestEntries { manifest.add(name, json: json) }
        for url in inputs {
            manifest.inputs.append((url.lastPathComponent, (try? Data(contentsOf: url)).map(RunManifest.digest) ?? "unreadable"))
        }
        for (name, data) in files { manifest.addOutput(name, data: data) }
        manifest.timings = timings
        try manifest.write(into: folder)
    }
}
