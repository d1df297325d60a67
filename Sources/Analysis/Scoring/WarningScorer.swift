import ExposureNotification
import RiskCalculation
import RunRecords
import WarnSimCore

/// When each phone of a recorded run would have been warned (total risk HIGH)
/// under each of many risk configurations, from the windows the run recorded,
/// and when its user would have seen that warning: at once with notification
/// permission, else after the time to the next opening of the app that the run
/// drew for that user (`warning_delay_s` of `phones.csv`; a warning not seen
/// before the run's end does not count).
///
/// A phone's risk can only change at a detection that produced new windows
/// (between them, the same windows are evaluated again, and only ageing out can
/// lower the risk). The app's detection at such a moment `t` evaluates the
/// windows recorded up to `t`, as of the UTC day of `t`; the first moment
/// whose total is HIGH is the warning time.
///
/// The CWA total is HIGH if and only if some date's level is HIGH, and a
/// date's level depends only on that date's windows. So for CWA exposure-window
/// configurations each (phone, date, moment at which the date gained windows)
/// is one device of the `BatchScorer` holding that date's windows up to the
/// moment, and the warning is the earliest moment of a HIGH device: the same
/// decision as scoring whole histories, with each window counted once per
/// moment of its own date only. ENF v1 schemes, whose totals combine dates, go
/// through their exact engines on whole histories at every moment.
///
/// Each phone is scored in its own platform's variant (Android or iOS, from
/// `phones.csv`): the devices of each platform form their own batch.
package struct WarningScorer: Sendable {
    /// App users (person indices) in result order.
    package let phones: [Int]
    /// Devices (phone × date × detection moment) in the batch, for reporting.
    package var moments: Int { devicePhone.count }
    let devicePhone: [Int]
    let deviceTime: [Int64]
    let deviceDay: [Int]
    /// Per platform: its devices (indices into `devicePhone`) and their windows.
    let batches: [(platform: RiskPlatform, devices: [Int], set: BatchWindowSet)]
    /// Each phone's windows (slot, stored order), for the ENF v1 engines.
    let windowsOfPhone: [(slot: Int, platform: RiskPlatform, windows: [StoredWindow])]
    /// Per slot: seconds from the warning to the user seeing it.
    let seenDelay: [Int64]
    let endTime: Int64

    /// Prepares the detection moments of `run`'s phones.
    package init(run: RecordedRun) {
        let phones = run.appUsers
        var slot = [Int](repeating: -1, count: run.phones.count)
        for (i, person) in phones.enumerated() { slot[person] = i }
        var windows: [RiskPlatform: [ExposureWindow]] = [:]
        var devices: [RiskPlatform: [Int]] = [:]
        var platformDevices: [RiskPlatform: [Int]] = [:]
        var devicePhone: [Int] = []
        var deviceTime: [Int64] = []
        var deviceDay: [Int] = []
        var windowsOfPhone: [(slot: Int, platform: RiskPlatform, windows: [StoredWindow])] = []
        var start = 0
        let stored = run.windows
        while start < stored.count {
            var end = start
            while end < stored.count && stored[end].phone == stored[start].phone { end += 1 }
            let own = Array(stored[start..<end])
            let phone = slot[stored[start].phone]
            let platform = run.phones[stored[start].phone].platform
            windowsOfPhone.append((phone, platform, own))
            for date in Set(own.map(\.window.dayNumber)).sorted() {
                let ofDate = own.filter { $0.window.dayNumber == date }
                for t in Set(ofDate.map(\.detectedAt)).sorted() {
                    let device = devicePhone.count
                    let local = platformDevices[platform, default: []].count
                    platformDevices[platform, default: []].append(device)
                    devicePhone.append(phone)
                    deviceTime.append(t)
                    deviceDay.append(Int(t.floorDivided(by: 86_400)))
                    for w in ofDate where w.detectedAt <= t {
                        windows[platform, default: []].append(w.window)
                        devices[platform, default: []].append(local)
                    }
                }
            }
            start = end
        }
        self.phones = phones
        self.devicePhone = devicePhone
        self.deviceTime = deviceTime
        self.deviceDay = deviceDay
        self.windowsOfPhone = windowsOfPhone
        seenDelay = phones.map { run.phones[$0].warningDelay }
        endTime = run.endTime
        batches = RiskPlatform.allCases.compactMap { platform in
            guard let own = platformDevices[platform] else { return nil }
            return (platform, own, BatchWindowSet(windows: windows[platform] ?? [], devices: devices[platform] ?? []))
        }
    }

    /// `result[configuration][i]`: Unix seconds at which app user `phones[i]`
    /// saw the first HIGH total under that configuration (in the phone's own
    /// platform's variant), or nil if never HIGH or not seen before the run's end.
    package func warnedAt(configurations: [RiskConfiguration], workers: Int) throws -> [[Int64?]] {
        var gemm = 0.0
        return try warnedAt(configurations: configurations, workers: workers, gemmSeconds: &gemm)
    }

    /// ``warnedAt(configurations:workers:)``, adding the worker-seconds spent
    /// in the BLAS matrix products to `gemmSeconds`.
    package func warnedAt(configurations: [RiskConfiguration], workers: Int, gemmSeconds: inout Double) throws -> [[Int64?]] {
        var warned = [[Int64?]](repeating: [Int64?](repeating: nil, count: phones.count), count: configurations.count)
        func record(_ config: Int, _ phone: Int, _ time: Int64) {
            if warned[config][phone] == nil || time < warned[config][phone]! { warned[config][phone] = time }
        }
        var cwa: [(index: Int, parameters: CWARiskParameters)] = []
        for (index, configuration) in configurations.enumerated() {
            if case .cwaExposureWindows(let parameters) = configuration.scheme { cwa.append((index, parameters)) }
        }
        for batch in batches where !cwa.isEmpty {
            let scorer = BatchScorer(configurations: cwa.map(\.parameters), platform: batch.platform)
            let result = try scorer.score(batch.set, referenceDay: 0, referenceDays: batch.devices.map { deviceDay[$0] }, workers: workers)
            gemmSeconds += result.gemmSeconds
            for (column, entry) in cwa.enumerated() {
                for (local, device) in batch.devices.enumerated()
                where result.totalRiskLevel(device: local, configuration: column) == .high {
                    record(entry.index, devicePhone[device], deviceTime[device])
                }
            }
        }
        // ENF v1 schemes: their exact engines on whole histories, moment by moment.
        for (index, configuration) in configurations.enumerated() {
            if case .cwaExposureWindows = configuration.scheme { continue }
            for (phone, platform, own) in windowsOfPhone {
                for t in Set(own.map(\.detectedAt)).sorted() {
                    let windows = own.filter { $0.detectedAt <= t }.map(\.window)
                    let day = Int(t.floorDivided(by: 86_400))
                    let high: Bool
                    switch configuration.scheme {
                    case .cwaExposureWindows: high = false
                    case .cwa2020(let p):
                        high = ENFv1Engine.cwa2020(windows, parameters: p, referenceDay: day, platform: platform).totalRiskLevel == .high
                    case .immuni(let p):
                        high = ENFv1Engine.immuni(windows, parameters: p, referenceDay: day, platform: platform).totalRiskLevel == .high
                    }
                    if high {
                        record(index, phone, t)
                        break
                    }
                }
            }
        }
        let (delay, end) = (seenDelay, endTime)
        return warned.map { times in
            times.enumerated().map { slot, time in time.flatMap { $0 + delay[slot] < end ? $0 + delay[slot] : nil } }
        }
    }
}
