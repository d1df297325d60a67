import Foundation

/// Assembles a ``KeyExport`` the way the exposure-notifications server does
/// (google/exposure-notifications-server, `internal/export/exportfile.go` and
/// `docs/server_functional_requirements.md`): batch 1 of 1, keys sorted by their bytes so
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
    /// 1.2.840.10045.4.3.2 (corona-warn-app/cwa-server,
    /// `services/distribution/src/main/resources/application.yaml`,
    /// `api.origin-country` and `signature.*`; unmodified copy in
    /// `Tests/Reference/cwa/server-config/distribution-application.yaml`).
    ///
    /// - Parameters:
    ///   - region: the export's region.
    ///   - verificationKeyVersion: the signature info's key version.
    ///   - verificationKeyID: the signature info's key id.
    ///   - startTimestamp: UTC seconds, or `nil` for the earliest key start.
    ///   - endTimestamp: UTC seconds, or `nil` for the latest key end.
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
    ///
    /// - Parameters:
    ///   - keys: the keys (field 7), in any order; sorted by their bytes.
    ///   - revisedKeys: keys whose status changed (field 8), sorted the same way.
    /// - Returns: the export, batch 1 of 1, with one signature info; the time window
    ///   is 0…0 when there are no keys and no timestamps were given.
    public func build(keys: [DiagnosisKey], revisedKeys: [DiagnosisKey] = []) -> KeyExport {
        let all = keys + revisedKeys
        let start = startTimestamp ?? all.map { UInt64($0.rollingStartIntervalNumber.unixSeconds) }.min() ?? 0
        let end =
            endTimestamp ?? all.map {
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
