/// A problem with something the user gave WarnSim: a file, a field in it, or a
/// command-line value. The message names all three so that the user can fix the
/// input without reading code; the command line maps it to exit code 2.
public struct InputError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file (or `"<argument>"` for a command-line value).
    public var file: String
    /// The field path inside the file, if the problem is in one field.
    public var field: String?
    /// What is wrong, phrased for the user.
    public var problem: String

    public init(file: String, field: String? = nil, problem: String) {
        self.file = file
        self.field = field
        self.problem = problem
    }

    public var description: String {
        if let field { return "\(file): \(field): \(problem)" }
        return "\(file): \(problem)"
    }
}
