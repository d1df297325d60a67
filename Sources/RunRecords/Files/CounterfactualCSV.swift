/// `counterfactual.csv`: the same scenario and seed with every warning
/// ignored (world, testing and isolation only), one row per day.
package enum CounterfactualCSV: RunCSVFile {
    /// The file's name in a run folder.
    package static let fileName = "counterfactual.csv"

    /// The day.
    package static let day = RecordColumn("day", .integer, unit: "day", "day of the run")
    /// Infections.
    package static let infections = RecordColumn("infections", .integer, "people infected that day")
    /// Tests taken.
    package static let testsTaken = RecordColumn("tests_taken", .integer, "PCR tests taken by anyone")
    /// Positive results.
    package static let positiveResults = RecordColumn("positive_results", .integer, "positive lab results that became known that day")
    /// People isolating.
    package static let isolating = RecordColumn("isolating", .integer, "people at home in isolation")
    /// People in quarantine.
    package static let quarantined = RecordColumn("quarantined", .integer, "people at home in quarantine after a warning")
    /// People with reduced contacts.
    package static let reducedContacts = RecordColumn("reduced_contacts", .integer, "people without shopping and leisure")

    /// The columns in file order.
    package static let columns = [day, infections, testsTaken, positiveResults, isolating, quarantined, reducedContacts]
}
