import Foundation
import Testing
import WarnSimTestSupport

/// `bench world` and `bench score` at small sizes: exit 0, the JSON fields,
/// and the counts that were asked for. Timings are never asserted on (only
/// that they are present and not negative).
@Suite struct BenchCommandTests {
    static func json(_ result: WarnSimProcess.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
    }

    static func number(_ object: [String: Any], _ key: String) -> Double? {
        (object[key] as? NSNumber)?.doubleValue
    }

    static func worldArguments(threads: Int, contacts: Bool = false) throws -> [String] {
        let scenario = try ProjectFiles.required(ProjectFiles.scenario("village-2k.yaml")).path
        return [
            "bench", "world", "--people", "2000", "--days", "1", "--json", "--scenario", scenario,
            "--threads", "\(threads)", "--seed", "3",
        ] + (contacts ? ["--contacts"] : [])
    }

    @Test func worldReportsTheAskedSizeAndIsReproducible() throws {
        let result = try WarnSimProcess.run(try Self.worldArguments(threads: 2))
        #expect(result.status == 0, "\(result.stderr)")
        let object = try Self.json(result)
        let expectedKeys: Set<String> = [
            "build_seconds", "days", "encounter_checksum", "encounter_seconds", "encounters_per_day", "exposures_total",
            "infections_total", "peak_rss_bytes", "people", "person_days_per_second", "plan_seconds",
            "segments_per_day", "simulate_seconds", "threads", "transmission_seconds",
        ]
        #expect(expectedKeys.isSubset(of: Set(object.keys)), "missing: \(expectedKeys.subtracting(object.keys))")
        #expect(object["people"] as? Int == 2000)
        #expect(object["days"] as? Int == 1)
        #expect(object["threads"] as? Int == 2)
        for key in ["encounters_per_day", "segments_per_day"] {
            #expect((Self.number(object, key) ?? 0) > 0, "\(key)")
        }
        for key in expectedKeys where key.hasSuffix("_seconds") {
            #expect((Self.number(object, key) ?? -1) >= 0, "\(key)")
        }
        #expect((object["encounter_checksum"] as? String)?.count == 16)

        // The simulated world does not depend on the thread count.
        let single = try Self.json(try WarnSimProcess.run(try Self.worldArguments(threads: 1)))
        for key in ["encounter_checksum", "encounters_per_day", "exposures_total", "infections_total"] {
            #expect("\(single[key] ?? "none")" == "\(object[key] ?? "none")", "\(key) with 1 and 2 threads")
        }
    }

    /// With --contacts, every setting someone was in is reported and the home setting counts
    /// every person on every day.
    @Test func worldContactsSurveyCountsEveryPersonDayAtHome() throws {
        let result = try WarnSimProcess.run(try Self.worldArguments(threads: 2, contacts: true))
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try #require(try Self.json(result)["contacts"] as? [[String: Any]])
        let home = rows.first { $0["setting"] as? String == "home" }
        #expect(home?["person_days"] as? Int == 2000)
        for row in rows {
            #expect(
                Set(row.keys).isSuperset(of: ["setting", "person_days", "close_contacts", "close_contacts_se", "encounter_partners"]),
                "\(row)")
        }
    }

    @Test func scoreReportsTheAskedSize() throws {
        let result = try WarnSimProcess.run(["bench", "score", "--windows", "2000", "--configs", "10", "--threads", "2", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try Self.json(result)
        let expectedKeys: Set<String> = [
            "configurations", "cpu_seconds_total", "devices", "evaluations_per_cpu_second", "evaluations_per_second",
            "exact_engine_evaluations_per_second", "exact_fallbacks", "gemm_ceiling_evaluations_per_second", "gemm_columns",
            "gemm_gflops", "gemm_inner", "ratio_to_gemm_ceiling", "reference_gemm_gflops", "seconds_gemm", "seconds_prepare",
            "seconds_rest", "seconds_total", "threads", "windows",
        ]
        #expect(expectedKeys.isSubset(of: Set(object.keys)), "missing: \(expectedKeys.subtracting(object.keys))")
        #expect(object["windows"] as? Int == 2000)
        #expect(object["configurations"] as? Int == 10)
        #expect(object["threads"] as? Int == 2)
        let fallbacks = object["exact_fallbacks"] as? Int ?? -1
        #expect((0...(2000 * 10)).contains(fallbacks), "exact_fallbacks \(fallbacks)")
        for key in expectedKeys where key.hasPrefix("seconds_") {
            #expect((Self.number(object, key) ?? -1) >= 0, "\(key)")
        }
    }

    @Test(arguments: [
        ["bench", "score", "--windows", "0"],
        ["bench", "score", "--configs", "0"],
        ["bench", "world", "--people", "1"],
        ["bench", "world", "--days", "0"],
        ["bench", "world", "--people", "2000", "--days", "1", "--beta", "2"],
    ])
    func badSizesExitTwo(arguments: [String]) throws {
        let result = try WarnSimProcess.run(arguments)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("error"), "\(result.stderr)")
    }
}
