import Analysis
import ArgumentParser

/// The ground-truth label options shared by `evaluate` (defaults and sources in `LabelOptions`).
struct LabelArguments: ParsableArguments {
    @Option(help: "Primary label (unprefixed metric columns): detectable, infected, close_contact, dose or expected.")
    var primaryLabel: String = LabelOptions().primary.rawValue

    @Option(help: "Close contact: minutes within --close-contact-metres of one infectious person on one day (ECDC: 15).")
    var closeContactMinutes: Double = LabelOptions().closeContactMinutes

    @Option(help: "Close contact: distance in metres (ECDC: 2).")
    var closeContactMetres: Double = LabelOptions().closeContactMetres

    @Option(help: "Close contact: cumulative (all minutes of the day) or continuous (one unbroken stretch).")
    var closeContactMode: String = LabelOptions().closeContactMode.rawValue

    @Option(help: "Dose label threshold (default: the close-contact criterion's dose at peak infectiousness).")
    var doseThreshold: Double?

    @Option(help: "Timely warning: within this many days of the exposure (default 5, the median incubation period).")
    var warnedWithinDays: Double = LabelOptions().warnedWithinDays

    func options() throws -> LabelOptions {
        var options = LabelOptions()
        guard let primary = GroundTruthLabel(rawValue: primaryLabel) else {
            throw inputFailure(
                file: "<argument>", field: "--primary-label",
                "\"\(primaryLabel)\" is not one of \(GroundTruthLabel.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        options.primary = primary
        guard (0.5...1440).contains(closeContactMinutes) else {
            throw inputFailure(file: "<argument>", field: "--close-contact-minutes", "must be within 0.5…1440")
        }
        guard (0.1...10).contains(closeContactMetres) else {
            throw inputFailure(file: "<argument>", field: "--close-contact-metres", "must be within 0.1…10")
        }
        guard let mode = LabelOptions.ContactMode(rawValue: closeContactMode) else {
            throw inputFailure(file: "<argument>", field: "--close-contact-mode", "must be cumulative or continuous")
        }
        if let doseThreshold, !(doseThreshold > 0 && doseThreshold.isFinite) {
            throw inputFailure(file: "<argument>", field: "--dose-threshold", "must be a positive number")
        }
        guard (0...60).contains(warnedWithinDays) else {
            throw inputFailure(file: "<argument>", field: "--warned-within-days", "must be within 0…60")
        }
        options.closeContactMinutes = closeContactMinutes
        options.closeContactMetres = closeContactMetres
        options.closeContactMode = mode
        options.doseThreshold = doseThreshold
        options.warnedWithinDays = warnedWithinDays
        return options
    }
}
