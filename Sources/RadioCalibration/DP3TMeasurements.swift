import CSQLite
import Foundation
import Population
import WarnSimCore

/// One real BLE sighting of DP-3T experiment 34 with its camera-tracked distance.
package struct DP3TSighting: Sendable, Equatable {
    /// Receiving and transmitting phone (soldier number).
    package var receiver: Int32
    package var transmitter: Int32
    /// Unix time in seconds.
    package var timestamp: Double
    /// Raw RSSI in dBm as the receiver reported it.
    package var rssi: Double
    /// Ground-truth distance in metres.
    package var distance: Double
}

/// One scenario of DP-3T experiment 34 (EPFL atrium, 2020-07-30): the rows of
/// its `results` table that have a ground-truth distance, plus the phone model
/// of every participant.
package struct DP3TScenario: Sendable {
    /// File stem, e.g. `scenario01-lunch`.
    package var name: String
    /// Short name, e.g. `lunch`.
    package var shortName: String
    package var sightings: [DP3TSighting]
    /// Rows without a usable ground-truth distance (NULL or negative).
    package var rowsWithoutDistance: Int
    /// Phone model per participant id, from the receiver columns. The file's
    /// `transmitter_model` column repeats the receiver's model on every row, so
    /// a transmitter's model is looked up by its id here instead.
    package var modelByPhone: [Int32: String]
}

/// Reads the DP-3T experiment-34 scenario databases.
package enum DP3TMeasurements {
    /// The six scenario file stems, in order.
    package static let scenarioNames = [
        "scenario01-lunch", "scenario02-train", "scenario03-office",
        "scenario04-queue", "scenario05-party", "scenario06-movement",
    ]

    /// Finds the folder holding the `.sqlite` files: `directory` itself or its
    /// `exp34-epfl-soldiers` subfolder.
    package static func scenarioFolder(_ directory: URL) throws -> URL {
        let candidates = [directory, directory.appendingPathComponent("exp34-epfl-soldiers")]
        for folder in candidates where FileManager.default.fileExists(atPath: folder.appendingPathComponent("scenario01-lunch.sqlite").path)
        {
            return folder
        }
        throw InputError(
            file: directory.path,
            problem: "no scenario01-lunch.sqlite here or in exp34-epfl-soldiers/ (expected the DP-3T experiment 34 folder)")
    }

    /// Loads all six scenarios.
    package static func loadAll(directory: URL) throws -> [DP3TScenario] {
        let folder = try scenarioFolder(directory)
        return try scenarioNames.map { try load(folder.appendingPathComponent("\($0).sqlite")) }
    }

    /// Loads one scenario database (opened read-only).
    package static func load(_ url: URL) throws -> DP3TScenario {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw InputError(file: url.path, problem: "file not found")
        }
        var handle: OpaquePointer?
        guard sqlite3_open_v2(url.path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let db = handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(handle)
            throw InputError(file: url.path, problem: "cannot open as SQLite: \(message)")
        }
        defer { sqlite3_close(db) }
        let sql = "SELECT receiver_id, receiver_model, transmitter_id, timestamp, rssi, ground_truth_distance FROM results ORDER BY db_id"
        var statementHandle: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statementHandle, nil) == SQLITE_OK, let statement = statementHandle else {
            throw InputError(file: url.path, field: "results", problem: "not a DP-3T results table: \(String(cString: sqlite3_errmsg(db)))")
        }
        defer { sqlite3_finalize(statement) }
        var sightings: [DP3TSighting] = []
        var models: [Int32: String] = [:]
        var withoutDistance = 0
        var row = 0
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW else {
                throw InputError(file: url.path, field: "results", problem: "read failed: \(String(cString: sqlite3_errmsg(db)))")
            }
            row += 1
            func text(_ column: Int32) -> String? {
                guard let pointer = sqlite3_column_text(statement, column) else { return nil }
                return String(cString: pointer)
            }
            guard let receiverText = text(0), let receiver = Int32(receiverText),
                let model = text(1),
                let transmitterText = text(2), let transmitter = Int32(transmitterText)
            else {
                throw InputError(
                    file: url.path, field: "results row \(row)", problem: "receiver_id, receiver_model and transmitter_id must be present")
            }
            models[receiver] = model
            if sqlite3_column_type(statement, 5) == SQLITE_NULL || sqlite3_column_double(statement, 5) <= 0 {
                withoutDistance += 1
                continue
            }
            sightings.append(
                DP3TSighting(
                    receiver: receiver, transmitter: transmitter,
                    timestamp: sqlite3_column_double(statement, 3),
                    rssi: sqlite3_column_double(statement, 4),
                    distance: sqlite3_column_double(statement, 5)))
        }
        let stem = url.deletingPathExtension().lastPathComponent
        let short = stem.split(separator: "-", maxSplits: 1).last.map(String.init) ?? stem
        return DP3TScenario(name: stem, shortName: short, sightings: sightings, rowsWithoutDistance: withoutDistance, modelByPhone: models)
    }
}
