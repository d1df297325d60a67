import Foundation
import Population
import WarnSimCore

/// A figure measured by WarnSim and compared with its published value.
package struct ValidationResult: Sendable {
    package var figure: ValidationFigure
    /// The value over all runs pooled.
    package var measured: Double
    /// The per-seed values.
    package var perSeed: [Double]
    /// The 95 % interval of the measurement across seeds. For a run metric:
    /// the percentile interval of a bootstrap over the seeds (runs resampled
    /// with replacement, the figure computed on each resample's pooled
    /// counts). Built from single values: mean ± 1.96 standard errors of the
    /// per-seed values (the pooled value alone with one seed).
    package var low: Double
    package var high: Double

    /// Agreement: the measured interval overlaps the published band. A NaN
    /// measurement (nothing to measure, e.g. no uploads) never agrees.
    package var passed: Bool {
        guard !measured.isNaN, !low.isNaN, !high.isNaN else { return false }
        return low <= figure.published.high && figure.published.low <= high
    }

    /// The measurement of `figure` from its per-seed and pooled values.
    ///
    /// - Parameters:
    ///   - figure: The registry entry.
    ///   - pooled: The value over all runs together.
    ///   - perSeed: The value of each run alone.
    package init(figure: ValidationFigure, pooled: Double, perSeed: [Double]) {
        self.figure = figure
        measured = pooled
        self.perSeed = perSeed
        let finite = perSeed.filter(\.isFinite)
        if finite.count >= 2 {
            let mean = finite.reduce(0, +) / Double(finite.count)
            let variance = finite.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(finite.count - 1)
            let half = 1.96 * (variance / Double(finite.count)).squareRoot()
            low = min(pooled, mean - half)
            high = max(pooled, mean + half)
        } else {
            low = pooled
            high = pooled
        }
    }
}

extension ValidationResult {
    /// A measurement with its own interval (a `contact-survey` figure: the
    /// person bootstrap of the towns of all seeds together), and the value of
    /// each seed's town alone.
    package init(figure: ValidationFigure, measured: Double, low: Double, high: Double, perSeed: [Double]) {
        self.figure = figure
        self.measured = measured
        self.perSeed = perSeed
        self.low = low
        self.high = high
    }

    /// Bootstrap replicates of a run-metric figure.
    package static let bootstrapReplicates = 2000
    /// The seed of the bootstrap streams (fixed: the same runs give the same interval).
    package static let bootstrapSeed: UInt64 = 20_211_015

    /// A run metric measured on per-run counts: the pooled value is the
    /// figure of all runs' counts together, the interval a seed bootstrap.
    ///
    /// A figure such as warnings per uploader or the positive share of tests
    /// is a ratio of counts that a run of a small town holds a handful of;
    /// averaging the per-seed ratios weighs a run with one uploader like one
    /// with ten and gives intervals that are too wide (or below zero for a
    /// share). Resampling the runs keeps each run's counts together, so the
    /// interval reflects both the counts and the spread between runs.
    ///
    /// - Parameters:
    ///   - figure: The registry entry (its column names the figure).
    ///   - tallies: One tally per run.
    ///   - column: The ``FieldOutcomes`` column.
    ///   - entity: The bootstrap stream's entity (``ValidationFigure/bootstrapEntity``).
    package init(figure: ValidationFigure, tallies: [FieldOutcomeTally], column: String, entity: UInt64) {
        self.init(figure: figure, tallies: tallies, zero: FieldOutcomeTally(), add: +, entity: entity) {
            $0.outcomes.value(of: column) ?? .nan
        }
    }

    /// A ``WarningSourceTally`` column measured on per-run tallies, pooled
    /// and bootstrapped over the runs as the ``FieldOutcomes`` columns are.
    package init(figure: ValidationFigure, sourceTallies: [WarningSourceTally], column: String, entity: UInt64) {
        self.init(figure: figure, tallies: sourceTallies, zero: WarningSourceTally(), add: +, entity: entity) {
            $0.value(of: column) ?? .nan
        }
    }

