import Foundation
import Population
import RunRecords
import WarnSimCore

/// The same scenario and seed with every warning ignored: the world, and
/// everyone's testing and isolation, without phones. Nothing a phone does
/// changes the world except through the response to warnings, so this is
/// what a ``SimulationRun`` with `ignoringWarnings` would give, at the cost of
/// the world alone; with the same random streams (common random numbers) the
/// difference in infections is the warnings' effect.
package struct CounterfactualRun: Sendable {
    package let seed: UInt64
    package let workers: Int
    package private(set) var world: World
    package private(set) var health: HealthSystem
    package private(set) var summary: [SimulationRun.DaySummary] = []
    let startTime: Int64

    /// The counterfactual of `scenario` and `seed`, on `workers` threads.
    package init(scenario: Scenario, seed: UInt64, workers: Int) {
        self.seed = seed
        self.workers = max(1, workers)
        world = World(scenario: scenario.world, seed: seed)
        startTime = scenario.app.startTime
        health = HealthSystem(
            people: world.town.people, testing: scenario.app.testing, response: scenario.app.response,
            startTime: startTime, seed: seed, ignoresWarnings: true)
    }

    /// Simulates day `day` (0-based); days in order.
    package mutating func simulate(day: Int) {
        var row = SimulationRun.DaySummary(day: day)
        let restrictions = health.startDay(day)
        row.count(restrictions)
        let worldDay = world.simulate(day: day, workers: workers, restrictions: restrictions.restrictions)
        row.infections = worldDay.infections.count
        health.afterWorld(day: day, infections: worldDay.infections)
        let dayStart = startTime + Int64(day) * 86_400
        for hour in 0..<24 {
            let outcome = health.runHour(now: dayStart + Int64(hour) * 3600, disease: world.disease)
            row.testsTaken += outcome.tests.count
            for result in outcome.results { row.countResult(result.result) }
        }
        summary.append(row)
    }

    /// `counterfactual.csv`: one row per day of the run with warnings ignored.
    package func csv() -> String {
        var file = CounterfactualCSV.writer()
        for day in summary {
            file.row { row in
                row[CounterfactualCSV.day] = String(day.day)
                row[CounterfactualCSV.infections] = String(day.infections)
                row[CounterfactualCSV.testsTaken] = String(day.testsTaken)
                row[CounterfactualCSV.positiveResults] = String(day.positiveResults)
                row[CounterfactualCSV.isolating] = String(day.isolating)
                row[CounterfactualCSV.quarantined] = String(day.quarantined)
                row[CounterfactualCSV.reducedContacts] = String(day.reducedContacts)
            }
        }
        return file.text
    }
}
