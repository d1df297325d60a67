import Foundation
import WarnSimCore

/// Installs and uninstalls over time (`app.adoption_curve`): who has the app
/// on which day, instead of a fixed set of app users for the whole run.
///
/// The curve is a table of cumulative installs by date (`installs_file`, a
/// CSV `date,cumulative_installs`, lines starting with `#` are comments),
/// such as the app stores' download counts an operator published. With a
/// curve, `app.adoption_by_age` × `app.adoption_scale` (× the
/// ``AdoptionGate``) is the share of each age group that installs the app by
/// the table's last date; each of those people installs on a day drawn from
/// the table (the day on which the cumulative installs, divided by the last
/// row's, first reach a uniform draw), and uninstalls after an exponential
/// time with the daily rate `uninstall_per_day`. Nobody installs twice (the
/// operators' download counts exclude re-installations: immuni-dashboard-data
/// `format-download-trend.md`; RKI, via inside-digital.de, 8 Jan 2021).
///
/// Installs and uninstalls take effect at 00:00 UTC of their day, so every
/// phone keeps one state through a day (the scan pipeline and the encounter
/// ledger work day by day). Without a curve everyone who adopts has the app
/// from the start to the end (as before this field existed).
package struct AdoptionCurve: Sendable, Hashable {
    /// Days since 1970-01-01 (UTC) of the rows, strictly increasing.
    package var days: [Int64]
    /// Cumulative installs of each row, non-decreasing, the last positive.
    package var cumulativeInstalls: [Double]
    /// Daily rate at which an installed app is uninstalled.
    package var uninstallPerDay: Double
    /// The table's file (for the run manifest).
    package var file: URL

    /// The UTC day on which the person with uniform draw `u` installs: the
    /// day on which the cumulative installs, interpolated linearly by day
    /// between rows and divided by the last row's, first reach `u` (a draw
    /// of 0 installs on the first row's day; with a row per day, the first
    /// row whose share reaches `u`).
    package func installDay(u: Double) -> Int64 {
        let target = u * cumulativeInstalls[cumulativeInstalls.count - 1]
        guard let row = cumulativeInstalls.firstIndex(where: { $0 >= target }) else { return days[days.count - 1] }
        guard row > 0 else { return days[0] }
        let (before, after) = (cumulativeInstalls[row - 1], cumulativeInstalls[row])
        let fraction = (target - before) / (after - before)  // in (0, 1]: the previous row did not reach the target
        return days[row - 1] + Int64((fraction * Double(days[row] - days[row - 1])).rounded(.up))
    }

    /// Whole days from the install to the uninstall for the uniform draw `u`
    /// (exponential with ``uninstallPerDay``; nil when never).
    package func daysInstalled(u: Double) -> Int64? {
        guard uninstallPerDay > 0 else { return nil }
        let days = -Foundation.log(1 - u) / uninstallPerDay
        return days >= 36_500 ? nil : Int64(days.rounded(.up))
    }

    /// Parses `app.adoption_curve` (`installs_file` relative to `folder`, and
    /// `uninstall_per_day`).
    package static func parse(_ section: DocumentSection, folder: URL) throws(InputError) -> AdoptionCurve {
        let path = try section.string(AppConfig.Fields.installsFile)
        let uninstall = try section.double(AppConfig.Fields.uninstallPerDay)
        try section.finish()
        let url = URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw InputError(
                file: url.path, field: section.fieldPath("installs_file"),
                problem: "cannot read the installs table (\(error.localizedDescription))")
        }
        var curve = try table(text, file: url.path)
        curve.uninstallPerDay = uninstall
        curve.file = url
        return curve
    }

    /// Reads a `date,cumulative_installs` table.
    static func table(_ text: String, file: String) throws(InputError) -> AdoptionCurve {
        var days: [Int64] = []
        var installs: [Double] = []
        var sawHeader = false
        for record in try CSVTable.records(text, file: file, comments: true) {
            let cells = record.cells
            let place = "line \(record.line)"
            guard sawHeader else {
                guard cells == ["date", "cumulative_installs"] else {
                    throw InputError(
                        file: file, field: place,
                        problem: "expected the header date,cumulative_installs, found \"\(cells.joined(separator: ","))\"")
                }
                sawHeader = true
                continue
            }
            guard cells.count == 2 else {
                throw InputError(file: file, field: place, problem: "expected 2 cells (date, cumulative_installs), found \(cells.count)")
            }
            guard let midnight = AppConfig.utcMidnight(cells[0]) else {
                throw InputError(file: file, field: "\(place), date", problem: "expected a date as YYYY-MM-DD, got \"\(cells[0])\"")
            }
            let day = midnight / 86_400
            guard let count = DecimalNumber.parse(cells[1]), count >= 0 else {
                throw InputError(
                    file: file, field: "\(place), cumulative_installs", problem: "expected a number ≥ 0, got \"\(cells[1])\"")
            }
            if let last = days.last, day <= last {
                throw InputError(file: file, field: "\(place), date", problem: "\(cells[0]) is not after the previous row's date")
            }
            if let last = installs.last, count < last {
                throw InputError(
                    file: file, field: "\(place), cumulative_installs",
                    problem: "\(cells[1]) is below the previous row's \(last): the installs are cumulative")
            }
            days.append(day)
            installs.append(count)
        }
        guard sawHeader, let last = installs.last else { throw InputError(file: file, problem: "the table has no rows") }
        guard last > 0 else { throw InputError(file: file, problem: "the last row's cumulative_installs must be above 0") }
        return AdoptionCurve(days: days, cumulativeInstalls: installs, uninstallPerDay: 0, file: URL(fileURLWithPath: file))
    }
}
