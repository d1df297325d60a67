import Crypto
import ExposureNotification
import Foundation
import Services
import Testing
import WarnSimCore

/// Shared helpers: a fixed simulated calendar and key factories.
enum Fixture {
    /// 2020-10-01 00:00:00 UTC.
    static let day0: Int64 = 1_601_510_400
    static let hour: Int64 = 3_600
    static let day: Int64 = 86_400

    /// A deterministic signing key for tests (the scalar is fixed, so runs repeat).
    static var signingKey: P256.Signing.PrivateKey {
        var stream = RandomStream(seed: 99, subsystem: "test-signing-key")
        var bytes = [UInt8]()
        for _ in 0..<4 { withUnsafeBytes(of: stream.next().bigEndian) { bytes.append(contentsOf: $0) } }
        bytes[0] = 0x01  // well below the group order
        return try! P256.Signing.PrivateKey(rawRepresentation: bytes)
    }

    static func backend(_ configuration: ServicesConfig = .init(), seed: UInt64 = 7) -> CWABackend {
        CWABackend(configuration: configuration, seed: seed, signingKey: signingKey)
    }

    /// 16 random bytes from a stream.
    static func keyBytes(_ stream: inout RandomStream) -> [UInt8] {
        var bytes = [UInt8]()
        for _ in 0..<2 { withUnsafeBytes(of: stream.next().littleEndian) { bytes.append(contentsOf: $0) } }
        return bytes
    }

    /// A phone's upload at `now`: the full-day keys of the `pastDays` days before
    /// today (newest first), plus, if `includeToday`, today's key cut at the
    /// current interval. TRLs come from `trl(age)`.
    static func upload(
        now: Int64, pastDays: Int = 13, includeToday: Bool = false, entity: UInt64,
        trl: (Int) -> Int? = { 3 + $0 % 6 }, dsos: (Int) -> Int? = { _ in nil }
    ) -> [SubmittedKey] {
        var stream = RandomStream(seed: 1, subsystem: "test-keys", entity: entity)
        let today = UInt32(now / day) * 144
        var keys: [SubmittedKey] = []
        if includeToday {
            let current = UInt32(now / 600)
            keys.append(
                SubmittedKey(
                    keyData: keyBytes(&stream), rollingStartIntervalNumber: today,
                    rollingPeriod: max(1, current - today), transmissionRiskLevel: trl(0), daysSinceOnsetOfSymptoms: dsos(0)))
        }
        for age in 1...max(1, pastDays) where pastDays > 0 {
            keys.append(
                SubmittedKey(
                    keyData: keyBytes(&stream), rollingStartIntervalNumber: today - UInt32(age) * 144,
                    rollingPeriod: 144, transmissionRiskLevel: trl(age), daysSinceOnsetOfSymptoms: dsos(age)))
        }
        return keys
    }

    /// Registers a test, has the lab report POSITIVE, and obtains the TAN.
    static func positiveTAN(_ backend: inout CWABackend, guid: String, now: Int64) throws -> TAN {
        let hashed = HashedGUID(guid: guid)
        let token = try backend.registerTest(hashedGUID: hashed, now: now)
        try backend.labPost(hashedGUID: hashed, result: .positive, now: now, delaySeconds: 0)
        #expect(try backend.testResult(registrationToken: token, now: now) == .positive)
        return try backend.requestTAN(registrationToken: token, now: now)
    }

    /// The keys of every published package, by package path.
    static func keyData(of package: PublishedPackage) -> Set<[UInt8]> {
        Set(package.export.keys.map(\.keyData.bytes))
    }
}
