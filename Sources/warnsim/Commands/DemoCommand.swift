import ArgumentParser
import ExposureNotification
import Foundation
import WarnSimCore
import WarnSimDemo

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Demonstrate the protocol: a phone's keys, its identifiers and a signed key package."
    )

    @Option(help: "Output folder.")
    var out = "Outputs/demo"

    @Option(help: "Seed for the keys and the demo signing key.")
    var seed: UInt64 = 7

    @Option(help: "Upload day, YYYY-MM-DD (UTC).")
    var day = "2021-04-14"

    @OptionGroup var force: ForceOption

    func run() throws {
        try checkOutputFolder(out, command: "demo", inputs: [], force: force.force)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        guard let date = formatter.date(from: day) else {
            throw inputFailure(file: "<argument>", field: "--day", "expected a date as YYYY-MM-DD, got \"\(day)\"")
        }
        guard RunSpan.startTimes.contains(Int64(date.timeIntervalSince1970)) else {
            throw inputFailure(file: "<argument>", field: "--day", "\(day) is outside 2000-01-01 … 2099-12-28, the dates WarnSim simulates")
        }
        let summary = try writingOutputFolder(out, command: "demo", inputs: [], force: force.force) { folder in
            try KeyScheduleDemo(seed: seed, uploadDay: date, version: WarnSimVersion.string).run(into: folder)
        }
        printOutput(
            """
            One phone, seed \(seed), uploading on \(day):
              \(summary.keys) Temporary Exposure Keys, one per UTC day
              \(summary.identifiers) Rolling Proximity Identifiers with their encrypted metadata
              first advertisement (31 bytes): \(HexCoding.encode(summary.firstAdvertisement))
              signed key package: \(summary.packageBytes) bytes, signature \(summary.signatureStatus.rawValue)
            Wrote \(summary.files.joined(separator: ", ")) to \(out)/
            Inspect the package: warnsim keys inspect \(out)/export.zip --public-key \(out)/public-key.pem

            """)
    }
}
