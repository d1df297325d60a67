import ArgumentParser
import Foundation
import Population
import RadioCalibration
import WarnSimCore

struct RadioCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Per data set, place and distance: measured against simulated attenuation (quartiles).",
        discussion: """
            Exits 1 when a simulated median differs from the measured one by more than the row's tolerance: \
            the data set's device-to-device spread there (the standard deviation across devices (DP-3T \
            receivers, Lanfer senders, Dublin pairs) of each device's median, at least √2 × the \
            HIGH-confidence calibration sigma), or two standard errors of the measured median when it rests \
            on fewer than four placements (2 × spread / √placements).
            """
    )

    @Option(help: "Radio parameters (YAML).")
    var config = RadioDefaults.parameters

    @Option(help: "The DP-3T experiment-34 folder.")
    var dp3t = RadioDefaults.dp3t

    @Option(help: "The Lanfer et al. 2022 folder (office, bus, train, parking).")
    var lanfer = RadioDefaults.lanfer

    @Option(help: "The Leith & Farrell Dublin Bus folder (GAEN attenuation histograms of commuters' phones).")
    var dublin = RadioDefaults.dublin

    @Option(help: "Google's per-device calibration CSV.")
    var calibration = RadioDefaults.calibration

    @Option(help: "Seed of the simulated draws.")
    var seed: UInt64 = RadioFitOptions().checkSeed

    @Flag(help: "Print JSON instead of a Markdown table.")
    var json = false

    @Flag(
        name: .customLong("leave-one-out"),
        help: """
            Fit the model without each campaign in turn (DP-3T, Lanfer, Dublin Bus) and print, per place of the \
            campaign left out, how far the fit that did not see it misses it. --config is not read; exits 0 \
            (the misfit is the figure, not a failure).
            """)
    var leaveOneOut = false

    func run() throws {
        do {
            let scenarios = try DP3TMeasurements.loadAll(directory: URL(fileURLWithPath: dp3t))
            let measurements = try LanferMeasurements.load(directory: URL(fileURLWithPath: lanfer))
            let bus = try DublinBusMeasurements.load(directory: URL(fileURLWithPath: dublin))
            let table = try DeviceCalibrationTable.load(URL(fileURLWithPath: calibration))
            if leaveOneOut {
                let result = try RadioLeaveOneOut.run(
                    scenarios: scenarios, lanfer: measurements, dublin: bus, table: table, checkSeed: seed)
                if json {
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
                    printOutput(String(decoding: try encoder.encode(result.rows), as: UTF8.self) + "\n")
                } else {
                    printOutput(result.markdown)
                }
                return
            }
            let parameters = try RadioParameters.load(URL(fileURLWithPath: config))
            let rows = try RadioCheck.run(
                scenarios: scenarios, lanfer: measurements, dublin: bus, table: table, parameters: parameters, seed: seed)
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
                printOutput(String(decoding: try encoder.encode(rows), as: UTF8.self) + "\n")
            } else {
                printOutput(RadioParametersWriter.checkTable(rows))
            }
            let failed = rows.filter { !$0.passes }
            for row in failed {
                printError(
                    "warnsim: \(row.dataSet) \(row.site) (\(row.environment)) \(row.distance): simulated median "
                        + String(format: "%.2f", row.simulatedMedian) + " dB, measured " + String(format: "%.2f", row.measuredMedian)
                        + " dB, more apart than the tolerance " + String(format: "%.2f", row.tolerance) + " dB (device spread "
                        + String(format: "%.2f", row.deviceSpread) + " dB, \(row.placements) placement\(row.placements == 1 ? "" : "s"))")
            }
            if !failed.isEmpty { throw ExitStatus.checkFailed }
        } catch let error as InputError {
            throw inputFailure(error)
        }
    }
}
