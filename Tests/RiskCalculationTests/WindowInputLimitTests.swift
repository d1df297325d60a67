import Foundation
import RiskCalculation
import Testing
import WarnSimCore

/// Window files: JSON is read as strict JSON, out-of-range fields and oversized
/// inputs are refused with an `InputError` naming the file and the field
/// (`InputLimits`), before huge structures are built where possible.
@Suite struct WindowInputLimitTests {
    static func window(seconds: String = "300", age: String = "1", scans: Int = 1) -> String {
        let scan = #"{"minAttenuation": 30, "typicalAttenuation": 30, "secondsSinceLastScan": \#(seconds)}"#
        return
            #"{"ageInDays": \#(age), "reportType": 1, "infectiousness": 1, "calibrationConfidence": 0, "scanInstances": [\#(Array(repeating: scan, count: scans).joined(separator: ","))]}"#
    }

    func error(_ text: String, file: String = "w.json") -> InputError? {
        do {
            _ = try WindowFile.parse(text, file: file)
            return nil
        } catch let error as InputError {
            return error
        } catch {
            Issue.record("unexpected error type \(error)")
            return nil
        }
    }

    @Test func secondsSinceLastScanAtTheExtremes() throws {
        #expect(error("[\(Self.window(seconds: "86400"))]") == nil)
        #expect(error("[\(Self.window(seconds: "-86400"))]") == nil)
        for seconds in ["9223372036854775807", "-9223372036854775808", "86401", "-86401"] {
            let found = try #require(error("[\(Self.window(seconds: seconds))]"), "\(seconds)")
            #expect(found.file == "w.json")
            #expect(found.field == "[0].scanInstances[0].secondsSinceLastScan")
            #expect(found.problem == "out of range: found \(seconds), allowed -86400…86400")
        }
        for seconds in ["1e300", "1.5", "99999999999999999999", "1e400"] {
            #expect(error("[\(Self.window(seconds: seconds))]")?.field == "[0].scanInstances[0].secondsSinceLastScan", "\(seconds)")
        }
    }

    @Test func secondsThatWouldOverflowASumAreRefused() {
        let two = "[\(Self.window(seconds: "9223372036854775807", scans: 2))]"
        #expect(error(two)?.problem.contains("out of range") == true)
    }

    @Test func agesAtTheExtremes() {
        #expect(error("[\(Self.window(age: "365"))]") == nil)
        #expect(error("[\(Self.window(age: "9223372036854775807"))]")?.problem == "out of range: found 9223372036854775807, allowed 0…365")
        #expect(error("[\(Self.window(age: "-1"))]")?.field == "[0].ageInDays")
    }

    @Test func scanInstancesPerWindowAreLimited() {
        let limit = InputLimits.maximumScanInstancesPerWindow
        #expect(error("[\(Self.window(scans: limit))]") == nil)
        let tooMany = error("[\(Self.window(scans: limit + 1))]")
        #expect(tooMany?.field == "[0].scanInstances")
        #expect(tooMany?.problem.contains("\(limit + 1) scan instances, more than the \(limit)") == true, "\(String(describing: tooMany))")
    }

    @Test func windowsPerCaseAndPerFileAreLimited() {
        let one = Self.window()
        let perCase = InputLimits.maximumWindowsPerCase
        let caseText = "[" + Array(repeating: one, count: perCase + 1).joined(separator: ",") + "]"
        #expect(error(caseText)?.problem.contains("\(perCase + 1) windows, more than the \(perCase)") == true)
        let full = Array(repeating: one, count: perCase).joined(separator: ",")
        let cases = (0..<(InputLimits.maximumWindowsPerFile / perCase + 1)).map {
            #"{"description": "\#($0)", "exposureWindows": [\#(full)]}"#
        }
        let fileError = error(#"{"testCases": [\#(cases.joined(separator: ","))]}"#)
        #expect(fileError?.field == "testCases[\(cases.count - 1)].exposureWindows")
        #expect(fileError?.problem.contains("more than \(InputLimits.maximumWindowsPerFile) windows") == true)
    }

    @Test func oversizedFilesAreRefusedBeforeReading() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("warnsim-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("big.json").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(InputLimits.maximumFileBytes) + 1)
        try handle.close()
        let found = try #require(throws: InputError.self) { try WindowFile.load(path: path) }
        #expect(found.file == path)
        #expect(found.problem.contains("more than the \(InputLimits.maximumFileBytes)"))
        let configError = try #require(throws: InputError.self) { try ConfigurationLoader.load(path: path) }
        #expect(configError.problem.contains("32 MiB"))
    }

    @Test func jsonIsReadAsStrictJSON() {
        let good = "[\(Self.window())]"
        #expect(error(good) == nil)
        let bad = [
            good.replacingOccurrences(of: "]}]", with: "],}]"),  // trailing comma in an object
            good.replacingOccurrences(of: "300}]", with: "300},]"),  // trailing comma in a list
            good.replacingOccurrences(of: "\"ageInDays\"", with: "'ageInDays'"),  // single quotes
            good.replacingOccurrences(of: "\"ageInDays\"", with: "ageInDays"),  // unquoted key
            good.replacingOccurrences(of: ": 300", with: ": NaN"),
            good.replacingOccurrences(of: ": 300", with: ": Infinity"),
            good.replacingOccurrences(of: ": 300", with: ": 0300"),
            good.replacingOccurrences(of: ": 300", with: ": 0x12c"),
            good + " // comment",
            good + "\n[]",
            "# comment\n" + good,
            String(repeating: "[", count: 10_000),
        ]
        for text in bad {
            let found = error(text)
            #expect(found?.file == "w.json", "\(text.prefix(80))")
            #expect(found?.problem.contains("JSON") == true || found?.problem.contains("malformed") == true, "\(String(describing: found))")
        }
        // A document starting with `[` or `{` is JSON whatever the file is called.
        #expect(error(bad[0], file: "w.txt")?.problem.contains("malformed JSON") == true)
        // Escapes and Unicode survive.
        #expect(throws: Never.self) {
            let file = try WindowFile.parse(
                #"{"testCases": [{"description": "caf\u00e9 \ud83d\ude00 \"x\" \\ / \n", "exposureWindows": []}]}"#, file: "w.json")
            #expect(file.cases.first?.description == "café 😀 \"x\" \\ / \n")
        }
    }

    @Test func duplicateKeysAreRefusedInJSON() {
        let duplicate =
            #"[{"ageInDays": 1, "ageInDays": 2, "reportType": 1, "infectiousness": 1, "calibrationConfidence": 0, "scanInstances": []}]"#
        let found = error(duplicate)
        #expect(found?.field == "[0].ageInDays")
        #expect(found?.problem == "duplicate key")
    }

    @Test func jsonErrorsNameTheLineAndColumn() {
        let found = error("{\n  \"testCases\": [\n    1,\n  ],\n}")
        #expect(found?.problem == "malformed JSON at line 4, column 3: expected a value, found ']'")
    }
}
