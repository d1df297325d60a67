import Analysis
import Foundation
import SimulationTestSupport
import Testing
import WarnSimCore
import WarnSimTestSupport

@Suite("Radio ensemble: seed and radio-variant spreads reported apart")
struct RadioEnsembleTests {
    /// The fixture's run of seed 11 again, its phones scanning through the
    /// empty-bus variant (Lanfer's surveyed bus without riders).
    static let emptyBus = Result {
        try RecordedRunFixture.simulate(seed: 11) {
            $0.replacingOccurrences(of: "parameters: ../radio/default.yaml", with: "parameters: ../radio/variants/bus-lanfer-empty.yaml")
        }
    }

    /// Runs are grouped by the digest of their radio parameters, which each
    /// run's manifest records with the file's name.
    @Test func runsAreGroupedByTheirChannel() throws {
        let runs = try [RecordedRunFixture.shared.get(), RecordedRunFixture.second.get(), Self.emptyBus.get()].map {
            try RecordedRun.load(folder: $0)
        }
        let defaultDigest = RunManifest.digest(try Data(contentsOf: try ProjectFiles.required(ProjectFiles.radioDefault)))
        #expect(runs[0].radioParameters?.file == "default.yaml")
        #expect(runs[0].radioParameters?.digest == defaultDigest)
        #expect(runs[2].radioParameters?.file == "bus-lanfer-empty.yaml")
        let ensemble = RadioEnsemble(runs: runs)
        #expect(ensemble.variants.map(\.name) == ["default.yaml", "bus-lanfer-empty.yaml"])
        #expect(ensemble.variants.map(\.runs) == [[0, 1], [2]])
    }

    /// Each variant's figures are its runs pooled; the ensemble's value is the
    /// mean over variants and its radio range their lowest and highest; a
    /// variant of one run has no seed interval.
    @Test func theEnsembleSeparatesTheTwoSpreads() throws {
        let set = try RunSet(
            folders: [RecordedRunFixture.shared.get(), RecordedRunFixture.second.get(), Self.emptyBus.get()], options: LabelOptions())
        let ensemble = RadioEnsemble(runs: set.runs)
        let rows = ensemble.rows(
            labels: set.labels, warnedAt: set.recordedWarnings,
            field: FieldOutcomeCalculator(runs: set).tallies(warnedAt: set.recordedWarnings), resamples: 400, seed: 3)
        let again = ensemble.rows(
            labels: set.labels, warnedAt: set.recordedWarnings,
            field: FieldOutcomeCalculator(runs: set).tallies(warnedAt: set.recordedWarnings), resamples: 400, seed: 3)
        #expect(RadioEnsemble.csv(rows) == RadioEnsemble.csv(again), "same seed, same figures")
        for label in GroundTruthLabel.allCases {
            let mine = rows.filter { $0.label == label }
            #expect(mine.map(\.variant) == ["default.yaml", "bus-lanfer-empty.yaml", "ensemble"])
            for (v, variant) in ensemble.variants.enumerated() {
                var pooled = LabelCounts()
                for run in variant.runs {
                    pooled = pooled + set.labels[run].counts(label, warned: set.recordedWarnings[run].map { $0 != nil })
                }
                #expect(Double(mine[v].warned) == pooled.warned)
                #expect(mine[v].atRisk == pooled.atRisk)
                #expect(same(mine[v].precision.value, pooled.precision))
                #expect(same(mine[v].recall.value, pooled.recall))
            }
            #expect(mine[1].precision.seedInterval.lower.isNaN, "one run: no seed interval")
            let values = mine[0..<2].map(\.recall.value).filter { !$0.isNaN }
            if values.count == 2 {
                #expect(abs(mine[2].recall.value - (values[0] + values[1]) / 2) < 1e-12)
                #expect(mine[2].recall.radioRange.lower == values.min()!)
                #expect(mine[2].recall.radioRange.upper == values.max()!)
            }
        }
        let warned = rows.first { $0.label == .detectable && $0.variant == "default.yaml" }!.warned
        let emptyWarned = rows.first { $0.label == .detectable && $0.variant == "bus-lanfer-empty.yaml" }!.warned
        #expect(warned > 0 && emptyWarned > 0)
        // The field figures are the channel's runs' tallies pooled, the same on every label's row.
        let tallies = FieldOutcomeCalculator(runs: set).tallies(warnedAt: set.recordedWarnings)
        for row in rows where row.variant == "default.yaml" {
            #expect(same(row.warningsPerUploader.value, (tallies[0] + tallies[1]).outcomes.warningsPerUploader))
            #expect(same(row.warnedLaterPositiveShare.value, (tallies[0] + tallies[1]).outcomes.warnedLaterPositiveShare))
        }
        for row in rows where row.variant == "bus-lanfer-empty.yaml" {
            #expect(same(row.warningsPerUploader.value, tallies[2].outcomes.warningsPerUploader))
        }
        let text = RadioEnsemble.text(rows, primary: .detectable)
        #expect(text.hasPrefix("radio variants (detectable): 2 channels\n"))
        #expect(text.contains("  ensemble (3 runs): precision "))
        #expect(text.contains(" radio ["))
        let csv = RadioEnsemble.csv(rows).split(separator: "\n")
        #expect(csv.count == 1 + 3 * GroundTruthLabel.allCases.count)
        #expect(csv[0].split(separator: ",").count == csv[1].split(separator: ",").count)
    }

    /// Runs of one channel: no ensemble lines in the text, and the ensemble
    /// row's radio range has no width.
    @Test func oneChannelHasNoRadioSpread() throws {
        let set = try RunSet(folders: [RecordedRunFixture.shared.get(), RecordedRunFixture.second.get()], options: LabelOptions())
        let rows = RadioEnsemble(runs: set.runs).rows(
            labels: set.labels, warnedAt: set.recordedWarnings,
            field: FieldOutcomeCalculator(runs: set).tallies(warnedAt: set.recordedWarnings), resamples: 200, seed: 1)
        #expect(RadioEnsemble.text(rows, primary: .detectable).isEmpty)
        for row in rows where row.variant == "ensemble" && !row.precision.value.isNaN {
            #expect(row.precision.radioRange.lower == row.precision.value && row.precision.radioRange.upper == row.precision.value)
            #expect(row.precision.seedInterval.lower <= row.precision.value + 1e-12)
        }
    }

    /// A manifest whose `radio_parameters` is not the object `simulate`
    /// writes is refused, naming the file and the field.
    @Test func aDamagedRadioRecordIsRefused() throws {
        let source = URL(fileURLWithPath: try RecordedRunFixture.shared.get())
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("warnsim-radio-record-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: source, to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        let manifest = copy.appendingPathComponent("manifest.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let edited = text.replacingOccurrences(
            of: #"\"radio_parameters\": \{[^}]*\}"#, with: #""radio_parameters": {"file": "default.yaml", "digest": "md5:0"}"#,
            options: .regularExpression)
        #expect(edited != text)
        try edited.write(to: manifest, atomically: true, encoding: .utf8)
        do {
            _ = try RecordedRun.load(folder: copy.path)
            Issue.record("a damaged radio record was accepted")
        } catch let error as InputError {
            #expect(error.file == manifest.path)
            #expect(error.field == "radio_parameters")
        }
    }

    func same(_ a: Double, _ b: Double) -> Bool { (a.isNaN && b.isNaN) || a == b }
}
