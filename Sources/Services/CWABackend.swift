import Crypto
import Foundation

/// The whole simulated CWA backend, wired as the real one: the app talks to the
/// verification server (registration, results, TAN) and the submission server
/// (keys); the submission server checks TANs with the verification server and
/// hands accepted keys to the distribution service, which publishes packages and
/// the app configuration on the CDN.
///
/// Every endpoint takes the simulated time `now` (Unix seconds); all tokens come
/// from `RandomStream(seed:subsystem: StreamName.verificationServer)`, so a run is
/// reproducible from its seed.
package struct CWABackend: Sendable {
    package let configuration: ServicesConfig
    package var verification: VerificationServer
    package var testResults: TestResultServer
    package var submission: SubmissionServer
    package var distribution: DistributionService
    package var appConfiguration: AppConfigurationEndpoint
    /// Immuni's OTP service, for scenarios whose app uploads by Immuni's path
    /// (``authoriseOTP(code:symptomsStartedOnDay:now:)``); its keys reach the same distribution.
    package var otp: OTPService
    /// What the backend has done so far.
    package private(set) var counters = BackendCounters()

    /// A backend with `configuration`, tokens drawn from `seed`, and packages and
    /// the app configuration signed with `signingKey`.
    package init(configuration: ServicesConfig = .init(), seed: UInt64, signingKey: P256.Signing.PrivateKey) {
        self.configuration = configuration
        verification = VerificationServer(configuration: configuration.verification, seed: seed)
        testResults = TestResultServer(configuration: configuration.testResults)
        submission = SubmissionServer(configuration: configuration.submission)
        distribution = DistributionService(configuration: configuration.distribution, signingKey: signingKey)
        appConfiguration = AppConfigurationEndpoint(signingKey: signingKey)
        otp = OTPService(configuration: configuration.immuniIngestion)
    }

    /// The public key the phones pin for packages and the app configuration.
    package var verificationKey: P256.Signing.PublicKey { distribution.verificationKey }

    // MARK: App endpoints

    /// Registers a test scanned from its QR code (the app sends the SHA-256 of the GUID).
    package mutating func registerTest(hashedGUID: HashedGUID, now: Int64) throws(VerificationError) -> RegistrationToken {
        do {
            let token = try verification.register(hashedGUID: hashedGUID, now: now)
            counters.registrations += 1
            return token
        } catch {
            counters.reject(error)
            throw error
        }
    }

    /// Registers a teleTAN typed into the app.
    package mutating func registerTeleTAN(_ code: String, now: Int64) throws(VerificationError) -> RegistrationToken {
        do {
            let token = try verification.register(teleTAN: code, now: now)
            counters.registrations += 1
            return token
        } catch {
            counters.reject(error)
            throw error
        }
    }

    /// Polls the test result.
    package mutating func testResult(registrationToken: RegistrationToken, now: Int64) throws(VerificationError) -> TestResult {
        try verification.testResult(registrationToken: registrationToken, testResults: &testResults, now: now)
    }

    /// Requests the TAN for a positive test (after the user's consent).
    package mutating func requestTAN(registrationToken: RegistrationToken, now: Int64) throws(VerificationError) -> TAN {
        do {
            let tan = try verification.requestTAN(registrationToken: registrationToken, testResults: &testResults, now: now)
            counters.tansIssued += 1
            return tan
        } catch {
            counters.reject(error)
            throw error
        }
    }

    /// Uploads keys with a TAN; returns the number of keys stored for distribution.
    @discardableResult
    package mutating func submitKeys(_ keys: [SubmittedKey], tan: TAN, now: Int64) throws(SubmissionError) -> Int {
        do {
            return accept(try submission.submit(keys, tan: tan, verification: &verification, now: now))
        } catch {
            counters.reject(error)
            throw error
        }
    }

    /// The signed app configuration served at `now`.
    package func fetchAppConfiguration(now: Int64) throws(AppConfigurationError) -> Data {
        try appConfiguration.fetch(now: now)
    }

    // MARK: Lab, hotline and operator side

    /// A laboratory reports a result, visible after `delaySeconds`.
    package mutating func labPost(hashedGUID: HashedGUID, result: TestResult, now: Int64, delaySeconds: Int64 = 0) throws(TestResultError) {
        try testResults.labPost(hashedGUID: hashedGUID, result: result, now: now, delaySeconds: delaySeconds)
    }

    /// The hotline creates a teleTAN for a caller who tested positive.
    package mutating func createTeleTAN(now: Int64) throws(VerificationError) -> TeleTAN {
        do {
            let teleTAN = try verification.createTeleTAN(now: now)
            counters.teleTANsCreated += 1
            return teleTAN
        } catch {
            counters.reject(error)
            throw error
        }
    }

    /// Immuni's HIS authorises the code a user dictated to a health operator,
    /// with the symptom-onset day the operator entered (``OTPService``).
    package mutating func authoriseOTP(code: String, symptomsStartedOnDay: Int64, now: Int64) throws(ImmuniUploadError) {
        do {
            try otp.authorise(code: code, symptomsStartedOnDay: symptomsStartedOnDay, now: now)
            counters.otpsAuthorised += 1
        } catch {
            counters.reject(error)
            throw error
        }
    }

    /// Immuni's `POST /v1/ingestion/check-otp`: whether the code with SHA-256
    /// `sha256` is authorised at `now`.
    package mutating func checkOTP(sha256: String, now: Int64) throws(ImmuniUploadError) {
        guard otp.authorisation(sha256: sha256, now: now) != nil else {
            counters.reject(ImmuniUploadError.otpNotAuthorised)
            throw .otpNotAuthorised
        }
    }

    /// Immuni's `POST /v1/ingestion/upload` authenticated with the code's
    /// SHA-256: the keys the ingestion rules keep (``ExposureIngestion``) go
    /// to distribution and the code is used up. Returns the number of keys
    /// kept (0 when the rules keep none; the upload still counts).
    @discardableResult
    package mutating func uploadWithOTP(_ keys: [SubmittedKey], sha256: String, now: Int64) throws(ImmuniUploadError) -> Int {
        do throws(ImmuniUploadError) {
            guard let authorisation = otp.authorisation(sha256: sha256, now: now) else { throw .otpNotAuthorised }
            let kept = try ExposureIngestion.keysAtRisk(
                keys, symptomsStartedOnDay: authorisation.symptomsStartedOnDay, now: now,
                configuration: configuration.immuniIngestion)
            otp.consume(sha256: sha256)
            return accept(kept)
        } catch {
            counters.reject(error)
            throw error
        }
    }

    /// Hands an accepted upload's keys to distribution and counts it; both upload
    /// paths (TAN and OTP) end here.
    private mutating func accept(_ keys: [StoredDiagnosisKey]) -> Int {
        distribution.receive(keys)
        counters.uploadsAccepted += 1
        counters.keysAccepted += keys.count
        return keys.count
    }

    /// Publishes new risk parameters (serialized by the caller).
    package mutating func publishAppConfiguration(_ payload: Data, now: Int64) throws(AppConfigurationError) {
        try appConfiguration.publish(payload: payload, now: now)
    }

    /// The hourly jobs: distribution run, then the verification and test-result cleanups.
    @discardableResult
    package mutating func runHourlyJobs(now: Int64) throws(DistributionError) -> [PublishedPackage] {
        let published = try distribution.run(now: now)
        verification.cleanup(now: now)
        testResults.cleanup(now: now)
        otp.expire(now: now)
        return published
    }
}
