import ExposureNotification
import Foundation
import Testing
import WarnSimCore

@testable import Simulation

/// A phone keeps its app on the heap (``InstalledApp``) and modifies it in
/// place: phones must still behave as values, and a phone without the app
/// must keep nothing there.
@Suite struct SimulatedPhoneStorageTests {
    static let start: Int64 = 1_618_358_400  // 2021-04-14 00:00 UTC

    static func phone(app: CoronaWarnApp?) -> SimulatedPhone {
        SimulatedPhone(person: 0, app: app, scanClock: ScanPipeline.ScanClock(person: 0, start: start, seed: 1))
    }

    @Test func aCopiedPhoneIsNotChangedByTheOriginal() {
        var phone = Self.phone(app: CoronaWarnAppTests.app(1))
        _ = phone.installedApp.advertisement(at: Self.start)
        let copy = phone
        // The original records sightings and switches tracing off; the copy keeps its state.
        phone.installedApp.framework.recordScan(
            at: Self.start + 60,
            received: [(AdvertisementPayload(rpi: KeyBytes(low: 1, high: 2), aem: AssociatedEncryptedMetadata(raw: 3)), -60)])
        phone.installedApp.setTracing(false, at: Self.start + 120)
        #expect(phone.installedApp.framework.sightings.count == 1)
        #expect(copy.installedApp.framework.sightings.count == 0)
        #expect(!phone.isTracingEnabled)
        #expect(copy.isTracingEnabled)
        // And the other way round.
        var second = copy
        second.installedApp.hear(7)
        #expect(!copy.installedApp.audibleSources.contains(7))
        #expect(second.installedApp.audibleSources.contains(7))
    }

    @Test func aPhoneWithoutTheAppHasNoneAndUninstallingDropsIt() {
        var phone = Self.phone(app: nil)
        #expect(!phone.hasApp)
        #expect(phone.app == nil)
        #expect(phone.engine == nil)
        phone.app = CoronaWarnAppTests.app(2)
        #expect(phone.hasApp)
        #expect(phone.isTracingEnabled)
        phone.app = nil
        #expect(!phone.hasApp)
        #expect(phone.app == nil)
        #expect(!phone.isTracingEnabled)
    }
}
