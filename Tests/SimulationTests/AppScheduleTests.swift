import RiskCalculation
import Simulation
import Testing

/// The app's cadences from Tests/Reference/cwa/SERVICES.md.
@Suite struct AppScheduleTests {
    @Test func detectionAtMostEveryFourHoursAndForcedDaily() {
        var schedule = ExposureDetectionSchedule()
        #expect(schedule.minimumSeconds == 4 * 3600)
        #expect(schedule.isDue(at: 0, hasNewKeyFiles: false))  // first run
        schedule.recordDetection(at: 0)
        #expect(!schedule.isDue(at: 4 * 3600 - 1, hasNewKeyFiles: true))
        #expect(schedule.isDue(at: 4 * 3600, hasNewKeyFiles: true))
        #expect(!schedule.isDue(at: 23 * 3600, hasNewKeyFiles: false))
        #expect(schedule.isDue(at: 24 * 3600, hasNewKeyFiles: false))
        // The server value is capped at 6 per day; 1 per day is iOS's fallback.
        #expect(ExposureDetectionSchedule(maxDetectionsPerDay: 12).minimumSeconds == 4 * 3600)
        #expect(ExposureDetectionSchedule(maxDetectionsPerDay: 1).minimumSeconds == 24 * 3600)
    }

    /// Android: the download worker every 60 min; iOS: the background task
    /// every 2 h; hour packages only on an unmetered connection, day packages always.
    @Test func keyDownloadCadences() {
        #expect(KeyDownloadSchedule.android.nextRun(after: 1000) == 4600)
        #expect(KeyDownloadSchedule.ios.nextRun(after: 1000) == 8200)
        #expect(KeyDownloadSchedule.android.firstRun(from: 7200, offset: 3600 + 5) == 7205)
        #expect(KeyDownloadSchedule.fetches(.day, unmetered: false))
        #expect(!KeyDownloadSchedule.fetches(.hour, unmetered: false))
        #expect(KeyDownloadSchedule.fetches(.hour, unmetered: true))
    }

    @Test func pollingCadences() {
        #expect(TestResultPolling.pcr.nextPoll(after: 0, registeredAt: 0) == 7200)
        let registered: Int64 = 10_000
        #expect(TestResultPolling.rapidAntigen.nextPoll(after: registered, registeredAt: registered) == registered + 900)
        #expect(TestResultPolling.rapidAntigen.nextPoll(after: registered + 75 * 60, registeredAt: registered) == registered + 90 * 60)
        #expect(TestResultPolling.rapidAntigen.nextPoll(after: registered + 90 * 60, registeredAt: registered) == registered + 180 * 60)
    }

    @Test func notificationsOnRiskChangesOnly() {
        var notifier = RiskChangeNotifier(notificationsPermitted: true)
        let outcomes = [RiskLevel.low, .high, .high, .low].map { notifier.record($0) }
        #expect(outcomes == [false, true, false, true])
        var silent = RiskChangeNotifier(notificationsPermitted: false)
        let silentOutcome = silent.record(.high)
        #expect(!silentOutcome)
        #expect(silent.lastLevel == .high)
    }
}
