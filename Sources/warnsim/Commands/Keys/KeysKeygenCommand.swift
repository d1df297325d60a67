import ArgumentParser
import Crypto
import Foundation
import WarnSimCore

struct KeysKeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Create a P-256 signing key pair (PEM) for key packages."
    )

    @Option(name: .customLong("private-key"), help: "Where to write the private key (PKCS#8 PEM).")
    var privateKey: String

    @Option(name: .customLong("public-key"), help: "Where to write the public key (PEM).")
    var publicKey: String

    func run() throws {
        let key = P256.Signing.PrivateKey()
        do {
            try AtomicFile.write(key.pemRepresentation + "\n", to: URL(fileURLWithPath: privateKey))
        } catch {
            throw inputFailure(file: privateKey, field: "--private-key", "cannot be written (\(error.localizedDescription))")
        }
        do {
            try AtomicFile.write(key.publicKey.pemRepresentation + "\n", to: URL(fileURLWithPath: publicKey))
        } catch {
            // No half-written pair: the private key goes too.
            try? FileManager.default.removeItem(atPath: privateKey)
            throw inputFailure(file: publicKey, field: "--public-key", "cannot be written (\(error.localizedDescription))")
        }
        printOutput("wrote \(privateKey) and \(publicKey)\n")
    }
}
