import Testing
import WarnSimCore

@Suite struct MachineMemoryTests {
    @Test func theCgroupLimitCapsPhysicalMemoryWhenSet() {
        #expect(MachineMemory.limit(physical: 24_000_000_000, cgroupLimit: "max\n") == 24_000_000_000)
        #expect(MachineMemory.limit(physical: 24_000_000_000, cgroupLimit: nil) == 24_000_000_000)
        #expect(MachineMemory.limit(physical: 24_000_000_000, cgroupLimit: "8589934592\n") == 8_589_934_592)
        #expect(MachineMemory.limit(physical: 4_000_000_000, cgroupLimit: "8589934592") == 4_000_000_000)
        #expect(MachineMemory.limit(physical: 4_000_000_000, cgroupLimit: "garbage") == 4_000_000_000)
        #expect(MachineMemory.limit(physical: 4_000_000_000, cgroupLimit: "0") == 4_000_000_000)
    }

    @Test func thisMachineHasSomeMemory() {
        #expect(MachineMemory.limitBytes > 100_000_000)
    }

    @Test func sizesArePrintedForPeople() {
        #expect(MachineMemory.format(2.24e12) == "2.2 TB")
        #expect(MachineMemory.format(61.4e9) == "61 GB")
        #expect(MachineMemory.format(3.46e9) == "3.5 GB")
        #expect(MachineMemory.format(450e6) == "450 MB")
    }
}
