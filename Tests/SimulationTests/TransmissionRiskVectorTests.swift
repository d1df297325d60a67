import ExposureNotification
import Simulation
import Testing
import WarnSimCore

/// The upload vectors of Tests/Reference/cwa/RISK-CALCULATION.md §5.
@Suite struct TransmissionRiskVectorTests {
    static func trl(_ answer: SymptomAnswer, ages: Int) -> [Int] {
        (0..<ages).map { TransmissionRiskVector.transmissionRiskLevel(answer: answer, keyAgeDays: $0) }
    }

    @Test func exactOnsetRowsAreShiftedProfiles() {
        #expect(Self.trl(.exactOnset(daysAgo: 0), ages: 7) == [8, 8, 7, 6, 4, 2, 1])
        #expect(Self.trl(.exactOnset(daysAgo: 1), ages: 8) == [8, 8, 8, 7, 6, 4, 2, 1])
        #expect(Self.trl(.exactOnset(daysAgo: 2), ages: 9) == [6, 8, 8, 8, 7, 6, 4, 2, 1])
        #expect(Self.trl(.exactOnset(daysAgo: 21), ages: 15) == Array(repeating: 1, count: 15))
        #expect(TransmissionRiskVector.daysSinceOnset(answer: .exactOnset(daysAgo: 2), keyAgeDays: 5) == -3)
    }

    @Test func vectorsWithoutExactDate() {
        #expect(Self.trl(.withinLastSevenDays, ages: 15) == [4, 5, 6, 7, 7, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1])
        #expect(Self.trl(.oneToTwoWeeksAgo, ages: 15) == [1, 1, 1, 1, 2, 3, 4, 5, 6, 6, 7, 7, 6, 6, 4])
        #expect(Self.trl(.moreThanTwoWeeksAgo, ages: 15) == [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 3, 4, 5])
        #expect(Self.trl(.symptomsWithoutDate, ages: 15) == [5, 6, 8, 8, 8, 7, 5, 3, 2, 1, 1, 1, 1, 1, 1])
        #expect(Self.trl(.noSymptoms, ages: 8) == [4, 4, 3, 2, 1, 1, 1, 1])
        #expect(Self.trl(.noAnswer, ages: 11) == [5, 6, 7, 7, 7, 6, 4, 3, 2, 1, 1])
        let starts: [(SymptomAnswer, Int)] = [
            (.withinLastSevenDays, 701), (.oneToTwoWeeksAgo, 708), (.moreThanTwoWeeksAgo, 715),
            (.symptomsWithoutDate, 2000), (.noSymptoms, 3000), (.noAnswer, 4000),
        ]
        for (answer, start) in starts {
            #expect(TransmissionRiskVector.daysSinceOnset(answer: answer, keyAgeDays: 0) == start)
            #expect(TransmissionRiskVector.daysSinceOnset(answer: answer, keyAgeDays: 3) == start - 3)
        }
    }

    @Test func preparationKeepsTheNewestFourteenKeysOfAtMostFourteenDays() {
        var phone = ExposureNotificationFramework(
            keyStream: RandomStream(seed: 1, subsystem: "tek", entity: 1),
            metadata: BluetoothMetadata(txPower: -24), rssiCorrection: 0)
        let day0: Int64 = 1_618_358_400
        for day in 0..<20 { _ = phone.advertisement(at: day0 + Int64(day) * 86_400 + 60) }
        let upload = day0 + 19 * 86_400 + 12 * 3600
        let prepared = TransmissionRiskVector.prepare(phone.keyHistory(at: upload), uploadTime: upload, answer: .exactOnset(daysAgo: 1))
        #expect(prepared.count == 14)
        #expect(prepared.first?.key.rollingPeriod == 72)  // today's key, shortened to 12 h
        #expect(prepared.map(\.transmissionRiskLevel) == [8, 8, 8, 7, 6, 4, 2, 1, 1, 1, 1, 1, 1, 1])
        #expect(prepared.map(\.daysSinceOnsetOfSymptoms) == (0..<14).map { 1 - $0 })
    }
}
