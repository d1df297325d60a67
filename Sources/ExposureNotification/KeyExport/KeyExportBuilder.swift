import Foundation

/// Assembles a ``KeyExport`` the way the exposure-notifications server does
/// (PROTOCOL.md §3, server practice): batch 1 of 1, keys sorted by their bytes so
/// that file order reveals nothing about upload order, and a time window that
/// defaults to the span the keys cover.
public struct KeyExportBuilder: Sendable {
    public var region: String
    public var verificationKeyVersion: String
    public var verificationKeyID: String
    /// UTC seconds; `nil` = the start of the earliest key.
    public var startTimestamp: UInt64?
    /// UTC seconds; `nil` = the end of the latest key.
    public var endTimestamp: UInt64?

    /// The defaults are the Corona-Warn-App distribution service's: origin country
    /// `DE`, verification key id `262` (Germany's MCC), key version `v1`, algorithm
    /// 1.2.840.10045.4.3.2 (reference/cwa/server-config/distribution-application.yaml,
    /// `api.origin-country` and `signature.*`).
    public init(
        region: String = "DE",
        verificationKeyVersion: String = "v1",
        verificationKeyID: String = "262",
        startTimestamp: UInt64? = nil,
        endTimestamp: UInt64? = nil
    ) {
        self.region = region
        self.verificationKeyVersion = verificationKeyVersion
        self.verificationKeyID = verificationKeyID
        self.startTimestamp = startTimestamp
        self.endTimestamp = endTimestamp
    }

    /// The export of `keys`.
    public func build(keys: [DiagnosisKey], revisedKeys: [DiagnosisKey] = []) -> KeyExport {
        let all = keys + revisedKeys
        let start = startTimestamp ?? all.map { UInt64($0.rollingStartIntervalNumber.unixSeconds) }.min() ?? 0
        let end = endTimestamp ?? all.map {
            UInt64($0.rollingStartIntervalNumber.unixSeconds) + UInt64($0.rollingPeriod) * 600
        }.max() ?? start
        return KeyExport(
            startTimestamp: start,
            endTimestamp: end,
            region: region,
            batchNum: 1,
            batchSize: 1,
            signatureInfos: [
                KeyExport.SignatureInfo(
                    verificationKeyVersion: verificationKeyVersion,
                    verificationKeyID: verificationKeyID,
                    signatureAlgorithm: KeyExport.SignatureInfo.ecdsaWithSHA256)
            ],
            keys: keys.sorted(by: Self.keyOrder),
            revisedKeys: revisedKeys.sorted(by: Self.keyOrder)
        )
    }

    static func keyOrder(_ a: DiagnosisKey, _ b: DiagnosisKey) -> Bool {
        a.keyData.bytes.lexicographicallyPrecedes(b.keyData.bytes)
    }
}
