import Foundation
import WarnSimCore

/// The infection state of every person, struct-of-arrays.
package struct DiseaseState: Sendable, Equatable {
    /// Infection time in days since day 0; +∞ when never infected.
    package var infectionTime: [Double]
    /// Symptom onset (or, for asymptomatic cases, the end of incubation) in days since day 0.
    package var onset: [Double]
    package var symptomatic: [Bool]

    package init(people: Int) {
        infectionTime = Array(repeating: .infinity, count: people)
        onset = Array(repeating: .infinity, count: people)
        symptomatic = Array(repeating: false, count: people)
    }

    /// Whether `person` has been infected before `time`.
    @inlinable
    package func isInfected(_ person: Int, before time: Double) -> Bool { infectionTime[person] < time }

    /// Draws the course of an infection of `person` at `time` (stream `(seed, "disease", person)`).
    mutating func infect(
        _ person: Int, at time: Double, config: EpidemiologyConfig, seed: UInt64
    ) -> (incubation: Double, onset: Double, symptomatic: Bool) {
        var random = RandomStream(seed: seed, subsystem: StreamName.disease, entity: UInt64(person))
        let incubation = Foundation.exp(config.incubationLogMean + config.incubationLogSD * random.nextStandardNormal())
        let symptomatic = !random.nextBernoulli(config.asymptomaticShare)
        infectionTime[person] = time
        onset[person] = time + incubation
        self.symptomatic[person] = symptomatic
        return (incubation, time + incubation, symptomatic)
    }
}
