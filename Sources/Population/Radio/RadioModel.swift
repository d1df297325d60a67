import Foundation
import WarnSimCore

/// What a receiving phone measures from one advertisement.
package struct RadioSighting: Sendable, Equatable {
    /// Attenuation as the Exposure Notification framework computes it:
    /// advertised TX power − (raw RSSI + receiver's RSSI correction), dB.
    package var attenuation: Float
    /// Raw RSSI the receiver's chip reports, dBm.
    package var rssi: Float

    @inlinable
    package init(attenuation: Float, rssi: Float) {
        self.attenuation = attenuation
        self.rssi = rssi
    }
}

/// The channel between two phones (Configs/radio/README.md, "Model"):
///
/// path attenuation L = A₁(env) + 10·n(env)·log₁₀ min(d, b) + 10·n_far(env)·log₁₀ max(1, d/b)
///                      + carriage(tx) + carriage(rx)
///                      + body blocking + shadowing (per encounter)
///                      + orientation (per minute) + fading (per sighting);
/// raw RSSI = (tx power + tx error) − L − rssi correction + rx error;
/// attenuation = tx power − (raw RSSI + rssi correction) = L − tx error − rx error.
///
/// An advertisement whose raw RSSI falls below the detection limit is not received.
package struct RadioModel: Sendable {
    package let parameters: RadioParameters
    @usableFromInline let a1: [Float]
    @usableFromInline let tenN: [Float]
    @usableFromInline let tenNFar: [Float]
    @usableFromInline let logBreakpoint: [Float]
    @usableFromInline let shadow: [Float]
    @usableFromInline let orientation: [Float]
    @usableFromInline let scan: [Float]
    @usableFromInline let carriage: [Float]
    @usableFromInline let blockP: Double
    @usableFromInline let blockPenalty: Float
    @usableFromInline let limit: Float
    @usableFromInline let minimumDistance: Float

    package init(parameters: RadioParameters) {
        self.parameters = parameters
        a1 = parameters.channels.map { Float($0.attenuationAt1m) }
        tenN = parameters.channels.map { Float(10 * $0.pathLossExponent) }
        tenNFar = parameters.channels.map { Float(10 * $0.farPathLossExponent) }
        logBreakpoint = parameters.channels.map { Float(Foundation.log10($0.breakpoint)) }
        shadow = parameters.channels.map { Float($0.shadowingSigma) }
        orientation = parameters.channels.map { Float($0.orientationSigma) }
        scan = parameters.channels.map { Float($0.scanSigma) }
        carriage = parameters.carriageOffsets.map { Float($0) }
        blockP = parameters.bodyBlockingProbability
        blockPenalty = Float(parameters.bodyBlockingPenalty)
        limit = Float(parameters.detectionLimitRssi)
        minimumDistance = Float(parameters.minimumDistance)
    }

    /// The slowly varying part of an encounter's path attenuation: carriage of
    /// both phones, body blocking and shadowing. Draw once per encounter (or per
    /// segment when people move).
    @inlinable
    package func encounterOffset(
        environment: RadioEnvironment, carriageTransmitter: Int, carriageReceiver: Int,
        random: inout RandomStream
    ) -> Float {
        let e = environment.rawValue
        var offset = carriage[carriageTransmitter] + carriage[carriageReceiver]
        if random.nextUnitDouble() < blockP { offset += blockPenalty }
        offset += shadow[e] * random.nextTabulatedNormal()
        return offset
    }

    /// Median path attenuation at `distance` (no body, shadowing or device error).
    @inlinable
    package func medianPath(distance: Float, environment: RadioEnvironment) -> Float {
        let e = environment.rawValue
        return RadioModel.dualSlope(
            log10f(max(distance, minimumDistance)), a1: a1[e], near: tenN[e], far: tenNFar[e], logBreakpoint: logBreakpoint[e])
    }

    /// a1 + near·min(x, b) + far·max(0, x − b): ``DualSlopeLine`` in single precision.
    @inlinable @inline(__always)
    package static func dualSlope(_ x: Float, a1: Float, near: Float, far: Float, logBreakpoint b: Float) -> Float {
        a1 + near * min(x, b) + far * max(0, x - b)
    }

    /// Standard deviation of the per-sighting terms (orientation and fading combined).
    @inlinable
    package func sightingSigma(_ environment: RadioEnvironment) -> Float {
        let e = environment.rawValue
        return (orientation[e] * orientation[e] + scan[e] * scan[e]).squareRoot()
    }

    /// One sighting at `distance`, given the encounter's offset: draws the
    /// per-sighting orientation and fading terms, returns nil when the
    /// advertisement is too weak to be received.
    @inlinable
    package func sighting(
        distance: Float, environment: RadioEnvironment, encounterOffset: Float,
        transmitter: Int, receiver: Int, phones: PhoneRadios,
        random: inout RandomStream
    ) -> RadioSighting? {
        let fast = sightingSigma(environment)
        let path =
            medianPath(distance: distance, environment: environment) + encounterOffset
            + fast * random.nextTabulatedNormal()
        return sighting(pathAttenuation: path, transmitter: transmitter, receiver: receiver, phones: phones)
    }

    /// The sighting for a given path attenuation between two phones.
    @inlinable
    package func sighting(pathAttenuation: Float, transmitter: Int, receiver: Int, phones: PhoneRadios) -> RadioSighting? {
        let tx = phones.txPower[transmitter]
        let correction = phones.rssiCorrection[receiver]
        let rssi = (tx + phones.txError[transmitter]) - pathAttenuation - correction + phones.rxError[receiver]
        guard rssi >= limit else { return nil }
        let rounded = RadioModel.roundHalfAway(rssi)
        return RadioSighting(attenuation: tx - (rounded + correction), rssi: rounded)
    }

    /// `x.rounded()` (to nearest, ties away from zero) without a libm call or a
    /// branch: the fraction f = x − trunc(x) is exact, and trunc(2f) is +1, 0
    /// or −1 exactly when x is to be rounded up, kept, or rounded down.
    @inlinable @inline(__always)
    package static func roundHalfAway(_ x: Float) -> Float {
        guard abs(x) >= 1, abs(x) < 0x1p30 else { return x.rounded() }
        let truncated = Float(Int32(x))
        let fraction = x - truncated
        return truncated + Float(Int32(fraction * 2))
    }
}
