import ExposureNotification
import Foundation
import Population
import Testing

@testable import Simulation

/// An uploaded key produces windows on exactly the phones that sighted it:
/// every app phone whose sighting store holds one of the key's identifiers has
/// a window from that key after its next detection, and no other phone has one.
@Suite struct SightingToWindowTests {
    @Test func uploadedKeysProduceWindowsOnExactlyThePhonesThatSightedThem() throws {
        // The village of the other run tests, without app resets (a reset keeps
        // the framework's sightings but would make the comparison depend on it).
        let url = try SimulationRunTests.scenario { text in
            text.replacingOccurrences(of: #"  reset_per_day: [0-9.]+\n"#, with: "  reset_per_day: 0\n", options: .regularExpression)
        }
        defer { try? FileManager.default.removeItem(at: url) }
        // Seed 8 distributes keys within the first ten days (its precondition, checked below).
        var run = try SimulationRun(scenario: try Scenario.load(url), seed: 8, workers: 2)
        for day in 0..<10 { try run.simulate(day: day) }
        // Keys distributed by the end of day 10; two more days give every phone
        // its forced daily detection after receiving them.
        let keys = run.verified.flatMap(\.keys)
        for day in 10..<12 { try run.simulate(day: day) }
        #expect(!keys.isEmpty, "the run must distribute keys")
        var compared = 0
        var sightedPairs = 0
        for key in keys {
            let owner = try #require(run.ownerOfKey[CoronaWarnApp.KeyIdentity(key)], "every distributed key has an uploader")
            let tek = TemporaryExposureKey(
                keyData: key.keyData, rollingStartIntervalNumber: key.rollingStartIntervalNumber,
                rollingPeriod: key.rollingPeriod)
            let rpis = (0..<Int(key.rollingPeriod)).map {
                KeyDerivation.rollingProximityIdentifier(
                    for: tek, interval: ENIntervalNumber(rawValue: key.rollingStartIntervalNumber.rawValue + UInt32($0)))
            }
            for person in run.phones.indices where person != owner {
                guard let app = run.phones[person].app else { continue }
                let sighted = rpis.contains { app.framework.sightings.contains($0) }
                let windowed = run.recorder.windows[person].keys.contains {
                    $0.keyData == key.keyData && $0.rollingStart == key.rollingStartIntervalNumber.rawValue
                }
                #expect(sighted == windowed, "phone \(person), key of \(owner): sighted \(sighted), windows \(windowed)")
                if windowed {
                    #expect(run.recorder.windows[person].values.allSatisfy { $0.owner != owner || $0.truth.minutes > 0 })
                }
                compared += 1
                sightedPairs += sighted ? 1 : 0
            }
        }
        #expect(sightedPairs > 0, "some phone must have sighted an uploaded key (\(compared) pairs compared)")
    }
}
