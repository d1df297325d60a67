import ExposureNotification
import RiskCalculation
import Simulation

/// The ceiling of a simulation's `detection.scoring` stage: the phones' own
/// risk engines scoring the windows of their last detection in one tight loop
/// on one thread, after the run (`warnsim bench simulate`).
///
/// In the run each phone scores its windows with the exact engine of the app
/// configuration it checked, a few windows at a time, between matching and
/// acting on the result; this loop does only the scoring, with the windows
/// already gathered. The stage's windows per CPU second over this rate is what
/// the run's bookkeeping (gathering the windows, the calls between phones)
/// leaves of the engine's speed; a faster engine raises both.
package struct ScoringStageCeiling: Sendable {
    /// One phone's last detection: its windows, the day it scored them as of,
    /// and its engine.
    package struct Sample: Sendable {
        package var windows: [ExposureWindow]
        package var referenceDay: Int
        package var engine: PhoneRiskEngine
    }

    package let samples: [Sample]

    /// Windows scored by one pass over the samples.
    package var windowsPerPass: Int { samples.reduce(0) { $0 + $1.windows.count } }

    /// The last detection with windows of every app phone of `phones`.
    package init(phones: [SimulatedPhone]) {
        samples = phones.compactMap { phone in
            guard let app = phone.app, let engine = phone.engine, !app.lastWindows.isEmpty,
                let last = app.detection.lastDetection
            else { return nil }
            return Sample(
                windows: app.lastWindows.map(\.window), referenceDay: Int(ENIntervalNumber(unixSeconds: last).dayNumber), engine: engine)
        }
    }

    /// One pass: every sample scored once; returns the HIGH results (so that
    /// the work is used).
    func pass() throws -> Int {
        var highs = 0
        for sample in samples where try sample.engine.calculate(sample.windows, referenceDay: sample.referenceDay).totalRiskLevel == .high {
            highs += 1
        }
        return highs
    }

    /// `repetitions` measurements of windows per second after a warm-up pass,
    /// `seconds` in all; nil without any window to score.
    package func measure(repetitions: Int, seconds: Double) throws -> RepeatedRates? {
        let units = Double(windowsPerPass)
        guard units > 0 else { return nil }
        var highs = try pass()
        var rates = RepeatedRates()
        let count = max(repetitions, 1)
        for _ in 0..<count {
            rates.append(try RepeatedRates.measure(units: units, atLeast: seconds / Double(count)) { highs &+= try pass() })
        }
        withExtendedLifetime(highs) {}
        return rates
    }
}
