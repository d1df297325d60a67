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
    let deviceStart: [Int]
    /// Per sorted window: index into `windows` (the caller's order).
    let originalIndex: [Int]
    /// Per sorted window: UTC day number.
    let day: [Int]
    /// Per sorted window: report-type code (raw 0…5, 6 for any other raw value)
    /// × 3 + infectiousness.
    let trlClass: [UInt8]
    /// Sparse bins of sorted window `w`: `binStart[w]..<binStart[w + 1]`.
    let binStart: [Int]
    let binAttenuation: [UInt8]
    let binSeconds: [Double]
    /// The input windows, for exact re-evaluation of boundary cases.
    public let windows: [ExposureWindow]
    /// The device of each input window.
    public let devices: [Int]

    /// Number of report-type codes × infectiousness values.
    static let classCount = 7 * 3

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
        let order = windows.indices.sorted { a, b in
            if devices[a] != devices[b] { return devices[a] < devices[b] }
            if windows[a].dayNumber != windows[b].dayNumber { return windows[a].dayNumber < windows[b].dayNumber }
            return a < b
        }
        var deviceStart = [Int](repeating: 0, count: deviceCount + 1)
        for device in devices { deviceStart[device + 1] += 1 }
        for d in 0..<deviceCount { deviceStart[d + 1] += deviceStart[d] }
        self.deviceStart = deviceStart
        originalIndex = order
        day = order.map { windows[$0].dayNumber }
        trlClass = order.map { index in
            let raw = windows[index].reportType.rawValue
            let code = (0...5).contains(raw) ? raw : 6
            return UInt8(code * 3 + windows[index].infectiousness.rawValue)
        }
        var binStart = [0]
        var binAttenuation: [UInt8] = []
        var binSeconds: [Double] = []
        var perBin = [Int](repeating: 0, count: 256)
        var seen = [Bool](repeating: false, count: 256)
        var touched: [Int] = []
        for index in order {
            touched.removeAll(keepingCapacity: true)
            for scan in windows[index].scanInstances {
                precondition((0...255).contains(scan.minAttenuation), "attenuations are 0…255 dB")
                let bin = scan.minAttenuation
                if !seen[bin] {
                    seen[bin] = true
                    touched.append(bin)
                }
                perBin[bin] = perBin[bin].saturatingAdding(Swift.max(scan.secondsSinceLastScan, 0))
            }
            for bin in touched.sorted() {
                let seconds = perBin[bin]
                perBin[bin] = 0
                seen[bin] = false
                if seconds > 0 {
                    binAttenuation.append(UInt8(bin))
                    binSeconds.append(Double(seconds))
                }
            }
            binStart.append(binAttenuation.count)
        }
        self.binStart = binStart
        self.binAttenuation = binAttenuation
        self.binSeconds = binSeconds
    }

    /// The number of windows.
    public var windowCount: Int { windows.count }

    /// The input windows of device `d`, in input order.
    ///
    /// - Parameter d: A device index, `0..<deviceCount`.
    /// - Returns: The windows given for that device, in the order they were given.
    public func inputWindows(ofDevice d: Int) -> [ExposureWindow] {
        originalIndex[deviceStart[d]..<deviceStart[d + 1]].sorted().map { windows[$0] }
    }
}
