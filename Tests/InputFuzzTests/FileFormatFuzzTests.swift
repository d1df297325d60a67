import Analysis
import Foundation
import RiskCalculation
import RunRecords
import Simulation
import SimulationTestSupport
import Testing
import WarnSimCore
import WarnSimTestSupport

/// The other file formats the CLI reads, mutated like ``InputFuzzTests``:
/// scenario YAML (through `Scenario.load`, beside the shipped scenarios so
/// that relative paths resolve), run folders (mutated `phones.csv`,
/// `summary.csv` and `manifest.json` through `RecordedRun.load`) and sweep
/// files (`SweepSpecification.load`). Each input is accepted or refused with
/// an input error; nothing crashes, and a run file changed without its digest
/// in the manifest is never accepted.
@Suite struct FileFormatFuzzTests {
    @Test func scenarioFiles() throws {
        let count = FuzzBudget.inputs("scenarios")
        let names = ["village-2k.yaml", "town-10k.yaml", "town-10k-lockdown-2021.yaml", "cwa-v1-to-v2-timeline.yaml"]
        let seeds = try names.map { try String(contentsOf: ProjectFiles.scenario($0), encoding: .utf8) }
        let url = ProjectFiles.scenario(".test-fuzz-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: url) }
        var mutator = InputMutator(seed: 4_017)
        var outcomes = FuzzOutcomes(format: "scenario YAML")
        for index in 0..<count {
            let text = mutator.mutate(text: seeds[index % seeds.count])
            try Data(text.utf8).write(to: url)
            outcomes.record(
                {
                    let scenario = try Scenario.load(url)
                    let people = scenario.world.population.people
                    #expect((1...50_000_000).contains(people))
                    #expect(scenario.world.epidemiology.initialInfections <= people)
                    try RunMemoryEstimate(people: people, days: scenario.app.days).check(file: url.path, limit: .max)
                }, rejectedAs: [InputError.self, RiskCalculationError.self])
        }
        InputFuzzTests.report(outcomes, expected: count)
    }

    /// Run folders mutated file by file: text mutations of the CSV files and
    /// the manifest, binary mutations of the stores, and record mutations of
    /// the stores (decoded, one field set to another person, an extreme or a
    /// copy of another record, encoded again) that pass the decoders and reach
    /// the checks of meaning. Mostly the manifest gets the changed file's new
    /// digest. Every accepted folder goes through what `evaluate`, `sweep` and
    /// `windows export` compute; a trap there ends the test process.
    @Test func runFolders() throws {
        let count = FuzzBudget.inputs("runs")
        let original = URL(fileURLWithPath: try RecordedRunFixture.simulate(seed: 17, days: 3))
        defer { try? FileManager.default.removeItem(at: original.deletingLastPathComponent()) }
        let reference = try RecordedRun.load(folder: original.path)
        let files = [
            "phones.csv", "summary.csv", "manifest.json", "infections.csv", WindowStore.fileName, ExposureStore.fileName,
            ContactStore.fileName,
        ]
        let contents = try Dictionary(uniqueKeysWithValues: files.map { ($0, try Data(contentsOf: original.appendingPathComponent($0))) })
        let manifestText = String(decoding: contents["manifest.json"]!, as: UTF8.self)
        var mutator = InputMutator(seed: 5_017)
        var outcomes = FuzzOutcomes(format: "run folders")
        var staleAccepted = 0
        for index in 0..<count {
            let name = files[index % files.count]
            let mutated: Data
            if name.hasSuffix(".bin") {
                mutated = index % 2 == 0 ? mutator.mutate(binary: contents[name]!) : try Self.mutateRecords(name, of: reference, &mutator)
            } else {
                mutated = Data(mutator.mutate(text: String(decoding: contents[name]!, as: UTF8.self)).utf8)
            }
            var manifest = manifestText
            let updateDigest = name != "manifest.json" && mutator.below(10) > 0
            if name == "manifest.json" {
                manifest = String(decoding: mutated, as: UTF8.self)
            } else if updateDigest {
                manifest = manifest.replacingOccurrences(of: RunManifest.digest(contents[name]!), with: RunManifest.digest(mutated))
            }
            try Data(manifest.utf8).write(to: original.appendingPathComponent("manifest.json"))
            if name != "manifest.json" { try mutated.write(to: original.appendingPathComponent(name)) }
            outcomes.record(
                {
                    let run = try RecordedRun.load(folder: original.path)
                    if name != "manifest.json", !updateDigest, mutated != contents[name]! { staleAccepted += 1 }
                    try Self.analyse(run)
                }, rejectedAs: [InputError.self, RiskCalculationError.self])
            for file in [name, "manifest.json"] { try contents[file]!.write(to: original.appendingPathComponent(file)) }
        }
        #expect(staleAccepted == 0, "a run file changed without its manifest digest was accepted")
        InputFuzzTests.report(outcomes, expected: count)
    }

    /// What `evaluate`, `sweep` and `windows export` compute from a run.
    static func analyse(_ run: RecordedRun) throws {
        let options = LabelOptions()
        let set = try RunSet(runs: [run], options: options)
        _ = Evaluator(labels: set.labels, options: options, resamples: 20, seed: 1).evaluate(warnedAt: set.recordedWarnings)
        _ = FieldOutcomeCalculator(runs: set).outcomes(warnedAt: set.recordedWarnings)
        _ = try EncounterScorer(runs: set.runs, options: options).outcomes(configurations: [set.production], workers: 1)
        _ = WarningSources(runs: set, warnedAt: set.recordedWarnings).csv
        _ = LoopOutcomes(runs: set.runs, resamples: 20, seed: 1)
        _ = try WarningScorer(run: run).warnedAt(configurations: [run.risk], workers: 1)
        _ = try CWAWindowExport.json(run: run, platform: .android)
    }

    /// The store `name` of `run` with one record changed so that it still decodes.
    static func mutateRecords(_ name: String, of run: RecordedRun, _ mutator: inout InputMutator) throws -> Data {
        let people = run.phones.count
        let extremes: [Int64] = [Int64.max, Int64.min, -1, 0, Int64(Int32.max), run.startTime - 86_400 * 30, run.endTime + 86_400]
        func person() -> Int { mutator.below(4) == 0 ? -1 : mutator.below(people) }
        func time() -> Int64 { extremes[mutator.below(extremes.count)] }
        switch name {
        case WindowStore.fileName:
            var windows = run.windows
            guard !windows.isEmpty else { return Data(WindowStore.encode(windows)) }
            let k = mutator.below(windows.count)
            switch mutator.below(5) {
            case 0: windows[k].owner = person()
            case 1: windows[k].phone = max(0, person())
            case 2: windows.append(windows[mutator.below(windows.count)])
            case 3:
                let t = time()
                windows[k].detectedAt = t
                windows[k].lastScanTime = min(windows[k].lastScanTime, t)
                windows[k].firstScanTime = min(windows[k].firstScanTime, t)
            default: windows[k].window.dayNumber = Int(Int32(truncatingIfNeeded: time()))
            }
            return Data(WindowStore.encode(windows))
        case ExposureStore.fileName:
            var exposures = run.exposures
            guard !exposures.isEmpty else { return Data(ExposureStore.encode(exposures)) }
            let k = mutator.below(exposures.count)
            switch mutator.below(4) {
            case 0: exposures[k].day = Int(Int32(truncatingIfNeeded: time()))
            case 1: exposures[k].infector = person()
            case 2: exposures[k].exposed = person()
            default: exposures.append(exposures[k])
            }
            return Data(ExposureStore.encode(exposures))
        default:
            var keyDays = run.keyDays ?? []
            guard !keyDays.isEmpty else { return Data(ContactStore.encode(keyDays)) }
            let k = mutator.below(keyDays.count)
            switch mutator.below(3) {
            case 0: keyDays[k].day = Int(Int32(truncatingIfNeeded: time()))
            case 1: keyDays[k].owner = max(0, person())
            default: keyDays.append(keyDays[k])
            }
            return Data(ContactStore.encode(keyDays))
        }
    }

    @Test func sweepFiles() throws {
        let count = FuzzBudget.inputs("sweeps")
        var seeds = try ["day-threshold.yaml", "borders-lhs-1000.yaml", "history.yaml"].map {
            try String(contentsOf: ProjectFiles.url("Configs/sweeps/\($0)"), encoding: .utf8)
        }
        seeds.append(
            """
            method: random
            parameters:
              attenuation_border_1: {min: 50, max: 70}
              day_threshold: {values: [7, 9, 11]}
            samples: 20
            seed: 3
            labels: {primary: detectable}
            bootstrap: 50
            """)
        let production = try ConfigurationLoader.load(path: ProjectFiles.url("Configs/risk/cwa-2021-04-14.yaml").path)
        let url = ProjectFiles.url("Configs/sweeps/.test-fuzz-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: url) }
        var mutator = InputMutator(seed: 6_017)
        var outcomes = FuzzOutcomes(format: "sweep YAML")
        for index in 0..<count {
            try Data(mutator.mutate(text: seeds[index % seeds.count]).utf8).write(to: url)
            outcomes.record(
                {
                    let spec = try SweepSpecification.load(path: url.path)
                    // Building the plan scores nothing; large plans are valid but slow, so only small ones are built.
                    let size =
                        spec.method == .grid
                        ? spec.parameters.reduce(1.0) { $0 * Self.valueCount($1.domain) } : Double(spec.samples)
                    if spec.method == .files || size <= 2_000 { _ = try SweepPlan(spec, production: production) }
                }, rejectedAs: [InputError.self, RiskCalculationError.self])
        }
        InputFuzzTests.report(outcomes, expected: count)
    }

    /// The number of grid values of `domain`.
    static func valueCount(_ domain: SweepSpecification.Domain) -> Double {
        switch domain {
        case .values(let values): Double(values.count)
        case .range(let min, let max, let step): step.map { ((max - min) / $0).rounded(.down) + 1 } ?? 2
        }
    }
}
