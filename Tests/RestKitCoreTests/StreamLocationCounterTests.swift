import Testing

@testable import RestKitCore

/// The line and column a streaming parser reports are those of the whole input, however the
/// input was cut, and the scalar count behind the columns is exact at every length.
struct StreamLocationCounterTests {
    /// Deterministic bytes weighted towards what counts: newlines, ASCII, lead bytes and
    /// continuation bytes (`10xxxxxx`), not necessarily valid UTF-8.
    static func bytes(count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let pick = state >> 33
            switch pick % 8 {
            case 0: return UInt8(ascii: "\n")
            case 1, 2: return 0x80 | UInt8(truncatingIfNeeded: pick >> 8) & 0x3F
            case 3: return 0xC0 | UInt8(truncatingIfNeeded: pick >> 8) & 0x3F
            default: return UInt8(truncatingIfNeeded: pick >> 8) & 0x7F
            }
        }
    }

    /// Lengths around the word and vector sizes and around the flush of the lane accumulator
    /// (255 words of 8 bytes, 255 blocks of 16).
    @Test(arguments: [0, 1, 7, 8, 9, 15, 16, 17, 2039, 2040, 2041, 2047, 2048, 4079, 4080, 4081, 4096, 8160, 8161, 10_000])
    func scalarCountIsExact(length: Int) {
        for seed in 1...4 as ClosedRange<UInt64> {
            var input = Self.bytes(count: length, seed: seed)
            let expected = input.filter { $0 & 0xC0 != 0x80 }.count
            #expect(input.withUnsafeBufferPointer { StreamLocationCounter.scalarCount($0) } == expected)
            // Only continuation bytes, the most a lane can count.
            input = [UInt8](repeating: 0xBF, count: length)
            #expect(input.withUnsafeBufferPointer { StreamLocationCounter.scalarCount($0) } == 0)
        }
    }

    /// Chunks of every size counted one after another place every offset where a whole scan of
    /// the input does.
    @Test(arguments: [1, 3, 8, 64, 1000, 5000])
    func chunksGiveTheWholeInputsLocations(chunkSize: Int) {
        let input = Self.bytes(count: 6_000, seed: 7)
        var counter = StreamLocationCounter()
        var start = 0
        var mismatches = 0
        while start < input.count {
            let end = min(start + chunkSize, input.count)
            input.withUnsafeBufferPointer { whole in
                let chunk = UnsafeBufferPointer(rebasing: whole[start..<end])
                for offset in stride(from: start, to: end, by: max(1, chunkSize / 7)) {
                    let location = counter.location(at: offset, inChunk: chunk, from: start)
                    if location != SourceLocation(offset: offset, in: input) { mismatches += 1 }
                }
                counter.advance(over: chunk)
            }
            start = end
        }
        #expect(mismatches == 0)
        #expect(counter.offset == input.count)
        let atEnd = counter.location(at: input.count, inChunk: UnsafeBufferPointer(start: nil, count: 0), from: input.count)
        #expect(atEnd == SourceLocation(offset: input.count, in: input))
    }
}
