import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Seconds from a monotonic clock, and the process's CPU time, for the
/// benchmarks' stage timings.
public enum MonotonicClock {
    /// Seconds since an arbitrary fixed point (system uptime).
    public static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    /// CPU seconds used by all threads of this process so far.
    public static func processCPU() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
