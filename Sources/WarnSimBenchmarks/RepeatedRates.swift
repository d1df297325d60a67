import Dispatch

/// The rates of one measurement repeated during a run: the best is the figure
/// reported, the lowest and highest show how much the machine moved.
package struct RepeatedRates: Sendable {
    /// Every repetition's rate, in the order measured.
    package private(set) var rates: [Double] = []

    package init() {}

    package mutating func append(_ rate: Double) { rates.append(rate) }

    /// The highest rate (0 before any repetition).
    package var best: Double { rates.max() ?? 0 }

    /// The lowest and the highest rate.
    package var spread: [Double] { [rates.min() ?? 0, rates.max() ?? 0] }

    /// (highest − lowest) / highest: 0 when every repetition agreed.
    package var relativeSpread: Double {
        guard let high = rates.max(), let low = rates.min(), high > 0 else { return 0 }
        return (high - low) / high
    }

    /// Repeats `body`, which processes `units` items, for at least `seconds`
    /// of wall-clock time and returns its items per second.
    package static func measure(units: Double, atLeast seconds: Double, _ body: () throws -> Void) rethrows -> Double {
        var iterations = 0
        let start = DispatchTime.now().uptimeNanoseconds
        var elapsed = 0.0
        repeat {
            try body()
            iterations += 1
            elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        } while elapsed < seconds
        return Double(iterations) * units / elapsed
    }
}
