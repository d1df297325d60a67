import Foundation
import WarnSimCore

/// The exponential dose-response model (Google's ENS risk simulator,
/// google-research/agent-based-epidemic-sim `ens_simulator.py`; Wilson et al. 2021,
/// Risk Analysis, doi:10.1111/risa.13768): for an encounter between an
/// infectious person i and a susceptible person,
/// dose = Σ_segments minutes · f_dist(d) · f_inf(τ_i) · (asymptomatic factor),
/// P(infection) = 1 − exp(−β · dose), with τ_i the days since i's symptom onset
/// at the start of the encounter and f_inf zero before i was infected and
/// outside the infectious window.
package struct TransmissionModel: Sendable {
    /// Subsystem of the per-exposure outcome streams.
    static let transmissionStreams = RandomStream.Subsystem(StreamName.transmission)
    package let config: EpidemiologyConfig
    package let seed: UInt64

    package init(config: EpidemiologyConfig, seed: UInt64) {
        self.config = config
        self.seed = seed
    }

    /// Relative infectiousness of `person` at `time` (days since day 0).
    package func infectiousness(_ person: Int, at time: Double, state: DiseaseState) -> Double {
        guard state.infectionTime[person] < time else { return 0 }
        let tau = time - state.onset[person]
        let weight = config.infectiousnessModel.weight(daysSinceOnset: tau, window: config.infectiousWindow)
        return state.symptomatic[person] ? weight : weight * config.asymptomaticRelativeInfectiousness
    }

    /// Seeds the initial infections (stream `(seed, "seeding")`): distinct people,
    /// symptom onset uniform in [0, seed_onset_within_days), infection time = onset − incubation.
    package func seed(state: inout DiseaseState) -> [InfectionRecord] {
        let people = state.infectionTime.count
        let count = min(config.initialInfections, people)
        var random = RandomStream(seed: seed, subsystem: StreamName.seeding)
        var chosen = Set<Int>()
        var records: [InfectionRecord] = []
        while chosen.count < count {
            let person = random.nextIndex(people)
            guard chosen.insert(person).inserted else { continue }
            let onset = random.nextUnitDouble() * config.seedOnsetWithinDays
            var course = RandomStream(seed: seed, subsystem: StreamName.disease, entity: UInt64(person))
            let incubation = Foundation.exp(config.incubationLogMean + config.incubationLogSD * course.nextStandardNormal())
            let symptomatic = !course.nextBernoulli(config.asymptomaticShare)
            state.infectionTime[person] = onset - incubation
            state.onset[person] = onset
            state.symptomatic[person] = symptomatic
            records.append(
                InfectionRecord(
                    person: Int32(person), infector: -1, time: onset - incubation, day: -1, encounter: -1,
                    setting: 255, minimumDistance: -1, durationMinutes: 0, dose: 0,
                    incubationDays: incubation, onset: onset, symptomatic: symptomatic))
        }
        return records
    }

    /// Runs transmission over one day's encounters against the state at the
    /// start of the day; returns every exposure and the day's new infections,
    /// which are applied to `state`. Encounters are split into fixed chunks per
    /// worker and every draw comes from the stream of (day, encounter), so the
    /// result does not depend on `workers`.
    package func step(
        encounters: DayEncounters, state: inout DiseaseState, workers: Int
    ) -> (exposures: [ExposureRecord], infections: [InfectionRecord]) {
        let day = encounters.day
        let snapshot = state
        let parts = UnsafeMutableBufferPointer<[ExposureRecord]>.allocate(capacity: workers)
        parts.initialize(repeating: [])
        defer {
            parts.deinitialize()
            parts.deallocate()
        }
        let box = UnsafeSendable(parts)
        let model = self
        Parallel.run(workers: workers) { worker in
            var local: [ExposureRecord] = []
            for i in Parallel.chunk(worker, of: workers, count: encounters.count) {
                model.expose(encounter: i, encounters: encounters, state: snapshot, into: &local)
            }
            box.value[worker] = local
        }
        var exposures: [ExposureRecord] = []
        for part in parts { exposures += part }
        // Resolve: the earliest successful encounter of the day infects.
        var first: [Int32: Int] = [:]
        for (index, exposure) in exposures.enumerated() where exposure.outcome == .infected {
            if let previous = first[exposure.exposed] {
                let earlier = exposures[previous]
                if (exposure.startMinute, exposure.encounter) < (earlier.startMinute, earlier.encounter) {
                    exposures[previous].outcome = .alreadyInfected
                    first[exposure.exposed] = index
                } else {
                    exposures[index].outcome = .alreadyInfected
                }
            } else {
                first[exposure.exposed] = index
            }
        }
        var infections: [InfectionRecord] = []
        for index in first.values.sorted() {
            let exposure = exposures[index]
            let time = Double(day) + Double(exposure.startMinute) / 1440
            let course = state.infect(Int(exposure.exposed), at: time, config: config, seed: seed)
            infections.append(
                InfectionRecord(
                    person: exposure.exposed, infector: exposure.infector, time: time, day: Int32(day), encounter: exposure.encounter,
                    setting: exposure.setting, minimumDistance: exposure.minimumDistance, durationMinutes: exposure.durationMinutes,
                    dose: exposure.dose, incubationDays: course.incubation, onset: course.onset, symptomatic: course.symptomatic))
        }
        return (exposures, infections)
    }

    /// Records the exposure of encounter `i` once for each side that is
    /// infectious at its start; draws transmission only if the other side had
    /// not been infected before the day.
    @inline(__always)
    func expose(encounter i: Int, encounters: DayEncounters, state: DiseaseState, into records: inout [ExposureRecord]) {
        let a = Int(encounters.personA[i])
        let b = Int(encounters.personB[i])
        guard state.infectionTime[a] < .infinity || state.infectionTime[b] < .infinity else { return }
        let time = Double(encounters.day) + Double(encounters.start[i]) / 1440
        var minutesWeighted: Float = -1
        for (infector, exposed) in [(a, b), (b, a)] {
            let weight = infectiousness(infector, at: time, state: state)
            guard weight > 0 else { continue }
            if minutesWeighted < 0 {
                minutesWeighted = 0
                for s in encounters.segments(i) {
                    let minutes = Float(encounters.segmentEnd[s] - encounters.segmentStart[s])
                    minutesWeighted += minutes * config.distanceModel.weight(distance: encounters.segmentDistance[s])
                }
            }
            let dose = Double(minutesWeighted) * weight
            let probability = 1 - Foundation.exp(-config.beta * dose)
            let outcome: ExposureOutcome
            if state.infectionTime[exposed] < .infinity {
                outcome = .notSusceptible
            } else {
                // Keyed by who met whom, when and where, not by the encounter's
                // place in the day's list: an encounter that happens in two runs
                // (one with people in quarantine, one without) gets the same draw.
                var random = RandomStream.derive(
                    seed: seed, subsystem: TransmissionModel.transmissionStreams,
                    entity: UInt64(UInt32(infector)) << 32 | UInt64(UInt32(exposed)),
                    index: UInt64(encounters.day) << 24 | UInt64(UInt16(bitPattern: encounters.start[i])) << 8
                        | UInt64(encounters.setting[i]))
                outcome = random.nextUnitDouble() < probability ? .infected : .notInfected
            }
            records.append(
                ExposureRecord(
                    day: Int32(encounters.day), encounter: Int32(i), infector: Int32(infector), exposed: Int32(exposed),
                    setting: encounters.setting[i], startMinute: encounters.start[i], durationMinutes: Int16(encounters.duration(i)),
                    minimumDistance: encounters.minimumDistance[i], dose: Float(dose), probability: Float(probability),
                    infectorDaysSinceOnset: Float(time - state.onset[infector]), outcome: outcome))
        }
    }
}
