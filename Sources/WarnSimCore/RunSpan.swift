/// The span of time a run may cover, declared once for the scenario reader
/// (`simulation.start_date`, `simulation.days`) and for every reader of a run
/// folder, which refuses a `manifest.json` outside it before any arithmetic
/// on times (a run folder is a contract: edited values must not overflow).
package enum RunSpan {
    /// `simulation.days`: at most a year.
    package static let days: ClosedRange<Int> = 1...365
    /// Unix seconds of `simulation.start_date`: from 2000-01-01 to
    /// 2099-12-28 UTC, decades around the apps' lifetime (2020–2023) with
    /// times far from any overflow.
    package static let startTimes: ClosedRange<Int64> = 946_684_800...4_101_580_800
    /// The people of a run (`population.people`).
    package static let people: ClosedRange<Int> = 1...50_000_000
}
