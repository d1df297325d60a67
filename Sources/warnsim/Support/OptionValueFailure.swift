import WarnSimCore

/// An ArgumentParser failure that is about an option's value (one that does
/// not parse, or is missing) rather than about the command line's shape,
/// recognised from ArgumentParser's message ("The value 'x' is invalid for
/// '--days <days>'", "Missing value for '--days <days>'").
struct OptionValueFailure {
    /// The option (`--days`) or argument (`<days>`) whose value is wrong.
    var option: String
    /// ArgumentParser's message.
    var message: String

    init?(message: String) {
        let markers = ["' is invalid for '", "Missing value for '"]
        guard let marker = markers.lazy.compactMap({ message.range(of: $0) }).first else { return nil }
        let rest = message[marker.upperBound...]
        let name = rest.hasPrefix("<") ? rest.prefix { $0 != "'" } : rest.prefix { $0 != " " && $0 != "'" }
        guard !name.isEmpty else { return nil }
        option = String(name)
        self.message = message
    }

    /// The input error the command line reports (exit 2).
    var error: InputError {
        var problem = message
        if message.hasPrefix("Missing value") {
            problem += " (a value that starts with '-' is read as an option name)"
        }
        return InputError(file: "<argument>", field: option, problem: problem)
    }
}
