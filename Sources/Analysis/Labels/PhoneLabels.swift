import RunRecords

/// The ground truth of one run for its app users: for every label, whether each
/// phone was at risk and when the exposure that made it so happened.
package struct PhoneLabels: Sendable {
    /// Person indices of the app users, ascending: the phones evaluated.
    package let phones: [Int]
    /// `positive[label][i]` for phone `phones[i]`.
    package let positive: [GroundTruthLabel: [Bool]]
    /// Unix seconds of the labelled exposure (nil when not positive).
    package let exposureTime: [GroundTruthLabel: [Int64?]]
    /// The dose threshold used (after defaults).
    package let doseThreshold: Double
    /// Per phone: the probability of infection by an uploader (the
    /// ``GroundTruthLabel/expected`` label).
    package let expectedInfection: [Double]

    /// How much phone `slot` counts as at risk under `label`: 0 or 1 for the
    /// binary labels, its probability for the expected-infection label.
    @inline(__always)
    package func weight(_ label: GroundTruthLabel, _ slot: Int) -> Double {
        label.isProbabilistic ? expectedInfection[slot] : (positive[label]![slot] ? 1 : 0)
    }

    /// The label's counts of one set of warnings (`warned[slot]`).
    package func counts(_ label: GroundTruthLabel, warned: [Bool]) -> LabelCounts {
        precondition(warned.count == phones.count)
        var hits = 0.0
        var atRisk = 0.0
        var warnedCount = 0.0
        for slot in phones.indices {
            let w = weight(label, slot)
            atRisk += w
            if warned[slot] {
                warnedCount += 1
                hits += w
            }
        }
        return LabelCounts(phones: Double(phones.count), warned: warnedCount, atRisk: atRisk, hits: hits)
    }

    package init(run: RecordedRun, options: LabelOptions) {
        let phones = run.appUsers
        var slot = [Int](repeating: -1, count: run.phones.count)
        for (i, person) in phones.enumerated() { slot[person] = i }
        var positive: [GroundTruthLabel: [Bool]] = [:]
        var time: [GroundTruthLabel: [Int64?]] = [:]
        for label in GroundTruthLabel.allCases {
            positive[label] = [Bool](repeating: false, count: phones.count)
            time[label] = [Int64?](repeating: nil, count: phones.count)
        }
        func mark(_ label: GroundTruthLabel, _ person: Int, at t: Int64) {
            let i = slot[person]
            guard i >= 0 else { return }
            if let earlier = time[label]![i], earlier <= t { return }
            positive[label]![i] = true
            time[label]![i] = t
        }
        // (1) and (2): the infection tree.
        for infection in run.infections where infection.infector >= 0 {
            mark(.infected, infection.person, at: infection.time)
            let infector = run.phones[infection.infector]
            if infector.hasApp && infector.sharedKeys { mark(.detectable, infection.person, at: infection.time) }
        }
        // (3) close contact, per (exposed, infector, day).
        let order = run.exposures.indices.sorted { a, b in
            let x = run.exposures[a]
            let y = run.exposures[b]
            return (x.exposed, x.infector, x.day, x.segments[0].start, x.encounter) < (
                y.exposed, y.infector, y.day, y.segments[0].start, y.encounter
            )
        }
        var g = 0
        while g < order.count {
            let head = run.exposures[order[g]]
            var end = g
            while end < order.count {
                let e = run.exposures[order[end]]
                guard e.exposed == head.exposed, e.infector == head.infector, e.day == head.day else { break }
                end += 1
            }
            let group = order[g..<end].map { run.exposures[$0] }
            if let minute = Self.closeContactMinute(group, options: options) {
                mark(.closeContact, head.exposed, at: run.startTime + Int64(head.day) * 86_400 + Int64((minute * 60).rounded()))
            }
            g = end
        }
        // (4) dose: cumulative over the run, in time order.
        let threshold = options.doseThreshold(for: run.distanceModel)
        let byTime = run.exposures.indices.sorted { a, b in
            let x = run.exposures[a]
            let y = run.exposures[b]
            return (x.exposed, x.day, x.segments[0].start, x.encounter, x.infector) < (
                y.exposed, y.day, y.segments[0].start, y.encounter, y.infector
            )
        }
        var total = 0.0
        var current = -1
        for index in byTime {
            let e = run.exposures[index]
            if e.exposed != current {
                current = e.exposed
                total = 0
            }
            total += Double(e.dose)
            if total >= threshold {
                mark(.dose, e.exposed, at: run.startTime + Int64(e.day) * 86_400 + Int64(e.segments[0].start) * 60)
            }
        }
        // (5) expected infection by an uploader.
        let expected = ExpectedInfection.probabilities(run: run)
        positive[.expected] = expected.probability.map { $0 > 0 }
        time[.expected] = expected.likeliestExposure
        expectedInfection = expected.probability
        self.phones = phones
        self.positive = positive
        self.exposureTime = time
        doseThreshold = threshold
    }

    /// The minute of the day (fractional) at which one day's encounters with one
    /// infectious person meet the close-contact criterion, or nil.
    static func closeContactMinute(_ encounters: [StoredExposure], options: LabelOptions) -> Double? {
        closeContactMinute(segments: encounters.map(\.segments), options: options)
    }

    /// The minute of the day (fractional) at which one day's encounters, each
    /// given by its segments, meet the close-contact criterion, or nil.
    static func closeContactMinute(segments encounters: [[StoredExposure.Segment]], options: LabelOptions) -> Double? {
        let needed = options.closeContactMinutes
        let within = Float(options.closeContactMetres)
        switch options.closeContactMode {
        case .cumulative:
            var segments = encounters.joined().filter { $0.distance <= within }
            segments.sort { ($0.start, $0.end) < ($1.start, $1.end) }
            var sum = 0.0
            for s in segments {
                let minutes = Double(s.end - s.start)
                if sum + minutes >= needed { return Double(s.start) + (needed - sum) }
                sum += minutes
            }
            return nil
        case .continuous:
            var best: Double?
            for encounter in encounters {
                var runStart: Double?
                var runEnd = -1.0
                for s in encounter {
                    let start = Double(s.start)
                    let end = Double(s.end)
                    guard s.distance <= within else {
                        runStart = nil
                        continue
                    }
                    if runStart == nil || start != runEnd { runStart = start }
                    runEnd = end
                    if end - runStart! >= needed {
                        let minute = runStart! + needed
                        best = min(best ?? minute, minute)
                        break
                    }
                }
            }
            return best
        }
    }
}
