import Foundation
import Population
import Simulation
import Testing
import WarnSimCore

/// `app.minimum_age` and `app.supported_phone_share`: who can run the app at all.
@Suite struct AdoptionGateTests {
    @Test func factorsFollowTheAgeGroupsAndTheSupportedPhones() {
        let gate = AdoptionGate(minimumAge: 14, supportedPhoneShare: 0.85)
        #expect(gate.factor(for: .preschool) == 0)
        // 14-17 of the 6-17-year-olds: 4 of 12 single years.
        #expect(abs(gate.factor(for: .pupil) - 0.85 * 4 / 12) < 1e-12)
        #expect(gate.factor(for: .adult) == 0.85 && gate.factor(for: .senior) == 0.85)
        // Left out, nothing is restricted, exactly.
        for group in AgeGroup.allCases { #expect(AdoptionGate().factor(for: group) == 1) }
        #expect(AdoptionGate(minimumAge: 18).factor(for: .pupil) == 0)
    }

    @Test func scenarioFieldsReachThePhones() throws {
        let url = try SimulationRunTests.scenario {
            $0.replacingOccurrences(of: "  adoption_scale:", with: "  minimum_age: 14\n  supported_phone_share: 0.85\n  adoption_scale:")
        }
        defer { try? FileManager.default.removeItem(at: url) }
        let scenario = try Scenario.load(url)
        let plain = try SimulationRunTests.scenario()
        defer { try? FileManager.default.removeItem(at: plain) }
        let base = try Scenario.load(plain).app.adoptionByAge
        let gated = scenario.app.adoptionByAge
        #expect(gated[0] == 0)
        #expect(abs(gated[1] - base[1] * 0.85 * 4 / 12) < 1e-12)
        #expect(abs(gated[2] - base[2] * 0.85) < 1e-12)
        var run = try SimulationRun(scenario: scenario, seed: 3, workers: 1)
        try run.simulate(day: 0)
        let preschool = run.phones.indices.filter { run.world.town.age[$0] == .preschool }
        #expect(!preschool.isEmpty && preschool.allSatisfy { !run.phones[$0].hasApp })
    }

    @Test func outOfRangeValuesNameTheField() throws {
        for (field, value) in [("minimum_age", "30"), ("supported_phone_share", "1.2")] {
            let url = try SimulationRunTests.scenario {
                $0.replacingOccurrences(of: "  adoption_scale:", with: "  \(field): \(value)\n  adoption_scale:")
            }
            defer { try? FileManager.default.removeItem(at: url) }
            #expect {
                _ = try Scenario.load(url)
            } throws: { error in
                "\(error)".contains("app.\(field)")
            }
        }
    }
}
