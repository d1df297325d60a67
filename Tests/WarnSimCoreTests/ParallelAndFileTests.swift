import Foundation
import Testing
import WarnSimCore

@Suite struct ParallelAndFileTests {
    @Test func chunksCoverEveryIndexOnce() {
        for workers in 1...7 {
            for count in [0, 1, 5, 100, 101] {
                let ranges = (0..<workers).map { Parallel.chunk($0, of: workers, count: count) }
                #expect(ranges.flatMap { Array($0) } == Array(0..<count))
            }
        }
    }

    @Test func atomicWriteReplacesWholeFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("warnsim-atomic-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("nested/out.csv")
        try AtomicFile.write("a,b\n1,2\n", to: file)
        try AtomicFile.write("a,b\n3,4\n", to: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "a,b\n3,4\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("nested").path)
        #expect(leftovers == ["out.csv"])
    }

    @Test func jsonValueKeepsIntegersBooleansAndFractionsApart() throws {
        let value = try JSONValue.parse(Data(#"{"a": 1, "b": true, "c": 1.5, "d": "x", "e": [null], "f": 2.0}"#.utf8))
        let object = try #require(value.objectValue)
        #expect(object["a"] == .integer(1))
        #expect(object["b"] == .bool(true))
        #expect(object["b"]?.integerValue == nil)
        #expect(object["c"]?.integerValue == nil)
        #expect(object["c"]?.doubleValue == 1.5)
        #expect(object["d"]?.stringValue == "x")
        #expect(object["e"] == .array([.null]))
        #expect(object["f"]?.integerValue == 2)
        #expect(throws: (any Error).self) { _ = try JSONValue.parse(Data("{".utf8)) }
    }

    @Test func inputErrorsNameFileAndField() {
        #expect(InputError(file: "a.yaml", field: "x.y", problem: "must be positive").description == "a.yaml: x.y: must be positive")
        #expect(InputError(file: "a.yaml", problem: "missing").description == "a.yaml: missing")
    }
}
