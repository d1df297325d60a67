import Analysis
import Foundation
import Plot
import WarnSimCore

/// `warnsim report`: one self-contained HTML file (inline CSS and SVG, no
/// script, no network) that says what was simulated, how sure it is, how far
/// it agrees with the field, production against the candidates and what it
/// costs, with the cautions the data call for. Identical inputs give
/// identical bytes: nothing in it depends on the time or the machine.
package enum HTMLReport {
    /// Everything a report is made from besides its folders.
    package struct Settings: Sendable {
        /// The label options of the ensemble's evaluation.
        package var labels: LabelOptions
        /// The validation registry's figures (empty: none read).
        package var figures: [ValidationFigure]
        /// Bootstrap resamples and seed of the ensemble's intervals.
        package var resamples: Int
        package var seed: UInt64
        package var workers: Int
        /// The WarnSim version that writes the report.
        package var version: String
        /// The command line that wrote it, shown so it can be run again.
        package var commandLine: String

        package init(
            labels: LabelOptions, figures: [ValidationFigure], resamples: Int, seed: UInt64, workers: Int, version: String,
            commandLine: String
        ) {
            self.labels = labels
            self.figures = figures
            self.resamples = resamples
            self.seed = seed
            self.workers = workers
            self.version = version
            self.commandLine = commandLine
        }
    }

    /// The report's sections for `inputs`: the ensemble first, then each
    /// analysis folder in the order given.
    ///
    /// - Parameters:
    ///   - inputs: The folders, sorted by kind.
    ///   - settings: Labels, registry, bootstrap.
    ///   - given: The run folders as given on the command line.
    /// - Returns: The sections.
    /// - Throws: ``InputError`` naming the file and the problem.
    package static func sections(inputs: ReportInputs, settings: Settings, given: [String]) throws -> [ReportSection] {
        var sections: [ReportSection] = []
        if !inputs.runFolders.isEmpty {
            let set = try RunSet(folders: inputs.runFolders, options: settings.labels)
            try set.checkOneScenario()
            let evaluation = try EnsembleEvaluation(
                runs: set, resamples: settings.resamples, seed: settings.seed, workers: settings.workers)
            sections.append(try EnsembleSection.make(evaluation: evaluation, figures: settings.figures, folders: given))
        }
        for (index, folder) in inputs.folders.enumerated() {
            switch folder.command {
            case "sweep": sections.append(try SweepSection.make(folder, index: index + 1))
            case "tune": sections.append(try TuneSection.make(folder, index: index + 1))
            default: sections.append(try CompareSection.make(folder, index: index + 1))
            }
        }
        return sections
    }

    /// The HTML document of `sections`.
    ///
    /// - Parameters:
    ///   - sections: The report's parts.
    ///   - settings: The version and the command line shown.
    /// - Returns: The document's text.
    package static func html(_ sections: [ReportSection], settings: Settings) -> String {
        let cautions = sections.flatMap { section in section.cautions.map { (section.title, $0) } }
        let document = HTML(
            .lang(.english),
            .head(
                .meta(.charset(.utf8)),
                .meta(.name("viewport"), .content("width=device-width, initial-scale=1")),
                .element(named: "title", text: "WarnSim report: " + sections.map(\.title).joined(separator: "; ")),
                .style(ReportStyle.css)
            ),
            .body(
                .header(
                    .h1(.text("WarnSim report")),
                    .p(.class("meta"), .text("Written by warnsim \(settings.version): "), .code(.text(settings.commandLine)))
                ),
                .h2(.text("The answer")),
                .forEach(sections) { section in .p(.class("headline"), .strong(.text(section.title + ". ")), .text(section.headline)) },
                .if(
                    !cautions.isEmpty,
                    .group(
                        .h3(.text("Read with care")),
                        .ul(.class("cautions"), .forEach(cautions) { title, text in .li(.strong(.text(title + ": ")), .text(text)) })
                    )
                ),
                .nav(.ul(.forEach(sections) { section in .li(.a(.href("#" + section.id), .text(section.title))) })),
                .forEach(sections) { section in
                    .section(
                        .id(section.id),
                        .h2(.text(section.title)),
                        .p(.class("headline"), .text(section.headline)),
                        .if(!section.cautions.isEmpty, .ul(.class("cautions"), .forEach(section.cautions) { .li(.text($0)) })),
                        .group(section.body),
                        .element(
                            named: "details",
                            nodes: [
                                .element(named: "summary", nodes: [.text("What this was made from, and how to make it again")]),
                                .p(.text("WarnSim \(section.provenance.version); folder "), .code(.text(section.provenance.folder))),
                                .pre(.code(.text(section.provenance.commands.joined(separator: "\n")))),
                                ReportHTML.table(["input", "SHA-256"], section.provenance.inputs.map { [$0.name, $0.digest] }),
                            ])
                    )
                },
                .footer(
                    .p(
                        .text(
                            "One self-contained file: inline styles and SVG figures, no script, no request to any server. "
                                + "Intervals are 95 %. Columns and labels: Outputs/README.md of the WarnSim repository.")))
            )
        )
        return document.render(indentedBy: Indentation.Kind.spaces(1)) + "\n"
    }
}
