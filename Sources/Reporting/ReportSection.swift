import Plot
import WarnSimCore

/// One part of a report: what an ensemble, a sweep, a tune or a comparison
/// says, with the cautions its data call for and what it was made from.
public struct ReportSection {
    /// The anchor of the section (`ensemble`, `sweep-1`, …).
    public var id: String
    public var title: String
    /// One or two sentences that answer the section's question.
    public var headline: String
    /// The body: tables, figures, paragraphs.
    public var body: [Node<HTML.BodyContext>]
    /// Plain-language warnings where the data are thin or the answer is unsure.
    public var cautions: [String]
    /// What the section was made from.
    public var provenance: Provenance

    public init(
        id: String, title: String, headline: String, body: [Node<HTML.BodyContext>], cautions: [String], provenance: Provenance
    ) {
        self.id = id
        self.title = title
        self.headline = headline
        self.body = body
        self.cautions = cautions
        self.provenance = provenance
    }
}

/// What a section was made from: the WarnSim version, the folder, every
/// input's hash and the commands that reproduce it.
public struct Provenance: Sendable {
    public var version: String
    public var folder: String
    public var inputs: [(name: String, digest: String)]
    public var commands: [String]

    public init(version: String, folder: String, inputs: [(name: String, digest: String)], commands: [String]) {
        self.version = version
        self.folder = folder
        self.inputs = inputs
        self.commands = commands
    }
}
