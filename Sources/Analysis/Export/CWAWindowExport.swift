import Foundation
import RiskCalculation
import RunRecords
import WarnSimCore

/// A run's recorded windows in the CWA test-vector JSON format
/// (corona-warn-app/cwa-app-android `src/test/resources/exposure-windows-risk-calculation.json`):
/// one test case per phone of one platform with its windows as of the
/// phone's last detection that produced new windows (`ageInDays` counted from
/// that day), and the expected results of the run's own configuration computed
/// by the exact engine in that platform's variant (the one those phones ran),
/// so that `warnsim score FILE --platform P --check` reproduces them
/// and other implementations can be checked against WarnSim's windows.
package enum CWAWindowExport {
    package static func json(run: RecordedRun, platform: RiskPlatform, phones selected: Set<Int>? = nil) throws -> String {
        guard case .cwaExposureWindows(let parameters) = run.risk.scheme else {
            throw InputError(
                file: run.folder, field: RunFolder.riskFileName, problem: "the run's configuration is not a CWA exposure-window set")
        }
        let engine = CWARiskEngine(parameters: parameters, platform: platform)
        var cases: [String] = []
        var start = 0
        let windows = run.windows
        while start < windows.count {
            var end = start
            while end < windows.count && windows[end].phone == windows[start].phone { end += 1 }
            let phone = windows[start].phone
            defer { start = end }
            if let selected, !selected.contains(phone) { continue }
            guard run.phones[phone].platform == platform else { continue }
            let own = Array(windows[start..<end])
            let detection = own.map(\.detectedAt).max()!
            let referenceDay = Int(detection.floorDivided(by: 86_400))
            let result = try engine.calculate(own.map(\.window), referenceDay: referenceDay)
            var text = "    {\n      \"description\": \"phone \(phone), \(own.count) windows as of its detection at \(detection) (Unix s); "
            text += "key owners \(Set(own.map(\.owner)).sorted().map(String.init).joined(separator: " "))\",\n"
            text +=
                "      \"exposureWindows\": [\n"
                + own.map { stored in
                    let w = stored.window
                    let scans = w.scanInstances.map {
                        "{\"minAttenuation\": \($0.minAttenuation), \"typicalAttenuation\": \($0.typicalAttenuation), \"secondsSinceLastScan\": \($0.secondsSinceLastScan)}"
                    }.joined(separator: ", ")
                    return "        {\"ageInDays\": \(referenceDay - w.dayNumber), \"reportType\": \(w.reportType.rawValue), "
                        + "\"infectiousness\": \(w.infectiousness.rawValue), \"calibrationConfidence\": \(w.calibrationConfidence.rawValue), "
                        + "\"scanInstances\": [\(scans)]}"
                }.joined(separator: ",\n") + "\n      ],\n"
            func age(_ day: Int?) -> String { day.map { String(referenceDay - $0) } ?? "null" }
            text += "      \"expTotalRiskLevel\": \(result.totalRiskLevel.rawValue),\n"
            text += "      \"expAgeOfMostRecentDateWithLowRisk\": \(age(result.mostRecentDayWithLowRisk)),\n"
            text += "      \"expAgeOfMostRecentDateWithHighRisk\": \(age(result.mostRecentDayWithHighRisk)),\n"
            text += "      \"expNumberOfDaysWithLowRisk\": \(result.numberOfDaysWithLowRisk),\n"
            text += "      \"expNumberOfDaysWithHighRisk\": \(result.numberOfDaysWithHighRisk),\n"
            text += "      \"expTotalMinimumDistinctEncountersWithLowRisk\": \(result.totalMinimumDistinctEncountersWithLowRisk),\n"
            text += "      \"expTotalMinimumDistinctEncountersWithHighRisk\": \(result.totalMinimumDistinctEncountersWithHighRisk)\n    }"
            cases.append(text)
        }
        var out =
            "{\n  \"__comment__\": \"WarnSim windows of run seed \(run.seed) (\(run.days) days), configuration \(run.risk.name), phones of platform \(platform.rawValue); expected values from WarnSim's exact engine\",\n"
        out += "  \"defaultRiskCalculationConfiguration\": " + TestVectorConfigurationWriter.json(parameters) + ",\n"
        out += "  \"testCases\": [\n" + cases.joined(separator: ",\n") + "\n  ]\n}\n"
        return out
    }
}
