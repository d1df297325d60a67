import Analysis
import Foundation
import Population
import RadioCalibration
import RunRecords
import Simulation
import WarnSimCore

/// Measures the figures of a validation registry: simulates each figure's
/// scenario and seeds (or reads given run folders) and computes the figure's
/// column the way `warnsim evaluate` does.
package struct ValidationRunner {
    /// Where the simulated runs are written (`SCENARIO/seed-N`).
    package var workFolder: URL
    /// Worker threads for the simulations.
    package var threads: Int
    /// The WarnSim version recorded in the runs' manifests.
    package var version: String
    /// Run folders to use for every run-metric figure instead of simulating.
    package var givenRuns: [String]?
    /// Progress messages (stderr in the command line).
    package var progress: (String) -> Void = { _ in }

    package init(workFolder: URL, threads: Int, version: String, givenRuns: [String]? = nil) {
        self.workFolder = workFolder
        self.threads = threads
        self.version = version
        self.givenRuns = givenRuns
    }

    /// Measures every figure, in order; runs shared by several figures are simulated once.
    ///
    /// - Parameter figures: The registry's figures.
    /// - Returns: One result per figure.
    /// - Throws: ``InputError`` for a scenario or run folder that does not load.
    package func run(_ figures: [ValidationFigure]) throws -> [ValidationResult] {
        var runsOf: [String: [String]] = [:]
        // Per scenario, seeds and days: the runs' tallies, computed once for
        // all figures measured on the same runs.
        var fieldTalliesOf: [String: [FieldOutcomeTally]] = [:]
        var sourceTalliesOf: [String: [WarningSourceTally]] = [:]
        var radioRows: [ValidationFigure.RadioCurveInputs: [RadioCheckRow]] = [:]
        var diaries: [ValidationFigure.ContactSurveyInputs: SurveyedTowns] = [:]
        // Per scenario, days and seed: a simulated run's folder and a surveyed
        // town, so figures on overlapping seeds (`--twice-the-seeds`) simulate
        // each seed once.
        var folderOf: [String: String] = [:]
        var townOf: [String: [[DiaryRespondent]]] = [:]
        var surveys: [String: (participants: [DiaryRespondent], summary: ContactDiarySummary)] = [:]
        var results: [ValidationResult] = []
        for figure in figures {
            switch figure.measure {
            case .runMetric(let scenario, let seeds, let days, let column):
                let key = "\(scenario)|\(seeds)|\(days.map(String.init) ?? "")"
                if runsOf[key] == nil {
                    if let givenRuns {
                        runsOf[key] = givenRuns
                    } else {
                        func seedKey(_ seed: UInt64) -> String { "\(scenario)|\(days.map(String.init) ?? "")|\(seed)" }
                        let missing = seeds.filter { folderOf[seedKey($0)] == nil }
                        if !missing.isEmpty {
                            for (seed, folder) in zip(missing, try simulate(scenario: scenario, seeds: missing, days: days)) {
                                folderOf[seedKey(seed)] = folder
                            }
                        }
                        runsOf[key] = seeds.map { folderOf[seedKey($0)]! }
                    }
                }
                // Each run folder is read once per scenario, seeds and days;
                // its counts give the pooled value, its own value and the
                // bootstrap interval.
                if fieldTalliesOf[key] == nil {
                    // In seed order (then folder), so the bootstrap's resampled
                    // indices name the same runs however `--runs` listed them.
                    let folders = runsOf[key]!
                    let loaded = try folders.map { try RecordedRun.load(folder: $0) }
                    let runs = loaded.indices.sorted { (loaded[$0].seed, folders[$0]) < (loaded[$1].seed, folders[$1]) }.map {
                        loaded[$0]
                    }
                    let set = try RunSet(runs: runs, options: LabelOptions())
                    fieldTalliesOf[key] = FieldOutcomeCalculator(runs: set).tallies(warnedAt: set.recordedWarnings)
                    sourceTalliesOf[key] = WarningSources(runs: set, warnedAt: set.recordedWarnings).perRun
                }
                if WarningSourceTally.columns.contains(column) {
                    results.append(
                        ValidationResult(
                            figure: figure, sourceTallies: sourceTalliesOf[key]!, column: column, entity: figure.bootstrapEntity))
                } else {
                    results.append(
                        ValidationResult(figure: figure, tallies: fieldTalliesOf[key]!, column: column, entity: figure.bootstrapEntity))
                }
            case .radioCurve(let inputs):
                var shared = inputs
                shared.dataSet = ""
                shared.places = []
                if radioRows[shared] == nil {
                    progress("validate: radio check of \(URL(fileURLWithPath: inputs.parameters).lastPathComponent)")
                    radioRows[shared] = try RadioCheck.run(
                        scenarios: try DP3TMeasurements.loadAll(directory: URL(fileURLWithPath: inputs.dp3t)),
                        lanfer: try LanferMeasurements.load(directory: URL(fileURLWithPath: inputs.lanfer)),
                        dublin: try DublinBusMeasurements.load(directory: URL(fileURLWithPath: inputs.dublin)),
                        table: try DeviceCalibrationTable.load(URL(fileURLWithPath: inputs.calibration)),
                        parameters: try RadioParameters.load(URL(fileURLWithPath: inputs.parameters)), seed: inputs.seed)
                }
                let rows = radioRows[shared]!.filter { $0.dataSet == inputs.dataSet && inputs.places.contains($0.site) }
                guard !rows.isEmpty else {
                    throw InputError(
                        file: figure.file, field: "figures.\(figure.id).measure.places",
                        problem: "no \(inputs.dataSet) rows for \(inputs.places.joined(separator: ", "))")
                }
                let misses = Double(rows.filter { !$0.passes }.count)
                results.append(ValidationResult(figure: figure, pooled: misses, perSeed: [misses]))
            case .contactSurvey(let inputs):
                if surveys[inputs.survey] == nil {
                    let participants = try PolymodSurvey.load(folder: URL(fileURLWithPath: inputs.survey))
                    surveys[inputs.survey] = (participants, ContactDiarySummary(respondents: participants, entity: 0))
                }
                let (participants, summary) = surveys[inputs.survey]!
                try Self.checkPublished(figure, inputs: inputs, survey: summary)
                var shared = inputs
                shared.figure = ""
                if diaries[shared] == nil { diaries[shared] = try surveyDiaries(inputs, as: participants, towns: &townOf) }
                let (pooled, perSeed) = diaries[shared]!
                let diaryFigure = ContactDiaryFigure(id: inputs.figure)
                guard let diaryFigure, let measured = ContactDiaryComparison.simulated(diaryFigure, in: pooled) else {
                    throw InputError(
                        file: figure.file, field: "figures.\(figure.id).measure.figure",
                        problem: "the town gives no value for \(inputs.figure)")
                }
                let seedValues = perSeed.map { ContactDiaryComparison.simulated(diaryFigure, in: $0)?.value ?? .nan }
                results.append(
                    ValidationResult(figure: figure, measured: measured.value, low: measured.low, high: measured.high, perSeed: seedValues))
            }
        }
        return results
    }

    /// Refuses a `contact-survey` figure whose published band is not the
    /// survey's own value and bootstrap interval rounded to 3 decimals.
    package static func checkPublished(
        _ figure: ValidationFigure, inputs: ValidationFigure.ContactSurveyInputs, survey: ContactDiarySummary
    ) throws(InputError) {
        func rounded(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
        guard let id = ContactDiaryFigure(id: inputs.figure), let e = survey[id] else {
            throw InputError(
                file: figure.file, field: "figures.\(figure.id).measure.figure", problem: "the survey gives no value for \(inputs.figure)")
        }
        let p = figure.published
        let expected = [rounded(e.value), rounded(e.low), rounded(e.high)]
        guard zip([p.value, p.low, p.high], expected).allSatisfy({ abs($0 - $1) < 5e-4 }) else {
            throw InputError(
                file: figure.file, field: "figures.\(figure.id).published",
                problem:
                    "is not the survey's own value and 95 % interval: {value: \(expected[0]), low: \(expected[1]), high: \(expected[2])} from \(inputs.survey)"
            )
        }
    }

    /// The diaries of a `contact-survey` figure's towns: all seeds together,
    /// and each seed's town alone.
    typealias SurveyedTowns = (pooled: ContactDiarySummary, perSeed: [ContactDiarySummary])

    /// Simulates the world of a `contact-survey` figure's scenario (no phones)
    /// once per seed and summarises its people's diaries, standardised to the
    /// survey's participants' ages and days: all seeds' towns together (every
    /// person of every town a bootstrap unit), and each seed's town alone
    /// (values only). `towns` holds the towns surveyed so far, by scenario,
    /// days and seed (the survey's participants are the same for all).
    func surveyDiaries(
        _ inputs: ValidationFigure.ContactSurveyInputs, as participants: [DiaryRespondent], towns: inout [String: [[DiaryRespondent]]]
    ) throws -> SurveyedTowns {
        let scenario = try Scenario.load(URL(fileURLWithPath: inputs.scenario))
        var units: [[DiaryRespondent]] = []
        var perSeed: [ContactDiarySummary] = []
        for seed in inputs.seeds {
            let key = "\(inputs.scenario)|\(inputs.days)|\(seed)"
            if towns[key] == nil {
                progress(
                    "validate: surveying the contact diaries of \(scenario.url.deletingPathExtension().lastPathComponent), seed \(seed), \(inputs.days) days"
                )
                var world = World(scenario: scenario.world, seed: seed)
                var survey = ContactDiarySurvey(town: world.town)
                for day in 0..<inputs.days {
                    let result = world.simulate(day: day, workers: threads)
                    survey.add(plan: result.plan, encounters: result.encounters)
                }
                towns[key] = survey.standardisedRespondents(to: participants)
            }
            let town = towns[key]!
            perSeed.append(ContactDiarySummary(units: town, entity: 1, replicates: 0))
            units += town
        }
        return (ContactDiarySummary(units: units, entity: 1), perSeed)
    }

    /// Simulates `scenario` once per seed into the work folder; returns the run folders.
    func simulate(scenario path: String, seeds: [UInt64], days: Int?) throws -> [String] {
        let url = URL(fileURLWithPath: path)
        let scenario = try Scenario.load(url)
        try RunMemoryEstimate(people: scenario.world.population.people, days: days ?? scenario.app.days).check(file: path)
        let stem = url.deletingPathExtension().lastPathComponent
        return try seeds.map { seed in
            let total = days ?? scenario.app.days
            progress("validate: simulating \(stem), seed \(seed), \(total) days")
            var run = try SimulationRun(scenario: scenario, seed: seed, workers: threads)
            for day in 0..<total { try run.simulate(day: day) }
            let folder = workFolder.appendingPathComponent(stem).appendingPathComponent("seed-\(seed)")
            try RunOutputs.write(
                run, to: folder, version: version, inputs: scenario.files, radioParameters: scenario.world.sourceFiles.first, timings: [:])
            return folder.path
        }
    }
}