    /// The pooled value of `tallies` and the interval of a bootstrap over them.
    private init<Tally>(
        figure: ValidationFigure, tallies: [Tally], zero: Tally, add: (Tally, Tally) -> Tally, entity: UInt64,
        value: (Tally) -> Double
    ) {
        self.figure = figure
        measured = value(tallies.reduce(zero, add))
        perSeed = tallies.map(value)
        guard tallies.count >= 2 else {
            low = measured
            high = measured
            return
        }
        var stream = RandomStream(seed: Self.bootstrapSeed, subsystem: StreamName.validateBootstrap, entity: entity)
        var replicates: [Double] = []
        replicates.reserveCapacity(Self.bootstrapReplicates)
        for _ in 0..<Self.bootstrapReplicates {
            var sum = zero
            for _ in tallies.indices { sum = add(sum, tallies[Int(stream.next() % UInt64(tallies.count))]) }
            let v = value(sum)
            if v.isFinite { replicates.append(v) }
        }
        // Most resamples without a value (no uploader, nobody warned): no interval.
        guard replicates.count * 2 >= Self.bootstrapReplicates else {
            low = .nan
            high = .nan
            return
        }
        replicates.sort()
        low = min(measured, SampleStatistics.quantile(sorted: replicates, 0.025))
        high = max(measured, SampleStatistics.quantile(sorted: replicates, 0.975))
    }
}

