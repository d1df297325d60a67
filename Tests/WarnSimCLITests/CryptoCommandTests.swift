import Foundation
import Testing
import WarnSimTestSupport

@Suite struct CryptoCommandTests {
    @Test func deriveReproducesTheOfficialVector() throws {
        let result = try WarnSimProcess.run([
            "crypto", "derive", "--tek", "75c734c6dd1a782de7a965da5eb93125", "--interval", "2642976",
            "--count", "144", "--metadata", "40080000",
        ])
        #expect(result.status == 0)
        let vector = try String(contentsOfFile: try ReferenceData.path("gaen/crypto-vectors-v1.2.csv"), encoding: .utf8)
        let expected = vector.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst().map { line in
            let cells = line.split(separator: ",")
            return "\(cells[1]),\(cells[3]),\(cells[4])"
        }
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "en_interval_number,rpi,aem")
        #expect(Array(lines.dropFirst()) == expected)
    }

    @Test func deriveDefaultsToOneRowAndV10Metadata() throws {
        let result = try WarnSimProcess.run(["crypto", "derive", "--tek", "2765f41dbaa6306a264391913bf48723", "--interval", "2652091"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[1].hasPrefix("2652091,31fc2cf219fe6dc6765d860e979ba9e5,"))
        // Metadata 40000000 XOR the keystream 50b33a43… of PROTOCOL.md §2b.
        #expect(lines[1].hasSuffix(",10b33a43"))
    }

    @Test(arguments: [
        ["--tek", "abc", "--interval", "1"],
        ["--tek", "75c734c6dd1a782de7a965da5eb9312", "--interval", "1"],
        ["--tek", "75c734c6dd1a782de7a965da5eb93125", "--interval", "1", "--metadata", "4000"],
        ["--tek", "75c734c6dd1a782de7a965da5eb93125", "--interval", "1", "--count", "0"],
    ])
    func badArgumentsExitTwo(arguments: [String]) throws {
        let result = try WarnSimProcess.run(["crypto", "derive"] + arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains("error"))
        #expect(result.stdout.isEmpty)
    }
}
