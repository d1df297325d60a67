import Analysis
import Foundation
import RiskCalculation
import Simulation
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

    @Test func runFolders() throws {
        let count = FuzzBudget.inputs("runs")
        let original = URL(fileURLWithPath: try RecordedRunFixture.simulate(seed: 17, days: 3))
        defer { try? FileManager.default.removeItem(at: original.deletingLastPathComponent()) }
        _ = try RecordedRun.load(folder: original.path)
        let files = ["phones.csv", "summary.csv", "manifest.json"]
        let texts = try Dictionary(
            uniqueKeysWithValues: files.map { ($0, try String(contentsOf: original.appendingPathComponent($0), encoding: .utf8)) })
        var mutator = InputMutator(seed: 5_017)
        var outcomes = FuzzOutcomes(format: "run folders")
        var staleAccepted = 0
        for index in 0..<count {
            let name = files[index % files.count]
            let mutated = mutator.mutate(text: texts[name]!)
            var manifest = texts["manifest.json"]!
            // Mostly the manifest is updated to the changed file's digest, so
            // the content reaches the parsers; sometimes it is left stale.
            let updateDigest = name != "manifest.json" && mutator.below(10) > 0
            if name == "manifest.json" {
                manifest = mutated
            } else if updateDigest {
                manifest = manifest.replacingOccurrences(
                    of: RunManifest.digest(Data(texts[name]!.utf8)), with: RunManifest.digest(Data(mutated.utf8)))
            }
            try Data(manifest.utf8).write(to: original.appendingPathComponent("manifest.json"))
            if name != "manifest.json" { try Data(mutated.utf8).write(to: original.appendingPathComponent(name)) }
            outcomes.record(
                {
                    let run = try RecordedRun.load(folder: original.path)
                    if name != "manifest.json", !updateDigest, mutated != texts[name]! { staleAccepted += 1 }
                    _ = try RunSet(runs: [run], options: LabelOptions())
                }, rejectedAs: [InputError.self, RiskCalculationError.self])
            for file in [name, "manifest.json"] { try Data(texts[file]!.utf8).write(to: original.appendingPathComponent(file)) }
        }
        #expect(staleAccepted == 0, "a run file changed without its manifest digest was accepted")
        InputFuzzTests.report(outcomes, expected: count)
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
