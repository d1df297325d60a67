import ArgumentParser
import Foundation
import Simulation

/// `--sightings` and `--sightings-dir`: where a run keeps its phones' sealed
/// sightings. The outputs never depend on it.
struct SightingStorageOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Where the phones' sightings are kept: memory, disk, or auto (disk when the run would otherwise need more than 1 GB or half of this machine's memory). Outputs are identical.",
            valueName: "memory|disk|auto"))
    var sightings = "auto"

    @Option(help: "Folder for the files of --sightings disk: sightings and the encounter ledger (default: the system's temporary folder).")
    var sightingsDir: String?

    /// The storage, after checking the values.
    func checked() throws -> SightingStorage {
        guard let mode = SightingStorage.Mode(rawValue: sightings) else {
            throw inputFailure(
                file: "<argument>", field: "--sightings",
                "must be one of \(SightingStorage.Mode.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(sightings)\"")
        }
        if let sightingsDir, sightingsDir.isEmpty {
            throw inputFailure(file: "<argument>", field: "--sightings-dir", "must not be empty")
        }
        return SightingStorage(mode: mode, folder: sightingsDir.map { URL(fileURLWithPath: $0) })
    }
}
