import Testing
import WarnSimCore

/// `bench simulate --people 1000000` reported a peak of 0: from 8 digits of
/// kilobytes on, /proc separates `VmHWM` from its number by a tab alone.
@Suite struct ProcessMeasurementTests {
    @Test func readsThePeakWhateverTheNumberOfDigits() {
        #expect(ProcessMeasurement.peakResidentBytes(status: "Name:\twarnsim\nVmHWM:\t  371000 kB\nVmRSS:\t 1 kB\n") == 371_000 * 1024)
        #expect(ProcessMeasurement.peakResidentBytes(status: "VmPeak:\t1 kB\nVmHWM:\t14153148 kB\n") == 14_153_148 * 1024)
        #expect(ProcessMeasurement.peakResidentBytes(status: "Name:\twarnsim\n") == 0)
    }

    @Test func readsThisProcess() {
        #expect(ProcessMeasurement.peakResidentBytes() > 0)
    }
}
