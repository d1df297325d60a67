/// What a phone with the app carries beyond every phone's clocks: the app
/// (with its framework and sightings) and the risk calculation it runs, on
/// the heap. ``SimulatedPhone`` keeps a reference to one, so that the phones
/// of people without the app (about 60 % of a town) do not carry their room
/// (about 900 bytes a phone, 0.55 GB of a million people's phones).
///
/// The phone reads and modifies the app in place through its address (a
/// class's stored property, or an optional read through an address, is
/// copied when read, and an app is large); it modifies it only while it holds
/// its box alone, copying a shared box first, so phones keep value semantics
/// and no box is written by two threads.
final class InstalledApp: @unchecked Sendable {
    let app: UnsafeMutablePointer<CoronaWarnApp>
    let engine: UnsafeMutablePointer<PhoneRiskEngine?>

    init(app: CoronaWarnApp, engine: PhoneRiskEngine?) {
        self.app = .allocate(capacity: 1)
        self.app.initialize(to: app)
        self.engine = .allocate(capacity: 1)
        self.engine.initialize(to: engine)
    }

    deinit {
        app.deinitialize(count: 1)
        app.deallocate()
        engine.deinitialize(count: 1)
        engine.deallocate()
    }

    /// A box of its own with the same values.
    func copy() -> InstalledApp { InstalledApp(app: app.pointee, engine: engine.pointee) }
}
