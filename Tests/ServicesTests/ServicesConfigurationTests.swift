import Foundation
import Services
import Testing
import WarnSimCore
import WarnSimTestSupport
import Yams

@Suite struct ServicesConfigurationTests {
    /// `${NAME:default}` → default; plain values unchanged.
    static func resolved(_ value: Any?) -> String? {
        guard let value else { return nil }
        let text = "\(value)"
        if text.hasPrefix("${"), let colon = text.firstIndex(of: ":"), text.hasSuffix("}") {
            return String(text[text.index(after: colon)..<text.index(before: text.endIndex)])
        }
        return text
    }

    /// A YAML mapping of integers to integers (Yams loads the keys as strings).
    static func intMap(_ value: Any?) -> [Int: Int]? {
        guard let mapping = value as? [AnyHashable: Any] else { return nil }
        var result: [Int: Int] = [:]
        for (key, value) in mapping {
            guard let k = Int("\(key)"), let v = Int("\(value)") else { return nil }
            result[k] = v
        }
        return result
    }

    @Test func defaultsAreTheReferenceServerValues() throws {
        let yaml = try ReferenceData.text("cwa/server-config/distribution-application.yaml")
        let root = try #require(try Yams.load(yaml: yaml) as? [String: Any])
        let services = try #require(root["services"] as? [String: Any])
        let distribution = try #require(services["distribution"] as? [String: Any])
        let d = ServicesConfig().distribution
        #expect(Self.resolved(distribution["expiry-policy-minutes"]) == "\(d.expiryPolicyMinutes)")
        #expect(Self.resolved(distribution["shifting-policy-threshold"]) == "\(d.shiftingPolicyThreshold)")
        #expect(Self.resolved(distribution["maximum-number-of-keys-per-bundle"]) == "\(d.maximumNumberOfKeysPerBundle)")
        #expect(Self.resolved(distribution["minimum-trl-value-allowed"]) == "\(d.minimumTRLValueAllowed)")
        #expect(Self.resolved(distribution["retention-days"]) == "\(d.retentionDays)")
        #expect(Self.resolved(distribution["days-to-publish"]) == "\(d.daysToPublish)")
        let objectstore = try #require(distribution["objectstore"] as? [String: Any])
        #expect(Self.resolved(objectstore["hour-file-retention-days"]) == "\(d.hourFileRetentionDays)")
        let signature = try #require(distribution["signature"] as? [String: Any])
        #expect(Self.resolved(signature["verification-key-id"]) == d.verificationKeyID)
        #expect(Self.resolved(signature["verification-key-version"]) == d.verificationKeyVersion)
        let api = try #require(distribution["api"] as? [String: Any])
        #expect(Self.resolved(api["origin-country"]) == d.region)
        #expect(Self.resolved(distribution["include-incomplete-days"]) == "false")
        #expect(Self.resolved(distribution["include-incomplete-hours"]) == "false")
    }

    @Test func verificationAndSubmissionDefaultsMatchServicesMarkdown() throws {
        let text = try ReferenceData.text("cwa/SERVICES.md")
        #expect(text.contains("appsession.tancountermax: 1"))
        #expect(text.contains("tan.valid.days: 14"))
        #expect(text.contains("Valid 1 hour"))
        #expect(text.contains("Rate limit 1000 per hour globally, with a warning at 80 %"))
        #expect(text.contains("entities.cleanup.days: 21"))
        #expect(text.contains("auto-set to REDEEMED after 21 days and deleted after 60 days"))
        #expect(text.contains("the server default accepts 14 per payload"))
        let c = ServicesConfig()
        #expect(c.verification.tanCounterMax == 1 && c.verification.tanValidDays == 14)
        #expect(c.verification.teleTANValidSeconds == 3_600 && c.verification.teleTANRateLimitPerHour == 1_000)
        #expect(c.verification.teleTANRateLimitWarningShare == 0.8 && c.verification.cleanupDays == 21)
        #expect(c.testResults.redeemAfterDays == 21 && c.testResults.deleteAfterDays == 60)
        #expect(c.submission.maximumNumberOfKeys == 14 && c.submission.maximumKeyAgeDays == 14)
    }

    @Test func derivationMapsMatchTheReference() throws {
        let yaml = try ReferenceData.text("cwa/server-config/common-persistence/derivation-maps.yaml")
        let root = try #require(try Yams.load(yaml: yaml) as? [String: Any])
        let derivations = try #require(root["tek-field-derivations"] as? [String: Any])
        let trlFromDSOS = try #require(Self.intMap(derivations["trl-from-dsos"]))
        let dsosFromTRL = try #require(Self.intMap(derivations["dsos-from-trl"]))
        #expect(trlFromDSOS == TEKFieldDerivations.trlFromDSOS)
        #expect(dsosFromTRL == TEKFieldDerivations.dsosFromTRL)
        #expect(Self.resolved(derivations["default-trl"]) == "\(TEKFieldDerivations.defaultTRL)")
    }

