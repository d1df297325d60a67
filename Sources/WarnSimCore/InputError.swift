/// A problem with something the user gave WarnSim: a file, a field in it, or a
/// command-line value. The message names all three so that the user can fix the
/// input without reading code; the command line maps it to exit code 2.
public struct InputError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file (or ``argument`` for a command-line value).
    public var file: String
    /// The `file` of a problem with a command-line value rather than a file.
    public static let argument = "<argument>"
    /// The field path inside the file, if the problem is in one field.
    public var field: String?
    /// What is wrong, phrased for the user.
    public var problem: String

    public init(file: String, field: String? = nil, problem: String) {
        self.file = file
        self.field = field
        self.problem = problem
    }

    /// The longest file name, field path or single word (a value echoed from
    /// the input) shown in full; longer ones are cut and elided.
    public static let maximumWordLength = 200
    /// The longest problem text shown in full (a whole file echoed into it is cut).
    public static let maximumProblemLength = 1_000

    /// `file: field: problem`, each part cut to a readable length so that a
    /// 100 KB value or a whole file echoed into the error stays one short
    /// message: a word longer than ``maximumWordLength`` characters, or a
    /// problem longer than ``maximumProblemLength``, ends in `…(N more characters)`.
    public var description: String {
        let problem = Self.elide(Self.elideWords(problem), limit: Self.maximumProblemLength)
        // A command-line value is named by its option alone (`--seeds: …`), not by the placeholder file.
        let file = self.file == Self.argument ? nil : Self.elide(file, limit: Self.maximumWordLength)
        let field = field.map { Self.elide($0, limit: Self.maximumWordLength) }
        return ([file, field].compactMap { $0 } + [problem]).joined(separator: ": ")
    }

    /// `text` cut to `limit` characters, with the number of characters left out.
    public static func elide(_ text: String, limit: Int) -> String {
        let count = text.count
        guard count > limit else { return text }
        return String(text.prefix(limit)) + "…(\(count - limit) more characters)"
    }

    /// `text` with every space-separated word longer than ``maximumWordLength`` elided.
    static func elideWords(_ text: String) -> String {
        guard text.utf8.count > maximumWordLength else { return text }
        return text.split(separator: " ", omittingEmptySubsequences: false)
            .map { $0.count > maximumWordLength ? elide(String($0), limit: maximumWordLength) : String($0) }
            .joined(separator: " ")
    }
}
