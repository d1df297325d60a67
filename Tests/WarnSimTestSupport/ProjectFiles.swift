import Foundation
import Testing

/// Files of the repository that tests read: the shipped configurations and
/// the radio data under `Configs/`. Paths are found from this file's location,
/// so the tests run from any working directory.
public enum ProjectFiles {
    /// The repository root (two folders above `Tests/WarnSimTestSupport`).
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // WarnSimTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The URL of `relative` under the repository root (existence not checked).
    public static func url(_ relative: String) -> URL {
        root.appendingPathComponent(relative)
    }

    /// The path of `relative` under the repository root (existence not checked).
    public static func path(_ relative: String) -> String {
        url(relative).path
    }

    /// A shipped scenario, `Configs/scenarios/NAME`.
    public static func scenario(_ name: String) -> URL {
        url("Configs/scenarios/\(name)")
    }

    /// Google's per-device calibration table the scenarios use.
    public static let calibrationTable = url("Configs/radio/data/en-calibration-2020-08-12.csv")
    /// The DP-3T experiment 34 measurements (CC BY-ND 4.0, unmodified copy).
    public static let dp3t = url("Configs/radio/data/dp3t-exp34")
    /// The Lanfer et al. 2022 multi-channel measurements (CC BY-SA 4.0).
    public static let lanfer = url("Configs/radio/data/lanfer-multichannel-2022")
    /// The Leith & Farrell Dublin Bus GAEN measurements (article CC BY 4.0).
    public static let dublin = url("Configs/radio/data/leith-dublin-bus-2020")
    /// The Dublin Bus in `warnsim replay`'s histogram format.
    public static let dublinReplay = url("Configs/replay/dublin-bus-2020.csv")
    /// The shipped radio model.
    public static let radioDefault = url("Configs/radio/default.yaml")

    /// Returns `url` after checking that it exists; records a failure naming it
    /// and throws otherwise (a missing file never skips a test).
    @discardableResult
    public static func required(_ url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        guard FileManager.default.fileExists(atPath: url.path) else {
            Issue.record("missing file \(url.path)", sourceLocation: sourceLocation)
            throw MissingFile(path: url.path)
        }
        return url
    }
}

/// A file the tests need is not in the repository.
public struct MissingFile: Error, CustomStringConvertible {
    public var path: String
    public var description: String { "missing file: \(path)" }
    public init(path: String) { self.path = path }
}