    @Test func transmissionRiskEncodingMatchesTheReference() throws {
        let yaml = try ReferenceData.text("cwa/server-config/main-config/transmission-risk-encoding.yaml")
        let root = try #require(try Yams.load(yaml: yaml) as? [String: Any])
        let encoding = try #require(root["transmission-risk-encoding"] as? [String: Any])
        let toDSOS = try #require(Self.intMap(encoding["transmissionRisk-to-daysSinceSymptoms"]))
        let toReportType = try #require(Self.intMap(encoding["transmissionRisk-to-reportType"]))
        #expect(toDSOS.count == 8 && toReportType.count == 8)
        for trl in 1...8 {
            #expect(TransmissionRiskEncoding.daysSinceOnsetOfSymptoms(transmissionRiskLevel: trl).map(Int.init) == toDSOS[trl])
            #expect(TransmissionRiskEncoding.reportType(transmissionRiskLevel: trl).map { Int($0.rawValue) } == toReportType[trl])
        }
        #expect(TransmissionRiskEncoding.reportType(transmissionRiskLevel: 0) == nil)
        #expect(TransmissionRiskEncoding.daysSinceOnsetOfSymptoms(transmissionRiskLevel: 9) == nil)
    }

    @Test func scenarioSectionOverridesDefaults() throws {
        let yaml = """
            population: {people: 100}
            services:
              verification:
                tele-tan-rate-limit-per-hour: 50
                tele-tan-rate-limit-warning-share: 0.5
              test-results:
                redeem-after-days: 10
              submission:
                maximum-number-of-keys: 15
              distribution:
                shifting-policy-threshold: 1
                region: EUR
                verification-key-id: "262"
            """
        let c = try ServicesConfig.parse(yaml: yaml, file: "town.yaml")
        #expect(c.verification.teleTANRateLimitPerHour == 50)
        #expect(c.verification.teleTANRateLimitWarningShare == 0.5)
        #expect(c.verification.tanValidDays == 14)
        #expect(c.testResults.redeemAfterDays == 10)
        #expect(c.submission.maximumNumberOfKeys == 15)
        #expect(c.distribution.shiftingPolicyThreshold == 1 && c.distribution.region == "EUR")
        #expect(c.distribution.expiryPolicyMinutes == 120)
        #expect(try ServicesConfig.parse(yaml: "population: {}", file: "x.yaml") == ServicesConfig())
        #expect(try ServicesConfig.parse(yaml: "services:\n", file: "x.yaml") == ServicesConfig())
        #expect(try ServicesConfig.parse(yaml: "services:\n  distribution: ~\n", file: "x.yaml") == ServicesConfig())
    }

    @Test(arguments: [
        ("services:\n  verifcation: {}\n", "services.verifcation", "unknown key"),
        ("services:\n  distribution:\n    expiry-minutes: 5\n", "services.distribution.expiry-minutes", "unknown key"),
        (
            "services:\n  distribution:\n    shifting-policy-threshold: many\n", "services.distribution.shifting-policy-threshold",
            "expected an integer"
        ),
        (
            "services:\n  distribution:\n    shifting-policy-threshold: \"140\"\n", "services.distribution.shifting-policy-threshold",
            "expected an integer"
        ),
        (
            "services:\n  distribution:\n    shifting-policy-threshold: 1.5\n", "services.distribution.shifting-policy-threshold",
            "expected an integer"
        ),
        (
            "services:\n  distribution:\n    minimum-trl-value-allowed: 9\n", "services.distribution.minimum-trl-value-allowed",
            "out of range"
        ),
        ("services:\n  submission:\n    maximum-number-of-keys: 0\n", "services.submission.maximum-number-of-keys", "out of range"),
        (
            "services:\n  submission:\n    maximum-number-of-keys: [1]\n", "services.submission.maximum-number-of-keys",
            "expected an integer"
        ),
        (
            "services:\n  verification:\n    tele-tan-rate-limit-warning-share: 1.5\n",
            "services.verification.tele-tan-rate-limit-warning-share", "out of range"
        ),
        ("services:\n  verification:\n    tan-valid-days: 30\n", "services.verification.tan-valid-days", "exceeds cleanup-days"),
        ("services:\n  test-results:\n    delete-after-days: 5\n", "services.test-results.delete-after-days", "below redeem-after-days"),
        (
            "services:\n  distribution:\n    hour-file-retention-days: 20\n", "services.distribution.hour-file-retention-days",
            "exceeds retention-days"
        ),
        ("services:\n  distribution:\n    region: \"D E\"\n", "services.distribution.region", "printable ASCII"),
        ("services:\n  distribution: 5\n", "services.distribution", "expected a mapping"),
        ("services: [1, 2]\n", "services", "expected a mapping"),
    ])
    func badConfigurationNamesFileAndField(yaml: String, field: String, problem: String) throws {
        do {
            _ = try ServicesConfig.parse(yaml: yaml, file: "scenario.yaml")
            Issue.record("accepted bad input for \(field)")
        } catch {
            #expect(error.file == "scenario.yaml")
            #expect(error.field == field)
            #expect(error.problem.contains(problem), "\(error.problem)")
        }
    }

    @Test func loadsTheSectionOfAScenarioFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("services-\(UUID().uuidString).yaml")
        try "seed: 7\nservices:\n  distribution:\n    days-to-publish: 5\n".write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try ServicesConfig.load(contentsOf: url).distribution.daysToPublish == 5)
    }

    @Test func malformedYAMLAndUnreadableFiles() throws {
        #expect(throws: InputError.self) { try ServicesConfig.parse(yaml: "services: [unclosed", file: "bad.yaml") }
        do {
            _ = try ServicesConfig.load(contentsOf: URL(fileURLWithPath: "/nonexistent/scenario.yaml"))
            Issue.record("read a missing file")
        } catch {
            #expect(error.file == "/nonexistent/scenario.yaml")
        }
    }
}
