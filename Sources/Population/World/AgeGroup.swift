/// Age groups with different daily routines.
package enum AgeGroup: UInt8, CaseIterable, Sendable, Codable {
    /// 0–5 years: at home or in day care.
    case preschool = 0
    /// 6–17 years: at school on weekdays (compulsory schooling).
    case pupil = 1
    /// 18–64 years: employed or not.
    case adult = 2
    /// 65 years and older.
    case senior = 3

    package var name: String {
        switch self {
        case .preschool: "0-5"
        case .pupil: "6-17"
        case .adult: "18-64"
        case .senior: "65+"
        }
    }
}
