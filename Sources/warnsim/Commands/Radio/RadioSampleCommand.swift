import ArgumentParser
import Foundation
import Population
import RadioCalibration
import WarnSimCore

struct RadioSampleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample",
        abstract: "Draw sightings at a distance between randomly chosen device pairs (CSV on standard output).",
        discussion: "Draws too weak to be received are not printed; their number goes to standard error."
    )

    @Option(help: "True distance between the phones in metres.")
    var distance: Double

    @Option(help: "Environment: room, office, vehicle, outdoors or bus.")
    var environment: String

    @Option(help: "Number of device pairs to draw.")
    var count = 1000

    @Option(help: "Seed.")
    var seed: UInt64 = 1

    @Option(help: "Carriage state of both phones (a name from the radio YAML).")
    var carriage = "pocket"

    @Option(help: "Radio parameters (YAML).")
    var config = RadioDefaults.parameters

    @Option(help: "Google's per-device calibration CSV.")
    var calibration = RadioDefaults.calibration

    func run() throws {
        guard distance.isFinite, distance > 0, distance <= 100 else {
            throw inputFailure(file: "<argument>", field: "--distance", "must be in (0, 100] metres")
        }
        guard let environment = RadioEnvironment(name: environment) else {
            throw inputFailure(
                file: "<argument>", field: "--environment",
                "'\(environment)' is not one of \(RadioEnvironment.allCases.map(\.name).joined(separator: ", "))")
        }
        guard (1...10_000_000).contains(count) else {
            throw inputFailure(file: "<argument>", field: "--count", "must be in 1...10000000")
        }
        do {
            let parameters = try RadioParameters.load(URL(fileURLWithPath: config))
            guard let carriageIndex = parameters.carriageIndex(carriage) else {
                throw InputError(
                    file: "<argument>", field: "--carriage",
                    problem: "'\(carriage)' is not one of \(parameters.carriageNames.joined(separator: ", "))")
            }
            let table = try DeviceCalibrationTable.load(URL(fileURLWithPath: calibration))
            let draws = RadioSampler.sample(
                distance: distance, environment: environment, carriage: carriageIndex,
                count: count, seed: seed, parameters: parameters, table: table)
            var text = "distance_m,attenuation_db,rssi_dbm,tx_power_dbm\n"
            for draw in draws.sightings {
                text += "\(distance),\(Int(draw.attenuation)),\(Int(draw.rssi)),\(Int(draw.txPower))\n"
            }
            printOutput(text)
            if draws.undetected > 0 {
                printError("warnsim: \(draws.undetected) of \(count) draws were below the detection limit and are not printed")
            }
        } catch let error as InputError {
            throw inputFailure(error)
        }
    }
}
