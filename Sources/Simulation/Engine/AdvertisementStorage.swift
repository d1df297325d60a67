import ExposureNotification
import Foundation

/// The memory of a day's advertisement table (``DayAdvertisements``: an RPI
/// and an AEM per key and interval, about 20 bytes × 144 per app phone), kept
/// from day to day by its run.
///
/// A fresh table each day cost its pages' first touch every day: at 100,000
/// people that is 104 MB of page faults a day, more than deriving the
/// identifiers themselves. With memory economy (sightings on disk) the run
/// hands the pages back after the day's scans (``release()``) and pays the
/// faults again, so the table does not stay resident through the day's
/// detections. Not thread-safe: one run uses it, one day at a time.
package final class AdvertisementStorage: @unchecked Sendable {
    private(set) var rpi: UnsafeMutablePointer<KeyBytes>
    private(set) var aem: UnsafeMutablePointer<UInt32>
    private(set) var capacity: Int

    package init() {
        capacity = 0
        rpi = .allocate(capacity: 1)
        aem = .allocate(capacity: 1)
    }

    deinit {
        rpi.deallocate()
        aem.deallocate()
    }

    /// Room for `rows` identifiers; the contents are not kept when it grows.
    func reserve(rows: Int) {
        guard rows > capacity else { return }
        let next = Swift.max(rows, capacity + capacity / 4)
        rpi.deallocate()
        aem.deallocate()
        rpi = .allocate(capacity: next)
        aem = .allocate(capacity: next)
        capacity = next
    }

    /// Hands the tables' whole pages back to the system (their addresses and
    /// capacity stay; the next day faults them in again).
    func release() {
        Self.discardPages(UnsafeMutableRawPointer(rpi), bytes: capacity * MemoryLayout<KeyBytes>.stride)
        Self.discardPages(UnsafeMutableRawPointer(aem), bytes: capacity * MemoryLayout<UInt32>.stride)
    }

    private static func discardPages(_ start: UnsafeMutableRawPointer, bytes: Int) {
        #if canImport(Glibc)
            let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
            let base = UInt(bitPattern: start)
            let first = (base + page - 1) / page * page
            let last = (base + UInt(bytes)) / page * page
            if last > first { _ = madvise(UnsafeMutableRawPointer(bitPattern: first), Int(last - first), Int32(MADV_DONTNEED)) }
        #endif
    }
}
