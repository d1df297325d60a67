import ArgumentParser
import Foundation
import Population
import RadioCalibration
import WarnSimCore

struct RadioFitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fit",
        abstract: "Fit the radio model to the DP-3T experiment-34, Lanfer et al. 2022 and Dublin Bus measurements and print the figures."
    )

    @Option(help: "The DP-3T experiment-34 folder (with the scenario .sqlite files).")
    var dp3t: String

    @Option(help: "The Lanfer et al. 2022 folder (office, bus, train, parking).")
    var lanfer = RadioDefaults.lanfer

    @Option(help: "The Leith & Farrell Dublin Bus folder (GAEN attenuation histograms of commuters' phones).")
    var dublin = RadioDefaults.dublin

    @Option(help: "Google's per-device calibration CSV.")
    var calibration = RadioDefaults.calibration

    @Option(
        name: .customLong("leave-out"),
        help: ArgumentHelp(
            "Fit without one campaign (dp3t, lanfer or dublin) and check on all: the leave-one-data-set-out variant.",
            valueName: "campaign"))
    var leaveOut: String?

    @Option(help: "Write the fitted parameters to this YAML file.")
    var out: String?

    @Option(help: "Write the fit's figures (Markdown tables) to this file.")
    var report: String?

    func run() throws {
        try checkOutputPath(out)
        try checkOutputPath(report, option: "--report")
        var options = RadioFitOptions()
        if let leaveOut {
            guard let campaign = RadioCampaign(rawValue: leaveOut) else {
                throw inputFailure(
                    file: "<argument>", field: "--leave-out",
                    "'\(leaveOut)' is not a campaign (one of \(RadioCampaign.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            options.leftOut = campaign
        }
        do {
            let scenarios = try DP3TMeasurements.loadAll(directory: URL(fileURLWithPath: dp3t))
            let measurements = try LanferMeasurements.load(directory: URL(fileURLWithPath: lanfer))
            let bus = try DublinBusMeasurements.load(directory: URL(fileURLWithPath: dublin))
            let table = try DeviceCalibrationTable.load(URL(fileURLWithPath: calibration))
            let result = try RadioFit.fit(
                scenarios: scenarios, lanfer: measurements, dublin: bus, table: table, options: options)
            let figures = RadioParametersWriter.markdownFigures(result)
            for (path, option, text) in [
                (
                    out, "--out",
                    RadioParametersWriter.yaml(
                        result, generatedFrom: leaveOut.map { "warnsim radio fit --leave-out \($0)" } ?? "warnsim radio fit")
                ), (report, "--report", figures),
            ] {
                guard let path else { continue }
                do { try AtomicFile.write(text, to: URL(fileURLWithPath: path)) } catch {
                    throw InputError(file: path, field: option, problem: "cannot be written (\(error.localizedDescription))")
                }
            }
            printOutput(figures)
        } catch let error as InputError {
            throw inputFailure(error)
        }
    }
}
