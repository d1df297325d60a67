import ExposureNotification
import RiskCalculation
import Simulation
import WarnSimCore

/// When each phone of a recorded run would have been warned (total risk HIGH)
/// under each of many risk configurations, from the windows the run recorded.
///
/// A phone's risk can only change at a detection that produced new windows
/// (between them, the same windows are evaluated again, and only ageing out can
/// lower the risk). So each phone is scored at every moment `t` at which it
/// first recorded a window, on the windows recorded up to `t`, as of the UTC
/// day of `t`: exactly what the app's detection at `t` evaluated. The first
/// such moment whose total is HIGH is the warning time. CWA exposure-window
/// configurations go through the ``BatchScorer`` (one BLAS batch); ENF v1
/// schemes through their exact engines.
public struct WarningScorer: Sendable {
    /// `warnedAt[configuration][i]`: Unix seconds of the first HIGH total of
    /// app user `i` (in `phones` order), or nil.
    public let warnedAt: [[Int64?]]
    /// App users (person indices) in result order.
    public let phones: [Int]
    /// Devices (phone × detection moment) scored, for reporting.
    public let moments: Int

    public init(run: RecordedRun, configurations: [RiskConfiguration], platform: RiskPlatform, workers: Int) throws {
        let phones = run.appUsers
        var slot = [Int](repeating: -1, count: run.phones.count)
        for (i, person) in phones.enumerated() { slot[person] = i }
        // Windows by phone in stored order; moments = distinct detection times.
        var momentWindows: [ExposureWindow] = []
        var momentDevices: [Int] = []
        var momentPhone: [Int] = []
        var momentTime: [Int64] = []
        var momentDay: [Int] = []
        var start = 0
        let windows = run.windows
        while start < windows.count {
            var end = start
            while end < windows.count && windows[end].phone == windows[start].phone { end += 1 }
            let own = windows[start..<end]
            let times = Set(own.map(\.detectedAt)).sorted()
            for t in times {
                let device = momentPhone.count
                momentPhone.append(slot[windows[start].phone])
                momentTime.append(t)
                momentDay.append(Int(t.floorDivided(by: 86_400)))
                for w in own where w.detectedAt <= t {
                    momentWindows.append(w.window)
                    momentDevices.append(device)
                }
            }
            start = end
        }
        var warned = [[Int64?]](repeating: [Int64?](repeating: nil, count: phones.count), count: configurations.count)
        func record(_ config: Int, _ device: Int, high: Bool) {
            guard high else { return }
            let i = momentPhone[device]
            if warned[config][i] == nil || momentTime[device] < warned[config][i]! { warned[config][i] = momentTime[device] }
        }
        // CWA exposure-window configurations: one batch.
        var cwa: [(index: Int, parameters: CWARiskParameters)] = []
        for (index, configuration) in configurations.enumerated() {
            if case .cwaExposureWindows(let parameters) = configuration.scheme { cwa.append((index, parameters)) }
        }
        if !cwa.isEmpty && !momentPhone.isEmpty {
            let scorer = BatchScorer(configurations: cwa.map(\.parameters), platform: platform)
            let set = BatchWindowSet(windows: momentWindows, devices: momentDevices)
            let result = try scorer.score(set, referenceDay: 0, referenceDays: momentDay, workers: workers)
            for (column, entry) in cwa.enumerated() {
                for device in 0..<momentPhone.count {
                    record(entry.index, device, high: result.totalRiskLevel(device: device, configuration: column) == .high)
                }
            }
        }
        // ENF v1 schemes: exact engines, one moment at a time.
        var deviceStart = [Int](repeating: 0, count: momentPhone.count + 1)
        for device in momentDevices { deviceStart[device + 1] += 1 }
        for d in 0..<momentPhone.count { deviceStart[d + 1] += deviceStart[d] }
        for (index, configuration) in configurations.enumerated() {
            for device in 0..<momentPhone.count {
                let own = Array(momentWindows[deviceStart[device]..<deviceStart[device + 1]])
                switch configuration.scheme {
                case .cwaExposureWindows: break
                case .cwa2020(let p):
                    record(index, device, high: ENFv1Engine.cwa2020(own, parameters: p, referenceDay: momentDay[device]).totalRiskLevel == .high)
                case .immuni(let p):
                    record(index, device, high: ENFv1Engine.immuni(own, parameters: p, referenceDay: momentDay[device]).totalRiskLevel == .high)
                }
            }
        }
        warnedAt = warned
        self.phones = phones
        moments = momentPhone.count
    }
}
