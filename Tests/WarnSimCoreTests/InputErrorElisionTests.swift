import Testing
import WarnSimCore

/// A huge value or a whole file echoed into an input error is cut to a
/// readable message with the number of characters left out.
@Suite struct InputErrorElisionTests {
    @Test func aLongValueIsElided() {
        let value = String(repeating: "x", count: 100_000)
        let error = InputError(file: "scenario.yaml", field: "name", problem: "'\(value)' is not a name")
        let text = error.description
        #expect(text.count < 400)
        #expect(text.hasPrefix("scenario.yaml: name: '" + String(repeating: "x", count: 199)))  // the quote and 199 of the value
        #expect(text.contains("…(99802 more characters) is not a name"))
        // The error itself keeps the whole problem.
        #expect(error.problem.count == 100_000 + 16)
    }

    @Test func aWholeFileIsCutToTheProblemLimit() {
        let file = (0..<2_000).map { "line \($0) of the file" }.joined(separator: "\n")
        let text = InputError(file: "data.csv", problem: "unexpected content: \(file)").description
        #expect(text.count <= "data.csv: ".count + InputError.maximumProblemLength + 40)
        #expect(text.hasSuffix("more characters)"))
    }

    @Test func longFileNamesAndFieldsAreElidedAndShortMessagesUnchanged() {
        let long = String(repeating: "a", count: 5_000)
        let text = InputError(file: long, field: long, problem: "bad").description
        #expect(text.count < 3 * InputError.maximumWordLength)
        #expect(text.hasSuffix(": bad"))
        let short = InputError(file: "f.yaml", field: "a.b", problem: "is out of range 0...1")
        #expect(short.description == "f.yaml: a.b: is out of range 0...1")
        #expect(InputError.elide("abcdef", limit: 3) == "abc…(3 more characters)")
        #expect(InputError.elide("abc", limit: 3) == "abc")
    }
}
