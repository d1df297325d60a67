import ExposureNotification
import RiskCalculation
import WarnSimCore

/// `windows.bin`: every recorded window of a run, ordered by (phone, first
/// scan time, owner). Little-endian; header `WSWINDOW`, version, count; per
/// window: phone i32, owner i32, day i32, first_scan_time i64,
/// last_scan_time i64, detected_at i64, report_type u8, infectiousness u8,
/// calibration_confidence u8, run_level u8 (0 dropped, 1 LOW, 2 HIGH),
/// true_minutes f32, true_min_distance_m f32, true_dose f32, scan_count u16,
/// then per scan: min_attenuation u8, typical_attenuation u8,
/// seconds_since_last_scan u16 (Outputs/README.md).
package enum WindowStore {
    /// The file's name in a run folder.
    package static let fileName = "windows.bin"
    /// The 8 ASCII bytes that start the file.
    package static let magic = "WSWINDOW"
    /// The record layout's version, after the magic; a file of another version is refused.
    package static let version: UInt32 = 1

    package static func encode(_ windows: [StoredWindow]) -> [UInt8] {
        var out = BinaryWriter(magic: magic, version: version, count: windows.count)
        for w in windows {
            out.put(Int32(w.phone))
            out.put(Int32(w.owner))
            out.put(Int32(w.window.dayNumber))
            out.put(w.firstScanTime)
            out.put(w.lastScanTime)
            out.put(w.detectedAt)
            out.put(UInt8(w.window.reportType.rawValue))
            out.put(UInt8(w.window.infectiousness.rawValue))
            out.put(UInt8(w.window.calibrationConfidence.rawValue))
            out.put(UInt8(w.runLevel?.rawValue ?? 0))
            out.put(w.truth.minutes)
            out.put(w.truth.minimumDistance)
            out.put(w.truth.dose)
            out.put(UInt16(w.window.scanInstances.count))
            for scan in w.window.scanInstances {
                out.put(UInt8(scan.minAttenuation))
                out.put(UInt8(scan.typicalAttenuation))
                out.put(UInt16(scan.secondsSinceLastScan))
            }
        }
        return out.bytes
    }

    /// Decodes and checks a file's bytes; `file` names it in errors.
    package static func decode(_ bytes: [UInt8], file: String) throws(InputError) -> [StoredWindow] {
        var input = BinaryReader(bytes: bytes, file: file)
        let count = try input.header(magic: magic, version: version)
        var windows: [StoredWindow] = []
        windows.reserveCapacity(count)
        for index in 0..<count {
            input.record = index
            let phone: Int32 = try input.integer("phone")
            let owner: Int32 = try input.integer("owner")
            let day: Int32 = try input.integer("day")
            let first: Int64 = try input.integer("first_scan_time")
            let last: Int64 = try input.integer("last_scan_time")
            let detected: Int64 = try input.integer("detected_at")
            let reportType: UInt8 = try input.integer("report_type")
            let infectiousnessRaw: UInt8 = try input.integer("infectiousness")
            let confidenceRaw: UInt8 = try input.integer("calibration_confidence")
            let levelRaw: UInt8 = try input.integer("run_level")
            let truth = WindowTruth(
                minutes: try input.float("true_minutes"), minimumDistance: try input.float("true_min_distance_m"),
                dose: try input.float("true_dose"))
            let scanCount: UInt16 = try input.integer("scan_count")
            guard phone >= 0 else { throw input.invalid("phone", "is \(phone); phones are numbered from 0") }
            guard owner >= -1 else { throw input.invalid("owner", "is \(owner); owners are −1 or a person") }
            guard reportType <= 5 else { throw input.invalid("report_type", "is \(reportType); ENF report types are 0…5") }
            guard let infectiousness = Infectiousness(rawValue: Int(infectiousnessRaw)) else {
                throw input.invalid("infectiousness", "is \(infectiousnessRaw); expected 0 NONE, 1 STANDARD or 2 HIGH")
            }
            guard let confidence = CalibrationConfidence(rawValue: Int(confidenceRaw)) else {
                throw input.invalid("calibration_confidence", "is \(confidenceRaw); expected 0…3")
            }
            guard levelRaw <= 2 else { throw input.invalid("run_level", "is \(levelRaw); expected 0 dropped, 1 LOW or 2 HIGH") }
            guard first <= last, last <= detected else {
                throw input.invalid("first_scan_time", "scan times \(first)…\(last) and detection time \(detected) are out of order")
            }
            guard Int64(day) == first.floorDivided(by: 86_400) else {
                throw input.invalid("day", "is \(day) but the first scan at \(first) is on UTC day \(first.floorDivided(by: 86_400))")
            }
            guard scanCount > 0 else { throw input.invalid("scan_count", "is 0; a window has at least one scan") }
            guard truth.minutes.isFinite, truth.minutes >= 0, truth.dose.isFinite, truth.dose >= 0, truth.minimumDistance.isFinite else {
                throw input.invalid("true_minutes", "ground truth is negative or not a number")
            }
            var scans: [ScanInstance] = []
            scans.reserveCapacity(Int(scanCount))
            for _ in 0..<Int(scanCount) {
                let minimum: UInt8 = try input.integer("scan.min_attenuation")
                let typical: UInt8 = try input.integer("scan.typical_attenuation")
                let seconds: UInt16 = try input.integer("scan.seconds_since_last_scan")
                scans.append(
                    ScanInstance(minAttenuation: Int(minimum), typicalAttenuation: Int(typical), secondsSinceLastScan: Int(seconds)))
            }
            windows.append(
                StoredWindow(
                    phone: Int(phone), owner: Int(owner), firstScanTime: first, lastScanTime: last, detectedAt: detected,
                    runLevel: RiskLevel(rawValue: Int(levelRaw)), truth: truth,
                    window: ExposureWindow(
                        dayNumber: Int(day), reportType: ReportType(rawValue: Int(reportType)),
                        infectiousness: infectiousness, calibrationConfidence: confidence, scanInstances: scans)))
        }
        input.record = -1
        try input.finish()
        return windows
    }
}
