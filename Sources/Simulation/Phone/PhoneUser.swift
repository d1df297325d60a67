/// The person behind a phone: what they will do (drawn once when the run is
/// set up) and the state of their daily habits.
package struct PhoneUser: Sendable {
    /// How this user registers a test (QR code or teleTAN via the hotline).
    package var testRoute: TestRegistrationRoute = .qrCode
    /// Whether this user will consent to share keys after a positive result.
    package var willShare = false
    /// Whole days left with tracing switched off (E03.01).
    package var tracingOffDaysLeft = 0
    /// Whole days left with Bluetooth off (E03.03).
    package var bluetoothOffDaysLeft = 0
}
