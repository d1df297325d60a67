import WarnSimCore

extension SymptomAnswerShares {
    /// The `testing.symptom_answers` keys: analyst's choices (no public source
    /// gives the shares of the CWA's symptom answers; the defaults split the
    /// symptomatic users evenly between an exact date and the other answers and
    /// assume most users without symptoms say so).
    package enum Fields {
        static let source = "analyst's choice: no public source gives the shares of the CWA's symptom answers"
        /// `exact_date`.
        package static let exactDate = ScenarioField(
            "symptom_answers.exact_date", .real(0...1), .defaulted(.real(0.5)), unit: "share of symptomatic users",
            meaning: "symptomatic sharing users who give the exact onset date", source: source)
        /// `date_range`.
        package static let dateRange = ScenarioField(
            "symptom_answers.date_range", .real(0...1), .defaulted(.real(0.2)), unit: "share of symptomatic users",
            meaning: "symptomatic sharing users who give a date range (the one that holds the onset)", source: source)
        /// `symptoms_without_date`.
        package static let symptomsWithoutDate = ScenarioField(
            "symptom_answers.symptoms_without_date", .real(0...1), .defaulted(.real(0.1)), unit: "share of symptomatic users",
            meaning: "symptomatic sharing users who say \"symptoms, no date\"", source: source)
        /// `symptomatic_no_answer`.
        package static let symptomaticNoAnswer = ScenarioField(
            "symptom_answers.symptomatic_no_answer", .real(0...1), .defaulted(.real(0.2)), unit: "share of symptomatic users",
            meaning: "symptomatic sharing users who decline to answer (the four shares sum to 1)", source: source)
        /// `no_symptoms`.
        package static let noSymptoms = ScenarioField(
            "symptom_answers.no_symptoms", .real(0...1), .defaulted(.real(0.8)), unit: "share of users without symptoms",
            meaning: "sharing users without symptoms who say \"no symptoms\" (the others decline)", source: source)
    }

    /// The `testing.symptom_answers` fields.
    package static let fields = [
        Fields.exactDate, Fields.dateRange, Fields.symptomsWithoutDate, Fields.symptomaticNoAnswer, Fields.noSymptoms,
    ]
}
