import Foundation
import Testing
import WarnSimTestSupport

/// The ratios to ceilings measured in the same run that `bench crypto`,
/// `bench score` and `bench simulate` report, at tiny sizes: the JSON keys are
/// there, every ratio is finite and in (0, 2], and every ceiling spread is a
/// lowest ≤ highest pair of positive rates. Timings are never asserted on.
@Suite struct BenchCeilingRatioTests {
    static func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try WarnSimProcess.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
    }

    static func expectRatio(_ object: [String: Any], _ key: String) {
        let ratio = (object[key] as? NSNumber)?.doubleValue ?? .nan
        #expect(ratio.isFinite && ratio > 0 && ratio <= 2, "\(key) = \(ratio)")
    }

    static func expectSpread(_ object: [String: Any], _ key: String, best: String) {
        let spread = (object[key] as? [NSNumber])?.map(\.doubleValue) ?? []
        #expect(spread.count == 2, "\(key) = \(spread)")
        guard spread.count == 2 else { return }
        let high = (object[best] as? NSNumber)?.doubleValue ?? .nan
        #expect(spread[0] > 0 && spread[0] <= spread[1], "\(key) = \(spread)")
        #expect(spread[1] == high, "\(key) = \(spread), \(best) = \(high): the ceiling is the best repetition")
        #expect((spread[1] - spread[0]) / spread[1] >= 0)
    }

    static func expectMeasuredRun(_ object: [String: Any], seconds: String) {
        #expect(((object[seconds] as? NSNumber)?.doubleValue ?? -1) >= 0, "\(seconds)")
        #expect(((object["peak_rss_bytes"] as? NSNumber)?.intValue ?? -1) >= 0, "peak_rss_bytes")
    }

    @Test func cryptoReportsRatiosAndCeilingSpreads() throws {
        let object = try Self.json(["bench", "crypto", "--json", "--keys", "50", "--seconds", "0.05"])
        Self.expectRatio(object, "ratio_to_ceiling_single_thread")
        Self.expectRatio(object, "ratio_to_ceiling_all_threads")
        Self.expectSpread(object, "aes_bulk_spread_single_thread", best: "aes_bulk_blocks_per_second_single_thread")
        Self.expectSpread(object, "aes_bulk_spread_all_threads", best: "aes_bulk_blocks_per_second_all_threads")
        Self.expectMeasuredRun(object, seconds: "seconds_total")
    }

    @Test func scoreInterleavesTheGemmCeilingAndReportsItsSpread() throws {
        let object = try Self.json([
            "bench", "score", "--windows", "3000", "--configs", "20", "--threads", "1", "--repetitions", "3", "--json",
        ])
        #expect(object["repetitions"] as? Int == 3)
        Self.expectRatio(object, "ratio_to_gemm_ceiling")
        Self.expectSpread(object, "reference_gemm_gflops_spread", best: "reference_gemm_gflops")
        Self.expectSpread(object, "evaluations_per_second_spread", best: "evaluations_per_second")
        Self.expectMeasuredRun(object, seconds: "seconds_elapsed")
    }

    @Test func simulateReportsItsCryptoStageAgainstTheAESCeiling() throws {
        let scenario = try ProjectFiles.required(ProjectFiles.scenario("village-2k.yaml")).path
        let object = try Self.json([
            "bench", "simulate", "--json", "--people", "2000", "--days", "2", "--scenario", scenario, "--threads", "2",
        ])
        #expect(((object["scans_crypto_identifiers"] as? NSNumber)?.intValue ?? 0) > 0, "scans_crypto_identifiers")
        #expect(((object["scans_crypto_identifiers_per_second"] as? NSNumber)?.doubleValue ?? 0) > 0)
        #expect(((object["ceiling_repetitions"] as? NSNumber)?.intValue ?? 0) >= 1)
        Self.expectRatio(object, "scans_crypto_ratio_to_ceiling")
        Self.expectSpread(object, "aes_bulk_spread", best: "aes_bulk_blocks_per_second")
        Self.expectMeasuredRun(object, seconds: "seconds_total")
        // Two days: no detection has found a window yet, so the scoring stage has no ratio.
        #expect((object["scoring_windows"] as? NSNumber)?.intValue == 0)
        #expect(((object["scoring_calculations"] as? NSNumber)?.intValue ?? 0) > 0, "scoring_calculations")
        #expect(object["scoring_ratio_to_ceiling"] == nil && object["scoring_engine_windows_per_second"] == nil)
    }

    @Test func simulateReportsItsScoringStageAgainstItsEngine() throws {
        let scenario = try ProjectFiles.required(ProjectFiles.scenario("village-2k.yaml")).path
        let object = try Self.json([
            "bench", "simulate", "--json", "--people", "2000", "--days", "10", "--scenario", scenario, "--threads", "2",
        ])
        let windows = (object["scoring_windows"] as? NSNumber)?.intValue ?? 0
        let calculations = (object["scoring_calculations"] as? NSNumber)?.intValue ?? 0
        let sampled = (object["scoring_ceiling_windows"] as? NSNumber)?.intValue ?? 0
        #expect(windows > 0 && calculations > 0, "\(windows) windows in \(calculations) calculations")
        #expect(sampled > 0 && sampled <= windows, "the ceiling scores the last detections' \(sampled) of \(windows) windows")
        #expect(((object["scoring_windows_per_cpu_second"] as? NSNumber)?.doubleValue ?? 0) > 0)
        Self.expectRatio(object, "scoring_ratio_to_ceiling")
        Self.expectSpread(object, "scoring_engine_spread", best: "scoring_engine_windows_per_second")
    }

    @Test func simulateTimesTheRunsRedrawAgainstTheRun() throws {
        let scenario = try ProjectFiles.required(ProjectFiles.scenario("village-2k.yaml")).path
        let object = try Self.json([
            "bench", "simulate", "--json", "--people", "2000", "--days", "10", "--scenario", scenario, "--threads", "2",
            "--redraw-channels", "3",
        ])
        #expect(object["redraw_channels"] as? Int == 3)
        let seconds = (object["redraw_seconds"] as? NSNumber)?.doubleValue ?? .nan
        let total = (object["seconds_total"] as? NSNumber)?.doubleValue ?? .nan
        let ratio = (object["redraw_ratio_to_run"] as? NSNumber)?.doubleValue ?? .nan
        let perChannel = (object["redraw_ratio_to_run_per_channel"] as? NSNumber)?.doubleValue ?? .nan
        #expect(seconds > 0 && total > 0, "\(seconds) s against \(total) s")
        #expect(abs(ratio - seconds / total) < 1e-9 && abs(perChannel - ratio / 3) < 1e-9, "\(ratio), \(perChannel)")
        // The redraw's stages are the run's, and they fit in its time.
        let stages = object["redraw_stage_seconds"] as? [String: Any] ?? [:]
        let runStages = object["stage_seconds"] as? [String: Any] ?? [:]
        let topLevel = stages.filter { !$0.key.contains(".") }.compactMap { ($0.value as? NSNumber)?.doubleValue }
        #expect(Set(stages.keys) == Set(runStages.keys) && stages["world"] != nil && stages["scans"] != nil, "\(stages.keys)")
        #expect(topLevel.allSatisfy { $0 >= 0 } && topLevel.reduce(0, +) <= seconds, "\(stages) in \(seconds) s")
        // Without the option there is no redraw, and out of range is bad input.
        let plain = try Self.json(["bench", "simulate", "--json", "--people", "2000", "--days", "2", "--scenario", scenario])
        #expect(plain["redraw_channels"] as? Int == 0 && plain["redraw_seconds"] == nil && plain["redraw_stage_seconds"] == nil)
        let refused = try WarnSimProcess.run(["bench", "simulate", "--redraw-channels", "17", "--people", "2000", "--days", "2"])
        #expect(refused.status == 2 && refused.stderr.contains("--redraw-channels"), "\(refused.stderr)")
    }

    @Test func scoreRefusesRepetitionsOutOfRange() throws {
        let result = try WarnSimProcess.run(["bench", "score", "--repetitions", "0"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("--repetitions"), "\(result.stderr)")
    }
}
