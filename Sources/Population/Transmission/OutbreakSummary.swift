/// Transmission measured on the ground truth of a run, for calibrating β:
/// for the index cases infected in a window of the run (seeds excluded, since
/// part of their infectious period lies before day 0), the mean number of
/// people each infected (the case reproduction number R) and the household
/// secondary attack rate (SAR): of the household members still susceptible
/// when the index case was infected, the share the index case infected.
///
/// The window must end early enough that the index cases' infectious periods
/// (up to `infectious_until_days` after an onset about 5 days after infection)
/// lie within the run: with the defaults, about 18 days before its end.
package struct OutbreakSummary: Sendable, Equatable {
    package var indexCases: Int
    package var secondaryInfections: Int
    package var householdContacts: Int
    package var householdSecondaryInfections: Int

    /// Mean secondary infections per index case.
    package var reproductionNumber: Double { indexCases > 0 ? Double(secondaryInfections) / Double(indexCases) : .nan }
    /// Household secondary attack rate.
    package var householdAttackRate: Double {
        householdContacts > 0 ? Double(householdSecondaryInfections) / Double(householdContacts) : .nan
    }
    /// Standard error of the attack rate (binomial; household clustering makes the true one somewhat larger).
    package var householdAttackRateStandardError: Double {
        let p = householdAttackRate
        let n = Double(householdContacts)
        return n > 0 ? (p * (1 - p) / n).squareRoot() : .nan
    }

    /// Measures index cases infected in `indexWindow` (days since day 0).
    package init(infections: [InfectionRecord], town: Town, indexWindow: Range<Double>) {
        var infectionTime = [Double](repeating: .infinity, count: town.people)
        var secondary = [Int32](repeating: 0, count: town.people)
        var infectedBy = [Int32](repeating: -1, count: town.people)
        for record in infections {
            infectionTime[Int(record.person)] = min(infectionTime[Int(record.person)], record.time)
            infectedBy[Int(record.person)] = record.infector
            if record.infector >= 0 { secondary[Int(record.infector)] += 1 }
        }
        indexCases = 0
        secondaryInfections = 0
        householdContacts = 0
        householdSecondaryInfections = 0
        for record in infections where record.infector >= 0 && indexWindow.contains(record.time) {
            let index = Int(record.person)
            indexCases += 1
            secondaryInfections += Int(secondary[index])
            let household = Int(town.household[index])
            let first = Int(town.householdFirst[household])
            let size = Int(town.householdSize[household])
            for member in first..<(first + size) where member != index && infectionTime[member] > record.time {
                householdContacts += 1
                if infectedBy[member] == Int32(index) { householdSecondaryInfections += 1 }
            }
        }
    }
}
