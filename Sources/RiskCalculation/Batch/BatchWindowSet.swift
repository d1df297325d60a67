import ExposureNotification
import WarnSimCore

/// Many phones' exposure windows reduced to what the batch scorer needs: per
/// window the device, day, report type, infectiousness, and the seconds per
/// 1-dB minimum-attenuation bin (negative intervals counted as 0), stored
/// sparsely. Windows are ordered by (device, day), input order kept within a
/// day, which is the order the exact engine sums a day's normalized times in.
public struct BatchWindowSet: Sendable {
    /// Number of devices (phones).
    public let deviceCount: Int
    /// Windows of device `d` are `deviceStart[d]..<deviceStart[d + 1]` (sorted order).
    let deviceStart: FrozenArray<Int>
    /// Per sorted window: index into `windows` (the caller's order).
    let originalIndex: FrozenArray<Int>
    /// Per sorted window: UTC day number.
    let day: FrozenArray<Int>
    /// Per sorted window: report-type code (raw 0…5, 6 for any other raw value)
    /// × 3 + infectiousness.
    let trlClass: FrozenArray<UInt8>
    /// Sparse bins of sorted window `w`: `binStart[w]..<binStart[w + 1]`.
    let binStart: FrozenArray<Int>
    let binAttenuation: FrozenArray<UInt8>
    let binSeconds: FrozenArray<Double>
    /// Scans of sorted window `w` in the window's own scan order:
    /// `scanStart[w]..<scanStart[w + 1]`, each with its minimum attenuation
    /// and `max(secondsSinceLastScan, 0)` as a `Double` (the operands of the
    /// engine's weighted-minutes sum, see ``ExactWindowTime``).
    let scanStart: FrozenArray<Int>
    let scanAttenuation: FrozenArray<UInt8>
    let scanSeconds: FrozenArray<Double>
    /// Per sorted window: whether its integer sums may exceed the range in
    /// which the GEMM's error bound holds (more than ``maximumBoundedSeconds``
    /// seconds or ``maximumBoundedScans`` scans); such a window is always
    /// evaluated with the engine's arithmetic.
    let outsideBound: FrozenArray<Bool>
    /// Windows `dayStart[s]..<dayStart[s + 1]` (sorted order) are the windows
    /// of one device on one day, the unit the engine sums; the groups of
    /// device `d` are `deviceDayStart[d]..<deviceDayStart[d + 1]`.
    let dayStart: FrozenArray<Int>
    let deviceDayStart: FrozenArray<Int>
    /// The input windows, for exact re-evaluation of boundary cases.
    public let windows: [ExposureWindow]
    /// The device of each input window.
    public let devices: [Int]

    /// Number of report-type codes × infectiousness values.
    static let classCount = 7 * 3
    /// Seconds per window up to which every integer sum of the batch path
    /// is exact in a `Double` and the rounding-error bound of
    /// ``RoundingBound`` applies (2^40 s, about 35,000 years).
    static let maximumBoundedSeconds = 1 << 40
    /// Scans per window up to which ``RoundingBound`` applies.
    static let maximumBoundedScans = 1 << 30

