import WarnSimCore

/// A tiny SVG writer: elements with attributes in the order given, text
/// escaped for XML, nothing else. It knows nothing about charts; the charts in
/// this folder draw on it. Output depends only on the calls made, so the same
/// calls give byte-identical documents.
///
/// ```swift
/// var svg = SVGDocument(width: 100, height: 50)
/// svg.element("rect", ["x": "0", "y": "0", "width": "100", "height": "50", "fill": "white"])
/// svg.element("text", ["x": "50", "y": "30", "text-anchor": "middle"], text: "A < B")
/// let text = svg.rendered()
/// ```
package struct SVGDocument: Sendable {
    private var body = ""
    private var openElements = [String]()
    private let width: Double
    private let height: Double

    /// A document of `width` × `height` pixels (also its view box).
    package init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Opens an element that later calls nest into, until `close()`.
    package mutating func open(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
        indent()
        body += "<" + name
        append(attributes)
        body += ">\n"
        openElements.append(name)
    }

    /// Closes the element opened last.
    package mutating func close() {
        guard let name = openElements.popLast() else { preconditionFailure("close() without open()") }
        indent()
        body += "</" + name + ">\n"
    }

    /// A complete element: empty, or holding `text` (escaped).
    package mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String>, text: String? = nil) {
        indent()
        body += "<" + name
        append(attributes)
        if let text {
            body += ">" + Self.escape(text) + "</" + name + ">\n"
        } else {
            body += "/>\n"
        }
    }

    /// The whole document: XML declaration, `<svg>` root, the elements, with
    /// every open element closed.
    package func rendered() -> String {
        var copy = self
        while !copy.openElements.isEmpty { copy.close() }
        let w = SVGNumber.pixel(width)
        let h = SVGNumber.pixel(height)
        return #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
            + #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(w)" height="\#(h)" viewBox="0 0 \#(w) \#(h)">"# + "\n"
            + copy.body + "</svg>\n"
    }

    /// `text` with the five XML special characters replaced by entities, and
    /// characters XML 1.0 cannot hold (control characters other than tab,
    /// newline and carriage return) replaced by U+FFFD.
    package static func escape(_ text: String) -> String { TextEscaping.xml(text) }

    private mutating func append(_ attributes: KeyValuePairs<String, String>) {
        for (key, value) in attributes {
            body += " " + key + "=\"" + Self.escape(value) + "\""
        }
    }

    private mutating func indent() {
        body += String(repeating: " ", count: openElements.count)
    }
}
