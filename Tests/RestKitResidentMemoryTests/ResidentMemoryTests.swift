import Testing

@testable import RestKitResidentMemory

/// The one `/proc` reader: its parsing against fixed status text, and on Linux the real
/// files (elsewhere those tests say they skipped).
struct ResidentMemoryTests {
    static let status = """
        Name:\trkbench
        VmPeak:\t  123456 kB
        VmHWM:\t    2048 kB
        VmRSS:\t    1024 kB
        Threads:\t4
        """

    @Test func readsFieldsInBytes() {
        #expect(ResidentMemory.field("VmHWM", inStatus: Self.status) == 2048 * 1024)
        #expect(ResidentMemory.field("VmRSS", inStatus: Self.status) == 1024 * 1024)
    }

    @Test(arguments: [
        "VmRSS:\t\n",                  // no value
        "VmRSS:\t  12 MB\n",           // another unit
        "VmRSS:\t  12\n",              // no unit
        "VmRSS:\t  -5 kB\n",           // negative
        "VmRSS:\t  1x kB\n",           // not a number
        "VmRSS:\t  99999999999999999999 kB\n",  // overflows
        "VmRSSX:\t 12 kB\n",           // another field
        "",
    ])
    func rejectsMalformedOrMissingFields(_ text: String) {
        #expect(ResidentMemory.field("VmRSS", inStatus: text) == nil)
    }

    @Test(.enabled(if: ResidentMemory.isSupported, "/proc is Linux only"))
    func readsThisProcess() throws {
        let current = try ResidentMemory.currentBytes()
        let peak = try ResidentMemory.peakBytes()
        #expect(current > 1 << 20)
        #expect(peak >= current)
    }

    @Test(.enabled(if: ResidentMemory.isSupported, "/proc is Linux only"))
    func peakFollowsAnAllocationAndResets() throws {
        try ResidentMemory.resetPeak()
        let before = try ResidentMemory.peakBytes()
        do {
            // 64 MiB touched page by page, then freed.
            var block = [UInt8](repeating: 1, count: 64 << 20)
            block[block.count - 1] = 2
            #expect(block.last == 2)
        }
        let after = try ResidentMemory.peakBytes()
        #expect(after - before >= 48 << 20, "peak went from \(before) to \(after) bytes")
    }

    @Test func aProcessThatDoesNotExistIsAnError() {
        // PIDs are at most 2^22 on Linux; elsewhere the platform error comes first.
        let error = #expect(throws: ResidentMemoryError.self) { try ResidentMemory.peakBytes(of: Int32.max) }
        #expect(error?.errorType == (ResidentMemory.isSupported ? .unreadable : .unsupportedPlatform))
        #expect(error?.path == "/proc/\(Int32.max)/status")
    }
}
