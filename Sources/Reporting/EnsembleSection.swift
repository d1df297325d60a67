import Analysis
import Foundation
import Plot
import Studies
import WarnSimCore

/// The report's part on an ensemble of runs: what was simulated, the warnings'
/// precision and recall against ground truth per label, what they were worth
/// (infections averted, quarantine), where they came from, and how far the
/// scenario agrees with the field figures of the validation registry.
package enum EnsembleSection {
    /// The section for `evaluation`.
    ///
    /// - Parameters:
    ///   - evaluation: The ensemble evaluated with its recorded warnings.
    ///   - figures: The validation registry's figures (run metrics are measured on these runs).
    ///   - folders: The run folders as given, for the commands.
    /// - Returns: The section.
    /// - Throws: ``InputError`` when a run's manifest cannot be read again.
    package static func make(
        evaluation: EnsembleEvaluation, figures: [ValidationFigure], folders: [String]
    ) throws(InputError)
        -> ReportSection
    {
        let set = evaluation.runs
        let runs = set.runs
        let primary = set.options.primary
        let m = evaluation.metrics[primary]!
        let (fields, _) = try ManifestOutputs.load(folder: runs[0].folder)
        let scenarioFile = scenarioFileName(manifest: fields, run: runs[0], production: set.production.name)
        let scenarioName = scenarioFile ?? "the scenario"
        let seeds = runs.map(\.seed)
        let people = runs[0].phones.count
        let appUsers = runs.map { $0.phones.filter(\.hasApp).count }.reduce(0, +) / runs.count
        let atRisk = m.counts.atRisk
        let peopleAtRisk = primary.isProbabilistic ? ReportHTML.number(atRisk, 1) + " expected" : ReportHTML.count(Int(atRisk))
        let headline =
            "\(runs.count) run\(runs.count == 1 ? "" : "s") of \(scenarioName) (seeds \(SeedList.text(seeds)); "
            + "\(ReportHTML.count(people)) people, about \(ReportHTML.count(appUsers)) with the app, \(runs[0].days) days each), "
            + "risk configuration \(set.production.name). Under the primary label (\(primary.rawValue)) \(peopleAtRisk) people were "
            + "at risk and \(ReportHTML.count(Int(m.counts.warned))) phones warned: precision "
            + ReportHTML.interval(m.counts.precision, m.precisionInterval.lower, m.precisionInterval.upper) + ", recall "
            + ReportHTML.interval(m.counts.recall, m.recallInterval.lower, m.recallInterval.upper) + " (95 % intervals)."
        var body: [Node<HTML.BodyContext>] = []
        body.append(.h3(.text("Precision and recall of the warnings")))
        let labels = MetricsCSV.labelOrder(primary: primary)
        body.append(
            ReportHTML.table(
                ["label", "at risk", "warned", "precision (95 % CI)", "recall (95 % CI)", "exposure → warning, h (median)"],
                labels.map { label in
                    let l = evaluation.metrics[label]!
                    return [
                        label.rawValue + (label == primary ? " (primary)" : ""),
                        label.isProbabilistic ? ReportHTML.number(l.counts.atRisk, 1) : ReportHTML.count(Int(l.counts.atRisk)),
                        ReportHTML.count(Int(l.counts.warned)),
                        ReportHTML.interval(l.counts.precision, l.precisionInterval.lower, l.precisionInterval.upper),
                        ReportHTML.interval(l.counts.recall, l.recallInterval.lower, l.recallInterval.upper),
                        ReportHTML.number(l.medianDelayHours, 1),
                    ]
                }, numeric: [1, 2, 5],
                caption:
                    "Intervals: percentile bootstrap over phones within each run (\(set.options.primary.rawValue) is the primary label)."
            ))
        let chart = IntervalChart(
            title: "Precision and recall per ground-truth label, 95 % intervals", axisLabel: "share",
            rows: labels.flatMap { label -> [IntervalChart.Row] in
                let l = evaluation.metrics[label]!
                return [
                    IntervalChart.Row(
                        name: "\(label.rawValue) precision", value: l.counts.precision, low: l.precisionInterval.lower,
                        high: l.precisionInterval.upper, color: "#1f77b4"),
                    IntervalChart.Row(
                        name: "\(label.rawValue) recall", value: l.counts.recall, low: l.recallInterval.lower,
                        high: l.recallInterval.upper, color: "#ff7f0e"),
                ]
            },
            footnote: "\(peopleAtRisk) people at risk under \(primary.rawValue); \(runs.count) runs pooled")
        body.append(
            ReportHTML.figure(
                chart.svg(), id: "ensemble-precision-recall",
                caption: "Precision (blue) and recall (orange) of the warnings per label, with 95 % intervals over phones."))
        body.append(.h3(.text("What the warnings were worth")))
        let loop = evaluation.loop
        let outcomes = evaluation.outcomes
        body.append(
            ReportHTML.table(
                ["outcome", "value"],
                [
                    ["warnings per uploader", ReportHTML.number(outcomes.warningsPerUploader, 2)],
                    [
                        "infections averted per run (95 % CI over seeds)",
                        loop.runsWithCounterfactual > 0
                            ? ReportHTML.interval(loop.avertedPerRun, loop.avertedLower, loop.avertedUpper, 1) : "no counterfactual",
                    ],
                    [
                        "infections in the runs (without warnings)",
                        "\(ReportHTML.count(loop.infections)) (\(ReportHTML.count(loop.counterfactualInfections)))",
                    ],
                    ["quarantine person-days", ReportHTML.count(loop.quarantinePersonDays)],
                    ["isolation person-days", ReportHTML.count(loop.isolationPersonDays)],
                    ["quarantine days per infection averted", ReportHTML.number(loop.quarantineDaysPerAverted, 1)],
                    ["warned who later tested positive", ReportHTML.number(outcomes.warnedLaterPositiveShare, 3)],
                    ["warned who were later infected", ReportHTML.number(outcomes.warnedLaterInfectedShare, 3)],
                    ["encounter date shown → warning, days (median)", ReportHTML.number(outcomes.exposureToWarningDaysMedian, 2)],
                ], numeric: [1],
                caption: "Pooled over \(runs.count) runs; averted: each seed's counterfactual (every warning ignored) minus the run."))
        body.append(.h3(.text("Where the warnings came from")))
        body.append(
            ReportHTML.table(
                ["source", "warned phones", "share of warnings", "later infected share"],
                evaluation.sources.rows.map { row in
                    let o = row.tally.outcomes
                    return [
                        row.source, ReportHTML.count(row.tally.warned),
                        ReportHTML.number(Double(row.tally.warned) / Double(max(outcomes.warnedPhones, 1)), 3),
                        ReportHTML.number(o.warnedLaterInfectedShare, 3),
                    ]
                }, numeric: [1, 2, 3]))
        var cautions: [String] = []
        let field = FieldAgreement.section(figures: figures, runs: set, scenario: scenarioFile)
        body.append(contentsOf: field.body)
        cautions += field.cautions
        if Set(evaluation.radio.map(\.variant)).subtracting(["ensemble"]).count > 1 {
            body.append(.h3(.text("Radio channels")))
            body.append(
                ReportHTML.table(
                    ["label", "radio channel", "runs", "precision", "recall"],
                    evaluation.radio.filter { $0.label == primary }.map { row in
                        [
                            row.label.rawValue, row.variant, String(row.runs),
                            ReportHTML.interval(row.precision.value, row.precision.radioRange.lower, row.precision.radioRange.upper),
                            ReportHTML.interval(row.recall.value, row.recall.radioRange.lower, row.recall.radioRange.upper),
                        ]
                    }, numeric: [2],
                    caption: "Per radio channel; the ensemble row's range is the lowest to highest channel."))
        } else {
            cautions.append(
                "Every run used one radio channel, so no interval here includes the uncertainty of the radio model; "
                    + "simulate the scenario under the variants of Configs/radio/variants (--set radio.parameters=…) to see it.")
        }
        if atRisk < SweepSummary.thinAtRisk {
            cautions.append(
                "Only \(peopleAtRisk) people were at risk under \(primary.rawValue): recall moves in steps of "
                    + "\(ReportHTML.number(100 / max(atRisk, 1), 0)) percentage points and its interval is wide. Simulate more seeds or people."
            )
        }
        if runs.count < TuneConfirmation.decisiveSeeds {
            cautions.append(
                "\(runs.count) seed\(runs.count == 1 ? "" : "s"): intervals over seeds (infections averted) rest on few values and are a rough guide."
            )
        }
        if loop.runsWithCounterfactual < runs.count {
            cautions.append(
                "\(runs.count - loop.runsWithCounterfactual) run(s) have no counterfactual, so infections averted leave them out.")
        }
        let version: String = {
            if case .string(let v)? = fields["warnsim_version"] { return v }
            return "unknown"
        }()
        var inputs = AnalysisFolder.files(fields["inputs"])
        for run in runs {
            let manifest = URL(fileURLWithPath: run.folder).appendingPathComponent(RunManifest.fileName)
            let digest = FileManager.default.contents(atPath: manifest.path).map(RunManifest.digest) ?? "unreadable"
            inputs.append(("seed-\(run.seed)/manifest.json", digest))
        }
        let overrides = runs[0].scenarioInputs.filter { $0.hasPrefix("--set ") }
        let command =
            (["warnsim simulate", ShellWords.quote(scenarioName), "--seeds", SeedList.text(seeds)] + overrides
            + ["--out", ShellWords.quote(folders.count == 1 ? folders[0] : "RUNS")]).joined(separator: " ")
        return ReportSection(
            id: "ensemble", title: "The ensemble: \(scenarioName), \(runs.count) seeds", headline: headline, body: body,
            cautions: cautions,
            provenance: Provenance(version: version, folder: folders.joined(separator: " "), inputs: inputs, commands: [command]))
    }

    /// The scenario file's name among a run manifest's `inputs`: the `.yaml`
    /// input that is neither the radio parameters nor the risk configuration
    /// the phones ran.
    static func scenarioFileName(manifest: [String: JSONValue], run: RecordedRun, production: String) -> String? {
        guard case .object(let inputs)? = manifest["inputs"] else { return nil }
        return inputs.keys.sorted().first { name in
            name.hasSuffix(".yaml") && name != run.radioParameters?.file && name != production + ".yaml"
        }
    }
}
