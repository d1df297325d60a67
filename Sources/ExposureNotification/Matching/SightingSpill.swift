import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the sealed sighting chunks of many phones go when a run keeps them
/// on disk instead of in memory, as the real framework keeps its sightings in
/// the phone's storage rather than in RAM.
///
/// Each UTC day's chunks are appended to one file of that day, created in
/// `folder` and unlinked at once (it disappears with its last reader, even if
/// the process is killed). A spilled chunk keeps nothing of its sightings in
/// memory: it is read back whole (`pread`) when a phone looks at its day,
/// which a phone does only when it may hold an identifier of a key it
/// downloaded (the simulation knows whose advertisements each phone
/// received, ``ExposureMatchCache``). What the phone matches is therefore
/// exactly what it would match with the chunk in memory.
///
/// I/O failures do not crash the run: a chunk that cannot be written stays in
/// memory, a chunk that cannot be read back reads as empty, and ``failure``
/// reports the first problem so that the run can stop with an error before
/// it writes anything.
public final class SightingSpill: Sendable {
    /// The folder the day files are created in.
    public let folder: URL
    private let files = Mutex<[Int64: SightingSpillFile]>([:])
    private let firstFailure = Mutex<String?>(nil)
    private let written = Atomic<Int>(0)
    private let read = Atomic<Int>(0)

    /// A spill into `folder` (created if needed).
    ///
    /// - Parameter folder: where the (unlinked) day files are created.
    /// - Throws: the file system's error if the folder cannot be created.
    public init(folder: URL) throws {
        var missing: URL?
        var ancestor = folder.standardizedFileURL
        while !FileManager.default.fileExists(atPath: ancestor.path), ancestor.path != "/" {
            missing = ancestor
            ancestor = ancestor.deletingLastPathComponent()
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.folder = folder
        createdRoot = missing
    }

    /// The outermost folder this spill created, removed again when the spill
    /// ends (its day files are unlinked at once, so it holds no data): a run
    /// leaves no folder tree behind outside its output.
    private let createdRoot: URL?

    deinit {
        guard let createdRoot, Self.holdsOnlyFolders(createdRoot) else { return }
        try? FileManager.default.removeItem(at: createdRoot)
    }

    /// Whether `folder` and every folder inside it hold nothing but folders.
    static func holdsOnlyFolders(_ folder: URL) -> Bool {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return false }
        return entries.allSatisfy { name in
            let url = folder.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
                && holdsOnlyFolders(url)
        }
    }

    /// The first I/O problem, if any.
    public var failure: String? { firstFailure.withLock { $0 } }

    /// Bytes written so far (all days, expired or not).
    public var bytesWritten: Int { written.load(ordering: .relaxed) }

    /// Bytes read back so far.
    public var bytesRead: Int { read.load(ordering: .relaxed) }

    /// Appends a sealed chunk's buffer to its day's file.
    ///
    /// - Returns: the file and the offset, or nil if it could not be written
    ///   (the failure is recorded).
    func append(_ words: [UInt64], day: Int64) -> (file: SightingSpillFile, offset: Int64)? {
        let file: SightingSpillFile
        do {
            file = try files.withLock { files in
                if let existing = files[day] { return existing }
                let created = try SightingSpillFile(
                    path: folder.appendingPathComponent("sightings-\(day)-\(UUID().uuidString).bin").path,
                    onFailure: { [weak self] problem in self?.record(problem) },
                    onRead: { [weak self] bytes in self?.read.add(bytes, ordering: .relaxed) })
                files[day] = created
                return created
            }
        } catch {
            record("cannot create a sighting file in \(folder.path): \(error)")
            return nil
        }
        guard let offset = file.append(words) else {
            record("cannot write sightings to \(folder.path): \(String(cString: strerror(errno)))")
            return nil
        }
        written.add(8 * words.count, ordering: .relaxed)
        return (file, offset)
    }

    /// Lets go of the files of days before `day`: each is closed (and its disk
    /// space freed) once the last chunk that refers to it has expired.
    ///
    /// - Parameter day: the first UTC day still retained.
    public func release(daysBefore day: Int64) {
        files.withLock { files in files = files.filter { $0.key >= day } }
    }

    func record(_ problem: String) {
        firstFailure.withLock { if $0 == nil { $0 = problem } }
    }
}

/// One day's file of a ``SightingSpill``: appended under a lock, read without
/// one (`pread` is safe from any thread).
final class SightingSpillFile: Sendable {
    private let descriptor: Int32
    private let end = Mutex<Int64>(0)
    /// Reports a read failure to the spill that owns the file.
    private let onFailure: @Sendable (String) -> Void
    /// Counts the bytes of each read for the spill that owns the file.
    private let onRead: @Sendable (Int) -> Void

    init(path: String, onFailure: @escaping @Sendable (String) -> Void, onRead: @escaping @Sendable (Int) -> Void) throws {
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        unlink(path)
        descriptor = fd
        self.onFailure = onFailure
        self.onRead = onRead
    }

    deinit { close(descriptor) }

    /// Writes `words` at the end of the file; returns their offset, or nil on failure.
    func append(_ words: [UInt64]) -> Int64? {
        let count = 8 * words.count
        let offset = end.withLock { end in
            defer { end += Int64(count) }
            return end
        }
        let complete = words.withUnsafeBytes { PositionalIO.write($0, to: descriptor, at: offset) }
        return complete ? offset : nil
    }

    /// Reads `words` 8-byte words at `offset`; nil on failure.
    func read(at offset: Int64, words: Int) -> [UInt64]? {
        var buffer = [UInt64](repeating: 0, count: words)
        let complete = buffer.withUnsafeMutableBytes { PositionalIO.read(into: $0, from: descriptor, at: offset) }
        guard complete else {
            onFailure("cannot read sightings back (\(String(cString: strerror(errno))))")
            return nil
        }
        onRead(8 * words)
        return buffer
    }
}

/// Whole-buffer `pwrite` and `pread` at an offset, retried after
/// interruptions and short transfers, for the files runs keep on disk
/// (``SightingSpill``, the encounter ledger's days).
package enum PositionalIO {
    /// Writes all of `bytes` at `offset` of `descriptor`; false on failure.
    package static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, at offset: Int64) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset) + off_t(done))
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }

    /// Fills all of `buffer` from `offset` of `descriptor`; false on failure.
    package static func read(into buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32, at offset: Int64) -> Bool {
        var done = 0
        while done < buffer.count {
            let n = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset) + off_t(done))
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }
}

/// A run stopped because its sighting files could not be written or read
/// (a full disk, a removed folder).
public struct SightingSpillFailure: Error, CustomStringConvertible {
    public var problem: String

    public init(problem: String) { self.problem = problem }

    public var description: String { "the sightings kept on disk failed: \(problem)" }
}
