import Analysis
import Foundation
import Plot
import Studies
import WarnSimCore

/// The report's part on a comparison: B − A for every metric with its paired
/// interval, and the chart of the differences `compare --out` drew.
enum CompareSection {
    static func make(_ folder: AnalysisFolder, index: Int) throws(InputError) -> ReportSection {
        let table = try folder.table(PairedComparison.csvFileName)
        let a = folder.field("config_a")
        let b = folder.field("config_b")
        let metric = try table.column("metric")
        let low = try table.column("difference_low")
        let high = try table.column("difference_high")
        let higher = try table.column("higher_is_better")
        var better: [String] = []
        var worse: [String] = []
        for row in table.rows {
            guard let l = Double(row[low]), let h = Double(row[high]) else { continue }
            let higherIsBetter = row[higher] == "1"
            if higherIsBetter ? l > 0 : h < 0 { better.append(row[metric]) }
            if higherIsBetter ? h < 0 : l > 0 { worse.append(row[metric]) }
        }
        let runs = folder.runs
        let headline =
            "B = \(URL(fileURLWithPath: b).lastPathComponent) against A = \(URL(fileURLWithPath: a).lastPathComponent) on \(runs.count) "
            + "run\(runs.count == 1 ? "" : "s") (seeds \(SeedList.text(runs.map { UInt64($0.seed) }))). "
            + (better.isEmpty
                ? "B is better beyond the interval in no metric" : "B is better beyond the interval in \(better.joined(separator: ", "))")
            + (worse.isEmpty ? "; worse in none." : "; worse in \(worse.joined(separator: ", ")).")
        var body: [Node<HTML.BodyContext>] = []
        if folder.has(PairedComparison.chartFileName) {
            body.append(
                ReportHTML.figure(
                    try folder.text(PairedComparison.chartFileName), id: "compare-\(index)-differences",
                    caption: "B − A of every share, 95 % paired intervals."))
        }
        body.append(
            try ReportHTML.table(
                table,
                columns: [
                    ("metric", "metric"), ("a", "A"), ("b", "B"), ("difference", "B − A"), ("difference_low", "low"),
                    ("difference_high", "high"), ("probability_b_better", "P(B better)"),
                ],
                caption: "Paired bootstrap: seeds resampled, then phones within each drawn seed, the same draws for A and B."))
        var cautions: [String] = []
        if better.isEmpty && worse.isEmpty {
            cautions.append("Every interval includes 0: on these runs the two configurations cannot be told apart.")
        }
        if runs.count < TuneConfirmation.decisiveSeeds {
            cautions.append("\(runs.count) seed\(runs.count == 1 ? "" : "s"): the paired intervals rest on few seeds.")
        }
        return ReportSection(
            id: "compare-\(index)", title: "Comparison: \(URL(fileURLWithPath: folder.path).lastPathComponent)", headline: headline,
            body: body, cautions: cautions,
            provenance: Provenance(
                version: folder.field("warnsim_version"), folder: folder.path, inputs: folder.inputs,
                commands: [
                    (["warnsim", "compare"] + runs.map { ShellWords.quote($0.folder) }
                        + ["--config", ShellWords.quote(a), "--config", ShellWords.quote(b), "--out", ShellWords.quote(folder.path)])
                        .joined(separator: " ")
                ]))
    }
}
