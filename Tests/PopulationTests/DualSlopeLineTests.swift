import Foundation
import Population
import Testing
import WarnSimCore
import WarnSimTestSupport

@Suite("Dual-slope path loss line")
struct DualSlopeLineTests {
    /// Distances 0.5–8 m, 40 each: enough beyond every candidate breakpoint.
    static let distances = (0..<600).map { 0.5 + 7.5 * Double($0 % 300) / 299 }

    @Test("noise-free data give back the line and its breakpoint")
    func recoversKnownLine() {
        let truth = DualSlopeLine(intercept: 52, near: 20, far: 5, logBreakpoint: log10(3))
        let x = Self.distances.map { log10($0) }
        let fitted = DualSlopeLine.bestFit(logDistances: x, values: x.map { truth.value(logDistance: $0) })
        #expect(abs(fitted.intercept - 52) < 1e-9)
        #expect(abs(fitted.near - 20) < 1e-9)
        #expect(abs(fitted.far - 5) < 1e-9)
        #expect(abs(fitted.logBreakpoint - log10(3)) < 1e-12)
        // value: continuous at the breakpoint, by hand on both sides.
        #expect(abs(truth.value(logDistance: log10(3)) - (52 + 20 * log10(3))) < 1e-12)
        #expect(abs(truth.value(logDistance: log10(6)) - (52 + 20 * log10(3) + 5 * log10(2))) < 1e-12)
    }

    @Test("every group keeps its own intercept; the slopes are shared")
    func groupedIntercepts() {
        let b = log10(2.5)
        let x = Self.distances.map { log10($0) }
        let groups = x.indices.map { $0 % 3 }
        let offsets = [40.0, 47.5, 55.0]
        let y = x.indices.map { offsets[groups[$0]] + 18 * min(x[$0], b) + 4 * max(0, x[$0] - b) }
        let fit = DualSlopeLine.leastSquares(logDistances: x, values: y, logBreakpoint: b, groups: groups)
        #expect(abs(fit.line.near - 18) < 1e-9 && abs(fit.line.far - 4) < 1e-9)
        #expect(abs(fit.line.intercept - 40) < 1e-9)
        #expect(fit.residualSquares < 1e-8)
    }

    @Test("a falling far part is clamped flat and the near slope refitted")
    func negativeFarSlopeIsClamped() {
        let b: Double = Foundation.log10(4)
        let x: [Double] = Self.distances.map { Foundation.log10($0) }
        let falling = DualSlopeLine(intercept: 50, near: 15, far: -10, logBreakpoint: b)
        let y: [Double] = x.map { falling.value(logDistance: $0) }
        let line = DualSlopeLine.leastSquares(logDistances: x, values: y, logBreakpoint: b).line
        #expect(line.far == 0)
        // With far fixed at 0 the near slope is the one-regressor fit on min(lg d, lg b).
        let x1: [Double] = x.map { min($0, b) }
        let mx: Double = x1.reduce(0, +) / Double(x1.count)
        let my: Double = y.reduce(0, +) / Double(y.count)
        var sxy = 0.0
        var sxx = 0.0
        for i in x1.indices {
            sxy += (x1[i] - mx) * (y[i] - my)
            sxx += (x1[i] - mx) * (x1[i] - mx)
        }
        let slope = sxy / sxx
        #expect(abs(line.near - slope) < 1e-9)
    }

    @Test("without enough samples beyond a candidate the line keeps one slope")
    func oneSlopeWhenNothingBeyond() {
        let x = (0..<500).map { log10(0.3 + 1.1 * Double($0) / 499) }  // 0.3–1.4 m
        #expect(DualSlopeLine.breakpoints(for: x).isEmpty)
        let line = DualSlopeLine.bestFit(logDistances: x, values: x.map { 48 + 22 * $0 })
        #expect(abs(line.near - 22) < 1e-9 && line.far == line.near)
        #expect(line.logBreakpoint == log10(DualSlopeLine.candidateBreakpoints.last!))
    }

    @Test("the radio model's single-precision median is the parameters' line")
    func modelMatchesParameters() throws {
        let parameters = try RadioParameters.load(try ProjectFiles.required(ProjectFiles.radioDefault))
        let model = RadioModel(parameters: parameters)
        for environment in RadioEnvironment.allCases {
            for distance in [0.05, 0.5, 1, 2, 3.5, 4, 6, 12] {
                let expected = parameters.medianPathAttenuation(distance: distance, environment: environment)
                let got = Double(model.medianPath(distance: Float(distance), environment: environment))
                #expect(abs(got - expected) < 1e-3, "\(environment) \(distance) m")
            }
            // Beyond the breakpoint the curve rises by the far exponent only.
            let c = parameters.channel(environment)
            let step =
                parameters.medianPathAttenuation(distance: 2 * c.breakpoint, environment: environment)
                - parameters.medianPathAttenuation(distance: c.breakpoint, environment: environment)
            #expect(abs(step - 10 * c.farPathLossExponent * log10(2)) < 1e-9)
        }
    }
}
