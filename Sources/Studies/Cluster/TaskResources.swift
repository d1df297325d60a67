import Analysis
import Foundation
import Simulation
import WarnSimCore

/// What one task of a study asks Slurm for: CPUs, memory and wall time.
///
/// Memory is ``RunMemoryEstimate`` (the model fitted to measured peaks, an
/// upper bound of every measured run) of the largest task. Time is a linear
/// model of person-days with a safety factor:
///
///     seconds = startupSeconds + safetyFactor · secondsPerPersonDay · people · days
///
/// rounded up to whole minutes. The default ``defaultSecondsPerPersonDay``
/// comes from the benchmark table of Sources/warnsim/WarnSim.docc/TestsAndBenchmarks.md (2-core reference machine,
/// release build): `simulate city-100k.yaml` (28 days, with the
/// counterfactual) took 163 s on 2 threads for 2.8 million person-days, 5.8e-5
/// s per person-day; doubled to 1.2e-4 it holds for a task with one CPU. The
/// rate is the highest measured (the city's epidemic makes detection dearer
/// per person-day than the town's 3.7 s for 280,000 person-days, 1.3e-5), and
/// the safety factor of 2 covers slower nodes and a busy file system.
/// `warnsim cluster plan --seconds-per-person-day` replaces the rate with one
/// measured on the cluster's own nodes.
package struct TaskResources: Sendable, Equatable {
    /// Seconds per person-day of one task (with its counterfactual) on one CPU.
    package static let defaultSecondsPerPersonDay = 1.2e-4
    /// The factor the modelled seconds are multiplied by.
    package static let safetyFactor = 2.0
    /// Seconds for starting the binary, building the world and writing the files.
    package static let startupSeconds = 60.0

    /// CPUs per task (`--cpus-per-task`, the run's `--threads`).
    package var cpus: Int
    /// The estimated peak memory of the largest task, in bytes.
    package var memoryBytes: Double
    /// The wall time of the longest task, in whole minutes.
    package var minutes: Int

    /// The resources for a task of `people` × `days`.
    ///
    /// - Parameters:
    ///   - people: The scenario's population.
    ///   - days: Days simulated.
    ///   - counterfactual: Whether the task also runs the counterfactual.
    ///   - cpus: CPUs per task.
    ///   - secondsPerPersonDay: The measured rate (see the type's documentation).
    package init(people: Int, days: Int, counterfactual: Bool, cpus: Int, secondsPerPersonDay: Double) {
        self.cpus = cpus
        memoryBytes = RunMemoryEstimate(people: people, days: days, part: counterfactual ? .runWithCounterfactual : .run).bytes
        let seconds = Self.startupSeconds + Self.safetyFactor * secondsPerPersonDay * Double(people) * Double(days)
        minutes = Int(min((seconds / 60).rounded(.up), 525_600))
    }

    /// Resources that cover both `self` and `other` (one array job asks the same of every task).
    package func covering(_ other: TaskResources) -> TaskResources {
        var result = self
        result.memoryBytes = max(memoryBytes, other.memoryBytes)
        result.minutes = max(minutes, other.minutes)
        return result
    }

    /// `--mem` in mebibytes, rounded up (Slurm's unit `M` is 2^20 bytes).
    package var memoryMebibytes: Int { Int((memoryBytes / 1_048_576).rounded(.up)) }

    /// `--time` as Slurm's `days-hours:minutes:seconds`.
    package var slurmTime: String {
        String(format: "%d-%02d:%02d:00", minutes / 1440, minutes % 1440 / 60, minutes % 60)
    }

    /// Parses a memory size as Slurm writes it: a whole number with an optional
    /// unit `K`, `M`, `G` or `T` (powers of 1,024; no unit means mebibytes, as
    /// in `--mem`). Returns bytes, or nil if `text` is not such a size.
    package static func parseMemory(_ text: String) -> UInt64? {
        var digits = text.uppercased()
        var unit: UInt64 = 1 << 20
        if let last = digits.last, let power = ["K": 10, "M": 20, "G": 30, "T": 40][String(last)] {
            unit = 1 << UInt64(power)
            digits.removeLast()
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = UInt64(digits), value > 0 else { return nil }
        let (bytes, overflow) = value.multipliedReportingOverflow(by: unit)
        return overflow ? nil : bytes
    }
}
