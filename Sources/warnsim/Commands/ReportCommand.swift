import Analysis
import ArgumentParser
import Foundation
import Reporting
import WarnSimCore

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "One self-contained HTML report of an ensemble, a sweep, a tune or a compare, for the person who decides.",
        discussion: """
            INPUT is any mix of run folders or ensembles of `simulate --seeds` \
            (evaluated together, as `evaluate` does, and measured against the \
            run-metric figures of the validation registry) and folders written by \
            `sweep`, `tune` and `compare --out`, each checked against its \
            manifest. The report states what was simulated (scenario, seeds, \
            every input's SHA-256, the WarnSim version, the commands that make it \
            again), precision and recall with intervals, production against the \
            candidates with paired differences, the outcomes (warnings per \
            uploader, infections averted, quarantine person-days), the plots, and \
            cautions where the data are thin. One file: inline CSS and SVG, no \
            script, no network request; the same inputs give the same bytes.
            """
    )

    @Argument(help: "Run folders or ensembles, and sweep, tune or compare folders.")
    var inputs: [String]

    @Option(help: "The HTML file to write.")
    var out: String

    @Option(help: "The validation registry (folder or file); default Configs/validation when it exists, none otherwise.")
    var registry: String?

    @OptionGroup var labels: LabelArguments

    @Option(help: "Bootstrap resamples of the ensemble's intervals.")
    var bootstrap: Int = 1000

    @Option(help: "Seed of the bootstrap.")
    var seed: UInt64 = 1

    @OptionGroup var threads: ThreadOptions

    func run() throws {
        try checkOutputPath(out, option: "--out")
        let workers = try threads.checked()
        guard (10...100_000).contains(bootstrap) else {
            throw inputFailure(file: "<argument>", field: "--bootstrap", "must be within 10…100000")
        }
        let destination = URL(fileURLWithPath: out)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: destination.path, isDirectory: &isFolder), isFolder.boolValue {
            throw inputFailure(file: out, field: "--out", "is a folder; name the HTML file to write")
        }
        let parent = destination.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder), isFolder.boolValue,
            FileManager.default.isWritableFile(atPath: parent)
        else {
            throw inputFailure(file: out, field: "--out", "cannot be written: \(parent) is not a writable folder")
        }
        let html: String
        do {
            let given = try ReportInputs(paths: inputs)
            let figures = try registryFigures()
            let settings = HTMLReport.Settings(
                labels: try labels.options(), figures: figures, resamples: bootstrap, seed: seed, workers: workers,
                version: WarnSimVersion.string, commandLine: "warnsim report " + ShellWords.join(Array(CommandLine.arguments.dropFirst(2))))
            let runInputs = inputs.filter { path in !given.folders.contains { $0.path == path } }
            html = HTMLReport.html(try HTMLReport.sections(inputs: given, settings: settings, given: runInputs), settings: settings)
        } catch let error as InputError {
            throw inputFailure(error)
        }
        do {
            try AtomicFile.write(html, to: destination)
        } catch {
            throw inputFailure(file: out, field: "--out", "cannot be written (\(error.localizedDescription))")
        }
        printOutput("wrote \(out) (\(html.utf8.count / 1024) KiB)\n")
    }

    /// The registry's figures: `--registry`, else `Configs/validation` when it exists.
    func registryFigures() throws -> [ValidationFigure] {
        let path = registry ?? "Configs/validation"
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            if registry == nil { return [] }
            throw InputError(file: path, field: "--registry", problem: "no such file or folder")
        }
        let url = URL(fileURLWithPath: path)
        return try isFolder.boolValue ? ValidationRegistry.loadFolder(url) : ValidationRegistry.load(url)
    }
}
