import Testing
import WarnSimCore

/// Numbers in text files are plain decimals: Swift's `Double(_:)` also reads
/// hexadecimal floats, `nan` and `inf`, which ``DecimalNumber`` refuses.
@Suite struct DecimalNumberTests {
    @Test func plainDecimalsAreRead() {
        let cases: [(String, Double)] = [
            ("0", 0), ("-0", 0), ("42", 42), ("-1.5", -1.5), ("+2", 2), (".5", 0.5), ("5.", 5), ("1e-3", 0.001),
            ("2.5E+2", 250), ("-7e2", -700), ("0012.50", 12.5), ("1e308", 1e308),
        ]
        for (text, value) in cases {
            #expect(DecimalNumber.parse(text) == value, "'\(text)'")
            #expect(DecimalNumber.parse(Substring(text)) == value, "'\(text)' as a substring")
        }
    }

    @Test(arguments: [
        "", " ", "0x1p3", "0X1P3", "0x10", "-0x1p3", "nan", "NaN", "-nan", "inf", "-inf", "+inf", "infinity", "Infinity",
        " 1", "1 ", "1 000", "1_000", "1e999", "-1e999", "0.5.1", "1e", "1e+", "e3", ".", "+", "-", "+-1", "1..2", "0,5", "1e3.5",
        "١٢", "1f", "1d", "0b1", "5%",
    ])
    func everythingElseIsRefused(text: String) {
        #expect(DecimalNumber.parse(text) == nil, "'\(text)' was read as \(String(describing: DecimalNumber.parse(text)))")
    }

    @Test func swiftReadsWhatIsRefused() {
        // Why the shared reader exists: these pass Double(_:) as finite numbers.
        #expect(Double("0x1p3") == 8)
        #expect(Double("0x10") == 16)
        #expect(DecimalNumber.parse("0x1p3") == nil)
        #expect(DecimalNumber.parse("0x10") == nil)
    }
}
