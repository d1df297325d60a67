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
            exactly export.bin and export.sig, a CRC-32 mismatch, trailing bytes).
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
        do {
            report = try KeyPackageReport(package: package, publicKey: key)
        } catch {
            throw inputFailure(file: file, error.description)
        }
        printOutput(format == .json ? report.json() : report.csv())
        if report.status == .invalid {
            if report.signatureProblems.isEmpty {
                printError("warnsim: \(file): the signature does not verify with \(publicKey ?? "")")
            } else {
                for problem in report.signatureProblems { printError("warnsim: \(file): export.sig: \(problem)") }
            }
            throw ExitStatus.signatureInvalid
        }
    }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case csv
    case json
}
