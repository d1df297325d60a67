import Analysis
import Foundation
import Plot
import Studies
import WarnSimCore

/// The report's part on a tune: the recommendation, production against it on
/// the tuning and the held-out seeds, the search's convergence, and the
/// closed-loop confirmation when `--confirm` ran.
enum TuneSection {
    static func make(_ folder: AnalysisFolder, index: Int) throws(InputError) -> ReportSection {
        let summary = try folder.table("summary.csv")
        let objective = folder.field("objective")
        let holdout = folder.field("holdout_seeds")
        let tuning = folder.field("tuning_seeds")
        let seedsColumn = try summary.column("seeds")
        let metricColumn = try summary.column("metric")
        var body: [Node<HTML.BodyContext>] = []
        var cautions: [String] = []
        let recommended = folder.has("recommended.yaml")
        var headline =
            "\(folder.field("search")) searched \(folder.field("configurations_evaluated")) configurations to \(objective) "
            + "on seeds \(tuning)"
            + (holdout.isEmpty ? " (no held-out seeds)." : ", held out \(holdout).")
        if !recommended {
            headline += " No configuration met every constraint: there is no recommendation."
        }
        let objectiveMetric = objective.split(separator: " ").last.map(String.init) ?? ""
        if let row = summary.rows.first(where: {
            $0[seedsColumn] == (holdout.isEmpty ? "tuning" : "holdout") && $0[metricColumn] == objectiveMetric
        }) {
            func cell(_ name: String) throws(InputError) -> String { row[try summary.column(name)] }
            headline +=
                " On the \(holdout.isEmpty ? "tuning" : "held-out") seeds the recommendation changes \(objectiveMetric) by "
                + ReportHTML.interval(
                    Double(try cell("difference")) ?? .nan, Double(try cell("difference_low")) ?? .nan,
                    Double(try cell("difference_high")) ?? .nan, 4) + " (95 % paired interval)."
        }
        if recommended {
            body.append(.h3(.text("The recommendation")))
            body.append(.pre(.code(.text(try folder.text("recommended.yaml")))))
        }
        body.append(.h3(.text("Production against the recommendation")))
        body.append(
            try ReportHTML.table(
                summary,
                columns: [
                    ("seeds", "seeds"), ("metric", "metric"), ("production", "production"), ("recommended", "recommended"),
                    ("difference", "difference"), ("difference_low", "low"), ("difference_high", "high"),
                    ("probability_better", "P(better)"),
                ],
                caption: "Paired bootstrap over seeds, then phones; the held-out rows are seeds the search never saw."))
        if folder.has("convergence.svg") {
            body.append(
                ReportHTML.figure(
                    try folder.text("convergence.svg"), id: "tune-\(index)-convergence",
                    caption: "Best feasible objective so far against configurations evaluated."))
        }
        if folder.has("confirmed-differences.csv") {
            body.append(.h3(.text("Confirmed by re-simulation on the held-out seeds")))
            body.append(
                try ReportHTML.table(
                    try folder.table("confirmed-differences.csv"),
                    columns: [
                        ("outcome", "outcome"), ("seeds", "seeds"), ("production_per_run", "production per run"),
                        ("recommended_per_run", "recommended per run"), ("difference_per_run", "difference"),
                        ("difference_low", "low"), ("difference_high", "high"),
                    ],
                    caption: "Production and the recommendation live on every phone, the loop closed, same random streams."))
        } else if recommended {
            cautions.append(
                "The recommendation was not confirmed by re-simulation (tune --confirm --scenario FILE): its figures come from "
                    + "recorded windows, where warned people did not act on the new warnings.")
        }
        let holdoutCount = holdout.split(separator: ",").count
        if holdout.isEmpty {
            cautions.append(
                "No seeds were held out: every figure is on the seeds the recommendation was chosen on and is optimistic.")
        } else if holdoutCount < TuneConfirmation.decisiveSeeds {
            cautions.append(
                "Only \(holdoutCount) held-out seed\(holdoutCount == 1 ? "" : "s"): the held-out intervals are coarse.")
        }
        let space = folder.inputs.map(\.name).first { !$0.hasPrefix("runs[") } ?? "SPACE.yaml"
        return ReportSection(
            id: "tune-\(index)", title: "Tune: \(URL(fileURLWithPath: folder.path).lastPathComponent)", headline: headline, body: body,
            cautions: cautions,
            provenance: Provenance(
                version: folder.field("warnsim_version"), folder: folder.path, inputs: folder.inputs,
                commands: [
                    (["warnsim", "tune"] + folder.runs.map { ShellWords.quote($0.folder) }
                        + ["--space", ShellWords.quote(space), "--out", ShellWords.quote(folder.path)]).joined(separator: " ")
                        + (holdout.isEmpty ? "" : " (seeds \(holdout) held out)")
                ]))
    }
}
