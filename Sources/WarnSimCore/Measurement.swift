#if canImport(Foundation)
    import Foundation
#endif

extension Duration {
    /// The duration in seconds, as a `Double` (for reports and benchmarks).
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}

/// Facts about this process that benchmarks report.
public enum ProcessMeasurement {
    /// The peak resident set size (`VmHWM` in /proc/self/status), or 0 where
    /// unavailable.
    public static func peakResidentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.split(separator: " ").compactMap { Int($0) }
            if let kilobytes = digits.first { return kilobytes * 1024 }
        }
        return 0
    }
}
