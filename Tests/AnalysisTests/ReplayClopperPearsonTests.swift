import Analysis
import Testing

/// Clopper–Pearson intervals against scipy 1.x (`scipy.stats.beta.ppf(0.025, x, n − x + 1)` and
/// `beta.ppf(0.975, x + 1, n − x)`), computed when the file was written.
@Suite struct ReplayClopperPearsonTests {
    static let reference: [(x: Int, n: Int, lower: Double, upper: Double)] = [
        (0, 10, 0.0, 0.3084971078187607),
        (10, 10, 0.6915028921812392, 1.0),
        (3, 10, 0.06673951117773447, 0.6524528500599973),
        (1, 1, 0.025, 1.0),
        (0, 1, 0.0, 0.975),
        (7, 25, 0.12071668850406661, 0.49387682180625553),
        (50, 100, 0.39832112950330095, 0.601678870496699),
        (1, 200, 0.00012658102786701825, 0.02754189845720562),
        (199, 200, 0.9724581015427943, 0.999873418972133),
        (12, 30, 0.22655764882859367, 0.5939650699481813),
    ]

    @Test(arguments: 0..<10) func matchesScipy(index: Int) {
        let item = Self.reference[index]
        let interval = ClopperPearson.interval(successes: item.x, trials: item.n)
        #expect(abs(interval.lower - item.lower) < 1e-10, "\(item)")
        #expect(abs(interval.upper - item.upper) < 1e-10, "\(item)")
    }

    /// `scipy.stats.beta.cdf`.
    @Test func regularizedBetaMatchesScipy() {
        #expect(abs(ClopperPearson.regularizedBeta(0.3, a: 2.5, b: 4.0) - 0.3521975859067672) < 1e-12)
        #expect(abs(ClopperPearson.regularizedBeta(0.9, a: 30, b: 2) - 0.1695646331008649) < 1e-12)
        #expect(abs(ClopperPearson.regularizedBeta(0.01, a: 0.5, b: 0.5) - 0.06376856085851985) < 1e-12)
    }

    @Test func noTrialsGiveNaN() {
        let interval = ClopperPearson.interval(successes: 0, trials: 0)
        #expect(interval.lower.isNaN && interval.upper.isNaN)
    }
}
