import RestKitCore
import Testing

/// `WhitespaceRun.leadingCount(in:)` against a byte loop, for runs of 0 to 40 bytes of each
/// whitespace byte ended by each kind of byte (a near miss below and above the set, a control
/// byte, non-ASCII) or by the end of the buffer.
struct WhitespaceRunTests {
    static let whitespace: [UInt8] = [0x20, 0x09, 0x0A, 0x0D]

    @Test func anEmptyBufferHasNoWhitespace() {
        #expect(WhitespaceRun.leadingCount(in: UnsafeBufferPointer(start: nil, count: 0)) == 0)
    }

    @Test(arguments: [nil, 0x08, 0x0B, 0x0C, 0x1F, 0x21, 0x3C, 0x00, 0xA0, 0xFF] as [UInt8?])
    func runsEndWhereTheByteLoopEnds(stop: UInt8?) {
        for length in 0...40 {
            for (offset, byte) in Self.whitespace.enumerated() {
                // Mixed runs: each length starts with a different whitespace byte.
                var bytes = (0..<length).map { Self.whitespace[($0 + offset) % 4] }
                if let stop { bytes += [stop] + Array(repeating: byte, count: 5) }
                let counted = bytes.withUnsafeBufferPointer { WhitespaceRun.leadingCount(in: $0) }
                #expect(counted == length, "run of \(length) then \(stop.map(String.init) ?? "the end")")
            }
        }
    }
}
