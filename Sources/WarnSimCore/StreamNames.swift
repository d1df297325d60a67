/// Every random-stream subsystem name of WarnSim, declared in one place.
///
/// A stream is identified by (seed, subsystem, entity) (``RandomStream``); two
/// subsystems that shared a name would draw the same numbers, so every name is
/// listed here, grouped by the layer that draws from it. Renaming one changes
/// every simulated number that depends on it (baselines would no longer
/// regress); add new names instead.
package enum StreamName {
    // MARK: Population (the world)

    /// Household composition and ages.
    package static let households = "population.households"
    /// Which households are single parents and which children are grown up (``FamiliesConfig``).
    package static let families = "population.families"
    /// Who works, goes to school or day care.
    package static let participation = "population.participation"
    /// The order in which children fill day-care groups.
    package static let daycareOrder = "population.order.daycare"
    /// Who rides public transport.
    package static let transport = "population.transport"
    /// Which workers work in an office, and the size of their office room.
    package static let office = "population.office"
    /// Which workers teach a school class or care for a day-care group (``StaffConfig``).
    package static let staff = "population.staff"
    /// The order in which people fill the places of a setting (`population.order.SETTING`).
    package static func placeOrder(_ setting: String) -> String { "population.order.\(setting)" }
    /// Each household's circle of befriended households (``VisitsConfig``).
    package static let friends = "population.friends"
    /// Club membership, each club's meeting days and start time (``ClubsConfig``).
    package static let clubs = "population.clubs"
    /// Which households host a gathering on a day, when, and whom they invite.
    package static let visitHosts = "visits.hosts"
    /// The length of each gathering of a day, when drawn (`visits.time.duration_class_shares`).
    package static let visitLengths = "visits.lengths"
    /// The length of a club's meeting on a day, when drawn (`clubs.time.duration_class_shares`), per club.
    package static let clubLengths = "clubs.lengths"
    /// Which workers meet a worker of another workplace on a day, whom and when (``MeetingsConfig``).
    package static let meetingPairs = "meetings.pairs"
    /// Daily schedules, per person and day.
    package static let schedule = "schedule"
    /// Vehicle assignment per day.
    package static let vehicles = "transport.vehicles"
    /// Restaurant table groups per day.
    package static let leisureTables = "leisure.tables"
    /// Positions within a place, per person and day.
    package static let position = "position"

    // MARK: Population (radio)

    /// Each phone's model and calibration error.
    package static let radioDevice = "radio.device"
    /// `warnsim radio sample` draws.
    package static let radioSample = "radio.sample"
    /// `warnsim radio check` replay of the measurements: phones, pairs, minutes, scans.
    package static let radioCheckDevice = "radio.check.device"
    package static let radioCheckPair = "radio.check.pair"
    package static let radioCheckMinute = "radio.check.minute"
    package static let radioCheckScan = "radio.check.scan"
    /// The Dublin Bus pairs in the radio fit and check: pair terms and per-minute terms.
    package static let radioCheckDublinPair = "radio.check.dublin.pair"
    package static let radioCheckDublinMinute = "radio.check.dublin.minute"

    // MARK: Population (disease)

    /// Each person's course of disease (symptoms, onset, infectiousness).
    package static let disease = "disease"
    /// The initial infections.
    package static let seeding = "seeding"
    /// Transmission draws per encounter.
    package static let transmission = "transmission"

    // MARK: Simulation (phones)

    /// Temporary Exposure Keys of each phone (simulated keys are reproducible).
    package static let temporaryExposureKeys = "tek"
    /// Each phone's scan schedule.
    package static let scanSchedule = "scan.schedule"
    /// Per-sighting fading.
    package static let scanFading = "radio.scan"
    /// Per-encounter scan draws.
    package static let scanEncounter = "radio.scan.encounter"
    /// Whether a person installs the app, consents, and how they will act.
    package static let appAdoption = "app.adoption"
    /// Whether a symptomatic person gets tested (everyone, app or not).
    package static let appTesting = "app.testing"
    /// How long a user without notification permission takes to open the app.
    package static let appOpening = "app.opening"
    /// The answer a sharing user gives to the symptom questions, per upload.
    package static let appSymptomAnswer = "app.symptom-answer"
    /// Daily tracing, Bluetooth and reset behaviour, per person and day.
    package static let appBehaviour = "app.behaviour"
    /// Whether a person's phone is an Android phone or an iPhone.
    package static let appPlatform = "app.platform"
    /// When a phone's key downloads run, and whether each run is on an unmetered connection.
    package static let appDownload = "app.download"
    /// Immuni's upload path: the delay to the health operator's call, the
    /// time the user takes to tap Verify, and the one-time code, per person.
    package static let appImmuniUpload = "app.immuni-upload"
    /// When a person installs and uninstalls the app (adoption curve).
    package static let appAdoptionCurve = "app.adoption-curve"
    // MARK: Simulation (health: tests, isolation, response to warnings)

    /// Tests taken for other reasons than SARS-CoV-2 (respiratory illness,
    /// screening), per person and day.
    package static let backgroundTesting = "health.background-test"
    /// Each test's outcome (invalid, PCR sensitivity), per person and test.
    package static let testOutcome = "health.test-outcome"
    /// Whether a person with a positive result isolates.
    package static let isolation = "health.isolation"
    /// What a warned user does (test, quarantine, fewer contacts).
    package static let warnedResponse = "health.warned"
    /// Whether a warned user's test is a rapid antigen test (`testing.rapid_antigen`), per person.
    package static let testKind = "health.test-kind"
    /// Each rapid antigen test's outcome (sensitivity, specificity), per person and test.
    package static let rapidTestOutcome = "health.rapid-test-outcome"
    /// Whether a PCR test of an uninfected person comes back positive (`testing.pcr_specificity`), per person and test.
    package static let pcrFalsePositive = "health.pcr-false-positive"
    /// A key stream that is never drawn from (an app whose framework is on loan).
    package static let unused = "placeholder"

    // MARK: Services

    /// The backend's app-configuration and package signing key.
    package static let serverSigningKey = "server.signing-key"
    /// Registration tokens, TANs and teleTANs.
    package static let verificationServer = "verification-server"

    // MARK: Analysis

    /// Phone bootstrap resamples, per stratum.
    package static let bootstrap = "bootstrap"
    /// Seed (run) bootstrap resamples.
    package static let bootstrapRuns = "bootstrap.runs"
    /// Seed resamples within each radio variant (`RadioEnsemble`).
    package static let bootstrapRadioSeeds = "bootstrap.radio-seeds"
    /// Seed (run) bootstrap resamples of `warnsim validate`, per figure.
    package static let validateBootstrap = "validate.bootstrap"
    /// Participant (or simulated person) bootstrap resamples of a contact-diary
    /// summary (`ContactDiarySummary`): entity 0 the survey, 1 the simulated town.
    package static let contactDiaryBootstrap = "survey.contact-diary.bootstrap"
    /// Whether two strangers of the simulated town who were close talked
    /// (`ContactDiarySurvey`): entity the pair, index the day.
    package static let contactDiaryTalk = "survey.contact-diary.talk"
    /// Random sweep configurations.
    package static let sweepRandom = "sweep.random"
    /// Latin-hypercube sweep configurations.
    package static let sweepLatinHypercube = "sweep.latin-hypercube"
    /// CMA-ES samples of `warnsim tune`, per generation.
    package static let tuneCMAES = "analysis.tune.cmaes"
    /// The seed and starting point of each CMA-ES restart of `warnsim tune`, per restart.
    package static let tuneRestart = "analysis.tune.restart"
    /// Paired bootstrap of `warnsim compare` and `tune`'s summaries (seeds, then phones within seeds).
    package static let pairedBootstrap = "analysis.paired-bootstrap"
    /// Sobol' design points of `warnsim sensitivity`, per row.
    package static let sensitivitySobol = "analysis.sensitivity.sobol"
    /// Bootstrap of the Sobol' indices over base rows.
    package static let sensitivityBootstrap = "analysis.sensitivity.bootstrap"
    /// Morris trajectories, per trajectory.
    package static let sensitivityMorris = "analysis.sensitivity.morris"
    /// Bootstrap of the Morris effects over trajectories.
    package static let sensitivityMorrisBootstrap = "analysis.sensitivity.morris.bootstrap"

    // MARK: Tools (benchmarks and the demo)

    package static let benchCrypto = "bench-crypto"
    package static let benchScoreWindows = "bench-score-windows"
    package static let benchScoreConfigurations = "bench-score-configurations"
    package static let benchScoreGEMM = "bench-score-gemm"
    /// The demo's signing key.
    package static let demoSigningKey = "demo-signing-key"
}
