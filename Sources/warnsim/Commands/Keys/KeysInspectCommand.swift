import ArgumentParser
import ExposureNotification
import Foundation

struct KeysInspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print a key package's header, keys and signature status.",
        discussion: """
            Exit 0 when the signature verifies (or no public key was given), 3 when \
            it does not or when export.sig's key id, key version or batch disagree \
            with export.bin, 2 when the file is unreadable, invalid or ambiguous (not \
            exactly export.bin and export.sig, a CRC-32 mismatch, trailing bytes) or \
            when a value is implausible: each is a warning naming the key and field \
            (transmission risk level outside 1-8, report type outside 0-5, days since \
            onset of symptoms outside -14...14, rolling period outside 1-144, a start \
            timestamp after the end timestamp).
            """
    )

    @Argument(help: "The key package (a zip holding export.bin and export.sig).")
    var file: String

    @Option(name: .customLong("public-key"), help: "PEM file with the P-256 public key to verify the signature with.")
    var publicKey: String?

    @Option(help: "Output format: csv or json.")
    var format: OutputFormat = .csv

    func run() throws {
        let package: KeyExportPackage
        do {
            package = try KeyExportPackage.read(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw inputFailure(error)
        }
        let key = try publicKey.map(loadPublicKey)
        let report: KeyPackageReport
        let findings: [KeyPlausibility.Finding]
        do {
            report = try KeyPackageReport(package: package, publicKey: key)
            findings = try KeyPlausibility.findings(in: package)
        } catch {
            throw inputFailure(file: file, error.description)
        }
        printOutput(format == .json ? report.json() : report.csv())
        for finding in findings { printError("warnsim: warning: \(file): export.bin: \(finding)") }
        if report.status == .invalid {
            if report.signatureProblems.isEmpty {
                printError("warnsim: \(file): the signature does not verify with \(publicKey ?? "")")
            } else {
                for problem in report.signatureProblems { printError("warnsim: \(file): export.sig: \(problem)") }
            }
            throw ExitStatus.signatureInvalid
        }
        if !findings.isEmpty {
            printError("warnsim: \(file): \(findings.count) implausible value\(findings.count == 1 ? "" : "s") in export.bin")
            throw ExitStatus.invalidInput
        }
    }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case csv
    case json
}
