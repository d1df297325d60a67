import Analysis
import Foundation
import SimulationTestSupport
import Studies
import Testing
import WarnSimCore
import WarnSimTestSupport

@Suite("Validation registry: published figures, their bands, and bad entries")
struct ValidationRegistryTests {
    @Test func shippedRegistryLoads() throws {
        let figures = try ValidationRegistry.loadFolder(ProjectFiles.url("Configs/validation"))
        #expect(figures.map(\.id).contains("cwa-red-warnings-per-positive"))
        for figure in figures {
            #expect(figure.published.low <= figure.published.value && figure.published.value <= figure.published.high)
            #expect(!figure.source.isEmpty)
        }
    }

    static func write(_ text: String) throws -> URL {
        let folder = ProjectFiles.url("Configs/validation")
        let url = folder.appendingPathComponent(".test-\(UUID().uuidString).yaml")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    static let good = """
        figures:
          a:
            description: d
            published: {value: 5.0, low: 4.5, high: 5.5}
            source: s
            measure:
              kind: run-metric
              scenario: ../scenarios/village-2k.yaml
              seeds: [1, 2]
              column: warnings_per_uploader

        """

    @Test func badEntriesNameTheField() throws {
        let cases: [(String, String)] = [
            (Self.good.replacingOccurrences(of: "value: 5.0", with: "value: 6.0"), "figures.a.published.value"),
            (Self.good.replacingOccurrences(of: "warnings_per_uploader", with: "warnings"), "figures.a.measure.column"),
            (Self.good.replacingOccurrences(of: "village-2k.yaml", with: "nope.yaml"), "figures.a.measure.scenario"),
            (Self.good.replacingOccurrences(of: "[1, 2]", with: "[1.5]"), "figures.a.measure.seeds"),
            (Self.good.replacingOccurrences(of: "    source: s\n", with: "    source: s\n    sauce: t\n"), "figures.a.sauce"),
            (Self.good.replacingOccurrences(of: "kind: run-metric", with: "kind: survey"), "figures.a.measure.kind"),
        ]
        for (text, field) in cases {
            let url = try Self.write(text)
            defer { try? FileManager.default.removeItem(at: url) }
            do {
                _ = try ValidationRegistry.load(url)
                Issue.record("accepted a bad entry for \(field)")
            } catch let error as InputError {
                #expect(error.field == field, "\(error)")
            }
        }
    }

    @Test func agreementIsOverlapOfTheSeedIntervalAndTheBand() throws {
        let url = try Self.write(Self.good)
        defer { try? FileManager.default.removeItem(at: url) }
        let figure = try ValidationRegistry.load(url)[0]
        #expect(ValidationResult(figure: figure, pooled: 5.2, perSeed: [5.2]).passed)
        #expect(!ValidationResult(figure: figure, pooled: 6.0, perSeed: [6.0]).passed)
        // Seeds spread widely: the interval reaches the band.
        #expect(ValidationResult(figure: figure, pooled: 6.0, perSeed: [4.0, 8.0, 6.0]).passed)
        #expect(!ValidationResult(figure: figure, pooled: .nan, perSeed: [.nan]).passed)
        let table = ValidationReport.table([ValidationResult(figure: figure, pooled: 6.0, perSeed: [6.0])])
        #expect(table.contains("MISS") && table.hasSuffix("0 passed, 1 failed\n"))
        let xml = ValidationReport.junit([ValidationResult(figure: figure, pooled: 6.0, perSeed: [6.0])])
        #expect(xml.contains(#"failures="1""#) && xml.contains("<failure"))
    }

    /// A run metric's interval is a seed bootstrap of the runs' counts: the
    /// pooled value is the figure of the summed counts, the interval holds it,
    /// identical runs give no spread, and the same tallies give the same interval.
    @Test func runMetricIntervalIsASeedBootstrapOfTheCounts() throws {
        let url = try Self.write(Self.good)
        defer { try? FileManager.default.removeItem(at: url) }
        let figure = try ValidationRegistry.load(url)[0]
        func tally(warned: Int, uploaders: Int) -> FieldOutcomeTally {
            var t = FieldOutcomeTally()
            t.warned = warned
            t.uploaders = uploaders
            return t
        }
        let runs = [tally(warned: 10, uploaders: 1), tally(warned: 40, uploaders: 10), tally(warned: 9, uploaders: 3)]
        let result = ValidationResult(figure: figure, tallies: runs, column: "warnings_per_uploader", entity: 0)
        #expect(result.measured == 59.0 / 14)
        #expect(result.perSeed == [10, 4, 3])
        #expect(result.low <= result.measured && result.measured <= result.high)
        #expect(result.low >= 3 && result.high <= 10)
        let again = ValidationResult(figure: figure, tallies: runs, column: "warnings_per_uploader", entity: 0)
        #expect(again.low == result.low && again.high == result.high)
        let same = ValidationResult(
            figure: figure, tallies: Array(repeating: tally(warned: 12, uploaders: 2), count: 5), column: "warnings_per_uploader",
            entity: 0)
        #expect(same.low == 6 && same.high == 6 && same.measured == 6)
        let empty = ValidationResult(
            figure: figure, tallies: Array(repeating: tally(warned: 3, uploaders: 0), count: 4), column: "warnings_per_uploader",
            entity: 0)
        #expect(empty.measured.isNaN && !empty.passed)
    }

    /// `--twice-the-seeds`: a figure's own seeds, then as many after its
    /// largest; a radio curve has none. The runner simulates each seed once
    /// for both sets, and the registry's results are those of a run alone.
    @Test func twiceTheSeedsExtendsTheSeedsAndSimulatesEachOnce() throws {
        let url = try Self.write(
            Self.good.replacingOccurrences(of: "[1, 2]", with: "[3, 1]").replacingOccurrences(
                of: "column: warnings_per_uploader", with: "days: 2\n      column: warned_phones"))
        defer { try? FileManager.default.removeItem(at: url) }
        let figure = try ValidationRegistry.load(url)[0]
        let twice = try #require(figure.onTwiceTheSeeds)
        guard case .runMetric(_, let seeds, let days, _) = twice.measure else {
            Issue.record("not a run metric")
            return
        }
        #expect(seeds == [3, 1, 4, 5] && days == 2)
        let radio = try ValidationRegistry.loadFolder(ProjectFiles.url("Configs/validation")).first {
            if case .radioCurve = $0.measure { return true } else { return false }
        }
        #expect(try #require(radio).onTwiceTheSeeds == nil)

        func folder() -> URL { FileManager.default.temporaryDirectory.appendingPathComponent("warnsim-validate-\(UUID().uuidString)") }
        let work = folder()
        let other = folder()
        defer {
            try? FileManager.default.removeItem(at: work)
            try? FileManager.default.removeItem(at: other)
        }
        var runner = ValidationRunner(workFolder: work, threads: 2, version: "test")
        var simulated: [String] = []
        runner.progress = { simulated.append($0) }
        let both = try runner.run([figure, twice])
        #expect(simulated.count == 4, "\(simulated)")
        // Runs in seed order: 1 and 3 first, in both sets.
        #expect(both[1].perSeed.count == 4 && Array(both[1].perSeed.prefix(2)) == both[0].perSeed)
        #expect(both.allSatisfy { $0.perSeed.allSatisfy(\.isFinite) })
        let alone = try ValidationRunner(workFolder: other, threads: 2, version: "test").run([figure])[0]
        #expect(alone.perSeed == both[0].perSeed && alone.low == both[0].low && alone.high == both[0].high)
        // The doubled figure's interval is its own too, whatever was measured before it (its bootstrap stream is
        // named by its identifier and seeds, not by its position).
        let twiceAlone = try ValidationRunner(workFolder: other, threads: 2, version: "test").run([twice])[0]
        #expect(twiceAlone.perSeed == both[1].perSeed && twiceAlone.low == both[1].low && twiceAlone.high == both[1].high)
        #expect(figure.bootstrapEntity != twice.bootstrapEntity)
    }

    /// A verdict that changes on twice the seeds is reported in the table, the
    /// Markdown and the JUnit XML.
    @Test func aVerdictThatChangesWithTheSeedsIsReported() throws {
        let url = try Self.write(Self.good)
        defer { try? FileManager.default.removeItem(at: url) }
        let figure = try ValidationRegistry.load(url)[0]
        let results = [ValidationResult(figure: figure, pooled: 5.2, perSeed: [5.2, 5.2])]
        let same = [ValidationResult(figure: try #require(figure.onTwiceTheSeeds), pooled: 5.0, perSeed: [5.0, 5.0, 5.0, 5.0])]
        let changed = [ValidationResult(figure: try #require(figure.onTwiceTheSeeds), pooled: 6.0, perSeed: [6.0, 6.0, 6.0, 6.0])]
        #expect(ValidationReport.verdictChanges(results, twice: same).isEmpty)
        #expect(ValidationReport.verdictChanges(results, twice: changed).map(\.figure.id) == ["a"])
        #expect(ValidationReport.table(results, twice: same).hasSuffix("1 passed, 0 failed; 0 verdicts change on twice the seeds\n"))
        let table = ValidationReport.table(results, twice: changed)
        #expect(table.contains("CHANGES") && table.hasSuffix("; 1 verdicts change on twice the seeds\n"))
        let markdown = ValidationReport.markdown(results, twice: changed, version: "test")
        #expect(markdown.contains("1 verdicts change on twice the seeds") && markdown.contains("| 4 | misses (changes) |"))
        #expect(ValidationReport.markdown(results, twice: same, version: "test").contains("No verdict changes on twice the seeds"))
        let xml = ValidationReport.junit(results, twice: changed)
        #expect(xml.contains(#"failures="1""#) && xml.contains("verdict-changes-with-seeds"))
        #expect(!ValidationReport.junit(results, twice: same).contains("<failure"))
    }

    @Test func measuresGivenRuns() throws {
        let url = try Self.write(Self.good)
        defer { try? FileManager.default.removeItem(at: url) }
        let figures = try ValidationRegistry.load(url)
        let folder = try RecordedRunFixture.shared.get()
        let runner = ValidationRunner(
            workFolder: FileManager.default.temporaryDirectory, threads: 2, version: "test", givenRuns: [folder])
        let result = try runner.run(figures)[0]
        let set = try RunSet(folders: [folder], options: LabelOptions())
        let expected = FieldOutcomeCalculator(runs: set).outcomes(warnedAt: set.recordedWarnings).warningsPerUploader
        #expect(result.measured == expected)
        #expect(result.perSeed == [expected])
    }

    @Test func radioCurveFiguresCountDistancesOutsideTheDeviceSpread() throws {
        let figures = try ValidationRegistry.load(ProjectFiles.url("Configs/validation/radio-distance-curves.yaml"))
        #expect(Set(figures.map(\.id)).isSuperset(of: ["dp3t-room-curve", "lanfer-bus-curve", "lanfer-outdoors-curve"]))
        // The held-out DP-3T scenarios (queue, movement) agree at every measured band.
        let heldOut = try #require(figures.first { $0.id == "dp3t-room-held-out-curve" })
        let runner = ValidationRunner(workFolder: FileManager.default.temporaryDirectory, threads: 2, version: "test")
        let result = try runner.run([heldOut])[0]
        #expect(result.measured == 0 && result.passed, "\(result)")
        // An unknown data set is named.
        let url = try Self.write(
            """
            figures:
              r:
                description: d
                published: {value: 0, low: 0, high: 0}
                source: s
                measure:
                  kind: radio-curve
                  data_set: mit-pact
                  places: [a]

            """)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect {
            try ValidationRegistry.load(url)
        } throws: { error in
            (error as? InputError)?.field == "figures.r.measure.data_set"
        }
    }
}
