import WarnSimCore

/// A risk configuration in WarnSim YAML form whose numeric fields can be set by
/// path, each variant read back through the same loader and checks as a file:
/// the basis of parameter sweeps. Paths name fields as error messages do, e.g.
/// `parameters.minutesAtAttenuationWeights[1].attenuationRange.min` or
/// `parameters.transmissionRiskValueMapping[4].transmissionRiskValue`.
public struct ConfigurationTemplate: Sendable {
    public let base: RiskConfiguration
    let tree: DocumentTree
    /// Names the template in errors.
    public let file: String

    /// The template of `configuration` (its normalized YAML).
    ///
    /// - Parameters:
    ///   - configuration: the configuration whose fields will be varied.
    ///   - file: the name used in error messages.
    /// - Throws: `InputError` if the normalized YAML cannot be read back.
    public init(_ configuration: RiskConfiguration, file: String) throws {
        base = configuration
        self.file = file
        tree = try DocumentTree.parse(ConfigurationWriter.yaml(configuration), file: file)
    }

    /// The numeric value at `path`, or an error naming the path.
    ///
    /// - Parameter path: a dotted field path with list indices, as in the sweep
    ///   specifications (for example `minutesAtAttenuationWeights[0].weight`).
    /// - Returns: the number at that path.
    /// - Throws: `InputError` if the path does not exist or does not name a number.
    public func value(at path: String) throws -> Double {
        let steps = try Self.steps(path, file: file)
        var node = tree
        for step in steps {
            switch (step, node) {
            case (.key(let key), .map):
                guard let next = node[key] else { throw missing(path) }
                node = next
            case (.index(let index), .list(let items)):
                guard items.indices.contains(index) else { throw missing(path) }
                node = items[index]
            default:
                throw missing(path)
            }
        }
        guard case .scalar(let scalar) = node, let value = scalar.number else {
            throw InputError(file: file, field: path, problem: "is not a number in configuration \"\(base.name)\"")
        }
        return value
    }

    /// The configuration with the fields at the given paths set, named `name`.
    ///
    /// - Parameters:
    ///   - values: field paths (as in ``value(at:)``) and the numbers to set them
    ///     to, applied in order; an empty list gives the template's configuration.
    ///   - name: the name of the new configuration.
    /// - Returns: the edited configuration, validated like a loaded file.
    /// - Throws: `InputError` if a path does not name a number, or if the
    ///   result is not a valid configuration (for example overlapping ranges).
    public func configuration(setting values: [(path: String, value: Double)], name: String) throws -> RiskConfiguration {
        var edited = tree
        for (path, value) in values {
            edited = try Self.set(edited, steps: Self.steps(path, file: file)[...], value: value, path: path, file: file)
        }
        edited = try Self.set(edited, steps: [.key("name")][...], string: name, file: file)
        do {
            return try ConfigurationLoader.configuration(from: edited, file: file, trlValueMapping: nil)
        } catch let error as InputError {
            throw InputError(file: file, field: error.field, problem: "configuration \"\(name)\": \(error.problem)")
        }
    }

    enum Step: Equatable {
        case key(String)
        case index(Int)
    }

    static func steps(_ path: String, file: String) throws -> [Step] {
        var steps: [Step] = []
        for part in path.split(separator: ".", omittingEmptySubsequences: false) {
            var text = Substring(part)
            let keyEnd = text.firstIndex(of: "[") ?? text.endIndex
            let key = text[..<keyEnd]
            guard !key.isEmpty else { throw InputError(file: file, field: path, problem: "is not a field path (empty name)") }
            steps.append(.key(String(key)))
            text = text[keyEnd...]
            while !text.isEmpty {
                guard text.first == "[", let close = text.firstIndex(of: "]"),
                    let index = Int(text[text.index(after: text.startIndex)..<close]), index >= 0
                else {
                    throw InputError(file: file, field: path, problem: "is not a field path (bad [index])")
                }
                steps.append(.index(index))
                text = text[text.index(after: close)...]
            }
        }
        return steps
    }

    func missing(_ path: String) -> InputError {
        InputError(file: file, field: path, problem: "no such field in configuration \"\(base.name)\" (scheme \(base.scheme.identifier))")
    }

    static func set(
        _ node: DocumentTree, steps: ArraySlice<Step>, value: Double? = nil, string: String? = nil, path: String = "name", file: String
    ) throws -> DocumentTree {
        guard let step = steps.first else {
            if let string { return .scalar(DocumentScalar(text: string, isQuoted: true)) }
            guard case .scalar(let scalar) = node, scalar.number != nil, let value else {
                throw InputError(file: file, field: path, problem: "is not a number, so it cannot be swept")
            }
            // Swift's description of a Double reads back as the same Double.
            let text = value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
            return .scalar(DocumentScalar(text: text, isQuoted: false))
        }
        let rest = steps.dropFirst()
        switch (step, node) {
        case (.key(let key), .map(var pairs)):
            guard let at = pairs.firstIndex(where: { $0.key == key }) else {
                throw InputError(file: file, field: path, problem: "no such field (\(key) is not in the configuration)")
            }
            pairs[at].value = try set(pairs[at].value, steps: rest, value: value, string: string, path: path, file: file)
            return .map(pairs)
        case (.index(let index), .list(var items)):
            guard items.indices.contains(index) else {
                throw InputError(
                    file: file, field: path, problem: "no such field (index \(index) is beyond the list's \(items.count) entries)")
            }
            items[index] = try set(items[index], steps: rest, value: value, string: string, path: path, file: file)
            return .list(items)
        default:
            throw InputError(file: file, field: path, problem: "no such field")
        }
    }
}
