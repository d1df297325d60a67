import WarnSimCore

/// Everything the Population layer produces for one simulated day.
package struct WorldDay: Sendable {
    package var plan: DayPlan
    package var encounters: DayEncounters
    package var exposures: [ExposureRecord]
    package var infections: [InfectionRecord]
}

/// The simulated world of a scenario: the town, every person's phone radio,
/// the radio model and the infection state, advanced one day at a time.
package struct World: Sendable {
    package let scenario: WorldConfig
    package let seed: UInt64
    package let town: Town
    package let phones: PhoneRadios
    package let radio: RadioModel
    package let transmission: TransmissionModel
    package private(set) var disease: DiseaseState
    /// Every infection so far, seeds first, then by day.
    package private(set) var infections: [InfectionRecord]
    /// The carriage state (index into the radio parameters) of phones in each setting.
    package let carriageBySetting: [Int]
    /// Memory reused from day to day: the workers' encounter sinks, and the
    /// previous day's encounters, refilled in place when the caller kept no
    /// copy of them.
    private var workspace = EncounterWorkspace()
    private var spareEncounters: DayEncounters?
    /// Whether a day's encounters are held once instead of twice: the pages
    /// of the workers' sinks are handed back column by column as the day is
    /// gathered, and the day is not kept for reuse. Set for runs that keep their sightings
    /// on disk (where memory, not time, is short); outputs are the same.
    package var releasesEncounterMemory = false

    /// Builds the town, draws the phones and seeds the initial infections.
    package init(scenario: WorldConfig, seed: UInt64) {
        self.scenario = scenario
        self.seed = seed
        town = Town(config: scenario.population, seed: seed)
        phones = PhoneRadios(count: town.people, table: scenario.calibrationTable, parameters: scenario.radio, seed: seed)
        radio = RadioModel(parameters: scenario.radio)
        transmission = TransmissionModel(config: scenario.epidemiology, seed: seed)
        carriageBySetting = scenario.population.carriageBySetting.map { scenario.radio.carriageIndex($0)! }
        var state = DiseaseState(people: town.people)
        infections = transmission.seed(state: &state)
        disease = state
    }

    /// Simulates day `day` (0 = a Monday): plans, encounters and transmission.
    /// Days must be simulated in order. `restrictions` (one per person, or
    /// empty) keeps people at home or away from shops and leisure that day.
    /// The radio is not drawn here: the phones draw it scan by scan
    /// (`ScanPipeline` in Simulation), from this world's ``radio`` and ``phones``.
    package mutating func simulate(day: Int, workers: Int, restrictions: [DayRestriction] = []) -> WorldDay {
        var output: WorldDay?
        _ = simulateTimed(day: day, workers: workers, restrictions: restrictions) { output = $0 }
        return output!
    }

    /// ``simulate(day:workers:restrictions:)`` with the time of each stage
    /// (plan, encounters, transmission); the day is handed to `body`.
    package mutating func simulateTimed(
        day: Int, workers: Int, restrictions: [DayRestriction] = [], _ body: (WorldDay) -> Void
    ) -> [Duration] {
        let clock = ContinuousClock()
        var times: [Duration] = []
        var mark = clock.now
        func lap() {
            let now = clock.now
            times.append(now - mark)
            mark = now
        }
        let plan = DayPlan(town: town, day: day, workers: workers, restrictions: restrictions)
        lap()
        // A copy of this world shares the workspace; it must not generate into it concurrently.
        if !isKnownUniquelyReferenced(&workspace) { workspace = EncounterWorkspace() }
        workspace.releasesMemory = releasesEncounterMemory
        var encounters = spareEncounters.take() ?? DayEncounters(day: day)
        DayEncounters.generate(town: town, plan: plan, workers: workers, workspace: workspace, into: &encounters)
        lap()
        let result = transmission.step(encounters: encounters, state: &disease, workers: workers)
        infections += result.infections
        lap()
        body(WorldDay(plan: plan, encounters: encounters, exposures: result.exposures, infections: result.infections))
        spareEncounters = releasesEncounterMemory ? nil : encounters
        return times
    }
}
