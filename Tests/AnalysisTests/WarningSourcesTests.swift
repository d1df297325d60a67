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
}
