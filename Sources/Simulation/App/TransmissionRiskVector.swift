import ExposureNotification

/// The transmission risk level (TRL) and days since onset of symptoms (DSOS) the
/// Corona-Warn-App attaches to each uploaded key, by the key's age in UTC days
/// (index 0 = today's key), from the symptom answer (corona-warn-app/
/// cwa-app-android `submission/task/TransmissionRiskVectorDeterminer.kt` and
/// `DaysSinceOnsetOfSymptomsVectorDeterminer.kt`; cwa-app-ios
/// `SymptomsOnset.swift` has the same tables).
package enum TransmissionRiskVector {
    /// Keys up to this age (days) are uploaded (`MAX_AGE_IN_DAYS`).
    package static let maximumKeyAgeDays = 14
    /// Keys per upload the submission server accepts (`MAX_NUMBER_OF_KEYS`, default 14).
    package static let maximumKeysPerUpload = 14

    /// TRL by DSOS for an exact onset date (the server's `trl-from-dsos` map,
    /// which all 21 exact-date rows of the app's table follow).
    package static func transmissionRiskLevel(daysSinceOnset dsos: Int) -> Int {
        switch dsos {
        case ...(-6): return 1
        case -5: return 2
        case -4: return 4
        case -3: return 6
        case -2: return 7
        case -1...1: return 8
        case 2: return 6
        case 3: return 5
        case 4: return 3
        case 5...6: return 2
        default: return 1
        }
    }

    /// The 15-value vectors of the answers without an exact date; ages past the
    /// end get TRL 1.
    static func vector(for answer: SymptomAnswer) -> [Int]? {
        switch answer {
        case .exactOnset: return nil
        case .withinLastSevenDays: return [4, 5, 6, 7, 7, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1]
        case .oneToTwoWeeksAgo: return [1, 1, 1, 1, 2, 3, 4, 5, 6, 6, 7, 7, 6, 6, 4]
        case .moreThanTwoWeeksAgo: return [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 3, 4, 5]
        case .symptomsWithoutDate: return [5, 6, 8, 8, 8, 7, 5, 3, 2, 1, 1, 1, 1, 1, 1]
        case .noSymptoms: return [4, 4, 3, 2, 1]
        case .noAnswer: return [5, 6, 7, 7, 7, 6, 4, 3, 2]
        }
    }

    /// The TRL of a key `age` days old.
    package static func transmissionRiskLevel(answer: SymptomAnswer, keyAgeDays age: Int) -> Int {
        if case .exactOnset(let daysAgo) = answer {
            return transmissionRiskLevel(daysSinceOnset: daysAgo - age)
        }
        let values = vector(for: answer)!
        return age >= 0 && age < values.count ? values[age] : 1
    }

    /// The DSOS value sent with a key `age` days old: `start − age`, where start
    /// is the onset's age for an exact date, else 701 (last 7 days), 708 (1–2
    /// weeks), 715 (over 2 weeks), 2000 (no date), 3000 (no symptoms) or 4000
    /// (no answer).
    package static func daysSinceOnset(answer: SymptomAnswer, keyAgeDays age: Int) -> Int {
        let start: Int
        switch answer {
        case .exactOnset(let daysAgo): start = daysAgo
        case .withinLastSevenDays: start = 701
        case .oneToTwoWeeksAgo: start = 708
        case .moreThanTwoWeeksAgo: start = 715
        case .symptomsWithoutDate: start = 2000
        case .noSymptoms: start = 3000
        case .noAnswer: start = 4000
        }
        return start - age
    }

    /// The keys the app uploads at `uploadTime` from the framework's history:
    /// those at most 14 days old, newest first, at most 14, each with its TRL
    /// and DSOS.
    package static func prepare(
        _ history: [TemporaryExposureKey], uploadTime: Int64, answer: SymptomAnswer
    ) -> [PreparedKey] {
        let today = Int(ENIntervalNumber(unixSeconds: uploadTime).dayNumber)
        let keys =
            history
            .map { (key: $0, age: today - Int($0.rollingStartIntervalNumber.dayNumber)) }
            .filter { $0.age >= 0 && $0.age <= maximumKeyAgeDays }
            .sorted { $0.age < $1.age }
            .prefix(maximumKeysPerUpload)
        return keys.map { entry in
            PreparedKey(
                key: entry.key,
                transmissionRiskLevel: transmissionRiskLevel(answer: answer, keyAgeDays: entry.age),
                daysSinceOnsetOfSymptoms: daysSinceOnset(answer: answer, keyAgeDays: entry.age))
        }
    }
}

/// A key ready for upload with the values the app attached.
package struct PreparedKey: Hashable, Sendable {
    package var key: TemporaryExposureKey
    package var transmissionRiskLevel: Int
    package var daysSinceOnsetOfSymptoms: Int
}
