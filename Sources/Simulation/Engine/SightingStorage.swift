import ExposureNotification
import Foundation
import WarnSimCore

/// Where a run keeps its app phones' sealed sightings: in memory, or on disk
/// (``SightingSpill``: 4 bytes per distinct RPI stay in memory, the rest is
/// read back only when an RPI could match). The outputs are byte-identical
/// either way; only memory, disk and time differ.
package struct SightingStorage: Sendable, Equatable {
    package enum Mode: String, CaseIterable, Sendable {
        /// Everything in memory (fastest; for runs that fit comfortably).
        case memory
        /// Sealed sightings on disk.
        case disk
        /// On disk when the run, with its sightings in memory, would need more
        /// than ``SightingStorage/automaticBytes`` or
        /// ``SightingStorage/automaticShare`` of the machine's memory.
        case auto
    }

    package var mode: Mode
    /// The folder the (unlinked) sighting files are created in; nil: the
    /// system's temporary folder.
    package var folder: URL?

    package init(mode: Mode, folder: URL? = nil) {
        self.mode = mode
        self.folder = folder
    }

    /// In memory, whatever the size.
    package static let memory = SightingStorage(mode: .memory)
    /// On disk when the run would otherwise take more than 1 GB or half of the machine's memory.
    package static let automatic = SightingStorage(mode: .auto)

    /// `auto` goes to disk above this share of the machine's memory, leaving
    /// room for the counterfactual, the outputs and other programs.
    package static let automaticShare = 0.5
    /// `auto` goes to disk above this estimate whatever the machine: on disk
    /// a run is as fast and needs a third of the memory. Measured 2026-11-28
    /// on the 2-core machine (`warnsim bench simulate --people 100000 --days 28
    /// --sightings memory|disk`, release build): 81.8 s and 4.56 GB in memory,
    /// 77.0 s and 1.33 GB on disk. The quick start's town (estimate 0.49 GB)
    /// stays in memory.
    package static let automaticBytes = 1e9

    /// Whether a run of `people` × `days` keeps its sightings on disk.
    ///
    /// - Parameters:
    ///   - people: the town's size.
    ///   - days: the days simulated.
    ///   - part: what else the run holds (its counterfactual).
    ///   - limit: the machine's memory, in bytes.
    package func keepsOnDisk(
        people: Int, days: Int, part: RunMemoryEstimate.Part = .run, limit: UInt64 = MachineMemory.limitBytes
    ) -> Bool {
        switch mode {
        case .memory: false
        case .disk: true
        case .auto:
            RunMemoryEstimate(people: people, days: days, part: part).bytes
                > min(Self.automaticBytes, Self.automaticShare * Double(limit))
        }
    }

    /// The spill for one run, or nil when its sightings stay in memory.
    ///
    /// - Throws: the file system's error if the folder cannot be created.
    package func spill(people: Int, days: Int, part: RunMemoryEstimate.Part = .run) throws -> SightingSpill? {
        guard keepsOnDisk(people: people, days: days, part: part) else { return nil }
        return try SightingSpill(folder: folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("warnsim-sightings"))
    }
}
