import Foundation
import Population
import Testing

/// A world that holds each day's encounters once (``World/releasesEncounterMemory``,
/// set for runs with sightings on disk) produces the same days as one that
/// keeps its buffers for reuse.
@Suite struct EncounterMemoryTests {
    @Test func releasingTheBuffersChangesNoDay() throws {
        var scenario = try WorldTests.village()
        scenario.population.people = 1_500
        scenario.epidemiology.initialInfections = 40
        var keeping = World(scenario: scenario, seed: 5)
        var releasing = World(scenario: scenario, seed: 5)
        releasing.releasesEncounterMemory = true
        for day in 0..<4 {
            let workers = day % 2 == 0 ? 2 : 1
            let a = keeping.simulate(day: day, workers: workers)
            let b = releasing.simulate(day: day, workers: workers)
            #expect(a.encounters.count > 0)
            #expect(a.encounters == b.encounters, "encounters differ on day \(day), \(workers) workers")
            #expect(a.exposures == b.exposures)
            #expect(a.infections == b.infections)
        }
    }
}
