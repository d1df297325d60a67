/// The contents of one `export.bin`: a batch of diagnosis keys with its time
/// window, region and signature metadata (google/exposure-notifications-server,
/// `internal/pb/export/export.proto`, `TemporaryExposureKeyExport`).
public struct KeyExport: Hashable, Sendable {
    /// Signature metadata (field 6 of the export, field 1 of each signature).
    public struct SignatureInfo: Hashable, Sendable {
        /// ECDSA P-256 with SHA-256.
        public static let ecdsaWithSHA256 = "1.2.840.10045.4.3.2"
        /// ECDSA with SHA-512, which the format also allows.
        public static let ecdsaWithSHA512 = "1.2.840.10045.4.3.4"

        public var verificationKeyVersion: String?
        public var verificationKeyID: String?
        public var signatureAlgorithm: String?

        /// Creates signature metadata; `nil` leaves a field out.
        ///
        /// - Parameters:
        ///   - verificationKeyVersion: field 3, for example `v1`.
        ///   - verificationKeyID: field 4, for example the MCC `262`.
        ///   - signatureAlgorithm: field 5, an OID; ECDSA with SHA-256 by default.
        public init(verificationKeyVersion: String? = nil, verificationKeyID: String? = nil, signatureAlgorithm: String? = ecdsaWithSHA256)
        {
            self.verificationKeyVersion = verificationKeyVersion
            self.verificationKeyID = verificationKeyID
            self.signatureAlgorithm = signatureAlgorithm
        }
    }

    /// UTC seconds; based on the keys' arrival at the server.
    public var startTimestamp: UInt64?
    public var endTimestamp: UInt64?
    /// For example an MCC such as "262" (Germany) or a country code.
    public var region: String?
    /// 1-based; servers always write 1 of 1.
    public var batchNum: Int32?
    public var batchSize: Int32?
    public var signatureInfos: [SignatureInfo]
    public var keys: [DiagnosisKey]
    /// Keys whose status changed (field 8).
    public var revisedKeys: [DiagnosisKey]

    /// Creates an export; `nil` leaves an optional field out.
    ///
    /// - Parameters:
    ///   - startTimestamp: field 1, UTC seconds.
    ///   - endTimestamp: field 2, UTC seconds.
    ///   - region: field 3.
    ///   - batchNum: field 4, 1-based.
    ///   - batchSize: field 5.
    ///   - signatureInfos: field 6, newest signing key first.
    ///   - keys: field 7.
    ///   - revisedKeys: field 8.
    public init(
        startTimestamp: UInt64? = nil,
        endTimestamp: UInt64? = nil,
        region: String? = nil,
        batchNum: Int32? = 1,
        batchSize: Int32? = 1,
        signatureInfos: [SignatureInfo] = [],
        keys: [DiagnosisKey] = [],
        revisedKeys: [DiagnosisKey] = []
    ) {
        self.startTimestamp = startTimestamp
        self.endTimestamp = endTimestamp
        self.region = region
        self.batchNum = batchNum
        self.batchSize = batchSize
        self.signatureInfos = signatureInfos
        self.keys = keys
        self.revisedKeys = revisedKeys
    }
}
