import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Writes output files so that a reader never sees a half-written one: the
/// bytes go to a temporary file in the destination's folder, which is renamed
/// over the destination only when complete (Outputs/README.md: a folder is written whole or not at all).
public enum AtomicFile {
    /// Writes `data` to `url` atomically, creating the parent folder if needed.
    public static func write(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).partial")
        do {
            try data.write(to: temporary)
            // rename(2) replaces the destination atomically on POSIX systems.
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Writes UTF-8 `text` to `url` atomically.
    public static func write(_ text: String, to url: URL) throws {
        try write(Data(text.utf8), to: url)
    }
}
