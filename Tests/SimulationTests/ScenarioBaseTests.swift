import Foundation
import Simulation
import Testing
import WarnSimCore
import WarnSimTestSupport

/// Scenario files that extend another (`base:`, ``BaseDocument``).
@Suite struct ScenarioBaseTests {
    /// city-100k and region-1m are town-10k with three values changed: their
    /// merged documents are town-10k's with exactly those values set.
    @Test(arguments: [("city-100k.yaml", 100_000, 200), ("region-1m.yaml", 1_000_000, 2000)])
    func largerScenariosAreTheTownScaledUp(name: String, people: Int, infections: Int) throws {
        let town = try ProjectFiles.required(ProjectFiles.scenario("town-10k.yaml"))
        let url = try ProjectFiles.required(ProjectFiles.scenario(name))
        let merged = try BaseDocument.load(url)
        #expect(merged.bases.map(\.lastPathComponent) == ["town-10k.yaml"])
        var expected = try #require(try DocumentTree.compose(String(contentsOf: town, encoding: .utf8), file: town.path))
        for field in [
            "name=\(name.dropLast(".yaml".count))", "population.people=\(people)", "epidemiology.initial_infections=\(infections)",
        ] {
            expected = try FieldOverride(parsing: field).apply(to: expected, file: town.path)
        }
        #expect(merged.tree == expected)
        let scenario = try Scenario.load(url)
        #expect(scenario.world.population.people == people)
        #expect(scenario.bases.map(\.lastPathComponent) == ["town-10k.yaml"])
        // The base is among the scenario's files, so a run's manifest names and hashes it.
        #expect(scenario.files.map(\.lastPathComponent).prefix(2) == [name, "town-10k.yaml"])
    }

    /// A base that is not a file name in the same folder, is missing or closes a
    /// cycle names the file and `base`; an error in an inherited value names the chain.
    @Test func badBasesNameTheFileAndTheField() throws {
        let folder = try ProjectFiles.required(ProjectFiles.scenario("town-10k.yaml")).deletingLastPathComponent()
        let stem = ".test-base-\(UUID().uuidString)"
        let a = folder.appendingPathComponent("\(stem)-a.yaml")
        let b = folder.appendingPathComponent("\(stem)-b.yaml")
        defer {
            try? FileManager.default.removeItem(at: a)
            try? FileManager.default.removeItem(at: b)
        }
        func expectFailure(_ text: String, field: String?, _ problem: String) throws {
            try text.write(to: a, atomically: true, encoding: .utf8)
            do {
                _ = try Scenario.load(a)
                Issue.record("loaded: \(text)")
            } catch let error as InputError {
                #expect(error.field == field, "\(error)")
                #expect(error.description.contains(problem), "\(error)")
                #expect(error.file.hasPrefix(folder.appendingPathComponent(stem).path), "\(error)")
            }
        }
        try expectFailure("base: ../scenarios/town-10k.yaml\n", field: "base", "expected the name of a .yaml file in the same folder")
        try expectFailure("base: [town-10k.yaml]\n", field: "base", "expected the name of a .yaml file")
        try expectFailure("base: no-such-town.yaml\n", field: "base", "file not found")
        try "base: \(a.lastPathComponent)\n".write(to: b, atomically: true, encoding: .utf8)
        try expectFailure("base: \(b.lastPathComponent)\n", field: "base", "a cycle")
        try expectFailure("base: town-10k.yaml\npopulation:\n  peeple: 3\n", field: "population.peeple", "unknown key")
        try expectFailure("base: town-10k.yaml\npopulation:\n  people: -3\n", field: "population.people", "out of range")
        // The chain is named in the error of a merged value.
        try "base: town-10k.yaml\npopulation:\n  people: -3\n".write(to: a, atomically: true, encoding: .utf8)
        #expect(throws: InputError.self) { try Scenario.load(a) }
        do { _ = try Scenario.load(a) } catch let error as InputError { #expect(error.file.contains("(with base town-10k.yaml)")) }
    }
}
