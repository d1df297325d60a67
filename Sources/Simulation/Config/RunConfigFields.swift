import WarnSimCore

extension AppConfig {
    /// The `risk:` keys.
    package enum RiskFields {
        /// `configuration`.
        package static let riskConfiguration = ScenarioField(
            "configuration", .file, unit: "file",
            meaning: "the risk parameter set the phones use from the start (any scheme: CWA v2 or ENF v1)",
            source: "../risk/cwa-2021-04-14.yaml: the current CWA parameters (Configs/risk/README.md)")
        /// `timeline`.
        package static let riskTimeline = ScenarioField(
            "timeline", .structured("list of {date, configuration} (RiskTimelineEntry)"), .optional("none: the parameters never change"),
            meaning: "configurations published on the app-configuration endpoint during the run, in date order")
        /// `timeline[].date`.
        package static let timelineDate = ScenarioField(
            "timeline[].date", .date, unit: "date",
            meaning: "the day the configuration is published (within the run, after the entry before it)")
        /// `timeline[].configuration`.
        package static let timelineConfiguration = ScenarioField(
            "timeline[].configuration", .file, unit: "file", meaning: "the risk configuration published that day")
    }

    /// The `simulation:` keys.
    package enum RunFields {
        /// `start_date`.
        package static let startDate = ScenarioField(
            "start_date", .date, unit: "Monday",
            meaning: "the first simulated day (a Monday, as the world's day 0 is; 2000-01-01 … 2099-12-28)",
            source: "2021-04-12: the date the current parameters shipped")
        /// `days`.
        package static let days = ScenarioField(
            "days", .integer(RunSpan.days), unit: "days", meaning: "days simulated unless the command line says otherwise",
            source: "28 (town)")
    }

    /// The `risk:` section's fields.
    package static let riskFieldTable = ScenarioFieldTable(
        section: "risk",
        fields: [RiskFields.riskConfiguration, RiskFields.riskTimeline, RiskFields.timelineDate, RiskFields.timelineConfiguration])

    /// The `simulation:` section's fields.
    package static let runFieldTable = ScenarioFieldTable(section: "simulation", fields: [RunFields.startDate, RunFields.days])
}
