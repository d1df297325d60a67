import WarnSimCore

/// What `warnsim tune` optimises: one metric to maximise or minimise, subject
/// to constraints of the form `METRIC>=VALUE`, `METRIC<=VALUE`,
/// `METRIC>=production` or `METRIC<=production` (production: the runs' own
/// configuration's value on the same seeds).
package struct TuneObjective: Sendable, Hashable {
    package struct Constraint: Sendable, Hashable, CustomStringConvertible {
        package enum Bound: Sendable, Hashable {
            case value(Double)
            case production
        }

        package var metric: MetricName
        /// `>=` when true, `<=` when false.
        package var atLeast: Bool
        package var bound: Bound
        /// The text as given.
        package var description: String

        /// Parses `METRIC>=VALUE`, `METRIC<=VALUE`, or the same with `production`.
        package init(parsing text: String, defaultLabel: GroundTruthLabel, option: String) throws(InputError) {
            let compact = text.filter { !$0.isWhitespace }
            let op = compact.contains(">=") ? ">=" : compact.contains("<=") ? "<=" : nil
            guard let op, let range = compact.range(of: op) else {
                throw InputError(
                    file: "<argument>", field: option, problem: "\"\(text)\" is not METRIC>=VALUE, METRIC<=VALUE or METRIC>=production")
            }
            metric = try MetricName(
                parsing: String(compact[..<range.lowerBound]), defaultLabel: defaultLabel, file: "<argument>", field: option)
            atLeast = op == ">="
            let right = String(compact[range.upperBound...])
            if right == "production" {
                bound = .production
            } else if let value = Double(right), value.isFinite {
                bound = .value(value)
            } else {
                throw InputError(
                    file: "<argument>", field: option, problem: "\"\(right)\" in \"\(text)\" is neither a number nor production")
            }
            description = compact
        }

        /// How far `value` falls short of the constraint (0 when met; +∞ when undefined).
        package func violation(_ value: Double, production: Double) -> Double {
            let limit: Double
            switch bound {
            case .value(let v): limit = v
            case .production: limit = production
            }
            guard value.isFinite, limit.isFinite else { return value.isFinite ? 0 : .infinity }
            return max(0, atLeast ? limit - value : value - limit)
        }
    }

    package var metric: MetricName
    package var maximize: Bool
    package var constraints: [Constraint]

    package init(metric: MetricName, maximize: Bool, constraints: [Constraint]) {
        self.metric = metric
        self.maximize = maximize
        self.constraints = constraints
    }

    /// Every metric the objective and constraints read.
    package var metrics: [MetricName] {
        var out = [metric]
        for c in constraints where !out.contains(c.metric) { out.append(c.metric) }
        return out
    }
}
