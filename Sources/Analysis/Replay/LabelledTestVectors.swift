import RiskCalculation
import WarnSimCore

/// CWA test-vector JSON whose cases carry `"truth": true|false`
/// (``WindowFile/truthField``): each case is one replayed phone.
package enum LabelledTestVectors {
    package static let identifierColumns = ["case", "description"]

    /// Loads a labelled test-vector file.
    ///
    /// - Parameter path: the JSON (or YAML) file.
    /// - Returns: one case per test case, in file order.
    /// - Throws: `InputError` naming the file and the case without `truth`.
    package static func load(path: String) throws -> ReplayDataset {
        let file = try WindowFile.load(path: path)
        return try dataset(file, path: path)
    }

    /// The replay cases of a loaded window file.
    ///
    /// - Parameters:
    ///   - file: the window file.
    ///   - path: its name, for error messages.
    /// - Returns: one case per test case.
    /// - Throws: `InputError` if a case has no `truth` field.
    package static func dataset(_ file: WindowFile, path: String) throws -> ReplayDataset {
        var cases: [ReplayCase] = []
        for (index, item) in file.cases.enumerated() {
            guard let truth = item.truth else {
                throw InputError(
                    file: path, field: "testCases[\(index)].\(WindowFile.truthField)",
                    problem: "missing field (replay needs \"truth\": true or false in every case)")
            }
            cases.append(
                ReplayCase(
                    identifiers: [String(index), item.description], minutesWithin: nil, atRisk: truth, windows: item.windows,
                    referenceDay: file.referenceDay))
        }
        return ReplayDataset(format: .testVectors, identifierColumns: identifierColumns, cases: cases, inputFiles: [path])
    }
}
