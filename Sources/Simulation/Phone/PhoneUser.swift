/// The person behind a phone: what they will do (drawn once when the run is
/// set up) and the state of their daily habits.
public struct PhoneUser: Sendable {
    /// How this user registers a test (QR code or teleTAN via the hotline).
    public var testRoute: TestRegistrationRoute = .qrCode
    /// Whether this user will consent to share keys after a positive result.
    public var willShare = false
    /// Whole days left with tracing switched off (E03.01).
    public var tracingOffDaysLeft = 0
    /// Whole days left with Bluetooth off (E03.03).
    public var bluetoothOffDaysLeft = 0
}
