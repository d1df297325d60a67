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
    /// App users (person indices) in result order.
    public let phones: [Int]
    /// Devices (phone × detection moment) scored, for reporting.
    public var moments: Int { momentPhone.count }
    let momentPhone: [Int]
    let momentTime: [Int64]
    let momentDay: [Int]
    let set: BatchWindowSet
    /// Windows of moment d: `momentStart[d]..<momentStart[d + 1]` of `set.windows`.
    let momentStart: [Int]

    /// Prepares the detection moments of `run`'s phones.
    public init(run: RecordedRun) {
        let phones = run.appUsers
        var slot = [Int](repeating: -1, count: run.phones.count)
        for (i, person) in phones.enumerated() { slot[person] = i }
        var momentWindows: [ExposureWindow] = []
        var momentDevices: [Int] = []
        var momentPhone: [Int] = []
        var momentTime: [Int64] = []
        var momentDay: [Int] = []
        var momentStart = [0]
        var start = 0
        let windows = run.windows
        while start < windows.count {
            var end = start
            while end < windows.count && windows[end].phone == windows[start].phone { end += 1 }
            let own = windows[start..<end]
            for t in Set(own.map(\.detectedAt)).sorted() {
                let device = momentPhone.count
                momentPhone.append(slot[windows[start].phone])
                momentTime.append(t)
                momentDay.append(Int(t.floorDivided(by: 86_400)))
                for w in own where w.detectedAt <= t {
                    momentWindows.append(w.window)
                    momentDevices.append(device)
                }
                momentStart.append(momentWindows.count)
            }
            start = end
        }
        self.phones = phones
        self.momentPhone = momentPhone
        self.momentTime = momentTime
        self.momentDay = momentDay
        self.momentStart = momentStart
        set = BatchWindowSet(windows: momentWindows, devices: momentDevices)
    }

    /// `result[configuration][i]`: Unix seconds of the first HIGH total of app
    /// user `phones[i]` under that configuration, or nil if never HIGH.
    public func warnedAt(configurations: [RiskConfiguration], platform: RiskPlatform, workers: Int) throws -> [[Int64?]] {
        var warned = [[Int64?]](repeating: [Int64?](repeating: nil, count: phones.count), count: configurations.count)
        // Moments are in time order per phone, so the first HIGH one is the warning.
        func record(_ config: Int, _ device: Int) {
            let i = momentPhone[device]
            if warned[config][i] == nil { warned[config][i] = momentTime[device] }
        }
        var cwa: [(index: Int, parameters: CWARiskParameters)] = []
        for (index, configuration) in configurations.enumerated() {
            if case .cwaExposureWindows(let parameters) = configuration.scheme { cwa.append((index, parameters)) }
        }
        if !cwa.isEmpty && moments > 0 {
            let scorer = BatchScorer(configurations: cwa.map(\.parameters), platform: platform)
            let result = try scorer.score(set, referenceDay: 0, referenceDays: momentDay, workers: workers)
            for (column, entry) in cwa.enumerated() {
                for device in 0..<moments where result.totalRiskLevel(device: device, configuration: column) == .high {
                    record(entry.index, device)
                }
            }
        }
        // ENF v1 schemes: their exact engines, one moment at a time.
        for (index, configuration) in configurations.enumerated() {
            for device in 0..<moments {
                let own = Array(set.windows[momentStart[device]..<momentStart[device + 1]])
                let high: Bool
                switch configuration.scheme {
                case .cwaExposureWindows: continue
                case .cwa2020(let p): high = ENFv1Engine.cwa2020(own, parameters: p, referenceDay: momentDay[device]).totalRiskLevel == .high
                case .immuni(let p): high = ENFv1Engine.immuni(own, parameters: p, referenceDay: momentDay[device]).totalRiskLevel == .high
                }
                if high { record(index, device) }
            }
        }
        return warned
    }
}
