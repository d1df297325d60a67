import Foundation

/// Width estimates and line wrapping for chart text. SVG has no text layout of
/// its own; a chart has to decide where lines break and whether a label fits
/// before a viewer picks the font. The estimate is deliberately generous
/// (0.6 em per character, about the average advance of DejaVu Sans, wider than
/// Helvetica or Arial), so text that fits by the estimate fits on screen.
enum TextLayout {
    /// Average advance per character, in em.
    static let averageAdvance = 0.6

    /// Estimated width in pixels of `text` at `fontSize`.
    static func width(_ text: String, fontSize: Double) -> Double {
        Double(text.count) * averageAdvance * fontSize
    }

    /// `text` broken at spaces into lines no wider than `maxWidth` by the
    /// estimate; a single word wider than that stays whole on its own line.
    /// Text too wide for one line breaks after each ` — ` first (titles such
    /// as "Precision and recall of … — label: …" read best split there).
    static func wrap(_ text: String, fontSize: Double, maxWidth: Double) -> [String] {
        let dash = " \u{2014} "
        if width(text, fontSize: fontSize) > maxWidth && text.contains(dash) {
            let pieces = text.components(separatedBy: dash)
            return pieces.enumerated().flatMap { index, piece in
                wrapAtSpaces(index < pieces.count - 1 ? piece + " \u{2014}" : piece, fontSize: fontSize, maxWidth: maxWidth)
            }
        }
        return wrapAtSpaces(text, fontSize: fontSize, maxWidth: maxWidth)
    }

    private static func wrapAtSpaces(_ text: String, fontSize: Double, maxWidth: Double) -> [String] {
        var lines = [String]()
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if !line.isEmpty && width(candidate, fontSize: fontSize) > maxWidth {
                lines.append(line)
                line = String(word)
            } else {
                line = candidate
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
