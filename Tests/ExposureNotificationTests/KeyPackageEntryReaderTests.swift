import Foundation
import Testing
import WarnSimCore
import WarnSimTestSupport

@testable import ExposureNotification

/// Entries are extracted in one bounded call: a deflate stream that is cut
/// short, runs past its declared size or is followed by stray bytes is an
/// error naming the entry, and the package that once hung the reader is refused.
@Suite struct KeyPackageEntryReaderTests {
    /// A real package's bytes and the checked layout of its `export.bin`.
    static func deflatedEntry() throws -> (bytes: [UInt8], entry: KeyPackageArchiveLayout.Entry, plain: Data) {
        let package = try KeyExportBadInputTests.validPackage()
        let bytes = [UInt8](try package.zipData())
        let entry = try #require(try KeyPackageArchiveLayout(bytes).entries["export.bin"])
        #expect(entry.method == 8)
        return (bytes, entry, package.exportBin)
    }

    static func problem(_ entry: KeyPackageArchiveLayout.Entry, in bytes: [UInt8]) -> String? {
        do {
            _ = try KeyPackageEntryReader.bytes(of: entry, in: bytes, limit: KeyExportPackage.maximumEntryBytes)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func deflatedEntryInflatesToItsBytes() throws {
        let (bytes, entry, plain) = try Self.deflatedEntry()
        #expect(try KeyPackageEntryReader.bytes(of: entry, in: bytes, limit: KeyExportPackage.maximumEntryBytes) == plain)
    }

    @Test func streamCutShortIsRefused() throws {
        let (bytes, full, _) = try Self.deflatedEntry()
        for cut in [1, 2, full.compressedSize / 2, full.compressedSize - 1] {
            var entry = full
            entry.compressedSize = cut
            let problem = try #require(Self.problem(entry, in: bytes), "a stream of \(cut) bytes was accepted")
            #expect(problem.contains("export.bin"))
        }
    }

    @Test func moreBytesThanDeclaredAreRefused() throws {
        let (bytes, full, _) = try Self.deflatedEntry()
        var entry = full
        entry.uncompressedSize = full.uncompressedSize / 2
        #expect(Self.problem(entry, in: bytes)?.contains("more than the \(entry.uncompressedSize) bytes declared") == true)
        entry.uncompressedSize = full.uncompressedSize - 1
        #expect(Self.problem(entry, in: bytes)?.contains("\(full.uncompressedSize) bytes inflated") == true)
        entry.uncompressedSize = full.uncompressedSize + 1
        #expect(Self.problem(entry, in: bytes)?.contains("\(full.uncompressedSize) bytes inflated") == true)
    }

    @Test func bytesAfterTheStreamAreRefused() throws {
        let (bytes, full, _) = try Self.deflatedEntry()
        var entry = full
        entry.compressedSize += 1  // the first byte of export.sig's local header
        #expect(Self.problem(entry, in: bytes)?.contains("follow the end of the deflate stream") == true)
    }

    @Test func storedEntriesAreCheckedToo() throws {
        let plain: [UInt8] = Array("stored bytes".utf8)
        var entry = KeyPackageArchiveLayout.Entry(
            name: "export.sig", flags: 0, method: 0, crc32: ZipCRC32.checksum(plain),
            compressedSize: plain.count, uncompressedSize: plain.count, localHeaderOffset: 0)
        #expect(try KeyPackageEntryReader.bytes(of: entry, in: plain, limit: 100) == Data(plain))
        entry.crc32 ^= 1
        #expect(Self.problem(entry, in: plain)?.contains("CRC") == true)
        entry.crc32 ^= 1
        entry.uncompressedSize += 1
        #expect(Self.problem(entry, in: plain)?.contains("stored with") == true)
    }

    @Test func declaredSizeAboveTheLimitIsRefusedBeforeInflating() throws {
        let (bytes, full, _) = try Self.deflatedEntry()
        #expect(throws: KeyExportError.entryTooLarge("export.bin", full.uncompressedSize)) {
            _ = try KeyPackageEntryReader.bytes(of: full, in: bytes, limit: full.uncompressedSize - 1)
        }
    }

    /// The 505-byte package the long fuzz run found: ZIPFoundation's reader
    /// looped forever on it; now it is refused at once. The read runs on its
    /// own thread and must finish within 60 s of wall time from the test's
    /// start (a time-limit trait would also count the time the test waits for
    /// a thread of the pool while the suite's heavy tests run).
    @Test func fuzzFoundHangIsRefused() throws {
        let url = try ReferenceData.url("fuzz/key-package-inflate-hang.zip")
        let outcome = ReadOutcome()
        let finished = DispatchSemaphore(value: 0)
        let reader = Thread {
            do {
                _ = try KeyExportPackage.read(contentsOf: url)
                outcome.set("accepted")
            } catch {
                outcome.set(String(describing: error))
            }
            finished.signal()
        }
        reader.start()
        guard finished.wait(timeout: .now() + 60) == .success else {
            Issue.record("reading the package that hung the reader took more than 60 s")
            return
        }
        let description = try #require(outcome.get())
        #expect(description != "accepted", "the package that hung the reader was accepted")
        #expect(description.contains("key-package-inflate-hang.zip"))
        #expect(description.contains("export.bin"))
        #expect(description.contains("cut short"))
    }

    /// What the reader thread found, read by the test once it has finished.
    final class ReadOutcome: @unchecked Sendable {
        private let lock = NSLock()
        private var value: String?
        func set(_ text: String) { lock.withLock { value = text } }
        func get() -> String? { lock.withLock { value } }
    }
}
