import Analysis
import Foundation
import Plot
import WarnSimCore

/// The building blocks every section uses: number formats, tables, inline
/// figures and cautions. Figures are the SVG the Analysis module draws (the
/// same code writes the commands' `.svg` files), inlined without their XML
/// declaration so the report is one self-contained file.
package enum ReportHTML {
    /// `value` with `digits` decimals; `–` when undefined.
    package static func number(_ value: Double, _ digits: Int = 3) -> String {
        value.isFinite ? MetricsCSV.fixed(value, digits) : "–"
    }

    /// `value (low–high)`, or the value alone when the interval is undefined.
    package static func interval(_ value: Double, _ low: Double, _ high: Double, _ digits: Int = 3) -> String {
        guard low.isFinite, high.isFinite else { return number(value, digits) }
        return "\(number(value, digits)) (\(number(low, digits))–\(number(high, digits)))"
    }

    /// An integer with thousands separators.
    package static func count(_ value: Int) -> String { SVGNumber.grouped(value) }

    /// A CSV cell as shown: numbers in plain decimal notation rounded to
    /// `digits` decimals (integers kept whole), `nan` as `–`, text as is.
    package static func cell(_ text: String, digits: Int = 4) -> String {
        if text == "nan" { return "–" }
        guard let value = Double(text), text.contains(".") else { return text }
        return number(value, digits)
    }

    /// A table with a header row; `numeric` columns are right-aligned.
    package static func table(
        _ header: [String], _ rows: [[String]], numeric: Set<Int> = [], caption: String? = nil
    ) -> Node<HTML.BodyContext> {
        .table(
            .unwrap(caption) { .caption(.text($0)) },
            .thead(
                .tr(.forEach(header.enumerated()) { index, name in .th(.class(numeric.contains(index) ? "num" : "text"), .text(name)) })),
            .tbody(
                .forEach(rows) { row in
                    .tr(.forEach(row.enumerated()) { index, value in .td(.class(numeric.contains(index) ? "num" : "text"), .text(value)) })
                })
        )
    }

    /// Selected columns of a CSV table, numbers rounded.
    ///
    /// - Parameters:
    ///   - table: The table.
    ///   - columns: The columns to show, by CSV name, with their headings.
    ///   - rows: Which rows to show (all by default).
    ///   - digits: Decimals of the numbers.
    ///   - caption: The table's caption.
    /// - Returns: The table node.
    /// - Throws: ``InputError`` naming the file and the missing column.
    package static func table(
        _ table: CSVTable, columns: [(name: String, heading: String)], rows: ((Int, [String]) -> Bool)? = nil, digits: Int = 4,
        caption: String? = nil
    ) throws(InputError) -> Node<HTML.BodyContext> {
        var indices: [Int] = []
        for column in columns { indices.append(try table.column(column.name)) }
        var shown: [[String]] = []
        for (index, row) in table.rows.enumerated() where rows?(index, row) ?? true {
            shown.append(indices.map { $0 < row.count ? cell(row[$0], digits: digits) : "" })
        }
        let numeric = Set(
            indices.indices.filter { position in shown.contains { Double($0[position]) != nil } })
        return Self.table(columns.map(\.heading), shown, numeric: numeric, caption: caption)
    }

    /// A figure: the SVG inline, with a caption.
    package static func figure(_ svg: String, id: String, caption: String) -> Node<HTML.BodyContext> {
        .element(
            named: "figure",
            nodes: [
                .attribute(named: "id", value: id), .raw(inline(svg)), .element(named: "figcaption", nodes: [.text(caption)]),
            ])
    }

    /// `svg` without its XML declaration, for inlining in HTML.
    static func inline(_ svg: String) -> String {
        guard svg.hasPrefix("<?xml"), let end = svg.range(of: "?>") else { return svg }
        return String(svg[end.upperBound...]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A paragraph.
    package static func paragraph(_ text: String) -> Node<HTML.BodyContext> { .p(.text(text)) }
}
