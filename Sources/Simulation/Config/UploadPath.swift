import WarnSimCore

/// How a user who tested positive gets their keys to the server
/// (`app.upload_path`).
package enum UploadPath: Sendable, Hashable {
    /// The Corona-Warn-App's: the test registered by QR code or teleTAN, the
    /// result polled, a TAN requested and the keys submitted with it (E05, E06).
    case cwa
    /// Immuni's: a health operator who reaches the user validates a one-time
    /// code the app shows, then the app uploads its keys with that code.
    case immuni(ImmuniUploadConfig)
}

/// Immuni's upload path (`app.immuni`), after Immuni's product description
/// ("Data upload") and immuni-documentation `Technology.md` ("TEKs upload"):
///
/// 1. the positive result reaches a health operator, who contacts the user
///    (`call_delay_hours` after the result, for the share `upload_share` of
///    app users with a positive result; the others are never asked or decline);
/// 2. the app shows a one-time code (``ImmuniOTP``), the user dictates it and
///    the operator enters it in the HIS with the symptom-onset date, which
///    authorises it on the OTP service for 150 s;
/// 3. the user taps Verify `verify_delay_seconds` later (exponential); the
///    app validates the code with the exposure-ingestion service and, if it
///    is still authorised, uploads its 14 most recent keys with it;
/// 4. the ingestion service keeps the keys from two days before the onset,
///    with the highest transmission risk (``ExposureIngestion``).
///
/// The operator enters the symptom-onset day for a user with symptoms by
/// then, else the day the positive sample was taken (WarnSim assumption: the
/// HIS form asks for a date either way; the documentation names the field
/// `symptoms_started_on` only).
package struct ImmuniUploadConfig: Sendable, Hashable {
    /// Share of app users with a positive result whose keys a health operator
    /// has them upload.
    package var uploadShare: Double
    /// Mean hours from the positive result to the operator's call (exponential).
    package var callDelayHours: Double
    /// Mean seconds from the authorisation to the user's Verify (exponential).
    package var verifyDelaySeconds: Double

    package init(uploadShare: Double, callDelayHours: Double, verifyDelaySeconds: Double) {
        self.uploadShare = uploadShare
        self.callDelayHours = callDelayHours
        self.verifyDelaySeconds = verifyDelaySeconds
    }

    /// Parses `app.immuni` through its declarations (``AppConfig/Fields``).
    /// `upload_share` defaults to 0.025, derived from
    /// public counts (Configs/scenarios/README.md): 7,682 Immuni users
    /// uploaded keys from 1 June to 31 December 2020
    /// (immuni-app/immuni-dashboard-data `andamento-dati-nazionali.csv`,
    /// `utenti_positivi_totali`) while Italy counted 1,874,147 new cases
    /// (pcm-dpc/COVID-19 national series, `totale_casi` 2,107,166 on 31 Dec
    /// less 233,019 on 31 May); with 16.5 % of the population holding the
    /// app in mid-November (9.83 M downloads, `andamento-download.csv`, of
    /// 59.6 M, ISTAT 1 Jan 2020), about 309,000 cases had it: 2.5 %.
    /// No published figure gives the delays: `call_delay_hours` and
    /// `verify_delay_seconds` are required.
    package static func parse(_ section: DocumentSection) throws(InputError) -> ImmuniUploadConfig {
        let share = try section.double(AppConfig.Fields.immuniUploadShare)
        let call = try section.double(AppConfig.Fields.immuniCallDelay)
        let verify = try section.double(AppConfig.Fields.immuniVerifyDelay)
        try section.finish()
        return ImmuniUploadConfig(uploadShare: share, callDelayHours: call, verifyDelaySeconds: verify)
    }
}
