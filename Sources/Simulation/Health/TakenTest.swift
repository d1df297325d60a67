import Services

/// Why a person takes a test.
package enum TestReason: UInt8, Sendable, Hashable, CaseIterable {
    /// Symptoms of the infection.
    case symptoms = 0
    /// Another reason: respiratory illness that is not COVID-19, screening,
    /// a contact traced outside the app.
    case background = 1
    /// A warning of the app (E04.02).
    case warning = 2
    /// The previous result was INVALID.
    case retest = 3

    /// The name in outputs.
    package var name: String {
        switch self {
        case .symptoms: "symptoms"
        case .background: "background"
        case .warning: "warning"
        case .retest: "retest"
        }
    }
}

/// What kind of test a person takes.
package enum TestKind: UInt8, Sendable, Hashable, CaseIterable {
    /// A PCR test: a lab reports the result.
    case pcr = 0
    /// A rapid antigen test at a test centre (`testing.rapid_antigen`): the
    /// centre posts the result minutes later.
    case rapidAntigen = 1

    /// How often the app asks for this kind of test's result.
    package var polling: TestResultPolling {
        switch self {
        case .pcr: .pcr
        case .rapidAntigen: .rapidAntigen
        }
    }
}

/// One test a person took: when, why, of which kind, what it will say and when.
package struct TakenTest: Sendable, Hashable {
    /// The person tested.
    package var person: Int
    /// The person's test count including this one (1 for the first test).
    package var number: Int
    /// When the sample was taken (Unix seconds).
    package var takenAt: Int64
    /// The lab's result: POSITIVE, NEGATIVE or INVALID.
    package var result: TestResult
    /// When the lab reports the result (Unix seconds).
    package var knownAt: Int64
    package var reason: TestReason
    package var kind: TestKind = .pcr
}
