import Foundation
import RunRecords
import WarnSimCore

/// The checks of meaning every reader of a run folder shares: a folder whose
/// digests were recomputed after an edit still has to make sense against the
/// run's own facts (its people, its days, who uploaded), so that nothing an
/// analysis computes from it can overflow or silently miscount. Each failure
/// is an `InputError` naming the file, the record and the field.
extension RecordedRun {
    /// Checks one phone row of `phones.csv` (`row` of `table`): every time
    /// within `span`, the warning delay within the run's length, warnings,
    /// uploads and tests only for app users, a warning not before the first
    /// HIGH result, tests in time order.
    static func checkTimes(
        of phone: Phone, table: CSVTable, row: Int, span: ClosedRange<Int64>,
        columns: (high: Int, warned: Int, delay: Int, tests: Int, shared: Int)
    ) throws(InputError) {
        func inside(_ time: Int64?, _ column: Int) throws(InputError) {
            guard let time, !span.contains(time) else { return }
            throw table.invalid(row: row, column: column, "\(time) is outside the run (Unix seconds \(span.lowerBound)…\(span.upperBound))")
        }
        try inside(phone.firstHighRiskAt, columns.high)
        try inside(phone.firstWarningAt, columns.warned)
        guard (0...(span.upperBound - span.lowerBound)).contains(phone.warningDelay) else {
            throw table.invalid(row: row, column: columns.delay, "\(phone.warningDelay) s is negative or longer than the run")
        }
        var previous = span.lowerBound
        for test in phone.appTests {
            guard span.contains(test.registeredAt), test.registeredAt >= previous else {
                throw table.invalid(
                    row: row, column: columns.tests,
                    "test registered at \(test.registeredAt) is outside the run or before the one listed before it")
            }
            previous = test.registeredAt
        }
        if !phone.hasApp {
            // The first app column that holds something names the problem.
            let appData = [
                (phone.sharedKeys, columns.shared), (phone.firstWarningAt != nil, columns.warned),
                (phone.firstHighRiskAt != nil, columns.high), (!phone.appTests.isEmpty, columns.tests),
            ]
            if let (_, column) = appData.first(where: \.0) {
                throw table.invalid(row: row, column: column, "a person without the app has app data")
            }
        }
        if let warned = phone.firstWarningAt {
            guard let high = phone.firstHighRiskAt, warned >= high else {
                throw table.invalid(row: row, column: columns.warned, "a warning seen at \(warned) comes before (or without) a HIGH result")
            }
        }
    }

    /// Checks the records of the different files against each other and
    /// against the run's people and days (see the type's description).
    func checkConsistency() throws(InputError) {
        func file(_ name: String) -> String { URL(fileURLWithPath: folder).appendingPathComponent(name).path }
        try checkInfections(file: file(InfectionsCSV.fileName))
        let uploaded = phones.count { $0.sharedKeys }
        guard uploaded == totals.uploads else {
            throw InputError(
                file: file(SummaryCSV.fileName), field: SummaryCSV.uploads.name,
                problem: "sums to \(totals.uploads) but \(uploaded) phones in phones.csv shared keys")
        }
        let warned = phones.count { $0.firstWarningAt != nil }
        guard warned == totals.warnings else {
            throw InputError(
                file: file(SummaryCSV.fileName), field: SummaryCSV.warnings.name,
                problem: "sums to \(totals.warnings) but \(warned) phones in phones.csv were warned")
        }
        try checkExposures(file: file(ExposureStore.fileName))
        try checkWindows(file: file(WindowStore.fileName))
        try checkKeyDays(file: file(ContactStore.fileName))
    }

    /// Every infector was infected no later than the person they infected;
    /// the infections during the run agree with `summary.csv`.
    private func checkInfections(file: String) throws(InputError) {
        var infectedAt: [Int: Int64] = [:]
        for infection in infections { infectedAt[infection.person] = infection.time }
        for (index, infection) in infections.enumerated() where infection.infector >= 0 {
            guard let time = infectedAt[infection.infector], time <= infection.time else {
                throw InputError(
                    file: file, field: "row \(index + 1).infector",
                    problem: "person \(infection.infector) infected person \(infection.person) but was not infected before")
            }
        }
        let transmitted = infections.count { $0.infector >= 0 }
        guard transmitted == totals.infections else {
            throw InputError(
                file: file, problem: "has \(transmitted) transmissions but summary.csv's infections sum to \(totals.infections)")
        }
    }

    /// Exposures fall on the run's days and are not repeated.
    private func checkExposures(file: String) throws(InputError) {
        struct Key: Hashable {
            var day: Int, encounter: Int, infector: Int, exposed: Int
        }
        var seen = Set<Key>()
        for (index, exposure) in exposures.enumerated() {
            guard exposure.day < days else {
                throw InputError(file: file, field: "record \(index).day", problem: "is \(exposure.day); the run has days 0…\(days - 1)")
            }
            guard
                seen.insert(Key(day: exposure.day, encounter: exposure.encounter, infector: exposure.infector, exposed: exposure.exposed))
                    .inserted
            else {
                throw InputError(
                    file: file, field: "record \(index)", problem: "repeats an earlier exposure (same day, encounter and people)")
            }
        }
    }

    /// Windows were scanned and detected during the run, by a phone other
    /// than the key's owner, who uploaded keys; none is repeated.
    private func checkWindows(file: String) throws(InputError) {
        struct Key: Hashable {
            var phone: Int, owner: Int, first: Int64, last: Int64, detected: Int64
        }
        var seen = Set<Key>()
        for (index, window) in windows.enumerated() {
            guard window.owner != window.phone else {
                throw InputError(file: file, field: "record \(index).owner", problem: "is the phone itself (person \(window.phone))")
            }
            guard window.owner < 0 || phones[window.owner].sharedKeys else {
                throw InputError(file: file, field: "record \(index).owner", problem: "person \(window.owner) never uploaded keys")
            }
            guard window.firstScanTime >= startTime, window.detectedAt <= endTime else {
                throw InputError(
                    file: file, field: "record \(index).first_scan_time",
                    problem:
                        "scans \(window.firstScanTime)…\(window.lastScanTime) or detection \(window.detectedAt) fall outside the run (\(startTime)…\(endTime))"
                )
            }
            let key = Key(
                phone: window.phone, owner: window.owner, first: window.firstScanTime, last: window.lastScanTime,
                detected: window.detectedAt)
            guard seen.insert(key).inserted else {
                throw InputError(
                    file: file, field: "record \(index)", problem: "repeats an earlier window (same phone, owner, scans and detection)")
            }
        }
    }

    /// Key-days belong to owners who uploaded, list only phones with
    /// exposure logging, and lie within the keys' fortnight before the run
    /// to its end.
    private func checkKeyDays(file: String) throws(InputError) {
        let firstDay = Int(startTime / 86_400) - 14
        let lastDay = Int(endTime / 86_400)
        for (index, keyDay) in (keyDays ?? []).enumerated() {
            guard phones[keyDay.owner].sharedKeys, keyDay.contacts.allSatisfy({ phones[$0.phone].exposureLogging }) else {
                throw InputError(
                    file: file, field: "record \(index)", problem: "names an owner who shared no keys or a phone without exposure logging")
            }
            guard (firstDay...lastDay).contains(keyDay.day) else {
                throw InputError(
                    file: file, field: "record \(index).day",
                    problem: "UTC day \(keyDay.day) is outside the run's days \(firstDay)…\(lastDay) and the keys' fortnight before")
            }
        }
    }
}
