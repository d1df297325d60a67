import Foundation
import WarnSimCore

/// One saved chunk of a resumable sweep (`.partial/chunk-NNNNN.csv`): the
/// chunk's `metrics.csv` rows, then a line `# sha256:HEX` with the SHA-256 of
/// the rows. A chunk is reused only if the checksum matches and its rows carry
/// exactly the configuration ids the chunk stands for, in order; an edited,
/// truncated or swapped chunk is recomputed, so it can never change the final
/// `metrics.csv`.
enum ChunkFile {
    /// The file contents for `rows` (each ending in a newline).
    static func contents(rows: String) -> String {
        rows + "# " + RunManifest.digest(Data(rows.utf8)) + "\n"
    }

    /// The rows of a saved chunk, each with its newline, or `nil` if the file is
    /// absent, its checksum does not match, or its rows are not those of `ids`.
    ///
    /// - Parameters:
    ///   - data: the file's bytes, or `nil` if it could not be read.
    ///   - ids: the configuration ids of the chunk, in order.
    /// - Returns: one row per id, or `nil`.
    static func rows(of data: Data?, ids: [String]) -> [String]? {
        guard let data, let text = String(data: data, encoding: .utf8), text.hasSuffix("\n") else { return nil }
        let body = text.dropLast()
        guard let split = body.lastIndex(of: "\n").map({ body.index(after: $0) }) ?? (body.hasPrefix("# ") ? body.startIndex : nil)
        else { return nil }
        let rows = String(text[..<split])
        guard String(body[split...]) == "# " + RunManifest.digest(Data(rows.utf8)) else { return nil }
        let lines = rows.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { String($0) + "\n" }
        guard lines.count == ids.count else { return nil }
        for (line, id) in zip(lines, ids) where !line.hasPrefix(MetricsCSV.escape(id) + ",") { return nil }
        return lines
    }
}
