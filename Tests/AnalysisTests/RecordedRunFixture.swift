import Foundation
import Population
import Simulation
import WarnSimCore

/// A small recorded run on disk, simulated once for the analysis tests: the
/// village shrunk to 800 people for 14 days (long enough for uploads,
/// distribution and warnings at the calibrated transmission rate).
enum RecordedRunFixture {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let scenarios = root.appendingPathComponent("Configs/scenarios")

    static func scenarioText() throws -> String {
        var text = try String(contentsOf: scenarios.appendingPathComponent("village-2k.yaml"), encoding: .utf8)
        text = text.replacingOccurrences(of: "  people: 2000", with: "  people: 800")
        return text
    }

    /// Simulates into a fresh temporary folder and returns it.
    static func simulate(seed: UInt64, days: Int = 14) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("warnsim-analysis-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Beside the shipped scenarios, whose relative paths (radio, risk) it keeps.
        let scenario = scenarios.appendingPathComponent(".test-\(UUID().uuidString).yaml")
        try scenarioText().write(to: scenario, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: scenario) }
        var run = try SimulationRun(world: try WorldScenario.load(scenario), app: try AppScenario.load(scenario), seed: seed, workers: 2)
        for day in 0..<days { try run.simulate(day: day) }
        let out = folder.appendingPathComponent("run")
        try RunOutputs.write(run, to: out, version: "test", inputs: [scenario], timings: [:])
        return out.path
    }

    static let shared = Result { try simulate(seed: 11) }
    static let second = Result { try simulate(seed: 12) }
}
