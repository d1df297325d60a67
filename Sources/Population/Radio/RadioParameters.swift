import Foundation
import WarnSimCore

/// The dual-slope log-distance channel of one environment (``DualSlopeLine``).
package struct ChannelParameters: Sendable, Equatable {
    /// Median path attenuation at 1 m in dB for unblocked phones in pockets.
    package var attenuationAt1m: Double
    /// Path-loss exponent n up to the breakpoint: attenuation grows by 10·n dB per decade of distance.
    package var pathLossExponent: Double
    /// Distance (m) beyond which attenuation grows by `farPathLossExponent` instead.
    package var breakpoint: Double
    /// Path-loss exponent beyond the breakpoint.
    package var farPathLossExponent: Double
    /// Per-encounter shadowing (log-normal in linear power, normal in dB).
    package var shadowingSigma: Double
    /// Slow variation within an encounter (orientation, posture), redrawn per minute.
    package var orientationSigma: Double
    /// Fast fading: independent for each sighting.
    package var scanSigma: Double
    /// Where the values come from.
    package var source: String

    package init(
        attenuationAt1m: Double, pathLossExponent: Double, breakpoint: Double, farPathLossExponent: Double,
        shadowingSigma: Double, orientationSigma: Double, scanSigma: Double, source: String
    ) {
        self.attenuationAt1m = attenuationAt1m
        self.pathLossExponent = pathLossExponent
        self.breakpoint = breakpoint
        self.farPathLossExponent = farPathLossExponent
        self.shadowingSigma = shadowingSigma
        self.orientationSigma = orientationSigma
        self.scanSigma = scanSigma
        self.source = source
    }

    /// The median curve as a ``DualSlopeLine`` (dB per decade).
    package var line: DualSlopeLine {
        DualSlopeLine(
            intercept: attenuationAt1m, near: 10 * pathLossExponent, far: 10 * farPathLossExponent,
            logBreakpoint: Foundation.log10(breakpoint))
    }
}

/// Every parameter of the radio model (``RadioModel``), as read from and
/// written to `Configs/radio/*.yaml`.
package struct RadioParameters: Sendable, Equatable {
    /// The channel per ``RadioEnvironment`` (indexed by raw value).
    package var channels: [ChannelParameters]
    /// Carriage states: name and extra attenuation per phone end in dB
    /// (the reference state `pocket` has 0).
    package var carriageNames: [String]
    package var carriageOffsets: [Double]
    /// Probability that a body blocks the line of sight in an encounter segment.
    package var bodyBlockingProbability: Double
    /// Extra attenuation when blocked, dB.
    package var bodyBlockingPenalty: Double
    /// Unit-to-unit error (standard deviation, dB) of a phone's TX power and of
    /// its RSSI correction around its model's true values.
    package var deviceSigma: Double
    /// Error of the table's values for a model against the model's true values,
    /// by calibration confidence 1 (LOW), 2 (MEDIUM), 3 (HIGH).
    package var modelSigmaLow: Double
    package var modelSigmaMedium: Double
    package var modelSigmaHigh: Double
    /// Weakest raw RSSI a phone reports; weaker advertisements are not received.
    package var detectionLimitRssi: Double
    /// Distances below this are treated as this (phones cannot overlap), metres.
    package var minimumDistance: Double
    /// How a simulated phone's model is drawn from the calibration table:
    /// `uniform` (every row equally likely; no cited market share per model).
    package var phoneModelDraw = "uniform"
    /// Per measurement set whose devices are not in the calibration table
    /// (Lanfer et al. 2022: a Raspberry Pi receiver), the fitted offset per
    /// sender that maps raw RSSI to EN attenuation: attenuation = offset − RSSI.
    package var measurementOffsets: [MeasurementOffsets] = []

    /// Every parameter but the phone-model draw (`uniform`) and the
    /// measurement offsets (none), which the radio fit sets afterwards.
    package init(
        channels: [ChannelParameters], carriageNames: [String], carriageOffsets: [Double],
        bodyBlockingProbability: Double, bodyBlockingPenalty: Double, deviceSigma: Double,
        modelSigmaLow: Double, modelSigmaMedium: Double, modelSigmaHigh: Double,
        detectionLimitRssi: Double, minimumDistance: Double
    ) {
        self.channels = channels
        self.carriageNames = carriageNames
        self.carriageOffsets = carriageOffsets
        self.bodyBlockingProbability = bodyBlockingProbability
        self.bodyBlockingPenalty = bodyBlockingPenalty
        self.deviceSigma = deviceSigma
        self.modelSigmaLow = modelSigmaLow
        self.modelSigmaMedium = modelSigmaMedium
        self.modelSigmaHigh = modelSigmaHigh
        self.detectionLimitRssi = detectionLimitRssi
        self.minimumDistance = minimumDistance
    }

    /// The fitted RSSI → attenuation offsets of one measurement set.
    package struct MeasurementOffsets: Sendable, Equatable {
        package var dataSet: String
        package var senders: [String]
        package var offsets: [Double]

        package init(dataSet: String, senders: [String], offsets: [Double]) {
            self.dataSet = dataSet
            self.senders = senders
            self.offsets = offsets
        }

        /// The offset of a sender.
        package func offset(_ sender: String) -> Double? { senders.firstIndex(of: sender).map { offsets[$0] } }
    }

    /// The offsets of a measurement set.
    package func offsets(dataSet: String) -> MeasurementOffsets? { measurementOffsets.first { $0.dataSet == dataSet } }

    /// The channel of `environment`.
    package func channel(_ environment: RadioEnvironment) -> ChannelParameters { channels[environment.rawValue] }

    /// The index of a carriage state by name.
    package func carriageIndex(_ name: String) -> Int? { carriageNames.firstIndex(of: name) }

    /// Median attenuation at `distance` for two unblocked phones in pockets,
    /// before per-device errors (the curve the fit estimates, body blocking included
    /// at its probability-weighted median shift).
    package func medianPathAttenuation(distance: Double, environment: RadioEnvironment) -> Double {
        channel(environment).line.value(logDistance: Foundation.log10(max(distance, minimumDistance)))
    }

    /// The total residual calibration sigma of one phone (unit and model error)
    /// for its model's confidence level.
    package func calibrationSigma(confidence: Int) -> Double {
        let model =
            switch confidence {
            case 3: modelSigmaHigh
            case 2: modelSigmaMedium
            default: modelSigmaLow
            }
        return (deviceSigma * deviceSigma + model * model).squareRoot()
    }
}

