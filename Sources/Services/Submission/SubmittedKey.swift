import ExposureNotification

/// One key as the app uploads it (`SubmissionPayload` key): raw fields, not yet
/// validated. The submission server checks every field before storing it.
package struct SubmittedKey: Hashable, Sendable {
    /// Should be 16 bytes.
    package var keyData: [UInt8]
    package var rollingStartIntervalNumber: UInt32
    /// Should be 1…144.
    package var rollingPeriod: UInt32
    /// The TRL the app attached (1…8; cwa-app-android
    /// `TransmissionRiskVectorDeterminer.kt`), or nil.
    package var transmissionRiskLevel: Int?
    /// The DSOS the app attached (cwa-app-android
    /// `DaysSinceOnsetOfSymptomsVectorDeterminer.kt`), or nil.
    package var daysSinceOnsetOfSymptoms: Int?

    package init(
        keyData: [UInt8], rollingStartIntervalNumber: UInt32, rollingPeriod: UInt32 = 144,
        transmissionRiskLevel: Int?, daysSinceOnsetOfSymptoms: Int?
    ) {
        self.keyData = keyData
        self.rollingStartIntervalNumber = rollingStartIntervalNumber
        self.rollingPeriod = rollingPeriod
        self.transmissionRiskLevel = transmissionRiskLevel
        self.daysSinceOnsetOfSymptoms = daysSinceOnsetOfSymptoms
    }

    /// The upload form of a phone's TEK with the TRL and DSOS the app computed.
    package init(_ key: TemporaryExposureKey, transmissionRiskLevel: Int?, daysSinceOnsetOfSymptoms: Int?) {
        self.init(
            keyData: key.keyData.bytes, rollingStartIntervalNumber: key.rollingStartIntervalNumber.rawValue,
            rollingPeriod: key.rollingPeriod, transmissionRiskLevel: transmissionRiskLevel,
            daysSinceOnsetOfSymptoms: daysSinceOnsetOfSymptoms)
    }
}

/// A key the submission server accepted, as stored for distribution: the TRL and
/// DSOS as uploaded (or derived when missing) and the time of the upload.
package struct StoredDiagnosisKey: Hashable, Sendable {
    package var keyData: KeyBytes
    package var rollingStartIntervalNumber: ENIntervalNumber
    package var rollingPeriod: UInt32
    /// 1…8.
    package var transmissionRiskLevel: Int
    package var daysSinceOnsetOfSymptoms: Int?
    /// Unix seconds of the upload.
    package var submittedAt: Int64

    package init(
        keyData: KeyBytes, rollingStartIntervalNumber: ENIntervalNumber, rollingPeriod: UInt32,
        transmissionRiskLevel: Int, daysSinceOnsetOfSymptoms: Int?, submittedAt: Int64
    ) {
        self.keyData = keyData
        self.rollingStartIntervalNumber = rollingStartIntervalNumber
        self.rollingPeriod = rollingPeriod
        self.transmissionRiskLevel = transmissionRiskLevel
        self.daysSinceOnsetOfSymptoms = daysSinceOnsetOfSymptoms
        self.submittedAt = submittedAt
    }

    /// Unix seconds at which the key's rolling period ends.
    package var rollingPeriodEnd: Int64 {
        (Int64(rollingStartIntervalNumber.rawValue) + Int64(rollingPeriod)) * ENIntervalNumber.secondsPerInterval
    }
}
