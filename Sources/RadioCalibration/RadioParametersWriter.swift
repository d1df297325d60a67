import Foundation
import Population

/// Writes ``RadioParameters`` as a commented YAML file that ``RadioParameters/load(_:)`` reads back.
package enum RadioParametersWriter {
    static func f(_ value: Double) -> String { String(format: "%.2f", value) }

    /// What each environment's median curve means, for the YAML comments.
    static func note(_ environment: RadioEnvironment) -> String {
        switch environment {
        case .room: "open room with people (home, school, daycare, shop, leisure)"
        case .office: "office room (work)"
        case .vehicle: "tram, train (no scenario setting uses it; radio check and replay)"
        case .outdoors: "outdoors (street)"
        case .bus: "city bus with riders (transport)"
        }
    }

    /// The header lines of a leave-one-data-set-out fit: what was left out and
    /// what stands in for what it alone provides (empty for the full fit).
    static func leftOutNote(_ campaign: RadioCampaign?) -> String {
        switch campaign {
        case nil: ""
        case .dp3t:
            """
            # LEFT OUT: DP-3T experiment 34 (leave one data set out; not a model to simulate with). Every channel
            #   has Lanfer's slopes and spreads; every level hangs on the Dublin bus through Lanfer's levels
            #   relative to its empty bus; body blocking is fitted on Lanfer's office; no per-phone effect
            #   (device_sigma_db 0) and no table carriage (0 dB): these came from DP-3T alone. The comments
            #   below on DP-3T figures describe the full fit.

            """
        case .lanfer:
            """
            # LEFT OUT: Lanfer et al. 2022 (leave one data set out). Every channel has the DP-3T room's slopes
            #   and spreads; office and outdoors the DP-3T office level, the vehicle the DP-3T train's, the bus
            #   the Dublin Bus's. measurement_offsets still come from Lanfer: radio check needs them to compare
            #   the Lanfer samples' shape (their level is aligned at 1 m; nothing here was fitted to it).

            """
        case .dublin:
            """
            # LEFT OUT: Leith & Farrell 2021 Dublin Bus (leave one data set out): the bus is Lanfer's empty
            #   bus levelled through the DP-3T office.

            """
        }
    }

    /// The YAML text for a fit result.
    package static func yaml(_ result: RadioFitResult, generatedFrom: String) -> String {
        let p = result.parameters
        var text = """
            # WarnSim radio model (Population.RadioModel), written by `warnsim radio fit` (\(generatedFrom)).
            # Fitted to real measurements (figures and method: Configs/radio/README.md):
            # - DP-3T experiment 34 (EPFL atrium, 2020-07-30, CC BY-ND 4.0, © EPFL and ETH Zurich):
            #   raw RSSI of 18 Samsung phones with camera-tracked distance, with per-model TX power
            #   and RSSI correction from Google's calibration table of 2020-08-12;
            # - Lanfer et al. 2022 (E. Lanfer, T. Hänel, R. van Rijswijk-Deij, N. Aschenbruck,
            #   IEEE LCN 2022, doi:10.1109/LCN53696.2022.9843531; data CC BY-SA 4.0): raw BLE RSSI
            #   at surveyed distances in an office, a bus, a train and a parking lot.
            #   Derived from it, the values marked "Lanfer" are shared under CC BY-SA 4.0.
            # - Leith & Farrell 2021 (D.J. Leith, S. Farrell, PLoS ONE 16(4): e0250826, CC BY 4.0):
            #   the EN API's attenuation-duration histograms of 60 pairs of commuters' handsets
            #   on a Dublin city bus (the bus channel's level and spreads).
            #
            \(leftOutNote(result.leftOut))# attenuation = A1 + 10·n·log10(min(d, b)) + 10·n_far·log10(max(1, d/b))
            #               + carriage(tx) + carriage(rx) + body blocking
            #               + shadowing (per encounter) + orientation (per minute) + fading (per sighting)
            #               − device TX error − device RX error

            environments:

            """
        for environment in RadioEnvironment.allCases {
            let c = p.channel(environment)
            text += """
                  # \(note(environment))
                  \(environment.name):
                    source: "\(c.source)"
                    attenuation_at_1m_db: \(f(c.attenuationAt1m))   # median at 1 m, unblocked, pockets
                    path_loss_exponent: \(f(c.pathLossExponent))        # n, up to the breakpoint
                    breakpoint_m: \(f(c.breakpoint))              # b, least squares over \(DualSlopeLine.candidateBreakpoints.map { String(format: "%g", $0) }.joined(separator: ", ")) m
                    far_path_loss_exponent: \(f(c.farPathLossExponent))    # n_far, beyond the breakpoint
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

            # Which phone model a simulated phone gets. uniform: every row of the calibration table
            # equally likely. No market share per model (nor an Android/iOS split with a radio
            # calibration for iPhones, which the table does not list) is among the project's sources.
            phone_models:
              source: "no cited market share per model; Google's calibration table of 2020-08-12 rows"
              draw: \(p.phoneModelDraw)

            # Measured RSSI → EN attenuation for measurement sets whose devices are not in the
            # calibration table (used by `warnsim radio check`): attenuation = offset(place, sender) − RSSI.
            # Lanfer et al. 2022 (receiver Raspberry Pi 4b, not in the table): per place and sender, the
            # environment's median level at 1 m minus the fitted (place, sender) offset of −RSSI, so only
            # the slope and the spreads of these data are compared, not their level.
            measurement_offsets:

            """
        for mapping in p.measurementOffsets {
            text += "  \(mapping.dataSet):\n"
            text += "    source: \"fit: Lanfer et al. 2022 (place, sender) offsets\"\n"
            for (sender, offset) in zip(mapping.senders, mapping.offsets) {
                text += "    \(sender): \(f(offset))\n"
            }
        }
        text += """

            # Weakest raw RSSI in the DP-3T data: advertisements below it are not received.
            detection_limit_rssi_dbm: \(f(p.detectionLimitRssi))
            # Phones cannot be closer than this (metres).
            minimum_distance_m: \(f(p.minimumDistance))

            """
        return text
    }

    /// The Markdown figures of a fit: channel parameters, variance components,
    /// the Lanfer decomposition and the per-data-set, per-distance comparison.
    package static func markdownFigures(_ result: RadioFitResult) -> String {
        var text =
            "| environment | data | samples | pairs / positions | OLS A1 (dB) | OLS n | OLS n far | breakpoint (m) | fitted A1 (dB, unblocked) | fitted n | fitted n far | σ pair / position | σ minute | σ sighting | shadowing σ |\n"
        text += "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        for figures in result.channelFigures {
            let c = result.parameters.channel(figures.environment)
            let minute = figures.minuteSigma.isNaN ? "–" : f(figures.minuteSigma)
            text +=
                "| \(figures.environment.name) | \(figures.scenarios.joined(separator: ", ")) | \(figures.sightings) | \(figures.pairs) | \(f(figures.olsAttenuationAt1m)) | \(f(figures.olsPathLossExponent)) | \(f(figures.olsFarPathLossExponent)) | \(f(c.breakpoint)) | \(f(c.attenuationAt1m)) | \(f(c.pathLossExponent)) | \(f(c.farPathLossExponent)) | \(f(figures.pairSigma)) | \(minute) | \(f(figures.scanSigma)) | \(f(c.shadowingSigma)) |\n"
        }
        text += "\nLanfer et al. 2022 places, each fitted alone (level at 1 m on the EN scale, shift \(f(result.lanferShift)) dB):\n\n"
        text += "| place | environment | level alone (dB) | n alone | level in environment fit (dB) |\n|---|---|---:|---:|---:|\n"
        for group in result.lanfer.groups {
            for (i, site) in group.sites.enumerated() {
                let index = LanferMeasurements.sites.firstIndex(of: site)!
                text +=
                    "| \(site) | \(group.environment.name) | \(f(group.siteLevels[i] + result.lanferShift)) | \(f(group.siteSlopes[i] / 10)) | \(f(result.lanfer.siteLevels[index] + result.lanferShift)) |\n"
            }
        }
        text += "\nLanfer sender effects (dB, mean offset of −RSSI over the places): "
        text += zip(LanferMeasurements.senders, result.lanfer.senderEffects).map { "\($0) \(f($1))" }.joined(separator: ", ") + "\n"
        if let bus = result.dublin {
            text += "\nDublin Bus (Leith & Farrell 2021): \(bus.pairs) pairs, \(bus.minutes) minutes; within-pair sigma "
            text += "\(f(bus.withinPairSigma)) dB (bin width removed), between-pair sigma \(f(bus.betweenPairSigma)) dB; "
            text += "bus level at 1 m \(f(bus.levelBefore)) dB (Lanfer's bus on the DP-3T office level) → \(f(bus.levelAfter)) dB\n"
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
    package static func checkTable(_ rows: [RadioCheckRow]) -> String {
        var text =
            "| data set | place | environment | distance | n meas. | n sim. | meas. q25 | meas. median | meas. q75 | sim. q25 | sim. median | sim. q75 | devices | placements | spread | tolerance | ok |\n"
        text += "|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n"
        for row in rows {
            text +=
                "| \(row.dataSet) | \(row.site) | \(row.environment) | \(row.distance) | \(row.measuredCount) | \(row.simulatedCount) | \(f(row.measuredQ25)) | \(f(row.measuredMedian)) | \(f(row.measuredQ75)) | \(f(row.simulatedQ25)) | \(f(row.simulatedMedian)) | \(f(row.simulatedQ75)) | \(row.devices) | \(row.placements) | \(f(row.deviceSpread)) | \(f(row.tolerance)) | \(row.passes ? "yes" : "NO") |\n"
        }
        return text
    }
}
