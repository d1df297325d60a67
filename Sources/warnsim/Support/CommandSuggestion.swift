import ArgumentParser

/// A misspelled subcommand (`warnsim simulat …`, `warnsim radio chek`) is
/// named with the nearest real one, instead of ArgumentParser's "unexpected
/// arguments": the words of the command line are followed down the command
/// tree until one is not a subcommand where a subcommand was expected.
enum CommandSuggestion {
    /// A command's name and its subcommands.
    struct Node {
        var name: String
        var children: [Node]

        init(_ type: any ParsableCommand.Type) {
            let configuration = type.configuration
            name = configuration.commandName ?? ""
            var children: [Node] = []
            for child in configuration.subcommands { children.append(Node(child)) }
            self.children = children
        }
    }

    /// The message for `arguments` (without the program name), or nil when
    /// every word before the first option names a subcommand.
    static func message(root: Node, arguments: [String]) -> String? {
        var command = root
        var path = [root.name]
        for word in arguments {
            // ArgumentParser's own `help` command is not among the subcommands.
            guard !command.children.isEmpty, !word.hasPrefix("-"), word != "help" else { return nil }
            if let child = command.children.first(where: { $0.name == word }) {
                command = child
                path.append(word)
                continue
            }
            let names = command.children.map(\.name)
            var nearest: (name: String, distance: Int)?
            for name in names {
                let d = distance(name, word)
                if nearest == nil || d < nearest!.distance { nearest = (name, d) }
            }
            let known = "the commands of `\(path.joined(separator: " "))` are \(names.joined(separator: ", "))"
            if let nearest, nearest.distance <= max(2, word.count / 3) {
                return "'\(word)' is not a command; did you mean `\(path.joined(separator: " ")) \(nearest.name)`? (\(known))"
            }
            return "'\(word)' is not a command; \(known)"
        }
        return nil
    }

    /// Levenshtein distance (insertions, deletions, substitutions).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [Int](repeating: 0, count: b.count + 1)
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            previous = current
        }
        return previous[b.count]
    }
}