/// The text table and JUnit XML of `warnsim validate`.
package enum ValidationReport {
    /// One line per figure: published, measured with its interval, pass or
    /// miss, and with `twice` the measurement on twice the seeds and whether
    /// the verdict stays.
    ///
    /// - Parameters:
    ///   - results: The measured figures.
    ///   - twice: Empty, or for each result its measurement on twice the seeds
    ///     (nil for a figure without seeds).
    /// - Returns: The table, with a final count line.
    package static func table(_ results: [ValidationResult], twice: [ValidationResult?] = []) -> String {
        func n(_ v: Double) -> String { MetricsCSV.fixed(v, 3) }
        func pad(_ s: String, _ width: Int) -> String { s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count) }
        var out = pad("figure", 34) + pad("published [band]", 26) + pad("WarnSim [95% over seeds]", 28) + "seeds  result"
        out += twice.isEmpty ? "\n" : "  " + pad("on twice the seeds [95%]", 28) + "seeds  result  verdict\n"
        for (i, r) in results.enumerated() {
            out +=
                pad(r.figure.id, 34)
                + pad("\(n(r.figure.published.value)) [\(n(r.figure.published.low)), \(n(r.figure.published.high))]", 26)
            out += pad("\(n(r.measured)) [\(n(r.low)), \(n(r.high))]", 28) + pad(String(r.perSeed.count), 7)
            out += r.passed ? "pass" : "MISS"
            if !twice.isEmpty {
                if let t = twice[i] {
                    out += "    " + pad("\(n(t.measured)) [\(n(t.low)), \(n(t.high))]", 28) + pad(String(t.perSeed.count), 7)
                    out += pad(t.passed ? "pass" : "MISS", 8) + (t.passed == r.passed ? "same" : "CHANGES")
                } else {
                    out += "    " + pad("(no seeds)", 43) + "same"
                }
            }
            out += "\n"
        }
        let misses = results.filter { !$0.passed }.count
        out += "\(results.count - misses) passed, \(misses) failed"
        if !twice.isEmpty { out += "; \(verdictChanges(results, twice: twice).count) verdicts change on twice the seeds" }
        return out + "\n"
    }

    /// The results whose verdict on twice the seeds differs from their own.
    package static func verdictChanges(_ results: [ValidationResult], twice: [ValidationResult?]) -> [ValidationResult] {
        zip(results, twice).compactMap { r, t in t.map { $0.passed != r.passed } == true ? r : nil }
    }

    /// `Configs/validation/RESULTS.md`: the table `validate --results` writes
    /// and CI compares with the committed file, so the validation status the
    /// documentation points to is always what the code gives. It holds no
    /// time: the same code and registry give the same bytes.
    ///
    /// - Parameters:
    ///   - results: The measured figures.
    ///   - twice: Empty, or for each result its measurement on twice the seeds
    ///     (nil for a figure without seeds): two more columns and a line
    ///     counting the verdicts that change.
    ///   - version: The WarnSim version that measured them.
    /// - Returns: The Markdown document.
    package static func markdown(_ results: [ValidationResult], twice: [ValidationResult?] = [], version: String) -> String {
        func n(_ v: Double) -> String { MetricsCSV.fixed(v, 3) }
        func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ") }
        func measured(_ r: ValidationResult) -> String {
            if case .radioCurve = r.figure.measure { return "\(Int(r.measured)) bands outside the spread" }
            return "\(n(r.measured)) [\(n(r.low)), \(n(r.high))]"
        }
        let misses = results.filter { !$0.passed }.count
        var out = "# Validation results\n\n"
        out += "Written by `warnsim validate --results` (WarnSim \(version)) from the registry in this folder; CI runs the same\n"
        out += "command and fails when this file differs from its output or when a figure misses. Do not edit it by hand.\n"
        out += "Agreement: the measurement's 95 % interval overlaps the published band (README.md of this folder).\n\n"
        out += "\(results.count - misses) of \(results.count) figures agree.\n\n"
        if !twice.isEmpty {
            let changes = verdictChanges(results, twice: twice).count
            out += "With `--twice-the-seeds` every figure with seeds is measured again on twice as many (its own, then as many\n"
            out += "following ones), and a verdict that changes between the two fails the command. "
            out += "\(changes == 0 ? "No verdict changes" : "\(changes) verdicts change") on twice the seeds.\n\n"
            out +=
                "| figure | file | published [band] | WarnSim [95 % interval] | seeds | verdict | on twice the seeds | seeds | verdict | source |\n"
            out += "|---|---|---|---|---|---|---|---|---|---|\n"
        } else {
            out += "| figure | file | published [band] | WarnSim [95 % interval] | seeds | verdict | source |\n"
            out += "|---|---|---|---|---|---|---|\n"
        }
        for (i, r) in results.enumerated() {
            let p = r.figure.published
            out +=
                "| \(cell(r.figure.id)) | \(cell(URL(fileURLWithPath: r.figure.file).lastPathComponent)) | \(n(p.value)) [\(n(p.low)), \(n(p.high))] | "
                + "\(measured(r)) | \(r.perSeed.count) | \(r.passed ? "agrees" : "misses") | "
            if !twice.isEmpty {
                if let t = twice[i] {
                    out +=
                        "\(measured(t)) | \(t.perSeed.count) | \(t.passed ? "agrees" : "misses")\(t.passed == r.passed ? "" : " (changes)") | "
                } else {
                    out += "(no seeds) | | | "
                }
            }
            out += "\(cell(r.figure.source)) |\n"
        }
        return out
    }

    /// JUnit XML: one test case per figure, a failure for each miss and for
    /// each verdict that changes on twice the seeds.
    ///
    /// - Parameters:
    ///   - results: The measured figures.
    ///   - twice: Empty, or for each result its measurement on twice the seeds.
    /// - Returns: The XML document.
    package static func junit(_ results: [ValidationResult], twice: [ValidationResult?] = []) -> String {
        let changed = Set(verdictChanges(results, twice: twice).map(\.figure.id))
        let failures = results.filter { !$0.passed || changed.contains($0.figure.id) }.count
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<testsuites name="warnsim validate" tests="\#(results.count)" failures="\#(failures)" errors="0">"# + "\n"
        xml += #"  <testsuite name="warnsim validate" tests="\#(results.count)" failures="\#(failures)" errors="0">"# + "\n"
        for (i, r) in results.enumerated() {
            let file = TextEscaping.xml(URL(fileURLWithPath: r.figure.file).lastPathComponent)
            xml += #"    <testcase classname="\#(file)" name="\#(TextEscaping.xml(r.figure.id))">"#
            if !r.passed {
                let message =
                    "measured \(r.measured) [\(r.low), \(r.high)] does not meet published \(r.figure.published.value) "
                    + "[\(r.figure.published.low), \(r.figure.published.high)] (\(r.figure.source))"
                xml += "\n" + #"      <failure message="\#(TextEscaping.xml(message))" type="outside-published-band"/>"# + "\n    "
            } else if changed.contains(r.figure.id), let t = twice[i] {
                let message =
                    "agrees on \(r.perSeed.count) seeds but misses on \(t.perSeed.count): measured \(t.measured) [\(t.low), \(t.high)] against "
                    + "published \(r.figure.published.value) [\(r.figure.published.low), \(r.figure.published.high)]"
                xml += "\n" + #"      <failure message="\#(TextEscaping.xml(message))" type="verdict-changes-with-seeds"/>"# + "\n    "
            }
            xml += "</testcase>\n"
        }
        return xml + "  </testsuite>\n</testsuites>\n"
    }
}
