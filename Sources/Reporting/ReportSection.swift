import Plot
import WarnSimCore

/// One part of a report: what an ensemble, a sweep, a tune or a comparison
/// says, with the cautions its data call for and what it was made from.
package struct ReportSection {
    /// The anchor of the section (`ensemble`, `sweep-1`, …).
    package var id: String
    package var title: String
    /// One or two sentences that answer the section's question.
    package var headline: String
    /// The body: tables, figures, paragraphs.
    package var body: [Node<HTML.BodyContext>]
    /// Plain-language warnings where the data are thin or the answer is unsure.
    package var cautions: [String]
    /// What the section was made from.
    package var provenance: Provenance

    package init(
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
package struct Provenance: Sendable {
    package var version: String
    package var folder: String
    package var inputs: [(name: String, digest: String)]
    package var commands: [String]

    package init(version: String, folder: String, inputs: [(name: String, digest: String)], commands: [String]) {
        self.version = version
        self.folder = folder
        self.inputs = inputs
        self.commands = commands
    }
}