extension RadioParameters {
    /// Reads parameters from a radio YAML file.
    package static func load(_ url: URL) throws -> RadioParameters {
        try parse(DocumentSection.load(url))
    }

    /// Reads parameters from a parsed YAML mapping (a radio file's root or a
    /// scenario's `radio:` section).
    package static func parse(_ root: DocumentSection) throws -> RadioParameters {
        let environments = try root.section("environments")
        var channels: [ChannelParameters] = []
        for environment in RadioEnvironment.allCases {
            let section = try environments.section(environment.name)
            channels.append(
                ChannelParameters(
                    attenuationAt1m: try section.double("attenuation_at_1m_db", in: 0...120),
                    pathLossExponent: try section.double("path_loss_exponent", in: 0...6),
                    breakpoint: try section.double("breakpoint_m", in: 0.5...50),
                    // Below 0 attenuation falls with distance beyond the breakpoint, as
                    // reflections can make it in a metal vehicle (Leith & Farrell, Dublin tram).
                    farPathLossExponent: try section.double("far_path_loss_exponent", in: -2...6),
                    shadowingSigma: try section.double("shadowing_sigma_db", in: 0...30),
                    orientationSigma: try section.double("orientation_sigma_db", in: 0...30),
                    scanSigma: try section.double("scan_sigma_db", in: 0...30),
                    source: try section.string("source", default: "")))
            try section.finish()
        }
        try environments.finish()

        let carriage = try root.section("carriage")
        var names: [String] = []
        var offsets: [Double] = []
        for name in carriage.keys {
            names.append(name)
            offsets.append(try carriage.double(name, in: -30...60))
        }
        guard names.contains("pocket") else {
            throw carriage.fail("pocket", "the reference carriage state 'pocket' must be listed")
        }
        try carriage.finish()

        let body = try root.section("body_blocking")
        let blockingProbability = try body.double("probability", in: 0...1)
        let blockingPenalty = try body.double("penalty_db", in: 0...60)
        try body.finish()

        let calibration = try root.section("calibration_error")
        let device = try calibration.double("device_sigma_db", in: 0...30)
        let models = try calibration.section("model_sigma_db")
        let low = try models.double("low", in: 0...30)
        let medium = try models.double("medium", in: 0...30)
        let high = try models.double("high", in: 0...30)
        try models.finish()
        try calibration.finish()

        let phones = try root.section("phone_models")
        let draw = try phones.choice("draw", from: ["uniform"])
        _ = try phones.string("source", default: "")
        try phones.finish()

        var mappings: [MeasurementOffsets] = []
        if root.has("measurement_offsets") {
            for (dataSet, section) in try root.namedSections("measurement_offsets") {
                var senders: [String] = []
                var values: [Double] = []
                for sender in section.keys where sender != "source" {
                    senders.append(sender)
                    values.append(try section.double(sender, in: -200...200))
                }
                _ = try section.string("source", default: "")
                try section.finish()
                mappings.append(MeasurementOffsets(dataSet: dataSet, senders: senders, offsets: values))
            }
        }

        let limit = try root.double("detection_limit_rssi_dbm", in: -150 ... -40)
        let minimum = try root.double("minimum_distance_m", in: 0.01...2)
        try root.finish()
        var parameters = RadioParameters(
            channels: channels, carriageNames: names, carriageOffsets: offsets,
            bodyBlockingProbability: blockingProbability, bodyBlockingPenalty: blockingPenalty,
            deviceSigma: device, modelSigmaLow: low, modelSigmaMedium: medium, modelSigmaHigh: high,
            detectionLimitRssi: limit, minimumDistance: minimum)
        parameters.phoneModelDraw = draw
        parameters.measurementOffsets = mappings
        return parameters
    }
}
