import Foundation
import Population
import WarnSimCore

/// One published real-world figure and how WarnSim reproduces it: an entry of
/// a validation registry file (`Configs/validation/*.yaml`).
package struct ValidationFigure: Sendable, Hashable {
    /// The published value with the band it is compared in.
    package struct Published: Sendable, Hashable {
        package var value: Double
        /// The band that counts as agreement (the source's own interval, or the
        /// rounding of its reported value; the registry says which).
        package var low: Double
        package var high: Double
    }

    /// How WarnSim measures the figure.
    package enum Measure: Sendable, Hashable {
        /// A column of ``FieldOutcomes`` (as `evaluate` writes it) over the runs
        /// of `scenario` with `seeds`, each seed simulated for `days` (nil: the
        /// scenario's own length).
        case runMetric(scenario: String, seeds: [UInt64], days: Int?, column: String)
        /// The number of measured distances of a radio data set's `places`
        /// where `warnsim radio check`'s simulated median lies outside the
        /// data's device-to-device spread (the files as `radio check` takes them).
        case radioCurve(RadioCurveInputs)
        /// A contact-diary figure (``ContactDiaryFigure``) of the town of
        /// `scenario`'s world, surveyed as ``ContactDiarySurvey`` maps
        /// encounters to diary contacts, with its person bootstrap interval;
        /// the published band is the survey's own bootstrap interval.
        case contactSurvey(ContactSurveyInputs)
    }

    /// What a `contact-survey` figure simulates and measures.
    package struct ContactSurveyInputs: Sendable, Hashable {
        /// The POLYMOD diary folder the published band is the bootstrap
        /// interval of (``PolymodSurvey``); `validate` recomputes it and
        /// refuses a registry whose band differs.
        package var survey: String
        /// The scenario whose world is simulated (no phones).
        package var scenario: String
        /// The world's seeds: one town per seed, every person of every town a
        /// respondent (towns differ in who lives, works and meets with whom,
        /// which one town's person bootstrap does not see).
        package var seeds: [UInt64]
        /// Days simulated from a Monday, every one a diary day of every person.
        package var days: Int
        /// The figure's identifier (`overall`, `age:30-39`, `world-age:65+`, `setting:home`, `duration:1-4h`,
        /// `duration:other:<5min`).
        package var figure: String
    }

    /// What `warnsim radio check` reads, for a `radio-curve` figure.
    package struct RadioCurveInputs: Sendable, Hashable {
        /// `dp3t-exp34`, `lanfer-multichannel-2022` or `leith-dublin-bus-2020`.
        package var dataSet: String
        /// The scenarios (DP-3T) or sites (Lanfer) the figure covers.
        package var places: [String]
        package var parameters: String
        package var dp3t: String
        package var lanfer: String
        package var dublin: String
        package var calibration: String
        package var seed: UInt64
    }

    /// A short identifier (unique across the registry).
    package var id: String
    package var description: String
    /// The citation.
    package var source: String
    package var published: Published
    package var measure: Measure
    /// The registry file it came from.
    package var file: String
}

