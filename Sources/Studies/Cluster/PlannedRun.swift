import Analysis
import Foundation
import WarnSimCore

/// What the plan records for one task, read back from the `arguments` of its
/// line in `tasks.tsv` (`simulate SCENARIO --seed N --out … --no-timings
/// [--days D] [--no-counterfactual] [--set FIELD=VALUE]…`): the run
/// `cluster merge` expects to find in the task's folder.
struct PlannedRun: Sendable, Equatable {
    /// The scenario file's path, as the task runs it.
    var scenario: String
    /// `--seed`.
    var seed: UInt64
    /// `--days`, nil for the scenario's own.
    var days: Int?
    /// False with `--no-counterfactual`.
    var counterfactual: Bool
    /// The `--set` overrides, as `simulate` records them in `manifest.json`.
    var overrides: [String]

    /// Reads `arguments`; nil when they are not a `simulate` line of a plan.
    init?(arguments: String) {
        guard let words = Self.words(arguments), words.count >= 2, words[0] == "simulate" else { return nil }
        scenario = words[1]
        var seed: UInt64?
        days = nil
        counterfactual = true
        overrides = []
        var index = 2
        while index < words.count {
            let word = words[index]
            let value = index + 1 < words.count ? words[index + 1] : nil
            switch word {
            case "--no-counterfactual", "--no-timings":
                if word == "--no-counterfactual" { counterfactual = false }
                index += 1
                continue
            case "--seed":
                guard let value, let number = UInt64(value) else { return nil }
                seed = number
            case "--days":
                guard let value, let number = Int(value) else { return nil }
                days = number
            case "--set":
                guard let value, let field = try? FieldOverride(parsing: value) else { return nil }
                overrides.append(field.description)
            case "--out", "--threads":
                guard value != nil else { return nil }
            default:
                return nil
            }
            index += 2
        }
        guard let seed else { return nil }
        self.seed = seed
    }

    /// The words of `text` as a POSIX shell splits them (spaces between
    /// words, single quotes, backslash escapes): the inverse of
    /// ``ShellWords/join(_:)``; nil for an unterminated quote or escape.
    static func words(_ text: String) -> [String]? {
        var words: [String] = []
        var word = ""
        var inWord = false
        var characters = text.makeIterator()
        while let character = characters.next() {
            switch character {
            case " ", "\t":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "'":
                inWord = true
                var closed = false
                while let quoted = characters.next() {
                    if quoted == "'" {
                        closed = true
                        break
                    }
                    word.append(quoted)
                }
                guard closed else { return nil }
            case "\\":
                guard let escaped = characters.next() else { return nil }
                word.append(escaped)
                inWord = true
            default:
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    /// The digests the plan's `manifest.json` records for the file at
    /// `path`: its `inputs` name files relative to the study's folder
    /// (`../scenarios/village-2k.yaml`), so the entries whose path, without
    /// its leading `..`, ends `path` most specifically.
    static func plannedDigests(of path: String, inputs: [String: JSONValue]) -> [String] {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        var best = 0
        var digests: [String] = []
        for (name, value) in inputs {
            guard case .string(let digest) = value else { continue }
            let tail = Array(name.split(separator: "/").map(String.init).drop { $0 == ".." || $0 == "." })
            guard !tail.isEmpty, tail.count <= target.count, Array(target.suffix(tail.count)) == tail else { continue }
            if tail.count > best {
                best = tail.count
                digests = [digest]
            } else if tail.count == best {
                digests.append(digest)
            }
        }
        return digests.sorted()
    }
}
