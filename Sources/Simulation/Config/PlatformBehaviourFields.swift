import WarnSimCore

/// The keys of `app.android` or `app.ios` (``PlatformBehaviour``), all required.
package struct PlatformBehaviourFields: Sendable {
    /// `PLATFORM.scan_interval_s`.
    package var scanInterval: ScenarioField
    /// `PLATFORM.scan_jitter_s`.
    package var scanJitter: ScenarioField
    /// `PLATFORM.download_interval_minutes`.
    package var downloadInterval: ScenarioField

    /// The keys of `platform`, with the sources of the shipped values.
    init(_ platform: String, scan: String, download: String) {
        scanInterval = ScenarioField(
            "\(platform).scan_interval_s", .integer(30...3600), unit: "s", meaning: "the framework's scan interval", source: scan)
        scanJitter = ScenarioField(
            "\(platform).scan_jitter_s", .integer(0...3599), unit: "s", meaning: "the scan interval's jitter (less than the interval)",
            source: scan)
        downloadInterval = ScenarioField(
            "\(platform).download_interval_minutes", .integer(15...1440), unit: "min", meaning: "how often the app downloads key packages",
            source: download)
    }

    /// The three fields.
    package var all: [ScenarioField] { [scanInterval, scanJitter, downloadInterval] }
}
