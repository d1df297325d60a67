import Foundation
import RiskCalculation
import WarnSimCore

/// A search space of `warnsim tune` and `warnsim sensitivity`
/// (Configs/tune/README.md): which fields of a risk configuration vary and
/// over what, in the sweep file's vocabulary (``ParameterPaths``); every field
/// not named keeps the base configuration's value.
///
/// ```yaml
/// base: ../risk/cwa-2020-enf-v1.yaml   # optional: default, the runs' own configuration
/// parameters:
///   attenuation_border_1: {min: 50, max: 68, step: 1}   # a lattice: searched as integers
///   weight_1: {min: 0.5, max: 1.5}                      # continuous
///   day_threshold: {values: [7, 9, 11, 13]}             # listed values: searched by index
/// labels: {warned_within_days: 5}                       # optional label options
/// ```
///
/// Every point is a configuration the real format accepts: attenuation
/// borders and limits are whole dB (they need a step that is a whole number),
/// and a point whose fields break the format's rules (borders out of order,
/// a weight or value out of range) is rejected by the same validation as a
/// configuration file, with the loader's reason.
package struct TuneSpace: Sendable {
    /// One searched coordinate.
    package struct Parameter: Sendable, Hashable {
        package var name: String
        package var domain: SweepSpecification.Domain
        /// The configuration fields it sets.
        package var paths: [String]

        /// The coordinate's bounds in search space: the value range, or the
        /// index range of a lattice or list.
        package var bounds: ClosedRange<Double> {
            switch domain {
            case .values(let values): return 0...Double(values.count - 1)
            case .range(let low, let high, let step):
                guard let step else { return low...high }
                return 0...Double(Int(((high - low) / step + 1e-9).rounded(.down)))
            }
        }

        /// Whether the coordinate takes whole numbers (an index).
        package var isInteger: Bool {
            switch domain {
            case .values: return true
            case .range(_, _, let step): return step != nil
            }
        }

        /// The parameter value at search coordinate `x` (rounded to the lattice or list).
        package func value(at x: Double) -> Double {
            let b = bounds
            let clamped = Swift.min(Swift.max(x, b.lowerBound), b.upperBound)
            switch domain {
            case .values(let values): return values[Int(clamped.rounded())]
            case .range(let low, _, let step):
                guard let step else { return clamped }
                return SweepPlan.onLattice(low + clamped.rounded() * step)
            }
        }

        /// The search coordinate of parameter value `value` (nearest lattice point or listed value).
        package func coordinate(of value: Double) -> Double {
            let b = bounds
            switch domain {
            case .values(let values):
                return Double(values.indices.min { abs(values[$0] - value) < abs(values[$1] - value) }!)
            case .range(let low, _, let step):
                guard let step else { return Swift.min(Swift.max(value, b.lowerBound), b.upperBound) }
                return Swift.min(Swift.max(((value - low) / step).rounded(), b.lowerBound), b.upperBound)
            }
        }
    }

    package let file: String
    package let parameters: [Parameter]
    /// The configuration the space varies.
    package let base: RiskConfiguration
    package let labels: LabelOptions?
    let template: ConfigurationTemplate

    /// Reads the run folders (a folder of `seed-N/` folders stands for them)
    /// and the space in `path`, whose parameters default to the first run's
    /// configuration; the runs carry the space's label options and must come
    /// from one scenario (``RunSet/checkOneScenario()``).
    package static func load(path: String, runFolders: [String]) throws -> (space: TuneSpace, runs: RunSet) {
        let loaded = try RunSet.expand(runFolders).map { try RecordedRun.load(folder: $0) }
        guard let first = loaded.first else {
            throw InputError(file: "<argument>", field: "RUN_DIR", problem: "give at least one run folder")
        }
        let space = try load(path: path, production: first.risk)
        let runs = try RunSet(runs: loaded, options: space.labels ?? LabelOptions())
        try runs.checkOneScenario()
        return (space, runs)
    }

    /// Reads the space in `path`, resolving its parameters against `base`
    /// (or the file's own `base:`).
    package static func load(path: String, production: RiskConfiguration) throws -> TuneSpace {
        let root = try DocumentSection.load(URL(fileURLWithPath: path))
        var base = production
        if root.has("base") {
            let url = try root.file("base", relativeTo: URL(fileURLWithPath: path).deletingLastPathComponent())
            do {
                base = try ConfigurationLoader.load(path: url.path)
            } catch let error as InputError {
                throw root.fail("base", "\(url.path): \(error.problem)")
            }
        }
        let template = try ConfigurationTemplate(base, file: path)
        let section = try root.section("parameters")
        var parameters: [Parameter] = []
        for name in section.keys {
            let domain = try SweepSpecification.domain(section.section(name), grid: false)
            let paths = try ParameterPaths.resolve(name, in: template, file: path)
            let parameter = Parameter(name: name, domain: domain, paths: paths)
            if parameter.bounds.lowerBound == parameter.bounds.upperBound {
                throw section.fail(name, "is an empty range (a single value); leave it out to keep it fixed")
            }
            if name.hasPrefix("attenuation_border_") || name == "attenuation_limit" {
                let whole: Bool
                switch domain {
                case .values(let values): whole = values.allSatisfy { $0 == $0.rounded() }
                case .range(let low, _, let step): whole = low == low.rounded() && step.map { $0 == $0.rounded() } == true
                }
                guard whole else { throw section.fail(name, "attenuation borders are whole dB: give integer values or min with step 1") }
            }
            parameters.append(parameter)
        }
        guard !parameters.isEmpty else { throw root.fail("parameters", "names no parameter") }
        var labels: LabelOptions?
        if let section = try root.optionalSection("labels") { labels = try LabelOptions.read(section) }
        try root.finish()
        return TuneSpace(file: path, parameters: parameters, base: base, labels: labels, template: template)
    }

    /// The configuration at search point `x` (one coordinate per parameter),
    /// or the format's reason for rejecting it.
    package func configuration(at x: [Double], name: String) -> Result<RiskConfiguration, InputError> {
        precondition(x.count == parameters.count)
        var settings: [(path: String, value: Double)] = []
        for (parameter, coordinate) in zip(parameters, x) {
            let value = parameter.value(at: coordinate)
            for path in parameter.paths { settings.append((path, value)) }
        }
        do {
            return .success(try template.configuration(setting: settings, name: name))
        } catch let error as InputError {
            return .failure(error)
        } catch {
            return .failure(InputError(file: file, problem: "\(error)"))
        }
    }

    /// The parameter values at search point `x`.
    package func values(at x: [Double]) -> [Double] { zip(parameters, x).map { $0.value(at: $1) } }

    /// The base configuration's point (its values, snapped to the space).
    package func basePoint() throws -> [Double] {
        try parameters.map { try $0.coordinate(of: template.value(at: $0.paths[0])) }
    }
}
