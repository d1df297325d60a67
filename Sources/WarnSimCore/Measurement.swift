#if canImport(Glibc)
    import Glibc
#endif
#if canImport(Foundation)
    import Foundation
#endif

extension Duration {
    /// The duration in seconds, as a `Double` (for reports and benchmarks).
    package var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}

/// Facts about this process that benchmarks report.
package enum ProcessMeasurement {
    /// The peak resident set size (`VmHWM` in /proc/self/status), or 0 where
    /// unavailable.
    package static func peakResidentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        return peakResidentBytes(status: status)
    }

    /// The `VmHWM` of a /proc status text in bytes, or 0 if it has none.
    ///
    /// - Parameter status: the text of a `/proc/PID/status` file.
    /// - Returns: the peak resident set size in bytes.
    package static func peakResidentBytes(status: String) -> Int {
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            // "VmHWM:\t  371000 kB"; from 8 digits on nothing but the tab separates the number.
            let digits = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Int($0) }
            if let kilobytes = digits.first { return kilobytes * 1024 }
        }
        return 0
    }

    /// Hands memory that was freed back to the system (glibc `malloc_trim`):
    /// a run frees each day's scratch buffers, and without this the freed
    /// pages between live allocations stay resident. No effect elsewhere.
    package static func returnFreedMemory() {
        #if canImport(Glibc)
            _ = mallocTrim?(0)
        #endif
    }

    #if canImport(Glibc)
        /// glibc's `malloc_trim`, looked up at run time (its header, malloc.h,
        /// is not part of the Glibc module).
        private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
            return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        }()
    #endif
}
