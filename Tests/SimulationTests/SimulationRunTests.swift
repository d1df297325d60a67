import ExposureNotification
import Foundation
import Population
import RiskCalculation
import RunRecords
import Testing
import WarnSimCore

@testable import Simulation

/// The whole pipeline on a small village: reproducible on any thread count,
/// keys only from consenting positive users, windows only from uploaded keys.
@Suite struct SimulationRunTests {
    static let scenarios = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Configs/scenarios")

    /// The village, shrunk to 800 people (its packages are published at any
    /// key count, as the national ones were, so a short run distributes keys).
    static func scenario(_ edit: (String) -> String = { $0 }) throws -> URL {
        var text = try String(contentsOf: scenarios.appendingPathComponent("village-2k.yaml"), encoding: .utf8)
        text = text.replacingOccurrences(of: "  people: 2000", with: "  people: 800")
        let url = scenarios.appendingPathComponent(".test-\(UUID().uuidString).yaml")
        try edit(text).write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    static func run(
        workers: Int, days: Int, spill: SightingSpill? = nil, skipsUnheardPackages: Bool = true
    ) throws -> SimulationRun {
        let url = try scenario()
        defer { try? FileManager.default.removeItem(at: url) }
        var run = try SimulationRun(scenario: try Scenario.load(url), seed: 11, workers: workers, sightingSpill: spill)
        run.skipsUnheardPackages = skipsUnheardPackages
        for day in 0..<days { try run.simulate(day: day) }
        return run
    }

    static let shared = Result { try run(workers: 2, days: 9) }

    @Test func sameFilesOnOneAndTwoThreads() throws {
        let one = try Self.run(workers: 1, days: 9)
        let two = try Self.shared.get()
        #expect(RunOutputs.phonesCSV(one) == RunOutputs.phonesCSV(two))
        #expect(RunOutputs.infectionsCSV(one) == RunOutputs.infectionsCSV(two))
        #expect(RunOutputs.windowsCSV(RunOutputs.storedWindows(one)) == RunOutputs.windowsCSV(RunOutputs.storedWindows(two)))
        #expect(WindowStore.encode(RunOutputs.storedWindows(one)) == WindowStore.encode(RunOutputs.storedWindows(two)))
        #expect(one.exposureFileBytes() == two.exposureFileBytes())
        #expect(ContactStore.encode(one.distributedKeyDays) == ContactStore.encode(two.distributedKeyDays))
        #expect(RunOutputs.summaryCSV(one) == RunOutputs.summaryCSV(two))
    }

    /// Detections that skip the packages whose owners a phone never heard
    /// (``Audiences``, ``CoronaWarnApp/audibleSources``) write the same files as
    /// detections that look at every package's keys in every phone's
    /// sightings, over more days than the 14-day retention.
    @Test func sameFilesWhenEveryPackageIsLookedAt() throws {
        let skipping = try Self.run(workers: 2, days: 17)
        let looking = try Self.run(workers: 2, days: 17, skipsUnheardPackages: false)
        #expect(!RunOutputs.storedWindows(skipping).isEmpty)
        #expect(RunOutputs.phonesCSV(skipping) == RunOutputs.phonesCSV(looking))
        #expect(WindowStore.encode(RunOutputs.storedWindows(skipping)) == WindowStore.encode(RunOutputs.storedWindows(looking)))
        #expect(ContactStore.encode(skipping.distributedKeyDays) == ContactStore.encode(looking.distributedKeyDays))
        #expect(RunOutputs.summaryCSV(skipping) == RunOutputs.summaryCSV(looking))
        // Both kinds of package occur: heard by some phones, unheard by others.
        let apps = skipping.phones.compactMap(\.app)
        let sources = skipping.index.sourceOrder.filter { !skipping.heardByAnyone.contains($0) }
        let answers = sources.flatMap { source in apps.map { $0.audibleSources.contains(source) } }
        #expect(answers.contains(true) && answers.contains(false))
    }

    /// Sightings kept on disk (``SightingSpill``) change nothing in the
    /// outputs, over more days than the 14-day retention so that expired day
    /// files are let go while the run goes on.
    @Test func sameFilesWithSightingsOnDisk() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("warnsim-run-spill-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let spill = try SightingSpill(folder: folder)
        let disk = try Self.run(workers: 2, days: 17, spill: spill)
        let memory = try Self.run(workers: 2, days: 17)
        #expect(spill.failure == nil)
        #expect(spill.bytesWritten > 0)
        #expect(disk.phones.contains { $0.app?.framework.sightings.chunks.contains { $0.isSpilled } == true })
        #expect(!RunOutputs.storedWindows(disk).isEmpty)
        #expect(RunOutputs.phonesCSV(disk) == RunOutputs.phonesCSV(memory))
        #expect(WindowStore.encode(RunOutputs.storedWindows(disk)) == WindowStore.encode(RunOutputs.storedWindows(memory)))
        #expect(RunOutputs.summaryCSV(disk) == RunOutputs.summaryCSV(memory))
        #expect(ContactStore.encode(disk.distributedKeyDays) == ContactStore.encode(memory.distributedKeyDays))
        // The ledger's days are on disk too, and the world held each day's encounters once.
        #expect(!disk.ledger.days.isEmpty && disk.ledger.days.allSatisfy { $0.columns.isMapped })
        #expect(!memory.ledger.days.contains { $0.columns.isMapped })
        #expect(disk.world.releasesEncounterMemory && !memory.world.releasesEncounterMemory)
        // The files of expired days are closed: the folder holds no names (they are unlinked at once).
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// Every window stands on a real encounter: the ledger finds the two people
    /// within radio range during the window's span, and the stored files read
    /// back to exactly what the run recorded.
    @Test func everyWindowHasTheRealContactBehindItAndFilesRoundTrip() throws {
        let run = try Self.shared.get()
        let windows = RunOutputs.storedWindows(run)
        #expect(!windows.isEmpty)
        for w in windows {
            #expect(w.truth.minutes > 0, "window of phone \(w.phone) from \(w.owner) at \(w.firstScanTime) has no encounter behind it")
            #expect(w.truth.minimumDistance >= 0)
            #expect(w.detectedAt >= w.lastScanTime)
        }
        #expect(try WindowStore.decode(WindowStore.encode(windows), file: "windows.bin") == windows)
        let exposures = try ExposureStore.decode(run.exposureFileBytes(), file: "exposures.bin")
        #expect(exposures.count == run.exposureCount && !exposures.isEmpty)
        #expect(exposures.allSatisfy { run.phones[$0.exposed].hasApp })
        // Every infection of an app user by another person is among the exposures, as the infecting one.
        let infecting = Set(exposures.filter { $0.outcome == .infected }.map { [$0.exposed, $0.infector] })
        for infection in run.world.infections where infection.infector >= 0 && run.phones[Int(infection.person)].hasApp {
            #expect(infecting.contains([Int(infection.person), Int(infection.infector)]))
        }
    }

    /// A forged setting byte is refused, naming the record and field (a reader
    /// that indexes by setting must never see one out of range).
    @Test func exposureFileWithAnUnknownSettingIsRefused() throws {
        let run = try Self.shared.get()
        var bytes = run.exposureFileBytes()
        // Header: magic 8, version 4, count 8; record 0: day, encounter, infector, exposed (4 each), then setting.
        bytes[20 + 16] = UInt8(Setting.allCases.count)
        #expect {
            _ = try ExposureStore.decode(bytes, file: "exposures.bin")
        } throws: { error in
            guard let error = error as? InputError else { return false }
            return error.file == "exposures.bin" && error.field == "record 0.setting"
                && error.problem.contains("expected 0…\(Setting.allCases.count - 1)")
        }
    }

    @Test func onlyConsentingPositiveUsersKeysAreDistributedAndMatched() throws {
        let run = try Self.shared.get()
        let uploads = run.summary.reduce(0) { $0 + $1.uploads }
        let distributed = run.summary.reduce(0) { $0 + $1.keysDistributed }
        #expect(uploads > 0 && distributed > 0, "the run must exercise uploads and distribution")
        var sharers = Set<Int>()
        for record in run.phones {
            guard let app = record.app else { continue }
            let shared = app.events.contains { if case .keysShared = $0 { return true } else { return false } }
            if shared {
                sharers.insert(record.person)
                #expect(record.user.willShare, "person \(record.person) shared without consent")
                #expect(app.test?.result == .positive)
            }
        }
        #expect(!sharers.isEmpty)
        // Every window on every phone comes from a key a sharer uploaded, and the
        // phone really had an encounter-based sighting (it is in its store).
        for record in run.phones {
            for window in run.recorder.windows[record.person].values {
                #expect(sharers.contains(window.owner), "window from non-sharer \(window.owner)")
                #expect(window.owner != record.person)
            }
        }
        #expect(run.recorder.windows.contains { !$0.isEmpty })
    }

    /// E07.01: the apps use the risk parameters of the verified app
    /// configuration; a payload that is not a valid configuration is refused
    /// and the previous parameters stay.
    @Test func appsUseTheFetchedAndVerifiedConfiguration() throws {
        let url = try Self.scenario()
        defer { try? FileManager.default.removeItem(at: url) }
        let app = try Scenario.load(url).app
        var run = try SimulationRun(scenario: try Scenario.load(url), seed: 5, workers: 2)
        try run.simulate(day: 0)
        #expect(run.riskParameters == app.cwaParameters)
        try run.publishAppConfiguration(Data("not: [a risk configuration".utf8), now: app.startTime + 86_400 - 60)
        try run.simulate(day: 1)
        #expect(run.rejectedAppConfigurations == 1)
        #expect(run.riskParameters == app.cwaParameters)
        var stricter = app.risk
        guard case .cwaExposureWindows(var p) = stricter.scheme else {
            Issue.record("scheme")
            return
        }
        p.normalizedTimePerDayToRiskLevel[0].normalizedTimeRange.max = 30
        p.normalizedTimePerDayToRiskLevel[1].normalizedTimeRange.min = 30
        stricter.scheme = .cwaExposureWindows(p)
        try run.publishAppConfiguration(Data(ConfigurationWriter.yaml(stricter).utf8), now: app.startTime + 2 * 86_400 - 60)
        try run.simulate(day: 2)
        #expect(run.riskParameters == p)
        #expect(run.rejectedAppConfigurations == 1)
    }

    /// E03.01/E03.03: with tracing (or Bluetooth) off every day, no phone
    /// advertises or records a sighting, so no window exists although app users
    /// meet and infect each other.
    @Test func phonesWithTracingOffSeeNothing() throws {
        for field in ["tracing_off_per_day", "bluetooth_off_per_day"] {
            let url = try Self.scenario { text in
                text.replacingOccurrences(of: #"  \#(field): [0-9.]+\n"#, with: "  \(field): 1\n", options: .regularExpression)
                    .replacingOccurrences(of: #"  reset_per_day: [0-9.]+\n"#, with: "  reset_per_day: 0\n", options: .regularExpression)
            }
            defer { try? FileManager.default.removeItem(at: url) }
            var run = try SimulationRun(scenario: try Scenario.load(url), seed: 11, workers: 2)
            for day in 0..<9 { try run.simulate(day: day) }
            #expect(run.summary.reduce(0) { $0 + $1.infectionsOfAppUsers } > 0, "\(field): app users still meet and infect")
            #expect(run.recorder.windows.allSatisfy { $0.isEmpty }, "\(field): no sightings, so no windows")
            #expect(run.phones.compactMap(\.app).allSatisfy { !$0.isTracing })
        }
    }

    @Test func badAppSectionsNameTheField() throws {
        let cases: [((String) -> String, String)] = [
            ({ $0.replacingOccurrences(of: "  share_keys_probability: 0.6\n", with: "") }, "app.share_keys_probability"),
            ({ $0.replacingOccurrences(of: "  start_date: 2021-04-12", with: "  start_date: 2021-04-13") }, "simulation.start_date"),
            ({ $0.replacingOccurrences(of: "  tele_tan_share: 0.1", with: "  tele_tan_share: 1.1") }, "app.tele_tan_share"),
            (
                { $0.replacingOccurrences(of: "cwa-2021-04-14.yaml", with: "cwa-2021-04-14.yaml\n  timeline: []\n  whatever: 1") },
                "risk.whatever"
            ),
            ({ $0.replacingOccurrences(of: "shifting-policy-threshold: 1", with: "shifting-policy-threshold: 0") }, "services"),
            ({ $0 + "\nwhatever: 1\n" }, "whatever"),
            ({ $0.replacingOccurrences(of: "  people: 800", with: "  peeple: 800") }, "population.people"),
        ]
        for (edit, field) in cases {
            let url = try Self.scenario(edit)
            defer { try? FileManager.default.removeItem(at: url) }
            do {
                _ = try Scenario.load(url)
                Issue.record("accepted bad input for \(field)")
            } catch let error as InputError {
                #expect(error.field?.hasPrefix(field) == true || error.problem.contains(field), "\(error)")
            } catch {
                #expect(field == "services", "\(error)")
            }
        }
    }
}
