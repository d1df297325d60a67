import Foundation

/// Reading a value through its ``ScenarioField`` declaration: the key, the
/// range or choices and the default all come from the declaration, so a
/// section's parser states none of them again.
extension DocumentSection {
    /// A real-number field.
    package func double(_ field: ScenarioField) throws(InputError) -> Double {
        guard case .real(let range) = field.kind else { preconditionFailure("\(field.key) is not a real number") }
        switch field.presence {
        case .defaulted(.real(let value)): return try double(field.leaf, in: range, default: value)
        default: return try double(field.leaf, in: range)
        }
    }

    /// An optional real-number field: nil when absent.
    package func optionalDouble(_ field: ScenarioField) throws(InputError) -> Double? {
        has(field.leaf) ? try double(field) : nil
    }

    /// An integer field.
    package func int(_ field: ScenarioField) throws(InputError) -> Int {
        guard case .integer(let range) = field.kind else { preconditionFailure("\(field.key) is not an integer") }
        switch field.presence {
        case .defaulted(.integer(let value)): return try int(field.leaf, in: range, default: value)
        default: return try int(field.leaf, in: range)
        }
    }

    /// A field holding a list of real numbers.
    package func doubles(_ field: ScenarioField) throws(InputError) -> [Double] {
        guard case .reals(let range, let count) = field.kind else { preconditionFailure("\(field.key) is not a list of numbers") }
        switch field.presence {
        case .defaulted(.reals(let values)): return try doubles(field.leaf, in: range, count: count, default: values)
        default: return try doubles(field.leaf, in: range, count: count)
        }
    }

    /// A text, date, identifier, choice or flag field, as written.
    package func string(_ field: ScenarioField) throws(InputError) -> String {
        let fallback: String? =
            switch field.presence {
            case .defaulted(let value): value.description
            default: nil
            }
        switch field.kind {
        case .choice(let words): return try choice(field.leaf, from: words, default: fallback)
        case .flag: return try choice(field.leaf, from: ["true", "false"], default: fallback)
        case .identifier: return try identifier(field.leaf, default: fallback ?? "")
        case .text, .date, .file:
            if let fallback { return try string(field.leaf, default: fallback) }
            return try string(field.leaf)
        default: preconditionFailure("\(field.key) is not text")
        }
    }

    /// An optional text field: nil when absent (it still counts as expected).
    package func optionalString(_ field: ScenarioField) throws(InputError) -> String? {
        guard has(field.leaf) else {
            skip(field.leaf)
            return nil
        }
        return try string(field)
    }

    /// A `true`/`false` field.
    package func bool(_ field: ScenarioField) throws(InputError) -> Bool { try string(field) == "true" }

    /// A file field, resolved against `folder` (it must exist).
    package func file(_ field: ScenarioField, relativeTo folder: URL) throws(InputError) -> URL {
        guard case .file = field.kind else { preconditionFailure("\(field.key) is not a file") }
        return try file(field.leaf, relativeTo: folder)
    }

    /// A required structured field's mapping.
    package func section(_ field: ScenarioField) throws(InputError) -> DocumentSection { try section(field.leaf) }

    /// An optional structured field's mapping, nil when absent.
    package func optionalSection(_ field: ScenarioField) throws(InputError) -> DocumentSection? { try optionalSection(field.leaf) }

    /// Whether the field's key is present (does not count as reading it).
    package func has(_ field: ScenarioField) -> Bool { has(field.leaf) }

    /// Reads the field's value and checks it against the declaration without
    /// keeping it (files are not looked up; structured fields are not read).
    package func check(_ field: ScenarioField) throws(InputError) {
        switch field.kind {
        case .real: _ = try double(field)
        case .integer: _ = try int(field)
        case .reals: _ = try doubles(field)
        case .choice, .flag, .identifier, .text, .date: _ = try string(field)
        case .file, .structured: skip(field.leaf)
        }
    }
}
