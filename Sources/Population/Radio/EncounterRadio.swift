import WarnSimCore

/// The radio view of a day's encounters: for every segment of every encounter,
/// one sighting in each direction (phone of A received by phone of B, and back),
/// NaN where the advertisement was too weak to be received. The phone layer
/// draws its scan-by-scan sightings from the same ``RadioModel``.
public struct EncounterSightings: Sendable, Equatable {
    /// Per segment: attenuation (dB) of A's advertisement at B, and of B's at A.
    public var attenuationAtB: [Float]
    public var attenuationAtA: [Float]

    /// Equal when every value has the same bits (NaN marks "not received").
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.attenuationAtB.map(\.bitPattern) == rhs.attenuationAtB.map(\.bitPattern)
            && lhs.attenuationAtA.map(\.bitPattern) == rhs.attenuationAtA.map(\.bitPattern)
    }

    /// Number of received sightings.
    public var received: Int { attenuationAtB.count(where: { !$0.isNaN }) + attenuationAtA.count(where: { !$0.isNaN }) }

    /// Encounters per random stream in ``draw``.
    public static let encountersPerBlock = 1024

    /// Draws the sightings. Each encounter draws its carriage, body blocking and
    /// shadowing once per direction and a sighting per segment. The encounters
    /// are cut into fixed blocks of ``encountersPerBlock``; each block draws in
    /// order from the stream `(seed, "radio.encounter", day/block)` and workers
    /// take whole blocks, so the draws do not depend on the number of workers.
    public static func draw(encounters: DayEncounters, model: RadioModel, phones: PhoneRadios,
                            carriageBySetting: [Int], seed: UInt64, workers: Int) -> EncounterSightings {
        let segments = encounters.segmentStart.count
        var atB = [Float](repeating: .nan, count: segments)
        var atA = [Float](repeating: .nan, count: segments)
        atB.withUnsafeMutableBufferPointer { bBuffer in
            atA.withUnsafeMutableBufferPointer { aBuffer in
                let bBox = UnsafeSendable(bBuffer), aBox = UnsafeSendable(aBuffer)
                let blocks = (encounters.count + encountersPerBlock - 1) / encountersPerBlock
                Parallel.run(workers: workers) { worker in
                  for block in Parallel.chunk(worker, of: workers, count: blocks) {
                    var random = RandomStream(seed: seed, subsystem: "radio.encounter", entity: UInt64(encounters.day) << 40 | UInt64(block))
                    for i in (block * encountersPerBlock)..<min(encounters.count, (block + 1) * encountersPerBlock) {
                        let environment = encounters.environment(i)
                        let carriage = carriageBySetting[Int(encounters.setting[i])]
                        let a = Int(encounters.personA[i]), b = Int(encounters.personB[i])
                        let offsetAB = model.encounterOffset(environment: environment, carriageTransmitter: carriage, carriageReceiver: carriage, random: &random)
                        let offsetBA = model.encounterOffset(environment: environment, carriageTransmitter: carriage, carriageReceiver: carriage, random: &random)
                        let fast = model.sightingSigma(environment)
                        for s in encounters.segments(i) {
                            let median = model.medianPath(distance: encounters.segmentDistance[s], environment: environment)
                            if let sighting = model.sighting(pathAttenuation: median + offsetAB + fast * random.nextTabulatedNormal(),
                                                             transmitter: a, receiver: b, phones: phones) {
                                bBox.value[s] = sighting.attenuation
                            }
                            if let sighting = model.sighting(pathAttenuation: median + offsetBA + fast * random.nextTabulatedNormal(),
                                                             transmitter: b, receiver: a, phones: phones) {
                                aBox.value[s] = sighting.attenuation
                            }
                        }
                    }
                  }
                }
            }
        }
        return EncounterSightings(attenuationAtB: atB, attenuationAtA: atA)
    }
}
