import Analysis
import Foundation
import Plot
import WarnSimCore

/// The report's part on a sweep: which configurations beat production and by
/// how much beyond noise (the sweep's `summary.csv`), the precision–recall
/// plots the sweep drew, the Pareto front, and whether any of it was
/// confirmed by re-simulation.
enum SweepSection {
    static func make(_ folder: AnalysisFolder, index: Int) throws(InputError) -> ReportSection {
        let summary = try folder.table("summary.csv")
        let pareto = try folder.table("pareto.csv")
        let metrics = try folder.table("metrics.csv")
        let label = try text(summary, row: 0, column: "label") ?? primaryLabel(folder)
        let atRiskText = try text(summary, row: 0, column: "at_risk") ?? "–"
        let atRisk = Double(atRiskText) ?? .nan
        let runs = folder.runs
        let scored = folder.field("configurations_scored")
        let method = folder.field("method")
        let production = folder.field("production_configuration")
        var body: [Node<HTML.BodyContext>] = []
        // The picks and their paired differences.
        let objectiveColumn = try summary.column("objective")
        let idColumn = try summary.column("id")
        let verdictColumn = try summary.column("verdict")
        let metricColumn = try summary.column("metric")
        var headline =
            "\(scored) configurations (\(method)) scored on \(runs.count) run\(runs.count == 1 ? "" : "s") "
            + "(seeds \(SeedList.text(runs.map { UInt64($0.seed) }))) against production (\(production)), label \(label), "
            + "\(atRiskText) people at risk."
        let beaten = summary.rows.contains { ["precision", "recall"].contains($0[metricColumn]) && $0[verdictColumn] == "better" }
        if let best = summary.rows.first(where: { $0[objectiveColumn] == "best F1" && !$0[idColumn].isEmpty }) {
            headline +=
                " Best F1: \(best[idColumn]). "
                + (beaten
                    ? "Some picks are better than production beyond the paired interval in precision or recall (table)."
                    : "No pick is better than production beyond the paired interval in precision or recall.")
        }
        body.append(.h3(.text("Production against the best configurations")))
        body.append(
            try ReportHTML.table(
                summary,
                columns: [
                    ("objective", "objective"), ("id", "configuration"), ("parameters", "parameters"), ("metric", "metric"),
                    ("production", "production"), ("candidate", "candidate"), ("difference", "difference"),
                    ("difference_low", "low"), ("difference_high", "high"), ("verdict", "verdict"),
                ],
                caption: "Differences candidate − production with 95 % paired bootstrap intervals (seeds, then phones within each seed)."))
        // The plots the sweep drew.
        for (name, caption) in [
            ("pr-curve.svg", "Precision against recall of every configuration; named configurations and production labelled."),
            ("pareto.svg", "The precision–recall Pareto front; each front point named by its id."),
        ] where folder.has(name) {
            body.append(ReportHTML.figure(try folder.text(name), id: "sweep-\(index)-\(name.dropLast(4))", caption: caption))
        }
        body.append(.h3(.text("The Pareto front")))
        let parameterColumns = Array(pareto.header.dropFirst(3))
        body.append(
            try ReportHTML.table(
                pareto,
                columns: [("id", "configuration"), ("precision", "precision"), ("recall", "recall")] + parameterColumns.map { ($0, $0) },
                rows: { index, _ in index < Self.paretoRows },
                caption: "By recall ascending"
                    + (pareto.rows.count > Self.paretoRows
                        ? "; the first \(Self.paretoRows) of \(pareto.rows.count) front configurations (all in pareto.csv)."
                        : " (pareto.csv).")))
        if let productionRow = metrics.rows.firstIndex(where: { $0.first == "production" }) {
            let p = try metrics.column("precision")
            let r = try metrics.column("recall")
            let pl = try metrics.column("precision_low")
            let ph = try metrics.column("precision_high")
            let rl = try metrics.column("recall_low")
            let rh = try metrics.column("recall_high")
            let row = metrics.rows[productionRow]
            body.append(
                ReportHTML.paragraph(
                    "Production on these runs: precision \(ReportHTML.interval(value(row[p]), value(row[pl]), value(row[ph]))), "
                        + "recall \(ReportHTML.interval(value(row[r]), value(row[rl]), value(row[rh])))."
                ))
        }
        var cautions: [String] = []
        if folder.has("confirmed.csv") {
            let table = try folder.table("confirmed.csv")
            body.append(.h3(.text("Confirmed by re-simulation")))
            body.append(
                try ReportHTML.table(
                    table,
                    columns: [
                        ("id", "configuration"), ("screen_precision", "screen precision"), ("screen_recall", "screen recall"),
                        ("precision", "precision"), ("recall", "recall"), ("infections_averted_per_run", "infections averted per run"),
                        ("infections_averted_low", "low"), ("infections_averted_high", "high"),
                        ("quarantine_person_days", "quarantine person-days"), ("warnings_per_uploader", "warnings per uploader"),
                    ],
                    caption: "Each configuration live on every phone for every seed, the loop closed (sweep --confirm)."))
        } else {
            cautions.append(
                "No configuration of this sweep was confirmed by re-simulation: the screen scores recorded windows, so how warned "
                    + "people would have acted differently is not in these figures (sweep --confirm N --scenario FILE).")
        }
        if atRisk.isFinite && atRisk < SweepSummary.thinAtRisk {
            cautions.append(
                "Only \(atRiskText) people at risk under \(label): recall takes few values and many configurations tie; "
                    + (label == GroundTruthLabel.expected.rawValue
                        ? "simulate more seeds or people." : "simulate more seeds or people, or read the expected label."))
        }
        if summary.rows.contains(where: { !$0[idColumn].isEmpty }) {
            cautions.append(
                "The picks were chosen on the same runs they are compared on, so their differences are optimistic (the winner's curse); "
                    + "check them on other seeds (warnsim compare, or warnsim tune with held-out seeds).")
        }
        let sweepFile = folder.inputs.map(\.name).first { !$0.hasPrefix("runs[") } ?? "SWEEP.yaml"
        let runFolders = runs.map(\.folder)
        return ReportSection(
            id: "sweep-\(index)", title: "Sweep: \(URL(fileURLWithPath: folder.path).lastPathComponent)", headline: headline, body: body,
            cautions: cautions,
            provenance: Provenance(
                version: folder.field("warnsim_version"), folder: folder.path, inputs: folder.inputs,
                commands: [
                    (["warnsim", "sweep"] + runFolders.map(ShellWords.quote) + [
                        "--sweep", ShellWords.quote(sweepFile), "--out", ShellWords.quote(folder.path),
                    ])
                    .joined(separator: " ")
                ]))
    }

    /// Front configurations listed in the report (the plot shows them all).
    static let paretoRows = 30

    static func value(_ text: String) -> Double { Double(text) ?? .nan }

    /// A cell of `table` by column name, nil when the table has no rows.
    static func text(_ table: CSVTable, row: Int, column: String) throws(InputError) -> String? {
        let index = try table.column(column)
        guard row < table.rows.count, index < table.rows[row].count else { return nil }
        return table.rows[row][index]
    }

    /// The primary label of the manifest's `labels`.
    static func primaryLabel(_ folder: AnalysisFolder) -> String {
        if case .object(let labels)? = folder.manifest["labels"], case .string(let primary)? = labels["primary"] { return primary }
        return "detectable"
    }
}
