import Foundation
import RiskCalculation
import WarnSimCore

/// The configurations of a sweep, in metrics.csv order: the production
/// configuration (the runs' own, id `production`) first, then the generated
/// or listed ones. Generated combinations that do not form a valid
/// configuration (for example a border moved past its neighbour) are kept as
/// rejections with the loader's reason, not scored.
package struct SweepPlan: Sendable {
    package struct Entry: Sendable {
        package var id: String
        /// One cell per parameter column.
        package var cells: [String]
        package var configuration: RiskConfiguration?
        package var rejection: String?
    }

    /// Parameter column names.
    package let columns: [String]
    package let entries: [Entry]

    package init(_ spec: SweepSpecification, production: RiskConfiguration) throws {
        let template = try ConfigurationTemplate(production, file: spec.file)
        var entries: [Entry] = []
        switch spec.method {
        case .files:
            columns = ["file"]
            entries.append(Entry(id: "production", cells: [production.name], configuration: production))
            var seen = Set(["production"])
            for path in spec.configurationFiles {
                let configuration = try ConfigurationLoader.load(path: path)
                var id = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
                var n = 2
                while seen.contains(id) {
                    id = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent + "-\(n)"
                    n += 1
                }
                seen.insert(id)
                entries.append(Entry(id: id, cells: [URL(fileURLWithPath: path).lastPathComponent], configuration: configuration))
            }
        case .grid, .random, .latinHypercube:
            columns = spec.parameters.map(\.name)
            let paths = try spec.parameters.map { try ParameterPaths.resolve($0.name, in: template, file: spec.file) }
            let productionValues = try paths.map { try template.value(at: $0[0]) }
            entries.append(Entry(id: "production", cells: productionValues.map(Self.cell), configuration: production))
            let points = Self.points(spec)
            let width = max(4, String(points.count).count)
            for (index, point) in points.enumerated() {
                let id = String(format: "c%0\(width)d", index + 1)
                var settings: [(path: String, value: Double)] = []
                for (p, value) in point.enumerated() { for path in paths[p] { settings.append((path, value)) } }
                do {
                    let configuration = try template.configuration(setting: settings, name: "\(production.name) \(id)")
                    entries.append(Entry(id: id, cells: point.map(Self.cell), configuration: configuration))
                } catch let error as InputError {
                    entries.append(Entry(id: id, cells: point.map(Self.cell), configuration: nil, rejection: error.problem))
                }
            }
        }
        self.entries = entries
    }

    /// Parameter values of every generated configuration.
    static func points(_ spec: SweepSpecification) -> [[Double]] {
        let parameters = spec.parameters
        switch spec.method {
        case .files: return []
        case .grid:
            var points: [[Double]] = [[]]
            for parameter in parameters {
                let values = SweepSpecification.gridValues(parameter.domain)
                points = points.flatMap { prefix in values.map { prefix + [$0] } }
            }
            return points
        case .random:
            return (0..<spec.samples).map { i in
                var stream = RandomStream(seed: spec.seed, subsystem: StreamName.sweepRandom, entity: UInt64(i))
                return parameters.map { draw($0.domain, unit: stream.nextUnitDouble()) }
            }
        case .latinHypercube:
            // McKay, Beckman and Conover (1979): each parameter's range is cut
            // into n equal strata; every stratum is used once, in a random
            // order per parameter, with a uniform position inside it.
            let n = spec.samples
            var columns: [[Double]] = []
            for (p, parameter) in parameters.enumerated() {
                var stream = RandomStream(seed: spec.seed, subsystem: StreamName.sweepLatinHypercube, entity: UInt64(p))
                var strata = Array(0..<n)
                for i in stride(from: n - 1, to: 0, by: -1) { strata.swapAt(i, Int(stream.next() % UInt64(i + 1))) }
                columns.append(strata.map { draw(parameter.domain, unit: (Double($0) + stream.nextUnitDouble()) / Double(n)) })
            }
            return (0..<n).map { i in columns.map { $0[i] } }
        }
    }

    /// The value at quantile `unit` of a domain: a listed value, a lattice
    /// point of a stepped range, or a point of a continuous range.
    static func draw(_ domain: SweepSpecification.Domain, unit: Double) -> Double {
        switch domain {
        case .values(let values):
            return values[min(Int(unit * Double(values.count)), values.count - 1)]
        case .range(let low, let high, let step):
            guard let step else { return low + unit * (high - low) }
            let count = Int(((high - low) / step + 1e-9).rounded(.down)) + 1
            return onLattice(low + Double(min(Int(unit * Double(count)), count - 1)) * step)
        }
    }

    /// Removes the binary noise of `min + k·step` (0.1 + 2 × 0.1 is 0.30000000000000004).
    static func onLattice(_ value: Double) -> Double { (value * 1e9).rounded() / 1e9 }

    /// A parameter value as a CSV cell: integers without a decimal point,
    /// others in their shortest round-trip form.
    static func cell(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }

    /// The configurations to score and their positions in ``entries``.
    package var scored: [(entry: Int, configuration: RiskConfiguration)] {
        entries.indices.compactMap { i in entries[i].configuration.map { (i, $0) } }
    }
}
