import Foundation

/// How many inputs each fuzzed format gets. Quick mode (the default, run in
/// CI on a debug build) gives 10,900 inputs in all; the environment variable
/// `WARNSIM_FUZZ_INPUTS=N` scales every format so that they sum to about N
/// (the long mode: `WARNSIM_FUZZ_INPUTS=1000000 swift test -c release
/// --filter InputFuzzTests`).
enum FuzzBudget {
    /// Inputs per format in quick mode; cheap formats get more.
    static let quick: [String: Int] = [
        "risk": 2_400, "vectors": 2_400, "keys": 2_400, "metrics": 2_400, "scenarios": 300, "runs": 700, "sweeps": 300,
    ]

    static var quickTotal: Int { quick.values.reduce(0, +) }

    /// The requested total, or nil in quick mode.
    static let requested: Int? = ProcessInfo.processInfo.environment["WARNSIM_FUZZ_INPUTS"].flatMap { Int($0) }.map { max($0, 1) }

    /// The inputs of `format` (a key of ``quick``).
    static func inputs(_ format: String) -> Int {
        let base = quick[format]!
        guard let requested else { return base }
        return max(1, Int((Double(base) * Double(requested) / Double(quickTotal)).rounded()))
    }
}
