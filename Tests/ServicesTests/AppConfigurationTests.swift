import Crypto
import Foundation
import Services
import Testing

@Suite struct AppConfigurationTests {
    let parameters = Data("minutes-at-attenuation-weights: []\n".utf8)

    @Test func appVerifiesTheServedConfiguration() throws {
        var backend = Fixture.backend()
        #expect(throws: AppConfigurationError.notPublished) { try backend.fetchAppConfiguration(now: Fixture.day0) }
        try backend.publishAppConfiguration(parameters, now: Fixture.day0)
        let bytes = try backend.fetchAppConfiguration(now: Fixture.day0 + 10)
        let contents = try SignedAppConfiguration.open(bytes, publicKey: backend.verificationKey)
        #expect(contents.payload == parameters)
        #expect(contents.version == UInt64(Fixture.day0))

        // A newer version replaces it from its publication time on.
        let updated = Data("changed".utf8)
        try backend.publishAppConfiguration(updated, now: Fixture.day0 + Fixture.day)
        #expect(
            try SignedAppConfiguration.open(try backend.fetchAppConfiguration(now: Fixture.day0 + 10), publicKey: backend.verificationKey)
                .payload == parameters)
        #expect(
            try SignedAppConfiguration.open(
                try backend.fetchAppConfiguration(now: Fixture.day0 + Fixture.day), publicKey: backend.verificationKey
            ).payload == updated)
        #expect(throws: AppConfigurationError.self) { try backend.publishAppConfiguration(updated, now: Fixture.day0) }
    }

    @Test func tamperedOrForeignConfigurationsAreRejected() throws {
        let key = Fixture.signingKey
        let bytes = try SignedAppConfiguration.seal(payload: parameters, version: 1, with: key)
        // Any changed byte of the signed part, or of the signature, is refused.
        for index in bytes.indices {
            var tampered = bytes
            tampered[index] ^= 0x40
            #expect(throws: AppConfigurationError.self) { try SignedAppConfiguration.open(tampered, publicKey: key.publicKey) }
        }
        #expect(throws: AppConfigurationError.invalidSignature) {
            try SignedAppConfiguration.open(bytes, publicKey: P256.Signing.PrivateKey().publicKey)
        }
        let foreign = try SignedAppConfiguration.seal(payload: parameters, version: 1, with: P256.Signing.PrivateKey())
        #expect(throws: AppConfigurationError.invalidSignature) { try SignedAppConfiguration.open(foreign, publicKey: key.publicKey) }
        // Truncation and garbage never trap.
        for length in [0, 10, 27, 28, 28 + parameters.count, bytes.count - 1] {
            #expect(throws: AppConfigurationError.self) { try SignedAppConfiguration.open(bytes.prefix(length), publicKey: key.publicKey) }
        }
        #expect(throws: AppConfigurationError.wrongMagic) {
            try SignedAppConfiguration.open(Data(repeating: 0, count: 100), publicKey: key.publicKey)
        }
        var huge = bytes
        huge.replaceSubrange(24..<28, with: [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(throws: AppConfigurationError.payloadTooLarge(Int(UInt32.max))) {
            try SignedAppConfiguration.open(huge, publicKey: key.publicKey)
        }
    }
}
