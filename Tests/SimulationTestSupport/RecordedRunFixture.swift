import Foundation
import Simulation
import Testing
import WarnSimTestSupport

/// A small recorded run on disk, simulated once per test process: the village
/// scenario shrunk to 800 people for 14 days (long enough for uploads,
/// distribution and warnings at the calibrated transmission rate).
public enum RecordedRunFixture {
    /// The village scenario's text with 800 people.
    public static func scenarioText() throws -> String {
        var text = try String(contentsOf: try ProjectFiles.required(ProjectFiles.scenario("village-2k.yaml")), encoding: .utf8)
        text = text.replacingOccurrences(of: "  people: 2000", with: "  people: 800")
        return text
    }

    /// Simulates into a fresh temporary folder and returns the run folder's
    /// path; `edit` changes the scenario text first (for example its risk configuration).
    public static func simulate(seed: UInt64, days: Int = 14, edit: (String) -> String = { $0 }) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("warnsim-analysis-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Beside the shipped scenarios, whose relative paths (radio, risk) it keeps.
        let scenarioURL = ProjectFiles.scenario(".test-\(UUID().uuidString).yaml")
        try edit(scenarioText()).write(to: scenarioURL, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: scenarioURL) }
        let scenario = try Scenario.load(scenarioURL)
        let run = try onLargeStack {
            var run = try SimulationRun(scenario: scenario, seed: seed, workers: 2)
            for day in 0..<days { try run.simulate(day: day) }
            return run
        }
        let out = folder.appendingPathComponent("run")
        try RunOutputs.write(
            run, to: out, version: "test", inputs: [scenarioURL], radioParameters: scenario.world.sourceFiles.first, timings: [:])
        return out.path
    }

    /// The run of seed 11.
    public static let shared = Result { try simulate(seed: 11) }
    /// The run of seed 12.
    public static let second = Result { try simulate(seed: 12) }
}
