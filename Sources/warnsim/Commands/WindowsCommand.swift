import Analysis
import ArgumentParser
import Foundation
import WarnSimCore

struct WindowsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "windows",
        abstract: "Work with a run's recorded exposure windows.",
        subcommands: [Export.self]
    )

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a run's windows in the CWA test-vector JSON format.",
            discussion: """
                One test case per phone, with the expected results of the run's own \
                configuration (`warnsim score FILE --platform P --check` reproduces \
                them). Without --out the JSON goes to standard output.
                """
        )

        @Argument(help: "A run folder written by `warnsim simulate`.")
        var runFolder: String

        @Option(help: "Output format (cwa-json).")
        var format: String = "cwa-json"

        @Option(help: "Output file (default: standard output).")
        var out: String?

        @Option(help: "Only these phones (comma-separated person indices).")
        var phones: String?

        func run() throws {
            try checkOutputPath(out)
            guard format == "cwa-json" else {
                throw inputFailure(file: "<argument>", field: "--format", "\"\(format)\" is not supported (cwa-json)")
            }
            var selected: Set<Int>?
            if let phones {
                let parts = phones.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
                guard !parts.isEmpty, parts.allSatisfy({ $0 != nil && $0! >= 0 }) else {
                    throw inputFailure(
                        file: "<argument>", field: "--phones", "\"\(phones)\" is not a comma-separated list of person indices")
                }
                selected = Set(parts.map { $0! })
            }
            let text: String
            do {
                text = try CWAWindowExport.json(run: RecordedRun.load(folder: runFolder), phones: selected)
            } catch let error as InputError {
                throw inputFailure(error)
            }
            if let out {
                do { try AtomicFile.write(text, to: URL(fileURLWithPath: out)) } catch {
                    throw inputFailure(file: out, "cannot be written (\(error.localizedDescription))")
                }
            } else {
                printOutput(text)
            }
        }
    }
}
