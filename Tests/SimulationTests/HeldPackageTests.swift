import ExposureNotification
import Simulation
import Testing

/// What an app keeps of the packages it downloads: a day package replaces the
/// hour packages it covers, an hour package a held day package covers is not
/// new, and the 14-day retention drops a package once its newest key is older
/// than 15 days (a package without keys stays).
@Suite struct HeldPackageTests {
    static let day: UInt32 = 18_731  // 2021-04-14

    static func now(onDay day: UInt32) -> Int64 { Int64(day) * 86_400 + 12 * 3600 }

    @Test func dayPackagesReplaceTheirHoursAndRetentionDropsOldOnes() {
        var app = CoronaWarnAppTests.app(1)
        let hours = [
            HeldPackage(number: 0, newestKeyDay: Self.day - 1, isHourPackage: true),
            HeldPackage(number: 1, newestKeyDay: Self.day - 1, isHourPackage: true),
        ]
        app.receive(hours, now: Self.now(onDay: Self.day))
        #expect(app.heldPackages.map(\.number) == [0, 1])
        #expect(app.isDetectionDue(at: Self.now(onDay: Self.day)))

        let dayPackage = HeldPackage(number: 2, newestKeyDay: Self.day - 1, isHourPackage: false, covers: [0, 1])
        let empty = HeldPackage(number: 3, newestKeyDay: nil, isHourPackage: true)
        app.receive([dayPackage, empty], now: Self.now(onDay: Self.day))
        #expect(app.heldPackages.map(\.number) == [2, 3], "the day package replaces the hours it covers")
        #expect(app.holds(0) && app.holds(1) && app.holds(2))
        // Offered again, a covered hour package is not taken in.
        app.receive([hours[0]], now: Self.now(onDay: Self.day))
        #expect(app.heldPackages.map(\.number) == [2, 3])

        // Its newest key from day - 1: kept while day - 1 >= today - 15.
        app.receive([HeldPackage](), now: Self.now(onDay: Self.day + 14))
        #expect(app.heldPackages.map(\.number) == [2, 3])
        app.receive([HeldPackage](), now: Self.now(onDay: Self.day + 15))
        #expect(app.heldPackages.map(\.number) == [3], "expired: the package without keys stays")
        #expect(!app.holds(0) && !app.holds(1) && !app.holds(2), "the expired day package no longer covers its hours")
    }

    @Test func expiryIsByTheNewestKey() {
        let package = HeldPackage(number: 7, newestKeyDay: 100, isHourPackage: false)
        #expect(!package.isExpired(oldest: 100))
        #expect(package.isExpired(oldest: 101))
        #expect(!HeldPackage(number: 8, newestKeyDay: nil, isHourPackage: true).isExpired(oldest: .max))
    }
}
