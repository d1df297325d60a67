import Crypto
import ExposureNotification
import Foundation
import Population
import RiskCalculation
import RunRecords
import WarnSimCore

/// Writes a finished run's files through their declarations in RunRecords.
/// Every file goes through `AtomicFile`; nothing depends on thread count or
/// wall-clock time except the `timings` block of `manifest.json`.
package enum RunOutputs {
    /// `phones.csv`: one row per person (``PhonesCSV``).
    package static func phonesCSV(_ run: SimulationRun) -> String {
        var file = PhonesCSV.writer()
        let infectedDay = Dictionary(run.world.infections.map { (Int($0.person), $0.day) }, uniquingKeysWith: { a, _ in a })
        let health = run.health
        for record in run.phones {
            let p = record.person
            let app = record.appRecord
            let infected = run.world.disease.infectionTime[p].isFinite
            var registeredAt: Int64?
            var result = ""
            var sharedAt: Int64?
            var shared = ""
            for event in app?.events ?? [] {
                switch event {
                case .testRegistered(let t, _, _): registeredAt = t
                case .testResultAvailable(_, let r, _): result = r.rawValue
                case .keysShared(let t, let n):
                    sharedAt = t
                    shared = String(n)
                default: break
                }
            }
            file.row { row in
                row[PhonesCSV.person] = String(p)
                row[PhonesCSV.ageGroup] = run.world.town.age[p].name
                row[PhonesCSV.hasApp] = record.hadApp ? "1" : "0"
                row[PhonesCSV.platform] = app == nil ? "" : record.platform.rawValue
                row[PhonesCSV.exposureLogging] = app.map { $0.consents.exposureLogging ? "1" : "0" } ?? ""
                row[PhonesCSV.notifications] = app.map { $0.consents.notifications ? "1" : "0" } ?? ""
                row[PhonesCSV.infectedDay] = infectedDay[p].map(String.init) ?? ""
                row[PhonesCSV.symptomatic] = infected ? (run.world.disease.symptomatic[p] ? "1" : "0") : ""
                row[PhonesCSV.onsetDay] = infected ? String(format: "%.3f", run.world.disease.onset[p]) : ""
                row[PhonesCSV.testRoute] = app?.test.map { $0.route.rawValue } ?? ""
                row[PhonesCSV.testRegisteredAt] = registeredAt.map(String.init) ?? ""
                row[PhonesCSV.testResult] = app?.test?.result?.rawValue ?? result
                row[PhonesCSV.keysSharedAt] = sharedAt.map(String.init) ?? ""
                row[PhonesCSV.keysShared] = shared
                row[PhonesCSV.firstWarningAt] = record.firstWarningTime.map(String.init) ?? ""
                row[PhonesCSV.firstHighRiskAt] = record.firstHighRiskTime.map(String.init) ?? ""
                row[PhonesCSV.windows] = String(run.recorder.windows[p].count)
                row[PhonesCSV.finalRiskLevel] = app?.lastRisk.map { $0.totalRiskLevel.description } ?? ""
                row[PhonesCSV.household] = String(run.world.town.household[p])
                row[PhonesCSV.warningDelay] = record.firstHighRiskTime == nil ? "" : String(record.warningDelay)
                row[PhonesCSV.appTests] = appTests(app?.events ?? [])
                row[PhonesCSV.testsTaken] = String(health.testsTaken[p])
                row[PhonesCSV.positiveKnownAt] = health.positiveKnownAt[p].map(String.init) ?? ""
                row[PhonesCSV.isolationDays] = String(health.isolationDays[p])
                row[PhonesCSV.quarantineDays] = String(health.quarantineDays[p])
                row[PhonesCSV.reducedContactDays] = String(health.reducedContactDays[p])
                // With an adoption curve, when the app was installed and removed (the app users' rows).
                row[PhonesCSV.appInstalledAt] = record.hadApp ? record.installedAt.map(String.init) ?? "" : ""
                row[PhonesCSV.appRemovedAt] = record.hadApp ? record.removedAt.map(String.init) ?? "" : ""
                // The same times as UTC timestamps, for reading (the columns above stay Unix seconds).
                row[PhonesCSV.testRegisteredAtUTC] = UTCTime.timestamp(registeredAt)
                row[PhonesCSV.keysSharedAtUTC] = UTCTime.timestamp(sharedAt)
                row[PhonesCSV.firstWarningAtUTC] = UTCTime.timestamp(record.firstWarningTime)
                row[PhonesCSV.firstHighRiskAtUTC] = UTCTime.timestamp(record.firstHighRiskTime)
                row[PhonesCSV.positiveKnownAtUTC] = UTCTime.timestamp(health.positiveKnownAt[p])
            }
        }
        return file.text
    }

    /// Every test registered in an app, as `REGISTERED_AT:RESULT` separated by
    /// `;` (RESULT empty while pending), `:RAT` appended for a rapid antigen
    /// test, in time order.
    static func appTests(_ events: [AppEvent]) -> String {
        var tests: [(at: Int64, result: String, rapid: Bool)] = []
        for event in events {
            switch event {
            case .testRegistered(let t, _, let polling): tests.append((t, "", polling == .rapidAntigen))
            case .testResultAvailable(_, let result, _) where !tests.isEmpty && tests[tests.count - 1].result.isEmpty:
                tests[tests.count - 1].result = result.rawValue
            default: break
            }
        }
        return tests.map { "\($0.at):\($0.result)" + ($0.rapid ? ":RAT" : "") }.joined(separator: ";")
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

    /// `infections.csv`: the infection tree with the causing encounter (``InfectionsCSV``).
    package static func infectionsCSV(_ run: SimulationRun) -> String {
        var file = InfectionsCSV.writer()
        for r in run.world.infections {
            file.row { row in
                row[InfectionsCSV.person] = String(r.person)
                row[InfectionsCSV.infector] = String(r.infector)
                row[InfectionsCSV.timeDays] = String(format: "%.4f", r.time)
                row[InfectionsCSV.day] = String(r.day)
                row[InfectionsCSV.encounter] = String(r.encounter)
                row[InfectionsCSV.setting] = r.setting == 255 ? "seed" : (Setting(rawValue: r.setting)?.name ?? String(r.setting))
                row[InfectionsCSV.minimumDistance] = String(format: "%.2f", r.minimumDistance)
                row[InfectionsCSV.durationMinutes] = String(r.durationMinutes)
                row[InfectionsCSV.dose] = String(format: "%.5f", r.dose)
                row[InfectionsCSV.symptomatic] = r.symptomatic ? "1" : "0"
                row[InfectionsCSV.onsetDays] = String(format: "%.3f", r.onset)
                row[InfectionsCSV.personHasApp] = run.phones[Int(r.person)].hadApp ? "1" : "0"
                row[InfectionsCSV.infectorHasApp] = r.infector >= 0 ? (run.phones[Int(r.infector)].hadApp ? "1" : "0") : ""
            }
        }
        return file.text
    }

    /// Every recorded window of the run, ordered by (phone, first scan, owner, last scan).
    package static func storedWindows(_ run: SimulationRun) -> [StoredWindow] {
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
    /// level under the run's parameters (``WindowsCSV``); `windows.bin` holds the scans.
    package static func windowsCSV(_ windows: [StoredWindow]) -> String {
        var file = WindowsCSV.writer()
        for w in windows {
            file.row { row in
                row[WindowsCSV.phone] = String(w.phone)
                row[WindowsCSV.keyOwner] = String(w.owner)
                row[WindowsCSV.day] = String(w.window.dayNumber)
                row[WindowsCSV.firstScanTime] = String(w.firstScanTime)
                row[WindowsCSV.lastScanTime] = String(w.lastScanTime)
                row[WindowsCSV.detectedAt] = String(w.detectedAt)
                row[WindowsCSV.reportType] = w.window.reportType.description
                row[WindowsCSV.infectiousness] = w.window.infectiousness.description
                row[WindowsCSV.calibrationConfidence] = w.window.calibrationConfidence.description
                row[WindowsCSV.scans] = String(w.window.scanInstances.count)
                row[WindowsCSV.seconds] = String(w.window.scanInstances.reduce(0) { $0 + max($1.secondsSinceLastScan, 0) })
                row[WindowsCSV.minAttenuation] = String(w.window.scanInstances.map(\.minAttenuation).min() ?? 0)
                row[WindowsCSV.level] = w.runLevel?.description ?? "dropped"
                row[WindowsCSV.trueMinutes] = String(format: "%.2f", w.truth.minutes)
                row[WindowsCSV.trueMinimumDistance] = w.truth.minimumDistance < 0 ? "" : String(format: "%.2f", w.truth.minimumDistance)
                row[WindowsCSV.trueDose] = String(format: "%.5f", w.truth.dose)
                row[WindowsCSV.date] = UTCTime.date(day: Int64(w.window.dayNumber))
                row[WindowsCSV.firstScanUTC] = UTCTime.timestamp(seconds: w.firstScanTime)
                row[WindowsCSV.detectedAtUTC] = UTCTime.timestamp(seconds: w.detectedAt)
            }
        }
        return file.text
    }

    /// `summary.csv`: one row per day (``SummaryCSV``).
    package static func summaryCSV(_ run: SimulationRun) -> String {
        var file = SummaryCSV.writer()
        for day in run.summary {
            file.row { row in
                row[SummaryCSV.day] = String(day.day)
                row[SummaryCSV.date] = UTCTime.date(seconds: run.app.startTime + Int64(day.day) * 86_400)
                row[SummaryCSV.infections] = String(day.infections)
                row[SummaryCSV.infectionsOfAppUsers] = String(day.infectionsOfAppUsers)
                row[SummaryCSV.testsTaken] = String(day.testsTaken)
                row[SummaryCSV.positiveResults] = String(day.positiveResults)
                row[SummaryCSV.negativeResults] = String(day.negativeResults)
                row[SummaryCSV.invalidResults] = String(day.invalidResults)
                row[SummaryCSV.testsRegistered] = String(day.testsRegistered)
                row[SummaryCSV.appPositiveResults] = String(day.appPositiveResults)
                row[SummaryCSV.appNegativeResults] = String(day.appNegativeResults)
                row[SummaryCSV.appInvalidResults] = String(day.appInvalidResults)
                row[SummaryCSV.uploads] = String(day.uploads)
                row[SummaryCSV.keysUploaded] = String(day.keysUploaded)
                row[SummaryCSV.packagesPublished] = String(day.packagesPublished)
                row[SummaryCSV.keysDistributed] = String(day.keysDistributed)
                row[SummaryCSV.highRiskResults] = String(day.highRiskResults)
                row[SummaryCSV.warnings] = String(day.warnings)
                row[SummaryCSV.isolating] = String(day.isolating)
                row[SummaryCSV.quarantined] = String(day.quarantined)
                row[SummaryCSV.reducedContacts] = String(day.reducedContacts)
            }
        }
        return file.text
    }

    /// The run's files but the counterfactual and the manifest, by name, in the order they are written.
    package static func files(_ run: SimulationRun) -> [(name: String, data: Data)] {
        let windows = storedWindows(run)
        return [
            (PhonesCSV.fileName, Data(phonesCSV(run).utf8)),
            (InfectionsCSV.fileName, Data(infectionsCSV(run).utf8)),
            (WindowsCSV.fileName, Data(windowsCSV(windows).utf8)),
            (SummaryCSV.fileName, Data(summaryCSV(run).utf8)),
            (WindowStore.fileName, Data(WindowStore.encode(windows))),
            (ExposureStore.fileName, Data(run.exposureFileBytes())),
            (ContactStore.fileName, Data(ContactStore.encode(run.distributedKeyDays))),
            (RunFolder.riskFileName, Data(ConfigurationWriter.yaml(run.riskConfiguration).utf8)),
        ]
    }

    /// Writes the run's files into `folder`; `inputs` are the files whose
    /// hashes pin the run, `timings` the wall-clock seconds (reported, not part
    /// of the reproducible outputs; nil leaves `timings_seconds` out of the
    /// manifest, so that the whole folder is reproducible).
    /// `counterfactualCSV` stands for `counterfactual`'s file when the
    /// counterfactual was not run again (`redraw` copies the run's own);
    /// `manifestEntries` are added to the manifest as given (name, JSON).
    package static func write(
        _ run: SimulationRun, to folder: URL, version: String, inputs: [URL], counterfactual: CounterfactualRun? = nil,
        counterfactualCSV: Data? = nil, overrides: [String] = [], radioParameters: URL? = nil,
        manifestEntries: [(String, String)] = [], timings: [String: Double]?
    ) throws {
        var files = self.files(run)
        if let counterfactual { files.append((CounterfactualCSV.fileName, Data(counterfactual.csv().utf8))) }
        if let counterfactualCSV { files.append((CounterfactualCSV.fileName, counterfactualCSV)) }
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
                RunFolder.radioParametersKey,
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
