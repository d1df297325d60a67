import ArgumentParser
import ExposureNotification
import Foundation

struct KeysInspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print a key package's header, keys and signature status.",
        discussion: """
            Exit 0 when the signature verifies (or no public key was given), 3 when \
            it does not, 2 when the file is unreadable or invalid.
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
            printError("warnsim: \(file): the signature does not verify with \(publicKey ?? "")")
            throw ExitStatus.signatureInvalid
        }
    }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case csv
    case json
}
