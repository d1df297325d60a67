import ArgumentParser
import Crypto
import ExposureNotification
import Foundation

/// Reads a PEM public key file, mapping problems to exit code 2.
func loadPublicKey(_ path: String) throws -> P256.Signing.PublicKey {
    let text = try readText(path)
    do {
        return try KeyExportSignature.publicKey(pem: text)
    } catch {
        throw inputFailure(file: path, error.description)
    }
}

/// Reads a PEM private key file, mapping problems to exit code 2.
func loadPrivateKey(_ path: String) throws -> P256.Signing.PrivateKey {
    let text = try readText(path)
    do {
        return try KeyExportSignature.privateKey(pem: text)
    } catch {
        throw inputFailure(file: path, error.description)
    }
}

private func readText(_ path: String) throws -> String {
    guard let data = FileManager.default.contents(atPath: path) else {
        throw inputFailure(file: path, "cannot be read (missing or not a file)")
    }
    return String(decoding: data, as: UTF8.self)
}
