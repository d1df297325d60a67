import ExposureNotification
import Foundation
import RiskCalculation
import RunRecords
import Testing
import WarnSimCore

/// Each binary store reads back exactly what it wrote, and refuses a file of another layout version.
@Suite struct StoreRoundTripTests {
    /// Two windows of two phones, one dropped by the run.
    static let windows = [
        StoredWindow(
            phone: 3, owner: 7, firstScanTime: 1_618_000_000, lastScanTime: 1_618_000_600, detectedAt: 1_618_010_000,
            runLevel: RiskLevel(rawValue: 2), truth: WindowTruth(minutes: 9.5, minimumDistance: 1.25, dose: 0.75),
            window: ExposureWindow(
                dayNumber: 1_618_000_000 / 86_400, reportType: ReportType(rawValue: 1),
                infectiousness: Infectiousness(rawValue: 2)!, calibrationConfidence: CalibrationConfidence(rawValue: 3)!,
                scanInstances: [
                    ScanInstance(minAttenuation: 50, typicalAttenuation: 55, secondsSinceLastScan: 240),
                    ScanInstance(minAttenuation: 61, typicalAttenuation: 64, secondsSinceLastScan: 300),
                ])),
        StoredWindow(
            phone: 4, owner: -1, firstScanTime: 1_618_000_100, lastScanTime: 1_618_000_100, detectedAt: 1_618_000_100,
            runLevel: nil, truth: WindowTruth(minutes: 0, minimumDistance: -1, dose: 0),
            window: ExposureWindow(
                dayNumber: 1_618_000_100 / 86_400, reportType: ReportType(rawValue: 0),
                infectiousness: Infectiousness(rawValue: 1)!, calibrationConfidence: CalibrationConfidence(rawValue: 0)!,
                scanInstances: [ScanInstance(minAttenuation: 70, typicalAttenuation: 72, secondsSinceLastScan: 0)])),
    ]

    /// Two exposures of one day.
    static let exposures = [
        StoredExposure(
            day: 2, encounter: 11, infector: 5, exposed: 3, setting: 0, outcome: .init(rawValue: 1)!, dose: 1.5,
            segments: [.init(start: 600, end: 615, distance: 1.5), .init(start: 620, end: 640, distance: 3)]),
        StoredExposure(
            day: 2, encounter: 12, infector: 5, exposed: 4, setting: 1, outcome: .init(rawValue: 0)!, dose: 0,
            segments: [.init(start: 0, end: 1440, distance: 12)]),
    ]

    /// One key-day with two contacts.
    static let keyDays = [
        StoredKeyDay(
            owner: 5, day: 18_726,
            contacts: [
                .init(phone: 3, encounters: [[.init(start: 600, end: 615, distance: 1.5)]]),
                .init(phone: 4, encounters: [[.init(start: 10, end: 20, distance: 2)], [.init(start: 30, end: 40, distance: 4)]]),
            ])
    ]

    /// `windows.bin` round trip.
    @Test func windowsRoundTrip() throws {
        #expect(try WindowStore.decode(WindowStore.encode(Self.windows), file: "windows.bin") == Self.windows)
    }

    /// `exposures.bin` round trip.
    @Test func exposuresRoundTrip() throws {
        #expect(try ExposureStore.decode(ExposureStore.encode(Self.exposures), file: "exposures.bin") == Self.exposures)
    }

    /// `contacts.bin` round trip.
    @Test func contactsRoundTrip() throws {
        #expect(try ContactStore.decode(ContactStore.encode(Self.keyDays), file: "contacts.bin", people: 10) == Self.keyDays)
    }

    /// A file of another layout version is refused with an error naming the file and the version field.
    @Test func otherVersionRefused() {
        let files: [(String, [UInt8], ([UInt8], String) throws(InputError) -> Void)] = [
            (
                "run/windows.bin", WindowStore.encode(Self.windows),
                { bytes, file throws(InputError) in _ = try WindowStore.decode(bytes, file: file) }
            ),
            (
                "run/exposures.bin", ExposureStore.encode(Self.exposures),
                { bytes, file throws(InputError) in _ = try ExposureStore.decode(bytes, file: file) }
            ),
            (
                "run/contacts.bin", ContactStore.encode(Self.keyDays),
                { bytes, file throws(InputError) in _ = try ContactStore.decode(bytes, file: file, people: 10) }
            ),
        ]
        for (file, bytes, decode) in files {
            var changed = bytes
            changed[8] &+= 1  // the version follows the 8-byte magic
            var caught: InputError?
            do { try decode(changed, file) } catch { caught = error }
            #expect(caught?.file == file)
            #expect(caught?.field == "version")
        }
    }
}
