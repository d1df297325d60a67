import Foundation
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

    /// A checksum of every value's bits, in order.
    public func contentChecksum() -> UInt64 {
        var h: UInt64 = 0x5349_4748_5449_4E47
        for (b, a) in zip(attenuationAtB, attenuationAtA) {
            h = SplitMix64.mix(h ^ (UInt64(b.bitPattern) << 32 | UInt64(a.bitPattern)))
        }
        return h
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
    public static func draw(
        encounters: DayEncounters, model: RadioModel, phones: PhoneRadios,
        carriageBySetting: [Int], seed: UInt64, workers: Int
    ) -> EncounterSightings {
        var output = EncounterSightings(attenuationAtB: [], attenuationAtA: [])
        draw(
            encounters: encounters, model: model, phones: phones, carriageBySetting: carriageBySetting,
            seed: seed, workers: workers, into: &output)
        return output
    }

    /// ``draw(encounters:model:phones:carriageBySetting:seed:workers:)`` into
    /// `output`, whose arrays are resized and overwritten (their memory is
    /// reused when no copy shares it).
    public static func draw(
        encounters: DayEncounters, model: RadioModel, phones: PhoneRadios,
        carriageBySetting: [Int], seed: UInt64, workers: Int, into output: inout EncounterSightings
    ) {
        let segments = encounters.segmentStart.count
        func resize(_ array: inout [Float]) {
            if array.count > segments {
                array.removeLast(array.count - segments)
            } else {
                array.append(contentsOf: repeatElement(.nan, count: segments - array.count))
            }
        }
        resize(&output.attenuationAtB)
        resize(&output.attenuationAtA)
        // Per setting: the environment's constants and the carriage offsets of both phones.
        let settings = Setting.allCases.count
        let environmentOf = (0..<settings).map { Setting(rawValue: UInt8($0))!.environment }
        let a1 = environmentOf.map { model.a1[$0.rawValue] }
        let tenN = environmentOf.map { model.tenN[$0.rawValue] }
        let tenNFar = environmentOf.map { model.tenNFar[$0.rawValue] }
        let logBreakpoint = environmentOf.map { model.logBreakpoint[$0.rawValue] }
        let fast = environmentOf.map { model.sightingSigma($0) }
        let limit = model.limit
        let minimumDistance = model.minimumDistance
        output.attenuationAtB.withUnsafeMutableBufferPointer { bBuffer in
            output.attenuationAtA.withUnsafeMutableBufferPointer { aBuffer in
                let bBox = UnsafeSendable(bBuffer.baseAddress)
                let aBox = UnsafeSendable(aBuffer.baseAddress)
                let blocks = (encounters.count + encountersPerBlock - 1) / encountersPerBlock
                Parallel.run(workers: workers) { worker in
                    let outB = bBox.value!
                    let outA = aBox.value!
                    encounters.personA.withUnsafeBufferPointer { personA in
                        encounters.personB.withUnsafeBufferPointer { personB in
                            encounters.setting.withUnsafeBufferPointer { setting in
                                encounters.segmentFirst.withUnsafeBufferPointer { segmentFirst in
                                    encounters.segmentDistance.withUnsafeBufferPointer { distance in
                                        phones.txPower.withUnsafeBufferPointer { txPower in
                                            phones.txError.withUnsafeBufferPointer { txError in
                                                phones.rssiCorrection.withUnsafeBufferPointer { correction in
                                                    phones.rxError.withUnsafeBufferPointer { rxError in
                                                        NormalQuantileTable.knots.withUnsafeBufferPointer { knots in
                                                            @inline(__always) func normal(_ random: inout RandomStream) -> Float {
                                                                let bits = random.next()
                                                                let index = Int(bits >> 52)
                                                                let fraction = Float(bits & 0xF_FFFF_FFFF_FFFF) * 0x1.0p-52
                                                                return knots[index] + (knots[index + 1] - knots[index]) * fraction
                                                            }
                                                            /// ``RadioModel/sighting(pathAttenuation:transmitter:receiver:phones:)``, NaN when not received.
                                                            @inline(__always) func attenuation(_ path: Float, _ t: Int, _ r: Int) -> Float {
                                                                let tx = txPower[t]
                                                                let c = correction[r]
                                                                let rssi = (tx + txError[t]) - path - c + rxError[r]
                                                                guard rssi >= limit else { return .nan }
                                                                return tx - (RadioModel.roundHalfAway(rssi) + c)
                                                            }
                                                            // Blocks dealt round-robin: segments per encounter differ by setting, and
                                                            // the settings lie in runs, so contiguous halves would be unequal.
                                                            for block in stride(from: worker, to: blocks, by: workers) {
                                                                var random = RandomStream(
                                                                    seed: seed, subsystem: StreamName.radioEncounter,
                                                                    entity: UInt64(encounters.day) << 40 | UInt64(block))
                                                                for i
                                                                    in (block * encountersPerBlock)..<min(
                                                                        encounters.count, (block + 1) * encountersPerBlock)
                                                                {
                                                                    let code = Int(setting[i])
                                                                    let environment = environmentOf[code]
                                                                    let carriage = carriageBySetting[code]
                                                                    let a = Int(personA[i])
                                                                    let b = Int(personB[i])
                                                                    let offsetAB = model.encounterOffset(
                                                                        environment: environment, carriageTransmitter: carriage,
                                                                        carriageReceiver: carriage, random: &random)
                                                                    let offsetBA = model.encounterOffset(
                                                                        environment: environment, carriageTransmitter: carriage,
                                                                        carriageReceiver: carriage, random: &random)
                                                                    let sigma = fast[code]
                                                                    let intercept = a1[code]
                                                                    let slope = tenN[code]
                                                                    let farSlope = tenNFar[code]
                                                                    let breakpoint = logBreakpoint[code]
                                                                    for s in Int(segmentFirst[i])..<Int(segmentFirst[i + 1]) {
                                                                        let median = RadioModel.dualSlope(
                                                                            log10f(max(distance[s], minimumDistance)), a1: intercept,
                                                                            near: slope, far: farSlope, logBreakpoint: breakpoint)
                                                                        outB[s] = attenuation(
                                                                            median + offsetAB + sigma * normal(&random), a, b)
                                                                        outA[s] = attenuation(
                                                                            median + offsetBA + sigma * normal(&random), b, a)
                                                                    }
                                                                }
                                                            }
                                                        }
                                                    }
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
