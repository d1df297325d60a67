import Foundation
import WarnSimCore

/// The memory a run of `people` × `days` needs at its peak, estimated before
/// anything is allocated, so that a run that cannot fit is refused at once
/// (exit 2 naming the estimate) instead of dying of a failed allocation
/// after minutes of work.
///
/// The model is linear, fitted to the peak resident set sizes that
/// `warnsim bench simulate --people N --days D` and `bench world` reported
/// (release build, town-10k's world and app resized; the measurements are in
/// the source beside the constants):
/// bytes = fixed + perPerson · people + perPersonDay · people · days, and for
/// a run with its counterfactual (`simulate`, `sweep --confirm`) the
/// counterfactual's world is added. The constants round the measurements up,
/// so the estimate is an upper bound of the measured runs.
package struct RunMemoryEstimate: Sendable, Equatable {
    /// What is held in memory.
    package enum Part: Sendable, Equatable {
        /// World, phones, app and backend (`simulate`, `bench simulate`, `validate`).
        case run
        /// A run and then its counterfactual while the run is kept (`simulate`, `sweep --confirm`).
        case runWithCounterfactual
        /// The world alone (`bench world`).
        case world
        /// A run seen again through `channels` radio channels (`redraw`):
        /// the phones record, on their own channel and on each other one,
        /// what the `transmitterShare` of the people send (those who shared
        /// keys in the run), so a redraw holds the run's sightings only in
        /// that share, and each channel a further sighting store per phone
        /// (``redrawChannelPerPersonDayBytes`` when it records everyone's).
        case redraw(channels: Int, transmitterShare: Double)
    }

    // Measured on 2026-11-24 (release build, `--threads 2`, town-10k's
    // world and app resized; peak RSS from `--json`, `peak_rss_bytes`):
    //   bench simulate --people  10000 --days 14:   382 MB
    //   bench simulate --people  10000 --days 28:   454 MB
    //   bench simulate --people  30000 --days 14: 1,098 MB
    //   bench simulate --people 100000 --days 14: 3,502 MB
    //   bench world    --people 100000 --days 14:   369 MB
    //   bench world    --people 100000 --days 28:   374 MB
    // and, with the counterfactual (Sources/warnsim/WarnSim.docc/TestsAndBenchmarks.md, 2026-11-21):
    //   simulate town-10k.yaml (28 days):    451 MB
    //   simulate city-100k.yaml (28 days): 4,500 MB
    // A least-squares-free fit through the 10k and 100k runs: about 35 MB
    // fixed, 27,500 bytes per person and 514 bytes per person-day for a run
    // (the 30k run lies 2 % above the line); about 3,300 bytes per person for
    // the world, which hardly grows with the days. The constants below round
    // these up (the estimate is 7 % to 40 % above every measured peak).
    // Measured again on 2026-11-27, with the town's gatherings and clubs
    // (issue #31; same commands):
    //   bench simulate --people  10000 --days 14:   401 MB
    //   bench simulate --people  10000 --days 28:   459 MB
    //   bench simulate --people  30000 --days 14: 1,102 MB
    //   bench simulate --people 100000 --days 14: 3,591 MB
    //   bench simulate --people 100000 --days 28: 4,289 MB
    //   bench world    --people 100000 --days 14:   566 MB (also 28 days)
    //   simulate town-10k.yaml (28 days, seed 7): 504 MB
    // The run constants still bound them (4 % to 16 % above); the world's
    // per-person bytes went from 4,000 to 5,000.
    /// Bytes independent of the town (binary, calibration table, radio model).
    package static let fixedBytes = 100e6
    /// Bytes per person of a run (phones, key rings, scan state, world plans).
    package static let perPersonBytes = 28_000.0
    /// Bytes per person and simulated day (sightings, windows, infections).
    package static let perPersonDayBytes = 600.0
    // With the sealed sightings on disk (`--sightings disk`, release build,
    // 2 threads, town-10k resized; `bench simulate --sightings disk --json`,
    // after packages were kept as numbered bit sets, 2026-11-24):
    //   --people    20000 --days 28:    317 MB
    //   --people   100000 --days 28:  1,393 MB
    //   --people   300000 --days 20:  3,928 MB
    //   --people  1000000 --days 28: 14,153 MB (`/usr/bin/time -v`)
    // With the town's gatherings and clubs (2026-11-27, same commands):
    //   --people    20000 --days 28:    378 MB
    //   --people   100000 --days 28:  1,901 MB
    //   --people   300000 --days 20:  5,282 MB
    //   --people  1000000 --days 28: 17,840 MB (`/usr/bin/time -v`)
    // a third to a half more: the encounters of a club's evening and of a
    // gathering are kept with the day's and the run's records.
    // With those records economised (the encounter ledger's days mapped from
    // files in the sightings' folder, a day's encounters held once;
    // 2026-11-27, evening, same commands):
    //   --people    20000 --days 28:    267 MB
    //   --people   100000 --days 28:  1,268 MB (1,261 in a second run)
    //   --people   300000 --days 20:  3,326 MB
    //   --people  1000000 --days 28: 12,427 MB (`/usr/bin/time -v`)
    // With nothing of the sightings on disk kept in memory (no resident RPI
    // prefixes; 2026-12-07, evening, `bench simulate ... --json`):
    //   --people    20000 --days 28:    212 MB (192 MB in a second run)
    //   --people   100000 --days 28:    898 MB (895 MB in a second run)
    //   --people   300000 --days 20:  2,401 MB (2,390 MB in a second run)
    //   --people  1000000 --days 28:  8,975 MB
    // With the app and its engine in a box on the heap for app users only
    // (a phone 296 bytes instead of 1,208; 2026-12-07, night, same commands):
    //   --people    20000 --days 28:    181 MB
    //   --people   100000 --days 28:    853 MB (843 MB in a second run)
    //   --people   300000 --days 20:  2,241 MB
    //   --people  1000000 --days 28:  8,328 MB
    // The constants below put the estimate 3 % (1M) to 49 % (20k) above
    // each; the million-person run's is 8.5 GB. (The runs with sightings
    // in memory above, whose prefixes went too, were not measured again;
    // the estimate of those is an upper bound all the more.)
    /// Bytes per person of a run with its sightings on disk.
    package static let perPersonBytesSightingsOnDisk = 6_200.0
    /// Bytes per person and simulated day of a run with its sightings on disk.
    package static let perPersonDayBytesSightingsOnDisk = 80.0
    // A redraw's channels (`/usr/bin/time -v` on `warnsim redraw RUN
    // --scenario town-10k.yaml --radio V ...`, release build, 2026-12-07;
    // the run simulated from town-10k.yaml, seed 1, 28 days: 557 MB),
    // first with the channels recording every phone's advertisements:
    //   1 channel  (bus-dublin-riders.yaml):          795 MB
    //   4 channels (Configs/radio/variants/*.yaml): 1,553 MB
    // about 250 MB per channel, 900 bytes per person-day; then recording
    // only the 5 people of 10,000 who shared keys in the run:
    //   1 channel:  494 MB
    //   4 channels: 499 MB
    // Since the phones' own channel too records only those people (later on
    // 2026-12-07, same commands; the run of city-100k.yaml, seed 1, 51 of
    // 100,000 people sharing keys):
    //   town-10k,  1 channel:    205 MB;  4 channels:   214 MB
    //   city-100k, 1 channel:  1,613 MB;  4 channels: 1,717 MB
    // a redraw holds the world, the phones and the encounter ledger but
    // hardly a sighting: about 15,600 bytes per person over 28 days, and
    // about 350 bytes per person for each channel's (nearly empty) stores.
    // The constants below put the estimate 7 % (100k) to 28 % (10k) above
    // each; the share who shared keys adds what their sightings take, up to
    // the whole run's when everyone did (5 % and 8 % above the two redraws
    // recording everyone above, which the fit did not use).
    /// Bytes per person and simulated day of each channel of a redraw that
    /// records every phone's advertisements.
    package static let redrawChannelPerPersonDayBytes = 1_000.0
    /// Bytes per person of each channel of a redraw, whoever it records.
    package static let redrawChannelPerPersonBytes = 400.0
    /// Bytes per person, and per person and simulated day, of a redraw
    /// whose phones record hardly anyone.
    package static let redrawPerPersonBytes = 11_000.0
    package static let redrawPerPersonDayBytes = 170.0
    /// Bytes per person of the world alone.
    package static let worldPerPersonBytes = 5_000.0
    /// Bytes per person and day of the world alone.
    package static let worldPerPersonDayBytes = 20.0

    package var people: Int
    package var days: Int
    package var part: Part
    /// Whether the phones' sealed sightings are kept on disk (``SightingStorage``).
    package var sightingsOnDisk: Bool

    package init(people: Int, days: Int, part: Part = .run, sightingsOnDisk: Bool = false) {
        self.people = people
        self.days = days
        self.part = part
        self.sightingsOnDisk = sightingsOnDisk
    }

    /// The estimated peak, in bytes (a Double: never overflows).
    package var bytes: Double {
        let people = Double(max(people, 0))
        let personDays = people * Double(max(days, 0))
        let world = Self.worldPerPersonBytes * people + Self.worldPerPersonDayBytes * personDays
        let run =
            sightingsOnDisk
            ? Self.perPersonBytesSightingsOnDisk * people + Self.perPersonDayBytesSightingsOnDisk * personDays
            : Self.perPersonBytes * people + Self.perPersonDayBytes * personDays
        switch part {
        case .world: return Self.fixedBytes + world
        case .run: return Self.fixedBytes + run
        case .runWithCounterfactual: return Self.fixedBytes + run + world
        case .redraw(let channels, let share):
            // The phones record, on every channel, only what the share of
            // people who shared keys send.
            let recorded = min(max(share.isNaN ? 1 : share, 0), 1)
            let base = Self.redrawPerPersonBytes * people + Self.redrawPerPersonDayBytes * personDays
            let inMemoryRun = Self.perPersonBytes * people + Self.perPersonDayBytes * personDays
            let perChannel = Self.redrawChannelPerPersonBytes * people + recorded * Self.redrawChannelPerPersonDayBytes * personDays
            return Self.fixedBytes + base + recorded * max(inMemoryRun - base, 0) + Double(max(channels, 0)) * perChannel
        }
    }

    /// Throws when the estimate exceeds `limit` (the machine's memory by
    /// default): an input error naming `file` and `field` with the estimate,
    /// for example "the run needs about 61 GB (50,000,000 people × 28 days);
    /// this machine has 23 GB".
    package func check(file: String, field: String? = "population.people", limit: UInt64 = MachineMemory.limitBytes) throws(InputError) {
        guard bytes > Double(limit) else { return }
        throw InputError(
            file: file, field: field,
            problem: "the run needs about \(MachineMemory.format(bytes)) (\(Self.grouped(people)) people × \(Self.grouped(days)) days); "
                + "this machine has \(MachineMemory.format(Double(limit)))")
    }

    /// `value` with thousands separators (50,000,000).
    package static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (value < 0 ? "-" : "") + result
    }
}
