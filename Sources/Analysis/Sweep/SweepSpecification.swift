import Foundation
import Population
import RiskCalculation
import WarnSimCore

/// A sweep file (Configs/sweeps/README.md): how to generate the configurations
/// to score, the label options and the bootstrap.
///
/// ```yaml
/// method: grid            # grid, random, latin_hypercube or files
/// parameters:
///   attenuation_border_1: {values: [55, 59, 63, 67]}
///   window_threshold: {min: 5, max: 20, step: 1}
/// samples: 1000           # random and latin_hypercube
/// seed: 1
/// configurations: [../risk/cwa-2021-04-14.yaml]   # files
/// labels: {primary: detectable}
/// bootstrap: 200
/// scenario_fields:        # re-simulated with --confirm only
///   response.warned_quarantine_probability: [0.15, 0.5]
/// ```
package struct SweepSpecification: Sendable {
    package enum Method: String, Sendable, CaseIterable {
        case grid, random
        case latinHypercube = "latin_hypercube"
        case files
    }

    /// One swept parameter: a column of metrics.csv.
    package struct Parameter: Sendable, Hashable {
        package var name: String
        package var domain: Domain
    }

    /// The values a parameter takes.
    package enum Domain: Sendable, Hashable {
        case values([Double])
        /// Inclusive range; with a step the values lie on min + k·step.
        case range(min: Double, max: Double, step: Double?)
    }

    package let file: String
    package var method: Method
    package var parameters: [Parameter]
    package var samples: Int
    package var seed: UInt64
    /// Configuration files (method `files`), resolved against the sweep file's folder.
    package var configurationFiles: [String]
    package var labels: LabelOptions
    package var bootstrap: Int
    /// Scenario fields to vary (dotted path → values as YAML text): every
    /// combination is a scenario variant. Recorded windows cannot show what a
    /// scenario change does, so variants are only simulated, by `--confirm`.
    package var scenarioFields: [(path: String, values: [String])] = []

    /// Every combination of ``scenarioFields`` as `--set` overrides (one empty
    /// variant when none are given).
    package func scenarioVariants() throws -> [[FieldOverride]] {
        var variants: [[FieldOverride]] = [[]]
        for field in scenarioFields {
            var next: [[FieldOverride]] = []
            for variant in variants {
                for value in field.values { next.append(variant + [try FieldOverride(parsing: "\(field.path)=\(value)")]) }
            }
            variants = next
        }
        return variants
    }

    /// Bootstrap resamples unless the file says otherwise: 200 keeps a
    /// thousand-configuration sweep within seconds; the 2.5 % and 97.5 %
    /// quantiles of 200 resamples are within about ±0.2 standard errors of
    /// those of 1,000 (Efron and Tibshirani 1993, §19.3). `evaluate` uses 1,000.
    package static let defaultBootstrap = 200

    package static func load(path: String) throws -> SweepSpecification {
        let root = try DocumentSection.load(URL(fileURLWithPath: path))
        let method = Method(rawValue: try root.choice("method", from: Method.allCases.map(\.rawValue)))!
        var spec = SweepSpecification(
            file: path, method: method, parameters: [], samples: 0, seed: 1, configurationFiles: [],
            labels: LabelOptions(), bootstrap: defaultBootstrap)
        spec.seed = UInt64(try root.int("seed", in: 0...Int.max, default: 1))
        spec.bootstrap = try root.int("bootstrap", in: 10...100_000, default: defaultBootstrap)
        if let labels = try root.optionalSection("labels") { spec.labels = try LabelOptions.read(labels) }
        switch method {
        case .files:
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            guard root.has("configurations") else { throw root.fail("configurations", "method files needs a list of configuration files") }
            spec.configurationFiles = try root.files("configurations", relativeTo: folder).map(\.path)
            guard !spec.configurationFiles.isEmpty else { throw root.fail("configurations", "is empty") }
            if root.has("parameters") { throw root.fail("parameters", "method files takes configurations, not parameters") }
        case .grid, .random, .latinHypercube:
            if root.has("configurations") { throw root.fail("configurations", "only method files takes configuration files") }
            let section = try root.section("parameters")
            for name in section.keys {
                spec.parameters.append(Parameter(name: name, domain: try domain(section.section(name), grid: method == .grid)))
            }
            guard !spec.parameters.isEmpty else { throw root.fail("parameters", "names no parameter") }
            if method == .grid {
                if root.has("samples") {
                    throw root.fail("samples", "a grid takes every combination; samples is for random and latin_hypercube")
                }
                let size = spec.parameters.reduce(1.0) { $0 * Double(gridValues($1.domain).count) }
                guard size <= 1_000_000 else {
                    throw root.fail("parameters", "the grid has \(Int(size)) configurations; at most 1,000,000")
                }
            } else {
                spec.samples = try root.int("samples", in: 1...1_000_000)
            }
        }
        if let fields = try root.optionalSection("scenario_fields") {
            var combinations = 1
            for path in fields.keys {
                let values = try fields.strings(path)
                guard !values.isEmpty else { throw fields.fail(path, "lists no value") }
                for value in values {
                    do {
                        _ = try FieldOverride(parsing: "\(path)=\(value)")
                    } catch {
                        throw fields.fail(path, error.problem)
                    }
                }
                combinations *= values.count
                guard combinations <= 100 else { throw fields.fail(path, "more than 100 scenario variants; each is simulated") }
                spec.scenarioFields.append((path, values))
            }
            try fields.finish()
        }
        try root.finish()
        return spec
    }

    static func domain(_ section: DocumentSection, grid: Bool) throws -> Domain {
        if section.has("values") {
            let values = try section.doubles("values", in: -1e9...1e9, count: 1...100_000)
            try section.finish()
            return .values(values)
        }
        let min = try section.double("min", in: -1e9...1e9)
        let max = try section.double("max", in: -1e9...1e9)
        guard min <= max else { throw section.fail("max", "is below min") }
        var step: Double?
        if section.has("step") {
            step = try section.double("step", in: 1e-9...1e9)
        } else if grid {
            throw section.fail("step", "a grid range needs a step (or give values)")
        }
        try section.finish()
        if let step, (max - min) / step > 100_000 { throw section.fail("step", "gives more than 100,000 values") }
        return .range(min: min, max: max, step: step)
    }

    /// Every value of a domain on its lattice (ranges with a step).
    static func gridValues(_ domain: Domain) -> [Double] {
        switch domain {
        case .values(let values): return values
        case .range(let min, let max, let step):
            guard let step else { return [min, max] }
            let count = Int(((max - min) / step + 1e-9).rounded(.down)) + 1
            return (0..<count).map { SweepPlan.onLattice(min + Double($0) * step) }
        }
    }
}
