import Foundation
import RiskCalculation
import WarnSimCore

/// One change of the risk configuration during a run (`risk.timeline`): RKI
/// publishes `configuration` on the backend's signed app-configuration
/// endpoint at 00:00 UTC of `date`, and every app takes it up at its next
/// fetch if it passes the app's check (E07.01), scoring with it from then on.
package struct RiskTimelineEntry: Hashable, Sendable {
    /// The day of publication, as written (`YYYY-MM-DD`).
    package var date: String
    /// 00:00 UTC of `date`, Unix seconds.
    package var publishedAt: Int64
    /// The configuration published.
    package var configuration: RiskConfiguration
    /// The file it was read from.
    package var file: URL

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - date: the day of publication, `YYYY-MM-DD`.
    ///   - publishedAt: 00:00 UTC of that day (Unix seconds).
    ///   - configuration: the configuration published.
    ///   - file: the file it was read from.
    package init(date: String, publishedAt: Int64, configuration: RiskConfiguration, file: URL) {
        self.date = date
        self.publishedAt = publishedAt
        self.configuration = configuration
        self.file = file
    }

    /// Reads `risk.timeline` (absent: no change during the run): a list of
    /// `{date: YYYY-MM-DD, configuration: PATH}`, PATH relative to `folder`.
    /// Each date must lie after the start date (the configuration at the start
    /// is `risk.configuration`) and on or before the run's last day, later than
    /// the entry before it; each file must load as a risk configuration.
    ///
    /// - Parameters:
    ///   - risk: the scenario's `risk` section.
    ///   - folder: the scenario file's folder.
    ///   - startTime: the run's first day (UTC midnight, Unix seconds).
    ///   - days: the run's length in days (`simulation.days`).
    /// - Returns: the entries in date order.
    /// - Throws: `InputError` naming the scenario file, the field
    ///   (`risk.timeline[i].date`, `…configuration`) and the problem.
    static func parse(_ risk: DocumentSection, folder: URL, startTime: Int64, days: Int) throws -> [RiskTimelineEntry] {
        guard let list = try risk.optionalSectionList(AppConfig.RiskFields.riskTimeline.leaf) else { return [] }
        var entries: [RiskTimelineEntry] = []
        let lastDay = startTime + Int64(days - 1) * 86_400
        for section in list {
            let date = try section.string(AppConfig.RiskFields.timelineDate)
            guard let time = AppConfig.utcMidnight(date) else {
                throw section.fail("date", "expected a date as YYYY-MM-DD, got \"\(date)\"")
            }
            guard time > startTime else {
                throw section.fail(
                    "date", "\(date) is not after simulation.start_date (the configuration at the start is risk.configuration)")
            }
            guard time <= lastDay else {
                throw section.fail(
                    "date", "\(date) is after the run's last day \(Self.isoDate(lastDay)) (simulation.start_date + simulation.days - 1)")
            }
            if let previous = entries.last, time <= previous.publishedAt {
                throw section.fail("date", "\(date) is not after the previous entry's date \(previous.date) (entries go in date order)")
            }
            let path = try section.string(AppConfig.RiskFields.timelineConfiguration)
            let url = URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL
            let configuration: RiskConfiguration
            do {
                configuration = try ConfigurationLoader.load(path: url.path)
            } catch {
                throw section.fail("configuration", "\(path) is not a usable risk configuration: \(error)")
            }
            try section.finish()
            entries.append(RiskTimelineEntry(date: date, publishedAt: time, configuration: configuration, file: url))
        }
        return entries
    }

    static func isoDate(_ time: Int64) -> String { UTCTime.date(seconds: time) }
}
