import Foundation

/// A YAML document that may extend another: a top-level `base: NAME` names a
/// file in the same folder whose document this one starts from. Mappings
/// merge key by key, this document's values replacing the base's (a list or a
/// scalar replaces the base's value whole); a base may have a base of its
/// own, but no file may appear twice in the chain. Used by scenario files, so
/// that a scenario that differs from another in a few values states only
/// those (`Configs/scenarios/city-100k.yaml` extends `town-10k.yaml`).
package struct BaseDocument {
    /// The merged document, `base` removed, with the overrides applied.
    package var section: DocumentSection
    /// The same document as a tree.
    package var tree: DocumentTree
    /// The base files, nearest first (empty when the document has no `base`).
    package var bases: [URL]

    /// Reads `url`, follows its `base` chain and applies `overrides` to the merged document.
    ///
    /// - Throws: ``InputError`` naming the file and `base` when the base is not
    ///   a plain file name, does not exist or closes a cycle; the reader's own
    ///   errors for malformed YAML. Errors in the merged values name the file
    ///   and its base chain.
    package static func load(_ url: URL, overrides: [FieldOverride] = []) throws(InputError) -> BaseDocument {
        var chain = [url.standardizedFileURL]
        var root = try compose(url, chain: &chain)
        let bases = Array(chain.dropFirst())
        let file =
            bases.isEmpty ? url.path : "\(url.path) (with base \(bases.map(\.lastPathComponent).joined(separator: ", ")))"
        for override in overrides { root = try override.apply(to: root, file: file) }
        return BaseDocument(section: try DocumentSection(root, file: file, path: ""), tree: root, bases: bases)
    }

    static func compose(_ url: URL, chain: inout [URL]) throws(InputError) -> DocumentTree {
        guard let root = try DocumentTree.compose(try DocumentSection.readText(url), file: url.path) else {
            throw InputError(file: url.path, problem: "the document is empty")
        }
        guard case .map(var entries) = root, let baseIndex = entries.firstIndex(where: { $0.key == "base" }) else { return root }
        let baseValue = entries[baseIndex].value
        guard case .scalar(let scalar) = baseValue, !scalar.text.isEmpty, !scalar.text.contains("/"), scalar.text.hasSuffix(".yaml")
        else {
            throw InputError(
                file: url.path, field: "base",
                problem: "expected the name of a .yaml file in the same folder (such as town-10k.yaml), found \(baseValue.described)")
        }
        let baseURL = url.deletingLastPathComponent().appendingPathComponent(scalar.text).standardizedFileURL
        guard !chain.contains(baseURL) else {
            throw InputError(
                file: url.path, field: "base",
                problem: "\(scalar.text) is already in the chain (\(chain.map(\.lastPathComponent).joined(separator: " → "))): a cycle")
        }
        guard FileManager.default.fileExists(atPath: baseURL.path) else {
            throw InputError(file: url.path, field: "base", problem: "file not found: \(baseURL.path)")
        }
        chain.append(baseURL)
        let base = try compose(baseURL, chain: &chain)
        entries.remove(at: baseIndex)
        return merge(.map(entries), over: base)
    }

    /// `derived` laid over `base`: mappings merge key by key (base keys first, in
    /// their order, then keys only `derived` has); anything else replaces whole.
    static func merge(_ derived: DocumentTree, over base: DocumentTree) -> DocumentTree {
        guard case .map(let top) = derived, case .map(var merged) = base else { return derived }
        for entry in top {
            if let at = merged.firstIndex(where: { $0.key == entry.key }) {
                merged[at].value = merge(entry.value, over: merged[at].value)
            } else {
                merged.append(entry)
            }
        }
        return .map(merged)
    }
}
