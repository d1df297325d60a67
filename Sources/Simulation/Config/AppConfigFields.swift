import WarnSimCore

extension AppConfig {
    /// The `app:` keys. Behaviour rates that no public source pins down have
    /// no default: the scenario must state them, so every run shows the
    /// analyst's choice (the sources name the values of the shipped town).
    package enum Fields {
        /// `adoption_by_age`.
        package static let adoptionByAge = ScenarioField(
            "adoption_by_age", .reals(0...1, count: 4...4), unit: "shares",
            meaning: "smartphone ownership by age group (0–5, 6–17, 18–64, 65+), the ceiling of app use",
            source:
                "[0.09, 0.80, 0.92, 0.50]: smartphone ownership by age, BDI-pathogens/OpenABM-Covid19 baseline parameters `app_users_fraction_*` (OFCOM)"
        )
        /// `adoption_scale`.
        package static let adoptionScale = ScenarioField(
            "adoption_scale", .real(0...1), unit: "share", meaning: "share of smartphone owners who install (multiplies adoption_by_age)",
            source:
                "0.5: analyst's choice: share of smartphone owners who install. The 2021 town derives it from the CWA's data donation instead: about 12 million donating phones were about 49 % of the phones running the app (SB04), about 24.5 million, 0.295 of 83.16 million inhabitants (Destatis, 31 December 2020), over the town's mean `adoption_by_age` ceiling of 0.785 (0.39 of the town with 0.5). The download count gives less (24.9 million by 7 January 2021 less uninstalls: 0.22 in April 2021, without the downloads after January)"
        )
        /// `minimum_age`.
        package static let minimumAge = ScenarioField(
            "minimum_age", .integer(AdoptionGate.ages), .defaulted(.integer(0)), unit: "years",
            meaning: "youngest age allowed to use the app (the part of each age group at or above it may install)",
            source:
                "0: youngest age allowed to use the app; the part of each age group at or above it may install (single years of age within a group taken as equally common). Immuni: 14 (Immuni product description, onboarding: \"I confirm that I am at least 14 years old\")"
        )
        /// `supported_phone_share`.
        package static let supportedPhoneShare = ScenarioField(
            "supported_phone_share", .real(0...1), .defaulted(.real(1)), unit: "share",
            meaning: "share of smartphones whose operating system can run exposure notifications",
            source:
                "1: share of smartphones whose operating system can run exposure notifications (iOS 13.5, Android 6); multiplies the adoption. Germany, June 2020: more than 85 % (government spokesman S. Seibert, 22 June 2020, reported by Der Spiegel). The shipped CWA scenarios leave it out: their `adoption_scale` (0.5) is the installing share of all smartphone owners, so it already contains the phones that cannot run the app (0.5 = 0.85 × 0.59 installing among supported phones)"
        )
        /// `adoption_curve`.
        package static let adoptionCurve = ScenarioField(
            "adoption_curve", .structured("mapping of installs_file and uninstall_per_day (AdoptionCurve)"),
            .optional("none: the adopters have the app throughout"), meaning: "installs and uninstalls over time",
            source: "installs and uninstalls over time (below; tables and their sources in `Configs/adoption/README.md`)")
        /// `adoption_curve.installs_file`.
        package static let installsFile = ScenarioField(
            "adoption_curve.installs_file", .file, unit: "CSV date,cumulative_installs",
            meaning: "the cumulative installs by date; each adopter installs on a day drawn from it", source: "Configs/adoption/README.md")
        /// `adoption_curve.uninstall_per_day`.
        package static let uninstallPerDay = ScenarioField(
            "adoption_curve.uninstall_per_day", .real(0...1), unit: "per user-day",
            meaning: "daily probability that an installed user uninstalls", source: "Configs/adoption/README.md")
        /// `exposure_logging_consent`.
        package static let exposureLoggingConsent = ScenarioField(
            "exposure_logging_consent", .real(0...1), unit: "share",
            meaning: "E01.03/E01.04: share of installers who allow exposure logging", source: "0.95: analyst's choice")
        /// `notification_permission`.
        package static let notificationPermission = ScenarioField(
            "notification_permission", .real(0...1), unit: "share", meaning: "E01.05: share of installers who allow notifications",
            source: "0.9: analyst's choice")
        /// `upload_path`.
        package static let uploadPath = ScenarioField(
            "upload_path", .choice(["cwa", "immuni"]), .defaulted(.text("cwa")),
            meaning: "how keys reach the server: the CWA's TAN path, or Immuni's one-time code authorised by a health operator (app.immuni)"
        )
        /// `tele_tan_share`.
        package static let teleTANShare = ScenarioField(
            "tele_tan_share", .real(0...1), unit: "share",
            meaning: "share of tests registered by teleTAN through the hotline instead of QR code (CWA path only)",
            source: "0.1: analyst's choice")
        /// `share_keys_probability`.
        package static let shareKeysProbability = ScenarioField(
            "share_keys_probability", .real(0...1), unit: "share",
            meaning: "share of users with a positive result who consent to share their keys (CWA path only)",
            source:
                "0.6: BMG key figures on the CWA (October 2020), 15,453 of 25,700 positive results verified from 1 September to 21 October 2020 were shared (60 %)"
        )
        /// `immuni`.
        package static let immuni = ScenarioField(
            "immuni", .structured("mapping of upload_share, call_delay_hours, verify_delay_seconds (ImmuniUploadConfig)"),
            .optional("read only with upload_path: immuni"), meaning: "Immuni's upload path")
        /// `immuni.upload_share`.
        package static let immuniUploadShare = ScenarioField(
            "immuni.upload_share", .real(0...1), .defaulted(.real(0.025)), unit: "share",
            meaning: "share of app users with a positive result whose keys a health operator has them upload",
            source:
                "share of app users with a positive result who upload: 7,682 uploads from 1 June to 31 December 2020 (immuni-dashboard-data `utenti_positivi_totali`) among about 309,000 positive app users (1,874,147 new cases in Italy, pcm-dpc/COVID-19 `totale_casi`, times 16.5 % of the population holding the app in mid-November, 9.83 M downloads of 59.6 M people). Downloads include uninstalled apps, so the share is a lower bound"
        )
        /// `immuni.call_delay_hours`.
        package static let immuniCallDelay = ScenarioField(
            "immuni.call_delay_hours", .real(0...720), unit: "h (mean of an exponential delay)",
            meaning: "hours from the positive result to the operator's call",
            source: "24: mean hours from the positive result to the operator's call (exponential): analyst's choice, no published figure")
        /// `immuni.verify_delay_seconds`.
        package static let immuniVerifyDelay = ScenarioField(
            "immuni.verify_delay_seconds", .real(0...3_600), unit: "s (mean of an exponential delay)",
            meaning: "seconds from the authorisation to Verify; past 150 s the code has expired and nothing is uploaded",
            source:
                "60: mean seconds from the authorisation to Verify (exponential); past 150 s the code has expired and nothing is uploaded: analyst's choice"
        )
        /// `max_detections_per_day`.
        package static let maxDetectionsPerDay = ScenarioField(
            "max_detections_per_day", .integer(1...6), unit: "per day", meaning: "exposure detections per day",
            source:
                "6: cwa-server `distribution-application.yaml` `max-exposure-detections-per-interval: 6` (every 4 h; cwa-app-android `ExposureDetectionConfigMapper.kt`)"
        )
        /// `tracing_off_per_day`.
        package static let tracingOffPerDay = ScenarioField(
            "tracing_off_per_day", .real(0...1), unit: "per user-day",
            meaning: "E03.01: daily probability that a tracing user switches tracing off", source: "0.005: analyst's choice")
        /// `tracing_off_days`.
        package static let tracingOffDays = ScenarioField(
            "tracing_off_days", .integer(1...365), unit: "days", meaning: "whole days tracing stays off", source: "2: analyst's choice")
        /// `bluetooth_off_per_day`.
        package static let bluetoothOffPerDay = ScenarioField(
            "bluetooth_off_per_day", .real(0...1), unit: "per user-day",
            meaning: "E03.03: daily probability that a phone's Bluetooth goes off", source: "0.02: analyst's choice")
        /// `bluetooth_off_days`.
        package static let bluetoothOffDays = ScenarioField(
            "bluetooth_off_days", .integer(1...365), unit: "days", meaning: "whole days Bluetooth stays off", source: "1: analyst's choice")
        /// `reset_per_day`.
        package static let resetPerDay = ScenarioField(
            "reset_per_day", .real(0...1), unit: "per user-day", meaning: "E03.02: daily probability that a user resets the app",
            source: "0.0005: analyst's choice (E03.02)")
        /// `ios_share`.
        package static let iosShare = ScenarioField(
            "ios_share", .real(0...1), unit: "share", meaning: "share of app users whose phone is an iPhone (the rest run Android)",
            source:
                "0.47: share of app users on an iPhone (the rest run Android), drawn per person (stream `app.platform`): RKI key figures on the CWA as of 4 August 2020 (reported by stern.de and appgefahren.de), 7.8 million of 16.6 million downloads from Apple's App Store and 8.8 million from Google Play. iOS held about 27.5 % of German smartphones then (same reports), so iPhone owners installed the app more often; downloads are not active users"
        )
        /// `unmetered_share`.
        package static let unmeteredShare = ScenarioField(
            "unmetered_share", .real(0...1), unit: "share of download runs",
            meaning: "probability that a download run is on Wi-Fi, so that it fetches hour packages too",
            source:
                "0.664: probability that a download run is on Wi-Fi, so it fetches hour packages (drawn per run, stream `app.download`): Opensignal, German smartphone users spent 66.4 % of their time on Wi-Fi in the week of 6–12 January 2020 and 71.4 % in the week of 16–22 March 2020 (first lockdown), reported by telecomtalk.info (March 2020). The share of time on Wi-Fi stands for the chance that a given run finds Wi-Fi"
        )
        /// `android`.
        package static let android = ScenarioField(
            "android", .structured("mapping of scan_interval_s, scan_jitter_s, download_interval_minutes (PlatformBehaviour)"),
            meaning: "what Android phones do")
        /// `ios`.
        package static let ios = ScenarioField(
            "ios", .structured("mapping of scan_interval_s, scan_jitter_s, download_interval_minutes (PlatformBehaviour)"),
            meaning: "what iPhones do")
        /// `android.*`.
        package static let androidBehaviour = PlatformBehaviourFields(
            "android",
            scan:
                "300, 90: Google's framework (google/exposure-notifications-internals, ContactTracingFeature, BleScannerImpl): a scan every 300 s minus 0–89 s",
            download: "60: cwa-app-android DiagnosisKeyRetrievalWorkBuilder.kt, the download worker runs every 60 min")
        /// `ios.*`.
        package static let iosBehaviour = PlatformBehaviourFields(
            "ios",
            scan:
                "300, 0: WarnSim assumption; Apple publishes no scan schedule, the EN Bluetooth Specification v1.2 asks for scans at least every 5 minutes",
            download: "120: cwa-app-ios ENATaskScheduler.swift (2020), the background task is requested every 2 hours")
    }

    /// The `app:` section's fields.
    package static let appFieldTable = ScenarioFieldTable(
        section: "app",
        fields: [
            Fields.adoptionByAge, Fields.adoptionScale, Fields.minimumAge, Fields.supportedPhoneShare, Fields.adoptionCurve,
            Fields.installsFile, Fields.uninstallPerDay, Fields.exposureLoggingConsent, Fields.notificationPermission, Fields.uploadPath,
            Fields.teleTANShare, Fields.shareKeysProbability, Fields.immuni, Fields.immuniUploadShare, Fields.immuniCallDelay,
            Fields.immuniVerifyDelay, Fields.maxDetectionsPerDay, Fields.tracingOffPerDay, Fields.tracingOffDays, Fields.bluetoothOffPerDay,
            Fields.bluetoothOffDays, Fields.resetPerDay, Fields.iosShare, Fields.unmeteredShare, Fields.android, Fields.ios,
        ]
            + Fields.androidBehaviour.all + Fields.iosBehaviour.all)
}
