import WarnSimCore

extension WorldConfig {
    /// The world's keys outside `population:` and `epidemiology:`: the
    /// scenario's `name` and the `radio:` section.
    package enum Fields {
        /// `name`.
        package static let name = ScenarioField("name", .text, meaning: "the scenario's name, written to the run manifest")
        /// `radio.parameters`.
        package static let radioParameters = ScenarioField(
            "parameters", .file, meaning: "the radio model's parameters (Configs/radio/*.yaml)",
            source: "../radio/default.yaml: fitted to DP-3T exp. 34 and Lanfer et al. 2022 (Configs/radio/README.md)")
        /// `radio.calibration_table`.
        package static let calibrationTable = ScenarioField(
            "calibration_table", .file, meaning: "Google's per-device calibration table; each phone's model is drawn from its rows",
            source: "../radio/data/en-calibration-2020-08-12.csv")
    }

    /// The `radio:` section's fields.
    package static let radioFieldTable = ScenarioFieldTable(section: "radio", fields: [Fields.radioParameters, Fields.calibrationTable])

    /// The world's section tables: `population`, `radio` and `epidemiology`.
    package static let fieldTables = [PopulationConfig.fieldTable, radioFieldTable, EpidemiologyConfig.fieldTable]
}
