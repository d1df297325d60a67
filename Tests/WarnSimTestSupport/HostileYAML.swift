/// YAML texts that attack a reader, shared by the tests of the YAML screen.
public enum HostileYAML {
    /// "Billion laughs": ten levels of nine aliases each, 9^10 (3.5 billion)
    /// scalars once expanded, from about 560 bytes; its first anchor is `&l0` on line 1.
    public static let billionLaughs: String = {
        var lines = ["l0: &l0 [\"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\"]"]
        for level in 1...9 {
            lines.append("l\(level): &l\(level) [\(Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", "))]")
        }
        return lines.joined(separator: "\n") + "\n"
    }()
}
