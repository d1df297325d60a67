/// TPR, FPR and precision of a confusion matrix, each with its exact
/// Clopper–Pearson 95 % interval (NaN where the denominator is 0).
package struct BinaryRates: Sendable {
    /// One rate: successes / trials with its interval.
    package struct Rate: Sendable {
        package var successes: Int
        package var trials: Int
        package var value: Double
        package var lower: Double
        package var upper: Double

        /// Creates the rate and its interval.
        ///
        /// - Parameters:
        ///   - successes: the numerator.
        ///   - trials: the denominator (0 gives NaN throughout).
        package init(successes: Int, trials: Int) {
            self.successes = successes
            self.trials = trials
            value = trials == 0 ? .nan : Double(successes) / Double(trials)
            (lower, upper) = ClopperPearson.interval(successes: successes, trials: trials)
        }
    }

    package var matrix: ConfusionMatrix
    /// TP / (TP + FN).
    package var truePositiveRate: Rate
    /// FP / (FP + TN).
    package var falsePositiveRate: Rate
    /// TP / (TP + FP).
    package var precision: Rate

    /// The rates of `matrix`.
    ///
    /// - Parameter matrix: the counts.
    package init(_ matrix: ConfusionMatrix) {
        self.matrix = matrix
        truePositiveRate = Rate(successes: matrix.truePositives, trials: matrix.truePositives + matrix.falseNegatives)
        falsePositiveRate = Rate(successes: matrix.falsePositives, trials: matrix.falsePositives + matrix.trueNegatives)
        precision = Rate(successes: matrix.truePositives, trials: matrix.truePositives + matrix.falsePositives)
    }

    /// The summary lines (`TP … TN`, then each rate with its interval), each
    /// prefixed by `prefix`.
    ///
    /// - Parameter prefix: put before every line (for example `# `).
    /// - Returns: the text, each line ending in a newline.
    package func summaryLines(prefix: String = "  ") -> String {
        let m = matrix
        var out = "\(prefix)TP \(m.truePositives)  FP \(m.falsePositives)  FN \(m.falseNegatives)  TN \(m.trueNegatives)\n"
        for (name, rate) in [("TPR", truePositiveRate), ("FPR", falsePositiveRate), ("precision", precision)] {
            out +=
                "\(prefix)\(name) \(Self.text(rate.value)) [\(Self.text(rate.lower)), \(Self.text(rate.upper))] (\(rate.successes)/\(rate.trials), Clopper–Pearson 95 %)\n"
        }
        return out
    }

    /// Four decimals, or `n/a` for NaN.
    ///
    /// - Parameter value: a rate.
    /// - Returns: its text.
    package static func text(_ value: Double) -> String {
        value.isNaN ? "n/a" : String(format: "%.4f", value)
    }

    /// Six decimals for CSV, or an empty cell for NaN.
    ///
    /// - Parameter value: a rate.
    /// - Returns: its cell text.
    package static func cell(_ value: Double) -> String {
        value.isNaN ? "" : String(format: "%.6f", value)
    }
}
