/// Contacts per person and day by setting, as a contact survey counts them
/// (POLYMOD, Mossong et al. 2008, PLoS Med 5(3):e74, asks for the distinct
/// people met on one day and where): for every person present in a setting on
/// a day, the number of distinct other people met there within
/// `distance` metres at least once (a "close contact"), and, for comparison,
/// the number of distinct people met within radio range (any encounter).
/// Accumulates over days.
package struct ContactSurvey: Sendable {
    package let distance: Float
    /// Per setting: person-days present, Σ close contacts, Σ close contacts², Σ encounter partners.
    package private(set) var personDays: [Int]
    package private(set) var closeSum: [Double]
    package private(set) var closeSquares: [Double]
    package private(set) var encounterSum: [Double]

    package init(distance: Double) {
        self.distance = Float(distance)
        let n = Setting.allCases.count
        personDays = Array(repeating: 0, count: n)
        closeSum = Array(repeating: 0, count: n)
        closeSquares = Array(repeating: 0, count: n)
        encounterSum = Array(repeating: 0, count: n)
    }

    /// Adds one day: `plan` gives who was present where, `encounters` whom they met.
    package mutating func add(plan: DayPlan, encounters: DayEncounters) {
        // One key per (setting, person, partner) and direction (4 + 29 + 29 bits;
        // people < 2^29), the lowest bit 0 for close contacts. Sorted, the distinct partners of each (setting, person) are runs.
        var keys: [UInt64] = []
        keys.reserveCapacity(2 * encounters.count)
        for i in 0..<encounters.count {
            let s = UInt64(encounters.setting[i])
            let a = UInt64(UInt32(bitPattern: encounters.personA[i]))
            let b = UInt64(UInt32(bitPattern: encounters.personB[i]))
            let close: UInt64 = encounters.minimumDistance[i] <= distance ? 0 : 1  // close sorts first
            keys.append(s << 59 | a << 30 | b << 1 | close)
            keys.append(s << 59 | b << 30 | a << 1 | close)
        }
        keys.sort()
        // Present people per setting (a person with several stays of a setting counts once).
        var present = Set<UInt64>()
        for i in 0..<plan.stayCount {
            present.insert(UInt64(plan.setting[i]) << 32 | UInt64(UInt32(bitPattern: plan.person[i])))
        }
        var close: [UInt64: Int] = [:]
        var met: [UInt64: Int] = [:]
        var index = 0
        while index < keys.count {
            let pairKey = keys[index] >> 1
            let owner = (pairKey >> 58) << 32 | (pairKey >> 29) & 0x1FFF_FFFF
            met[owner, default: 0] += 1
            if keys[index] & 1 == 0 { close[owner, default: 0] += 1 }
            index += 1
            while index < keys.count && keys[index] >> 1 == pairKey { index += 1 }
        }
        for entry in present {
            let s = Int(entry >> 32)
            let c = Double(close[entry] ?? 0)
            personDays[s] += 1
            closeSum[s] += c
            closeSquares[s] += c * c
            encounterSum[s] += Double(met[entry] ?? 0)
        }
    }

    /// Mean close contacts per person-day present in `setting`, and its standard error.
    package func closeContacts(_ setting: Setting) -> (mean: Double, standardError: Double, personDays: Int) {
        let s = Int(setting.rawValue)
        let n = Double(personDays[s])
        guard n > 1 else { return (n > 0 ? closeSum[s] : 0, .infinity, personDays[s]) }
        let mean = closeSum[s] / n
        let variance = max(0, (closeSquares[s] - n * mean * mean) / (n - 1))
        return (mean, (variance / n).squareRoot(), personDays[s])
    }

    /// Mean distinct people met within radio range per person-day present in `setting`.
    package func encounterPartners(_ setting: Setting) -> Double {
        let s = Int(setting.rawValue)
        return personDays[s] > 0 ? encounterSum[s] / Double(personDays[s]) : 0
    }
}
