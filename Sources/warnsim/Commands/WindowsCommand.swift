import Analysis
import ArgumentParser
import Foundation
import RiskCalculation
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
                One test case per phone of one platform (--platform; each phone ran \
                its own platform's variant), with the expected results of the run's own \
                configuration in that variant (`warnsim score FILE --platform P --check` \
                reproduces them). Without --out the JSON goes to standard output.
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

        @Option(help: "The phones of this platform (android or ios).")
        var platform: String = "android"

        func run() throws {
            try checkOutputPath(out)
            if let out {
                do { try OutputFolder.refuseOverlap(out, inputs: [runFolder]) } catch { throw inputFailure(error) }
            }
            guard format == "cwa-json" else {
                throw inputFailure(file: "<argument>", field: "--format", "\"\(format)\" is not supported (cwa-json)")
            }
            guard let variant = RiskPlatform(rawValue: platform) else {
                throw inputFailure(file: "<argument>", field: "--platform", "expected android or ios, got \"\(platform)\"")
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
                text = try CWAWindowExport.json(run: RecordedRun.load(folder: runFolder), platform: variant, phones: selected)
            } catch let error as InputError {
                throw inputFailure(error)
            }
            if let out {
                do { try AtomicFile.write(text, to: URL(fileURLWithPath: out)) } catch {
                    throw inputFailure(file: out, field: "--out", "cannot be written (\(error.localizedDescription))")
                }
            } else {
                printOutput(text)
            }
        }
    }
}
