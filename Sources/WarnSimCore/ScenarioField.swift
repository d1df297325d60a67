/// One key of a scenario section, declared once: its type and allowed values,
/// its default with the source of that default, its unit and what it means.
///
/// Each section type lists its fields in a static table (``ScenarioFieldTable``);
/// the section's parser reads every value through the table (the typed
/// ``DocumentSection`` accessors that take a field), `--set` is checked against it
/// (``ScenarioFieldTable/check(_:)``), and the key tables of
/// `Configs/scenarios/README.md` and `warnsim scenario describe` are printed from it.
package final class ScenarioField: Sendable {
    /// The key's dotted path inside its section (`home.reposition_minutes`);
    /// an element of a list is written `list[].key`.
    package let key: String
    /// The type and the allowed values.
    package let kind: ScenarioFieldKind
    /// Whether the key must be present, and what holds when it is absent.
    package let presence: ScenarioFieldPresence
    /// The unit (empty for shares, choices and text).
    package let unit: String
    /// What the value means.
    package let meaning: String
    /// Where the default (or the value the shipped scenarios state) comes from.
    package let source: String

    /// A field of `kind`; `presence` defaults to required.
    package init(
        _ key: String, _ kind: ScenarioFieldKind, _ presence: ScenarioFieldPresence = .required, unit: String = "",
        meaning: String, source: String = ""
    ) {
        self.key = key
        self.kind = kind
        self.presence = presence
        self.unit = unit
        self.meaning = meaning
        self.source = source
    }

    /// The last component of ``key``: the key inside the innermost mapping.
    package var leaf: String { key.split(separator: ".").last.map(String.init) ?? key }

    /// The default as text (`required` for a required field).
    package var shownDefault: String {
        switch presence {
        case .required: "required"
        case .optional(let absent): absent
        case .defaulted(let value): value.description
        }
    }
}

extension ScenarioField {
    /// The default of a real-number field with one.
    package var defaultReal: Double {
        guard case .defaulted(.real(let value)) = presence else { preconditionFailure("\(key) has no real default") }
        return value
    }

    /// The default of an integer field with one.
    package var defaultInteger: Int {
        guard case .defaulted(.integer(let value)) = presence else { preconditionFailure("\(key) has no integer default") }
        return value
    }

    /// The default of a list field with one.
    package var defaultReals: [Double] {
        guard case .defaulted(.reals(let values)) = presence else { preconditionFailure("\(key) has no list default") }
        return values
    }
}

extension ScenarioField {
    /// The default of a text field with one.
    package var defaultString: String {
        guard case .defaulted(.text(let value)) = presence else { preconditionFailure("\(key) has no text default") }
        return value
    }

    /// The default of a `true`/`false` field with one.
    package var defaultFlag: Bool {
        guard case .defaulted(.flag(let value)) = presence else { preconditionFailure("\(key) has no flag default") }
        return value
    }
}