    /// Builds the set from windows and the device (0-based) each belongs to.
    /// Minimum attenuations must be in 0…255 dB (the framework's range).
    ///
    /// - Parameters:
    ///   - windows: the exposure windows, in any order.
    ///   - devices: the 0-based device of each window, one entry per window; the
    ///     set has `max(devices) + 1` devices (0 when empty), and a device without
    ///     windows scores LOW.
    public init(windows: [ExposureWindow], devices: [Int]) {
        precondition(windows.count == devices.count, "one device per window")
        let deviceCount = (devices.max() ?? -1) + 1
        precondition(devices.allSatisfy { $0 >= 0 }, "devices are 0-based")
        self.deviceCount = deviceCount
        self.windows = windows
        self.devices = devices
        var deviceStart = [Int](repeating: 0, count: deviceCount + 1)
        for device in devices { deviceStart[device + 1] += 1 }
        for d in 0..<deviceCount { deviceStart[d + 1] += deviceStart[d] }
        // Order by (device, day, input index): a stable counting sort by
        // device, then a stable sort by day within each device.
        let dayOfInput = windows.map(\.dayNumber)
        var order = [Int](repeating: 0, count: windows.count)
        var next = deviceStart
        for (index, device) in devices.enumerated() {
            order[next[device]] = index
            next[device] += 1
        }
        for d in 0..<deviceCount where deviceStart[d + 1] - deviceStart[d] > 1 {
            let range = deviceStart[d]..<deviceStart[d + 1]
            if !zip(order[range], order[range].dropFirst()).allSatisfy({ dayOfInput[$0] <= dayOfInput[$1] }) {
                order.replaceSubrange(
                    range,
                    with: order[range].sorted { dayOfInput[$0] != dayOfInput[$1] ? dayOfInput[$0] < dayOfInput[$1] : $0 < $1 })
            }
        }
        self.deviceStart = FrozenArray(deviceStart)
        originalIndex = FrozenArray(order)
        let day = order.map { dayOfInput[$0] }
        self.day = FrozenArray(day)
        trlClass = FrozenArray(
            order.map { index in
                let raw = windows[index].reportType.rawValue
                let code = (0...5).contains(raw) ? raw : 6
                return UInt8(code * 3 + windows[index].infectiousness.rawValue)
            })
        var binStart = [0]
        var binAttenuation: [UInt8] = []
        var binSeconds: [Double] = []
        var scanStart = [0]
        var scanAttenuation: [UInt8] = []
        var scanSeconds: [Double] = []
        var outsideBound: [Bool] = []
        let scanCount = windows.reduce(0) { $0 + $1.scanInstances.count }
        scanStart.reserveCapacity(windows.count + 1)
        scanAttenuation.reserveCapacity(scanCount)
        scanSeconds.reserveCapacity(scanCount)
        binStart.reserveCapacity(windows.count + 1)
        binAttenuation.reserveCapacity(scanCount)
        binSeconds.reserveCapacity(scanCount)
        outsideBound.reserveCapacity(windows.count)
        var perBin = [Int](repeating: 0, count: 256)
        var seen = [Bool](repeating: false, count: 256)
        var touched: [Int] = []
        for index in order {
            touched.removeAll(keepingCapacity: true)
            var total = 0
            for scan in windows[index].scanInstances {
                precondition((0...255).contains(scan.minAttenuation), "attenuations are 0…255 dB")
                let bin = scan.minAttenuation
                let seconds = Swift.max(scan.secondsSinceLastScan, 0)
                total = total.saturatingAdding(seconds)
                scanAttenuation.append(UInt8(bin))
                scanSeconds.append(Double(seconds))
                if !seen[bin] {
                    seen[bin] = true
                    touched.append(bin)
                }
                perBin[bin] = perBin[bin].saturatingAdding(Swift.max(scan.secondsSinceLastScan, 0))
            }
            // Ascending bins (insertion sort: a window has few distinct bins).
            for i in touched.indices.dropFirst() {
                let bin = touched[i]
                var j = i
                while j > 0 && touched[j - 1] > bin {
                    touched[j] = touched[j - 1]
                    j -= 1
                }
                touched[j] = bin
            }
            for bin in touched {
                let seconds = perBin[bin]
                perBin[bin] = 0
                seen[bin] = false
                if seconds > 0 {
                    binAttenuation.append(UInt8(bin))
                    binSeconds.append(Double(seconds))
                }
            }
            binStart.append(binAttenuation.count)
            scanStart.append(scanAttenuation.count)
            outsideBound.append(
                total > Self.maximumBoundedSeconds || windows[index].scanInstances.count > Self.maximumBoundedScans)
        }
        self.binStart = FrozenArray(binStart)
        self.binAttenuation = FrozenArray(binAttenuation)
        self.binSeconds = FrozenArray(binSeconds)
        self.scanStart = FrozenArray(scanStart)
        self.scanAttenuation = FrozenArray(scanAttenuation)
        self.scanSeconds = FrozenArray(scanSeconds)
        self.outsideBound = FrozenArray(outsideBound)
        // Device-day groups.
        var dayStart = [0]
        var deviceDayStart = [0]
        for d in 0..<deviceCount {
            var w = deviceStart[d]
            while w < deviceStart[d + 1] {
                let today = day[w]
                while w < deviceStart[d + 1] && day[w] == today { w += 1 }
                dayStart.append(w)
            }
            deviceDayStart.append(dayStart.count - 1)
        }
        self.dayStart = FrozenArray(dayStart)
        self.deviceDayStart = FrozenArray(deviceDayStart)
    }

    /// The number of windows.
    public var windowCount: Int { windows.count }

    /// The input windows of device `d`, in input order.
    ///
    /// - Parameter d: A device index, `0..<deviceCount`.
    /// - Returns: The windows given for that device, in the order they were given.
    public func inputWindows(ofDevice d: Int) -> [ExposureWindow] {
        (deviceStart[d]..<deviceStart[d + 1]).map { originalIndex[$0] }.sorted().map { windows[$0] }
    }
}
