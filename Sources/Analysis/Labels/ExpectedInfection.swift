import Foundation

/// The expected-infection label of a run's app users: for each, the
/// probability that an encounter with an uploader infected them, computed
/// from the transmission model's dose–response, P(encounter infects) =
/// 1 − exp(−β · dose), over every exposure the run recorded for the phone.
///
/// The simulator draws each exposure's infection independently and the
/// earliest success of a day infects (`TransmissionModel`), so given the
/// exposures in time order e₁, e₂, … with probabilities p₁, p₂, …, the
/// chance that eₖ is the infecting one is pₖ · Π_{i<k} (1 − pᵢ). Summing
/// that over the exposures whose infector uploaded keys gives
/// E[`detectable` | exposures]: the binary label's conditional expectation.
/// Precision and recall computed from it estimate the same quantities with
/// less variance (Rao–Blackwell theorem; Blackwell, Ann. Math. Statist. 18
/// (1947) 105–110), because the coin flips of transmission are averaged out
/// instead of sampled once. A person infected by seeding (an import, no
/// infector) could not be infected afterwards: only exposures before the
/// seeding count.
package enum ExpectedInfection {
    /// Per app user (in `run.appUsers` order): the probability of infection
    /// by an uploader, and the start (Unix seconds) of the exposure to an
    /// uploader most likely to have been the infecting one (the largest term
    /// of the sum; nil without one): the label's exposure time, from which
    /// delays and timely warnings are measured.
    package static func probabilities(run: RecordedRun) -> (probability: [Double], likeliestExposure: [Int64?]) {
        let phones = run.appUsers
        var slot = [Int](repeating: -1, count: run.phones.count)
        for (i, person) in phones.enumerated() { slot[person] = i }
        var seededAt = [Int64?](repeating: nil, count: phones.count)
        for infection in run.infections where infection.infector < 0 && slot[infection.person] >= 0 {
            seededAt[slot[infection.person]] = infection.time
        }
        // The simulator's order within a day: start minute, then encounter index.
        let order = run.exposures.indices.sorted { a, b in
            let x = run.exposures[a]
            let y = run.exposures[b]
            return (x.exposed, x.day, x.segments[0].start, x.encounter, x.infector) < (
                y.exposed, y.day, y.segments[0].start, y.encounter, y.infector
            )
        }
        var probability = [Double](repeating: 0, count: phones.count)
        var likeliest = [Int64?](repeating: nil, count: phones.count)
        var largest = [Double](repeating: 0, count: phones.count)
        var survival = 1.0
        var current = -1
        for index in order {
            let e = run.exposures[index]
            let i = slot[e.exposed]
            guard i >= 0 else { continue }
            if e.exposed != current {
                current = e.exposed
                survival = 1
            }
            let time = run.startTime + Int64(e.day) * 86_400 + Int64(e.segments[0].start) * 60
            if let seeded = seededAt[i], time >= seeded { continue }
            let p = 1 - Foundation.exp(-run.betaPerMinute * Double(e.dose))
            let infector = run.phones[e.infector]
            if infector.hasApp && infector.sharedKeys && p > 0 {
                let term = survival * p
                probability[i] += term
                if term > largest[i] {
                    largest[i] = term
                    likeliest[i] = time
                }
            }
            survival *= 1 - p
        }
        return (probability, likeliest)
    }
}
