import Foundation

/// The memory this process may use: the machine's physical memory, or the
/// Linux control group's limit (`/sys/fs/cgroup/memory.max`) when one is set
/// and lower. Runs that would need more are refused before they allocate.
package enum MachineMemory {
    /// The cgroup v2 limit file.
    static let cgroupLimitPath = "/sys/fs/cgroup/memory.max"

    /// Bytes available to this process (physical memory, capped by the cgroup limit).
    package static var limitBytes: UInt64 {
        limit(physical: ProcessInfo.processInfo.physicalMemory, cgroupLimit: try? String(contentsOfFile: cgroupLimitPath, encoding: .utf8))
    }

    /// `physical`, or the cgroup limit in `cgroupLimit` (the text of
    /// `memory.max`: a byte count, or `max` for none) when that is lower.
    package static func limit(physical: UInt64, cgroupLimit: String?) -> UInt64 {
        guard let text = cgroupLimit, let bytes = UInt64(text.trimmingCharacters(in: .whitespacesAndNewlines)), bytes > 0 else {
            return physical
        }
        return min(physical, bytes)
    }

    /// `bytes` for people: "2.2 TB", "23 GB", "3.5 GB", "450 MB" (decimal units).
    package static func format(_ bytes: Double) -> String {
        if bytes >= 1e12 { return String(format: "%.1f TB", bytes / 1e12) }
        if bytes >= 10e9 { return String(format: "%.0f GB", bytes / 1e9) }
        if bytes >= 1e9 { return String(format: "%.1f GB", bytes / 1e9) }
        return String(format: "%.0f MB", bytes / 1e6)
    }
}
