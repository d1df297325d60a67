import ExposureNotification

/// The distribution service's rewrite of each key before export, which carries
/// the CWA transmission risk level (TRL) to ENF v2 phones in the report type
/// and the DSOS (corona-warn-app/cwa-server, distribution
/// `transformation/EnfParameterAdapter.java`; values from
/// `services/distribution/src/main/resources/main-config/transmission-risk-encoding.yaml`):
/// - report type: TRL 1, 2 → RECURSIVE (4); 3, 4 → SELF_REPORT (3);
///   5, 6 → CONFIRMED_CLINICAL_DIAGNOSIS (2); 7, 8 → CONFIRMED_TEST (1)
///   (`transmissionRisk-to-reportType`);
/// - DSOS: odd TRL → 1, even TRL → 2 (`transmissionRisk-to-daysSinceSymptoms`).
///
/// With the phone's data mapping (DSOS 1 → STANDARD, 2 → HIGH) and the app's
/// `trlEncoding` (standard +1, high +2; recursive 0, self-report 2, clinical 4,
/// confirmed test 6) the window decodes back to the original TRL.
package enum TransmissionRiskEncoding {
    /// `transmissionRisk-to-reportType`, or nil for a TRL outside 1…8.
    package static func reportType(transmissionRiskLevel trl: Int) -> DiagnosisKey.ReportType? {
        switch trl {
        case 1, 2: return .recursive
        case 3, 4: return .selfReport
        case 5, 6: return .confirmedClinicalDiagnosis
        case 7, 8: return .confirmedTest
        default: return nil
        }
    }

    /// `transmissionRisk-to-daysSinceSymptoms`, or nil for a TRL outside 1…8.
    package static func daysSinceOnsetOfSymptoms(transmissionRiskLevel trl: Int) -> Int32? {
        guard (1...8).contains(trl) else { return nil }
        return trl % 2 == 1 ? 1 : 2
    }

    /// The key as exported: key data, rolling start and period unchanged; report
    /// type and DSOS encoded from the TRL. The deprecated TRL field (2) keeps the
    /// TRL itself, which ENF v1 clients used (cwa-server `main-config/exposure-config.yaml`)
    /// and ENF v2 ignores when the report type is set (google/exposure-notifications-server
    /// `export.proto`, field 2 deprecated). Nil for a TRL outside 1…8.
    package static func exportKey(_ key: StoredDiagnosisKey) -> DiagnosisKey? {
        guard let reportType = reportType(transmissionRiskLevel: key.transmissionRiskLevel),
            let dsos = daysSinceOnsetOfSymptoms(transmissionRiskLevel: key.transmissionRiskLevel)
        else { return nil }
        return DiagnosisKey(
            keyData: key.keyData,
            transmissionRiskLevel: Int32(key.transmissionRiskLevel),
            rollingStartIntervalNumber: key.rollingStartIntervalNumber,
            rollingPeriod: key.rollingPeriod,
            reportType: reportType,
            daysSinceOnsetOfSymptoms: dsos)
    }
}
