import Testing

@testable import WarnSimBenchmarks

/// `bench score`'s GEMM ceiling multiplies the scorer's mean tile, not its
/// nominal 512 rows: tiles are runs of whole devices of at most 512 windows.
@Suite struct ScoreCeilingShapeTests {
    static func devices(_ windowsPerDevice: [Int]) -> [Int] {
        windowsPerDevice.enumerated().flatMap { device, count in [Int](repeating: device, count: count) }
    }

    @Test func meanTileOfWholeDevices() {
        // Tiles: [300], [300, 100]; 700 windows in 2 tiles.
        #expect(ScoreBenchmark.meanTileWindows(devices: Self.devices([300, 300, 100]), tileWindows: 512) == 350)
        // A device with more windows than a tile is a tile of its own.
        #expect(ScoreBenchmark.meanTileWindows(devices: Self.devices([600, 10]), tileWindows: 512) == 305)
        // Exactly full tiles.
        #expect(ScoreBenchmark.meanTileWindows(devices: Self.devices([256, 256, 512]), tileWindows: 512) == 512)
        #expect(ScoreBenchmark.meanTileWindows(devices: [], tileWindows: 512) == 512)
    }
}
