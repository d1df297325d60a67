import WarnSimCore

/// The radio hardware of every phone in a run, struct-of-arrays: the model drawn
/// from the calibration table, the TX power and RSSI correction the table lists
/// for it, and the device's own residual error against those values.
package struct PhoneRadios: Sendable {
    /// Row of the calibration table per phone.
    package var modelRow: [Int32]
    /// Advertised TX power (dBm, iPhone-equivalent) per phone.
    package var txPower: [Float]
    /// RSSI correction per phone (dB).
    package var rssiCorrection: [Float]
    /// How much stronger the phone really transmits than `txPower` says (dB).
    package var txError: [Float]
    /// How much stronger the phone really receives than its correction assumes (dB).
    package var rxError: [Float]

    /// Number of phones.
    package var count: Int { txPower.count }

    /// Draws `count` phones. Each phone's model is a uniformly chosen row of
    /// the table (the table carries no market shares), and its residual errors
    /// are normal with the sigma for the row's confidence level. Phone `i` draws
    /// only from the stream `(seed, "radio.device", i)`.
    package init(count: Int, table: DeviceCalibrationTable, parameters: RadioParameters, seed: UInt64) {
        modelRow = []
        txPower = []
        rssiCorrection = []
        txError = []
        rxError = []
        modelRow.reserveCapacity(count)
        txPower.reserveCapacity(count)
        rssiCorrection.reserveCapacity(count)
        txError.reserveCapacity(count)
        rxError.reserveCapacity(count)
        for phone in 0..<count {
            var random = RandomStream(seed: seed, subsystem: StreamName.radioDevice, entity: UInt64(phone))
            let row = random.nextIndex(table.entries.count)
            let entry = table.entries[row]
            let sigma = parameters.calibrationSigma(confidence: entry.confidence)
            modelRow.append(Int32(row))
            txPower.append(Float(entry.txPower))
            rssiCorrection.append(Float(entry.rssiCorrection))
            txError.append(Float(random.nextNormal(mean: 0, standardDeviation: sigma)))
            rxError.append(Float(random.nextNormal(mean: 0, standardDeviation: sigma)))
        }
    }

    /// Phones with given calibration values and errors (for replaying measurements).
    package init(txPower: [Float], rssiCorrection: [Float], txError: [Float], rxError: [Float]) {
        modelRow = Array(repeating: -1, count: txPower.count)
        self.txPower = txPower
        self.rssiCorrection = rssiCorrection
        self.txError = txError
        self.rxError = rxError
    }
}
