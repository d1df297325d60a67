import Analysis
import ArgumentParser
import Foundation
import Studies
import WarnSimCore

/// `warnsim validate`: the published real-world figures of the validation
/// registry against what WarnSim measures.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Compare WarnSim with published real-world figures (the validation registry).",
        discussion: """
            Reads every registry file (Configs/validation/*.yaml): each figure names its \
            published value and agreement band, its source, and the scenario, seeds and \
            output column that reproduce it. Simulates the scenarios (or uses --runs), \
            prints published against measured, and exits 0 when every figure agrees, 1 \
            when one misses (or, with --twice-the-seeds, when a verdict changes on twice \
            the seeds), 2 on bad input.
            """
    )

    @Option(help: "The registry folder, or one registry file.")
    var registry = "Configs/validation"

    @Option(
        parsing: .upToNextOption,
        help: "Recorded run folders to measure every run figure on, instead of simulating the registry's scenarios.")
    var runs: [String] = []

    @Option(help: "Folder for the simulated runs (default: a temporary folder, removed afterwards).")
    var work: String?

    @OptionGroup var threadOptions: ThreadOptions

    /// `--threads`, or every core of this machine.
    var threads: Int { threadOptions.threads }

    @Option(help: "Also write the comparison as JUnit XML to this file.")
    var junit: String?

    @Option(help: "Also write the results table as Markdown to this file (Configs/validation/RESULTS.md is this output).")
    var results: String?

    @Flag(
        help: """
            Also measure every figure with seeds on twice as many (its own, then as many following ones) and fail \
            when a verdict changes: such a verdict is noise.
            """)
    var twiceTheSeeds = false

    func run() throws {
        try checkOutputPath(work, option: "--work")
        try checkOutputPath(junit, option: "--junit")
        try checkOutputPath(results, option: "--results")
        _ = try threadOptions.checked()
        if twiceTheSeeds && !runs.isEmpty {
            throw inputFailure(
                file: "<argument>", field: "--twice-the-seeds", "simulates the registry's scenarios, so it cannot be used with --runs")
        }
        let url = URL(fileURLWithPath: registry)
        var isFolder: ObjCBool = false
        let figures: [ValidationFigure]
        do {
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                throw InputError(file: registry, problem: "no such file or folder")
            }
            figures = try isFolder.boolValue ? ValidationRegistry.loadFolder(url) : ValidationRegistry.load(url)
        } catch let error as InputError {
            throw inputFailure(error)
        } catch {
            throw inputFailure(file: registry, "\(error)")
        }
        let temporary = work == nil
        let folder =
            work.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("warnsim-validate-\(UUID().uuidString)")
        defer { if temporary { try? FileManager.default.removeItem(at: folder) } }
        var runner = ValidationRunner(
            workFolder: folder, threads: threads, version: WarnSimVersion.string, givenRuns: runs.isEmpty ? nil : runs)
        runner.progress = { printError($0) }
        let measured: [ValidationResult]
        var twice: [ValidationResult?] = []
        do {
            // One pass over both sets, so the runs of the registry's seeds are
            // simulated once and its results keep their bootstrap streams.
            let again = twiceTheSeeds ? figures.map(\.onTwiceTheSeeds) : []
            let all = try runner.run(figures + again.compactMap { $0 })
            measured = Array(all.prefix(figures.count))
            var rest = all.dropFirst(figures.count).makeIterator()
            twice = again.map { $0 == nil ? nil : rest.next() }
        } catch let error as InputError {
            throw inputFailure(error)
        } catch {
            throw inputFailure(file: registry, "a figure could not be measured (\(error))")
        }
        if let junit {
            do {
                try AtomicFile.write(ValidationReport.junit(measured, twice: twice), to: URL(fileURLWithPath: junit))
            } catch {
                throw inputFailure(file: junit, field: "--junit", "cannot be written (\(error.localizedDescription))")
            }
        }
        if let results {
            do {
                try AtomicFile.write(
                    ValidationReport.markdown(measured, twice: twice, version: WarnSimVersion.string), to: URL(fileURLWithPath: results))
            } catch {
                throw inputFailure(file: results, field: "--results", "cannot be written (\(error.localizedDescription))")
            }
        }
        printOutput(ValidationReport.table(measured, twice: twice))
        let misses = measured.filter { !$0.passed }
        let changes = ValidationReport.verdictChanges(measured, twice: twice)
        for miss in misses { printError("warnsim: validate: \(miss.figure.id) misses its published value (\(miss.figure.source))") }
        for change in changes {
            printError(
                "warnsim: validate: \(change.figure.id) \(change.passed ? "agrees" : "misses") on its seeds but not on twice as many")
        }
        if !misses.isEmpty || !changes.isEmpty { throw ExitStatus.checkFailed }
    }
}
