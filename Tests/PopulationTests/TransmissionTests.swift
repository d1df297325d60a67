import Foundation
import Population
import Testing
import WarnSimCore

@Suite("Transmission and disease course ground truth")
struct TransmissionTests {
    static func config() throws -> EpidemiologyConfig {
        try WorldTests.village().epidemiology
    }

    @Test("dose-response variants follow EPIDEMIOLOGY.md")
    func doseResponse() throws {
        // Sigmoid (Cencetti): close to 1 near, 0.5 at 4.4 m, small far away.
        #expect(abs(DistanceDoseModel.sigmoid.weight(distance: 4.4) - 0.5) < 1e-6)
        #expect(DistanceDoseModel.sigmoid.weight(distance: 1) > 0.99)
        #expect(DistanceDoseModel.sigmoid.weight(distance: 8) < 0.01)
        // Quadratic (Briers): 1 up to 1 m, then 1/d².
        #expect(DistanceDoseModel.quadratic.weight(distance: 0.5) == 1)
        #expect(abs(DistanceDoseModel.quadratic.weight(distance: 2) - 0.25) < 1e-6)
        let window = -5.0...8.0
        // Gaussian peaks at τ = −0.3.
        #expect(abs(InfectiousnessModel.gaussian.weight(daysSinceOnset: -0.3, window: window) - 1) < 1e-12)
        #expect(InfectiousnessModel.gaussian.weight(daysSinceOnset: 9, window: window) == 0)
        // Covid Watch levels: τ = −5 → level 1 (10), τ = −1 → level 6 (100).
        #expect(InfectiousnessModel.covidwatch.weight(daysSinceOnset: -5, window: -5...9) == 0.1)
        #expect(InfectiousnessModel.covidwatch.weight(daysSinceOnset: -1, window: -5...9) == 1)
        // CWA TRL by DSOS: −1, 0, +1 → 8; +3 → 5; −4 → 4.
        #expect(InfectiousnessModel.cwa.weight(daysSinceOnset: 0.5, window: window) == 1)
        #expect(InfectiousnessModel.cwa.weight(daysSinceOnset: 3.2, window: window) == 5.0 / 8)
        #expect(InfectiousnessModel.cwa.weight(daysSinceOnset: -3.5, window: window) == 4.0 / 8)
    }

    @Test("incubation periods follow the configured log-normal (median about 5.1 days)")
    func incubation() throws {
        let config = try Self.config()
        var state = DiseaseState(people: 1)
        _ = state
        var incubations: [Double] = []
        var model = config
        model.initialInfections = 4000
        let transmission = TransmissionModel(config: model, seed: 3)
        var seeded = DiseaseState(people: 4000)
        let records = transmission.seed(state: &seeded)
        incubations = records.map(\.incubationDays)
        let median = SampleStatistics.median(incubations)
        #expect(abs(median - Foundation.exp(config.incubationLogMean)) < 0.25, "median \(median)")
        let asymptomatic = Double(records.filter { !$0.symptomatic }.count) / Double(records.count)
        #expect(abs(asymptomatic - config.asymptomaticShare) < 4 * (0.2 * 0.8 / 4000).squareRoot())
        state = seeded
        #expect(Set(records.map(\.person)).count == 4000)
    }

    @Test("every infection is explained by a recorded exposure with its true distance and duration; same on 1 and 2 threads")
    func groundTruthConsistency() throws {
        var scenario = try WorldTests.village()
        scenario.population.people = 1500
        scenario.epidemiology.initialInfections = 60
        var one = World(scenario: scenario, seed: 21)
        var two = World(scenario: scenario, seed: 21)
        var allExposures: [ExposureRecord] = []
        for day in 0..<4 {
            let a = one.simulate(day: day, workers: 1)
            let b = two.simulate(day: day, workers: 2)
            #expect(a.exposures == b.exposures, "exposures differ on day \(day)")
            #expect(a.infections == b.infections, "infections differ on day \(day)")
            for infection in a.infections {
                let exposure = try #require(
                    a.exposures.first { $0.encounter == infection.encounter && $0.exposed == infection.person && $0.outcome == .infected })
                #expect(exposure.infector == infection.infector)
                let e = Int(infection.encounter)
                #expect(a.encounters.minimumDistance[e] == infection.minimumDistance)
                #expect(Int16(a.encounters.duration(e)) == infection.durationMinutes)
                #expect(Set([a.encounters.personA[e], a.encounters.personB[e]]) == Set([infection.person, infection.infector]))
            }
            // One infection per person and day; exposures cover both outcomes.
            #expect(Set(a.infections.map(\.person)).count == a.infections.count)
            allExposures += a.exposures
        }
        #expect(one.infections == two.infections, "infection histories differ")
        #expect(one.infections.count > 60, "the epidemic should spread in 4 days")
        #expect(allExposures.contains { $0.outcome == .notInfected })
        // Empirical infection rate matches the mean probability of the draws.
        let drawn = allExposures.filter { $0.outcome != .notSusceptible }
        let expected = drawn.reduce(0.0) { $0 + Double($1.probability) }
        let observed = Double(drawn.filter { $0.outcome != .notInfected }.count)
        let variance = drawn.reduce(0.0) { $0 + Double($1.probability) * (1 - Double($1.probability)) }
        #expect(abs(observed - expected) <= 4 * variance.squareRoot() + 1, "observed \(observed) expected \(expected)")
    }
}