/// The figures of every registry file, in file and entry order.
package enum ValidationRegistry {
    /// Reads one registry file.
    ///
    /// - Parameter url: A YAML file with a `figures:` list.
    /// - Returns: Its figures.
    /// - Throws: ``InputError`` naming the file, the field and the problem.
    package static func load(_ url: URL) throws -> [ValidationFigure] {
        let text = try DocumentSection.readText(url)
        let root = try DocumentSection.parse(text, file: url.path)
        let entries = try root.namedSections("figures")
        try root.finish()
        guard !entries.isEmpty else { throw root.fail("figures", "lists no figure") }
        return try entries.map { try figure($0.section, id: $0.name, file: url.path, folder: url.deletingLastPathComponent()) }
    }

    /// Reads every `*.yaml` file of `folder`, sorted by name; ids must be unique.
    ///
    /// - Parameter folder: The registry folder (`Configs/validation`).
    /// - Returns: All figures.
    /// - Throws: ``InputError`` for an unreadable folder, a bad file or a repeated id.
    package static func loadFolder(_ folder: URL) throws -> [ValidationFigure] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") && !$0.hasPrefix(".") }
                .sorted()
        } catch {
            throw InputError(file: folder.path, problem: "cannot be read (\(error.localizedDescription))")
        }
        guard !names.isEmpty else { throw InputError(file: folder.path, problem: "holds no *.yaml registry file") }
        var figures: [ValidationFigure] = []
        var seen: Set<String> = []
        for name in names {
            for figure in try load(folder.appendingPathComponent(name)) {
                guard seen.insert(figure.id).inserted else {
                    throw InputError(
                        file: figure.file, field: "figures.\(figure.id)", problem: "'\(figure.id)' is used twice in the registry")
                }
                figures.append(figure)
            }
        }
        return figures
    }

    static func figure(_ s: DocumentSection, id: String, file: String, folder: URL) throws -> ValidationFigure {
        let description = try s.string("description")
        let source = try s.string("source")
        let p = try s.section("published")
        let published = ValidationFigure.Published(
            value: try p.double("value", in: -1e12...1e12), low: try p.double("low", in: -1e12...1e12),
            high: try p.double("high", in: -1e12...1e12))
        guard published.low <= published.value, published.value <= published.high else {
            throw p.fail("value", "must lie within low ... high")
        }
        try p.finish()
        let m = try s.section("measure")
        let kind = try m.choice("kind", from: ["run-metric", "radio-curve", "contact-survey"])
        if kind == "contact-survey" {
            let measure = ValidationFigure.Measure.contactSurvey(try contactSurvey(m, folder: folder))
            try m.finish()
            try s.finish()
            return ValidationFigure(id: id, description: description, source: source, published: published, measure: measure, file: file)
        }
        if kind == "radio-curve" {
            let measure = ValidationFigure.Measure.radioCurve(try radioCurve(m, folder: folder))
            try m.finish()
            try s.finish()
            return ValidationFigure(id: id, description: description, source: source, published: published, measure: measure, file: file)
        }
        let scenario = try m.string("scenario")
        let scenarioURL = URL(fileURLWithPath: scenario, relativeTo: folder).standardizedFileURL
        guard FileManager.default.fileExists(atPath: scenarioURL.path) else {
            throw m.fail("scenario", "no such file: \(scenarioURL.path)")
        }
        let seedValues = try m.doubles("seeds", in: 0...Double(UInt32.max), count: 1...1000)
        guard seedValues.allSatisfy({ $0.rounded() == $0 }) else { throw m.fail("seeds", "seeds must be whole numbers") }
        let seeds = seedValues.map { UInt64($0) }
        let days = m.has("days") ? try m.int("days", in: 1...365) : nil
        let column = try m.choice("column", from: FieldOutcomes.columns + WarningSourceTally.columns)
        try m.finish()
        try s.finish()
        return ValidationFigure(
            id: id, description: description, source: source, published: published,
            measure: .runMetric(scenario: scenarioURL.path, seeds: seeds, days: days, column: column), file: file)
    }

    static func contactSurvey(_ m: DocumentSection, folder: URL) throws -> ValidationFigure.ContactSurveyInputs {
        let surveyURL = URL(fileURLWithPath: try m.string("survey"), relativeTo: folder).standardizedFileURL
        guard FileManager.default.fileExists(atPath: surveyURL.path) else { throw m.fail("survey", "no such folder: \(surveyURL.path)") }
        let scenarioURL = URL(fileURLWithPath: try m.string("scenario"), relativeTo: folder).standardizedFileURL
        guard FileManager.default.fileExists(atPath: scenarioURL.path) else {
            throw m.fail("scenario", "no such file: \(scenarioURL.path)")
        }
        let id = try m.string("figure")
        guard let figure = ContactDiaryFigure(id: id) else {
            throw m.fail(
                "figure",
                "'\(id)' is not one of \(ContactDiaryFigure.all.map(\.id).joined(separator: ", ")), or duration:SETTING:CLASS, or setting:SETTING:GROUP (SETTING one of "
                    + SurveySetting.allCases.map(\.name).joined(separator: ", ") + ", CLASS one of "
                    + DurationClass.allCases.map(\.name).joined(separator: ", ") + ", GROUP one of "
                    + AgeGroup.allCases.map(\.name).joined(separator: ", ") + ")")
        }
        if case .ageBand(let band) = figure, band.worldAgeGroup == nil {
            throw m.fail("figure", "no age group of the town holds the ages \(band.name) (0-5, 6-17, 18-64, 65+)")
        }
        let seeds = try m.doubles("seeds", in: 0...Double(Int32.max), count: 1...20)
        guard seeds.allSatisfy({ $0.rounded() == $0 }) else { throw m.fail("seeds", "seeds must be whole numbers") }
        guard Set(seeds).count == seeds.count else { throw m.fail("seeds", "a seed is listed twice") }
        return ValidationFigure.ContactSurveyInputs(
            survey: surveyURL.path, scenario: scenarioURL.path, seeds: seeds.map { UInt64($0) },
            days: try m.int("days", in: 1...28),
            figure: id)
    }

    static func radioCurve(_ m: DocumentSection, folder: URL) throws -> ValidationFigure.RadioCurveInputs {
        let dataSet = try m.choice("data_set", from: ["dp3t-exp34", "lanfer-multichannel-2022", "leith-dublin-bus-2020"])
        let places = try m.strings("places")
        guard !places.isEmpty else { throw m.fail("places", "name at least one scenario or site") }
        func path(_ key: String) throws -> String {
            let url = URL(fileURLWithPath: try m.string(key), relativeTo: folder).standardizedFileURL
            guard FileManager.default.fileExists(atPath: url.path) else { throw m.fail(key, "no such file or folder: \(url.path)") }
            return url.path
        }
        return ValidationFigure.RadioCurveInputs(
            dataSet: dataSet, places: places, parameters: try path("radio"), dp3t: try path("dp3t"), lanfer: try path("lanfer"),
            dublin: try path("dublin"), calibration: try path("calibration"), seed: UInt64(try m.int("seed", in: 0...Int(Int32.max))))
    }
}

