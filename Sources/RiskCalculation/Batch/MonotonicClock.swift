import Dispatch

/// Seconds from a monotonic clock, for the benchmark's stage timings.
enum MonotonicClock {
    static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }
}
