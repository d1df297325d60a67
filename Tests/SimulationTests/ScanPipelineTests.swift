import ExposureNotification
import Foundation
import Population
import Simulation
import Testing
import WarnSimCore

/// The world's encounters through the phones' radios into their frameworks,
/// then matching: windows appear on exactly the phones that received an
/// uploader's advertisements, and only where the encounter stream has an
/// encounter with the uploader.
@Suite struct ScanPipelineTests {
    static let dayStart: Int64 = 1_618_185_600  // Monday 2021-04-12 00:00 UTC

    static func village() throws -> World {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Configs/scenarios/village-2k.yaml")
        return World(scenario: try Scenario.load(url).world, seed: 5)
    }

    struct DayRun {
        var frameworks: [ExposureNotificationFramework?]
        var receptions: [ScanPipeline.Reception]
        var encounters: DayEncounters
    }

    /// One Monday in the village; every other person has the app.
    /// With `recorded` (per person), the phones record only what those people's phones send.
    static func run(workers: Int, recorded: [Bool] = []) throws -> DayRun {
        var world = try village()
        var pipeline = ScanPipeline(model: world.radio, phones: world.phones, carriageBySetting: world.carriageBySetting, seed: 5)
        pipeline.recordedTransmitters = recorded
        let people = world.town.people
        var phones = (0..<people).map { person in
            SimulatedPhone(
                person: person,
                app: person % 2 == 0
                    ? CoronaWarnApp(
                        framework: pipeline.framework(person: person), consents: .init(exposureLogging: true, notifications: true))
                    : nil,
                scanClock: ScanPipeline.ScanClock(person: person, start: dayStart, seed: 5))
        }
        let day = world.simulate(day: 0, workers: workers)
        var audiences = Audiences()
        let receptions = pipeline.run(
            dayStart: dayStart, encounters: day.encounters, phones: &phones, audiences: &audiences, workers: workers,
            keepReceptions: true)
        return DayRun(frameworks: phones.map { $0.app?.framework }, receptions: receptions, encounters: day.encounters)
    }

    /// The two-worker run, shared by the tests that only read it.
    static let shared = Result { try run(workers: 2) }

    @Test func sameSightingsOnOneAndTwoThreads() throws {
        let one = try Self.run(workers: 1)
        let two = try Self.shared.get()
        #expect(!one.receptions.isEmpty)
        #expect(one.receptions == two.receptions)
        for p in one.frameworks.indices {
            #expect(one.frameworks[p]?.sightings.sightings == two.frameworks[p]?.sightings.sightings)
        }
    }

    @Test func receptionsFollowTheEncounterStreamAndOnlyAppPhonesTakePart() throws {
        let run = try Self.shared.get()
        for reception in run.receptions {
            let i = Int(reception.encounter)
            let pair = Set([run.encounters.personA[i], run.encounters.personB[i]])
            #expect(pair == Set([reception.receiver, reception.transmitter]))
            let minute = Int16((reception.time - Self.dayStart) / 60)
            #expect(run.encounters.start[i] <= minute && minute < run.encounters.end[i])
            #expect(reception.receiver % 2 == 0 && reception.transmitter % 2 == 0)
        }
        // Scans run every 210–300 s on every app phone, with or without company.
        let scans = run.frameworks.compactMap { $0?.lastScanTime }
        #expect(scans.count == run.frameworks.count / 2)
        #expect(scans.allSatisfy { $0 >= Self.dayStart + 86_400 - 300 })
    }

    @Test func uploadedKeysMatchExactlyThePhonesThatReceivedThem() throws {
        var run = try Self.shared.get()
        let counts = Dictionary(grouping: run.receptions, by: \.transmitter).mapValues(\.count)
        let uploaders = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(3).map { Int($0.key) }
        #expect(uploaders.count == 3)
        let nextDay = Self.dayStart + 86_400 + 3600
        var keys = [DiagnosisKey]()
        var owner = [Int]()
        for u in uploaders {
            _ = run.frameworks[u]!.advertisement(at: nextDay)
            for key in run.frameworks[u]!.keyHistory(at: nextDay, includeCurrent: false) {
                keys.append(
                    DiagnosisKey(
                        keyData: key.keyData, rollingStartIntervalNumber: key.rollingStartIntervalNumber,
                        rollingPeriod: key.rollingPeriod, reportType: .confirmedTest, daysSinceOnsetOfSymptoms: 1))
                owner.append(u)
            }
        }
        let matcher = ExposureMatcher()
        let index = try DiagnosisKeyIndex(keys: keys, matcher: matcher)
        let fromUploaders = Dictionary(
            grouping: run.receptions.filter { uploaders.contains(Int($0.transmitter)) }, by: { Int($0.receiver) })
        for p in run.frameworks.indices {
            guard let framework = run.frameworks[p] else { continue }
            let windows = matcher.match(index, in: framework.sightings)
            let matchedOwners = Set(windows.map { owner[$0.keyIndex] })
            let mine = fromUploaders[p] ?? []
            let receivedFrom = Set(mine.map { Int($0.transmitter) })
            #expect(matchedOwners == receivedFrom, "phone \(p)")
            // Every window's scans are receptions the pipeline logged for that pair.
            for window in windows {
                let times = Set(mine.filter { Int($0.transmitter) == owner[window.keyIndex] }.map(\.time))
                #expect(times.contains(window.firstScanTime) && times.contains(window.lastScanTime))
            }
        }
    }

    /// A redraw records only what the sharers' phones send: what it records
    /// is exactly what a plain run recorded from them (the same fading draws),
    /// and every phone's last scan is the same.
    @Test func recordingAFewTransmittersKeepsTheirSightingsExactly() throws {
        let full = try Self.shared.get()
        let people = full.frameworks.count
        let recorded = (0..<people).map { $0 % 6 == 0 }
        let few = try Self.run(workers: 2, recorded: recorded)
        let expected = full.receptions.filter { recorded[Int($0.transmitter)] }
        #expect(!expected.isEmpty && expected.count < full.receptions.count / 2)
        #expect(few.receptions == expected)
        let perReceiver = Dictionary(grouping: expected, by: { Int($0.receiver) }).mapValues(\.count)
        for p in 0..<people {
            #expect(few.frameworks[p]?.lastScanTime == full.frameworks[p]?.lastScanTime, "phone \(p)")
            guard let kept = few.frameworks[p]?.sightings.sightings, let all = full.frameworks[p]?.sightings.sightings else {
                continue
            }
            #expect(kept.count == perReceiver[p] ?? 0, "phone \(p)")
            #expect(kept.allSatisfy { all.contains($0) }, "phone \(p)")
        }
    }
}