extension ValidationFigure {
    /// The entity of the figure's seed-bootstrap stream: its identifier and
    /// seeds hashed (FNV-1a), so that its interval depends on the figure
    /// alone, not on which other figures the registry holds or in what order
    /// (until 2026-12-02 it was the figure's position among those measured,
    /// and a figure added to a registry moved the intervals of the figures
    /// measured after it); on twice the seeds it is another stream.
    package var bootstrapEntity: UInt64 {
        let seeds: [UInt64]
        switch measure {
        case .runMetric(_, let runSeeds, _, _): seeds = runSeeds
        case .contactSurvey(let inputs): seeds = inputs.seeds
        case .radioCurve: seeds = []
        }
        return RandomStream.fnv1a64(id + "|" + seeds.map(String.init).joined(separator: ","))
    }

    /// The same figure measured on twice as many seeds: its own, then as many
    /// of the seeds after its largest; nil for a figure without seeds (a radio
    /// curve is one deterministic check). `validate --twice-the-seeds` compares
    /// the two verdicts: one that changes with the number of seeds is noise.
    package var onTwiceTheSeeds: ValidationFigure? {
        func twice(_ seeds: [UInt64]) -> [UInt64] {
            let more = (seeds.max() ?? 0) + 1
            return seeds + (more..<more + UInt64(seeds.count))
        }
        var figure = self
        switch measure {
        case .runMetric(let scenario, let seeds, let days, let column):
            figure.measure = .runMetric(scenario: scenario, seeds: twice(seeds), days: days, column: column)
        case .contactSurvey(var inputs):
            inputs.seeds = twice(inputs.seeds)
            figure.measure = .contactSurvey(inputs)
        case .radioCurve:
            return nil
        }
        return figure
    }
}
