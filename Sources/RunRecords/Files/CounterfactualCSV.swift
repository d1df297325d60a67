/// `counterfactual.csv`: the same scenario and seed with every warning
/// ignored (world, testing and isolation only), one row per day.
public enum CounterfactualCSV: RunCSVFile {
    /// The file's name in a run folder.
    public static let fileName = "counterfactual.csv"

    /// The day.
    public static let day = RecordColumn("day", .integer, unit: "day", "day of the run")
    /// Infections.
    public static let infections = RecordColumn("infections", .integer, "people infected that day")
    /// Tests taken.
    public static let testsTaken = RecordColumn("tests_taken", .integer, "PCR tests taken by anyone")
    /// Positive results.
    public static let positiveResults = RecordColumn("positive_results", .integer, "positive lab results that became known that day")
    /// People isolating.
    public static let isolating = RecordColumn("isolating", .integer, "people at home in isolation")
    /// People in quarantine.
    public static let quarantined = RecordColumn("quarantined", .integer, "people at home in quarantine after a warning")
    /// People with reduced contacts.
    public static let reducedContacts = RecordColumn("reduced_contacts", .integer, "people without shopping and leisure")

    /// The columns in file order.
    public static let columns = [day, infections, testsTaken, positiveResults, isolating, quarantined, reducedContacts]
}
