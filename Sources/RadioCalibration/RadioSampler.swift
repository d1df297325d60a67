import Population
import WarnSimCore

/// Independent draws of one sighting between randomly chosen device pairs.
package enum RadioSampler {
    /// One drawn sighting with the transmitter's advertised TX power.
    package struct Draw: Sendable, Equatable {
        package var attenuation: Float
        package var rssi: Float
        package var txPower: Float
    }

    /// Draws `count` device pairs (two phones each, as ``PhoneRadios`` draws
    /// them) and one sighting per pair at `distance`; returns the received ones
    /// and how many fell below the detection limit. Draw `i` uses only the
    /// streams of entity `i`.
    package static func sample(
        distance: Double, environment: RadioEnvironment, carriage: Int, count: Int, seed: UInt64,
        parameters: RadioParameters, table: DeviceCalibrationTable
    ) -> (sightings: [Draw], undetected: Int) {
        let model = RadioModel(parameters: parameters)
        let phones = PhoneRadios(count: 2 * count, table: table, parameters: parameters, seed: seed)
        var sightings: [Draw] = []
        sightings.reserveCapacity(count)
        var undetected = 0
        for i in 0..<count {
            var random = RandomStream(seed: seed, subsystem: StreamName.radioSample, entity: UInt64(i))
            let offset = model.encounterOffset(
                environment: environment, carriageTransmitter: carriage,
                carriageReceiver: carriage, random: &random)
            if let s = model.sighting(
                distance: Float(distance), environment: environment, encounterOffset: offset,
                transmitter: 2 * i, receiver: 2 * i + 1, phones: phones, random: &random)
            {
                sightings.append(Draw(attenuation: s.attenuation, rssi: s.rssi, txPower: phones.txPower[2 * i]))
            } else {
                undetected += 1
            }
        }
        return (sightings, undetected)
    }
}
