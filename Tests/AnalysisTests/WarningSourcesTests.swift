import Analysis
import Foundation
import Population
import RiskCalculation
import SimulationTestSupport
import Testing
import WarnSimTestSupport

@Suite("Warning sources: warned phones by the setting of the encounters that warned them")
struct WarningSourcesTests {
    /// The sources partition the warned phones: their tallies add up to the
    /// field outcomes of all warnings.
    @Test func sourcesPartitionTheWarnings() throws {
        let set = try RunSet(folders: [try RecordedRunFixture.shared.get()], options: LabelOptions())
        let sources = WarningSources(runs: set, warnedAt: set.recordedWarnings)
        let total = sources.rows.map(\.tally).reduce(FieldOutcomeTally(), +)
        let outcomes = FieldOutcomeCalculator(runs: set).outcomes(warnedAt: set.recordedWarnings)
        #expect(outcomes.warnedPhones > 0, "the fixture has warnings")
        #expect(total.warned == outcomes.warnedPhones)
        var pooled = total
        pooled.uploaders = outcomes.uploaders
        #expect(pooled.outcomes == outcomes)
        #expect(sources.rows.allSatisfy { $0.tally.warned > 0 })
        let csv = sources.csv.split(separator: "\n")
        #expect(csv.first == Substring(WarningSources.columns.joined(separator: ",")))
        #expect(csv.last?.hasPrefix("all,\(outcomes.warnedPhones),1.000,") == true)
        #expect(csv.count == sources.rows.count + 2)
    }

    /// One phone warned at its first HIGH window's detection, whose windows by
    /// then all come from one key owner: its source is the setting of that
    /// owner's encounters with it on those days, found here by a scan of every
    /// exposure record (cases whose encounters span one setting).
    @Test func aPhoneIsAttributedToTheSettingOfItsUploader() throws {
        let set = try RunSet(folders: [try RecordedRunFixture.shared.get()], options: LabelOptions())
        let run = set.runs[0]
        var checked = 0
        var phones = Set<Int>()
        for window in run.windows where window.runLevel == .high && phones.insert(window.phone).inserted {
            let first = run.windows.filter { $0.phone == window.phone && $0.runLevel == .high }.map(\.detectedAt).min()!
            let known = run.windows.filter { $0.phone == window.phone && $0.detectedAt <= first }
            guard Set(known.map(\.owner)).count == 1 else { continue }
            var expected = Set<UInt8>()
            for w in known {
                let day = Int((w.firstScanTime - run.startTime) / 86_400)
                for e in run.exposures where e.exposed == w.phone && e.infector == w.owner && e.day == day {
                    expected.insert(e.setting)
                }
            }
            guard expected.count == 1, let setting = Setting(rawValue: expected.first!) else { continue }
            let slot = try #require(set.labels[0].phones.firstIndex(of: window.phone))
            var warned = set.recordedWarnings.map { $0.map { _ in Int64?.none } }
            warned[0][slot] = first
            let sources = WarningSources(runs: set, warnedAt: warned)
            #expect(sources.rows.map(\.source) == [setting.name])
            #expect(sources.rows.first?.tally.warned == 1)
            checked += 1
            if checked == 5 { break }
        }
        #expect(checked > 0, "the fixture has phones warned by one uploader in one setting")
    }

    /// A phone warned before it detected any window has no window behind the warning.
    @Test func aWarningWithoutWindowsIsNoWindow() throws {
        let set = try RunSet(folders: [try RecordedRunFixture.shared.get()], options: LabelOptions())
        let run = set.runs[0]
        let withWindows = Set(run.windows.map(\.phone))
        let slot = try #require(set.labels[0].phones.firstIndex { !withWindows.contains($0) })
        var warned = set.recordedWarnings.map { $0.map { _ in Int64?.none } }
        warned[0][slot] = run.endTime
        let sources = WarningSources(runs: set, warnedAt: warned)
        #expect(sources.rows.map(\.source) == [WarningSources.noWindow])
    }

    /// The exposure behind a warning is the time of the counted windows of the
    /// uploader behind it: for a phone warned by one uploader, the sum of the
    /// scan instances of that owner's kept windows known by the warning; the
    /// per-run tallies pool to the per-source exposures and the household share.
    @Test func exposuresAreTheUploadersCountedWindows() throws {
        let set = try RunSet(folders: [try RecordedRunFixture.shared.get()], options: LabelOptions())
        let run = set.runs[0]
        let sources = WarningSources(runs: set, warnedAt: set.recordedWarnings)
        let pooled = sources.perRun.reduce(WarningSourceTally(), +)
        let bySource = sources.rows.map(\.exposures).reduce(WarningSourceTally(), +)
        #expect(pooled.warned == sources.rows.map(\.tally.warned).reduce(0, +))
        #expect(pooled.exposureHours.sorted() == bySource.exposureHours.sorted())
        let home = sources.rows.first { $0.source == Setting.home.name }?.tally.warned ?? 0
        #expect(pooled.householdWarned == home)
        #expect(pooled.value(of: "household_share_of_warnings") == Double(home) / Double(pooled.warned))
        // One phone warned by one uploader: its exposure by hand.
        for (slot, time) in set.recordedWarnings[0].enumerated() {
            guard let time else { continue }
            let phone = set.labels[0].phones[slot]
            let known = run.windows.filter { $0.phone == phone && $0.detectedAt <= time }
            guard Set(known.map(\.owner)).count == 1 else { continue }
            let seconds = known.filter { $0.runLevel != nil }.reduce(0) {
                $0 + $1.window.scanInstances.reduce(0) { $0 + $1.secondsSinceLastScan }
            }
            var only = set.recordedWarnings.map { $0.map { _ in Int64?.none } }
            only[0][slot] = time
            let one = WarningSources(runs: set, warnedAt: only).perRun[0]
            #expect(one.exposureHours == [Double(seconds) / 3600])
            return
        }
        Issue.record("the fixture has no phone warned by one uploader")
    }

    /// Medians and shares of the pooled tallies, and NaN with nobody to take them over.
    @Test func tallyFigures() {
        var tally = WarningSourceTally()
        tally.add(household: true, laterPositive: true, exposureHours: 10)
        tally.add(household: false, laterPositive: false, exposureHours: 0.5)
        tally.add(household: false, laterPositive: true, exposureHours: 2)
        #expect(tally.value(of: "household_share_of_warnings") == 1.0 / 3)
        #expect(tally.value(of: "household_share_of_warned_later_positive") == 0.5)
        #expect(tally.value(of: "exposure_hours_median_warned") == 2)
        #expect(tally.value(of: "exposure_hours_median_warned_later_positive") == 6)
        #expect(WarningSourceTally().value(of: "exposure_hours_median_warned")?.isNaN == true)
        #expect(tally.value(of: "warnings_per_uploader") == nil)
        #expect(Set(WarningSourceTally.columns).isDisjoint(with: FieldOutcomes.columns))
    }
}
