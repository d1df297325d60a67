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
    static func wrap(_ text: String, fontSize: Double, maxWidth: Double) -> [String] {
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
