import Foundation

/// Writes ``RadioParameters`` as a commented YAML file that ``RadioParameters/load(_:)`` reads back.
public enum RadioParametersWriter {
    static func f(_ value: Double) -> String { String(format: "%.2f", value) }

    /// The YAML text for a fit result.
    public static func yaml(_ result: RadioFitResult, generatedFrom: String) -> String {
        let p = result.parameters
        var text = """
            # WarnSim radio model (Population.RadioModel), written by `warnsim radio fit`.
            # Fitted to the DP-3T experiment-34 measurements (\(generatedFrom)):
            # real RSSI with camera-tracked distance, EPFL atrium, 2020-07-30, CC BY-ND 4.0,
            # with per-model TX power and RSSI correction from Google's calibration table
            # of 2020-08-12. Figures and method: Configs/radio/README.md.
            #
            # attenuation = A1 + 10·n·log10(d) + carriage(tx) + carriage(rx) + body blocking
            #               + shadowing (per encounter) + orientation (per minute) + fading (per sighting)
            #               − device TX error − device RX error

            environments:

            """
        for environment in RadioEnvironment.allCases {
            let c = p.channel(environment)
            text += """
                  \(environment.name):
                    source: "\(c.source)"
                    attenuation_at_1m_db: \(f(c.attenuationAt1m))   # median at 1 m, unblocked, pockets
                    path_loss_exponent: \(f(c.pathLossExponent))
                    shadowing_sigma_db: \(f(c.shadowingSigma))     # per encounter
                    orientation_sigma_db: \(f(c.orientationSigma))   # per minute within an encounter
                    scan_sigma_db: \(f(c.scanSigma))          # per sighting

                """
        }
        text += """

            # Extra attenuation per phone end (dB). pocket: reference (DP-3T lunch and party,
            # phones in pockets); table: DP-3T office scenario (phones on the desk), half the
            # median residual against the room curve (\(f(result.tableOffsetBothEnds)) dB for both ends).
            # hand and bag are not listed: no published measurement.
            carriage:

            """
        for (name, offset) in zip(p.carriageNames, p.carriageOffsets) {
            text += "  \(name): \(f(offset))\n"
        }
        text += """

            # Body between the phones: probability from the MIT LL PACT geometry (blocked when the
            # angle exceeds 90°, about half the time; mitll/PACT-Exposure-Notification-Beacons); penalty fitted so that
            # blocking explains the between-pair spread of the room scenarios (σ pair = \(f(result.channelFigures[0].pairSigma)) dB),
            # within Leith & Farrell's ±10 dB for changing the people holding the phones (Leith & Farrell 2020, commuter bus).
            body_blocking:
              probability: \(f(p.bodyBlockingProbability))
              penalty_db: \(f(p.bodyBlockingPenalty))

            # Residual error of a phone's TX power and of its RSSI correction against the table
            # (each drawn independently; a phone's total sigma is √(device² + model²)).
            # device_sigma_db: sigma of the fitted per-phone effects of the \(result.deviceModels.count) DP-3T phones.
            # model_sigma_db.low: LOW rows carry their OEM's default; the \(result.oemScatterModels) HIGH (measured)
            #   models scatter around their OEM's default by \(f(result.oemScatter)) dB RMS in tx − correction,
            #   ÷√2 per component. medium: no MEDIUM rows in the table, same as low.
            # model_sigma_db.high: Pixel 4 revision June → August 2020 (5 dB in tx − correction
            #   between two measurements: 5/2 per component; Google EN calibration lists 2020-06-13, 2020-08-12).
            calibration_error:
              device_sigma_db: \(f(p.deviceSigma))
              model_sigma_db:
                low: \(f(p.modelSigmaLow))
                medium: \(f(p.modelSigmaMedium))
                high: \(f(p.modelSigmaHigh))

            # Weakest raw RSSI in the DP-3T data: advertisements below it are not received.
            detection_limit_rssi_dbm: \(f(p.detectionLimitRssi))
            # Phones cannot be closer than this (metres).
            minimum_distance_m: \(f(p.minimumDistance))

            """
        return text
    }

    /// The Markdown figures of a fit: channel parameters, variance components
    /// and the per-scenario, per-band comparison.
    public static func markdownFigures(_ result: RadioFitResult) -> String {
        var text =
            "| environment | scenarios | sightings | pairs | OLS A1 (dB) | OLS n | fitted A1 (dB, unblocked) | fitted n | σ pair | σ minute | σ sighting | shadowing σ |\n"
        text += "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        for figures in result.channelFigures {
            let c = result.parameters.channel(figures.environment)
            text +=
                "| \(figures.environment.name) | \(figures.scenarios.joined(separator: ", ")) | \(figures.sightings) | \(figures.pairs) | \(f(figures.olsAttenuationAt1m)) | \(f(figures.olsPathLossExponent)) | \(f(c.attenuationAt1m)) | \(f(c.pathLossExponent)) | \(f(figures.pairSigma)) | \(f(figures.minuteSigma)) | \(f(figures.scanSigma)) | \(f(c.shadowingSigma)) |\n"
        }
        text += "\nPer-device effects (dB, transmitter / receiver), sigma \(f(result.deviceSigma)) dB:\n\n"
        text += "| device | model | as transmitter | as receiver |\n|---:|---|---:|---:|\n"
        for (index, model) in result.deviceModels.enumerated() {
            text += "| \(index) | \(model) | \(f(result.transmitterEffects[index])) | \(f(result.receiverEffects[index])) |\n"
        }
        text += "\nMeasured against simulated attenuation (dB):\n\n" + checkTable(result.check)
        return text
    }

    /// The comparison as a Markdown table.
    public static func checkTable(_ rows: [RadioCheckRow]) -> String {
        var text = "| scenario | band | n measured | n simulated | median meas. | median sim. | IQR meas. | IQR sim. | KS |\n"
        text += "|---|---|---:|---:|---:|---:|---:|---:|---:|\n"
        for row in rows {
            text +=
                "| \(row.scenario) | \(row.band) | \(row.measuredCount) | \(row.simulatedCount) | \(f(row.measuredMedian)) | \(f(row.simulatedMedian)) | \(f(row.measuredIQR)) | \(f(row.simulatedIQR)) | \(String(format: "%.3f", row.ks)) |\n"
        }
        return text
    }
}
