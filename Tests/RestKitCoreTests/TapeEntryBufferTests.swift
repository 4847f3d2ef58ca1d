import Testing

@testable import RestKitCore

struct TapeEntryBufferTests {
    static func contents(_ buffer: TapeEntryBuffer) -> [Int64] {
        buffer.withUnsafeBufferPointer { $0.map(\.payload) }
    }

    /// Appends through several growths (256 entries, then doubling) keep every entry in order.
    @Test(arguments: [0, 1, 255, 256, 257, 1_000, 5_000])
    func keepsEveryEntryThroughGrowth(count: Int) {
        var buffer = TapeEntryBuffer()
        buffer.prepareForUse()
        for value in 0..<count { buffer.append(Tape.Entry(kind: .int, payload: Int64(value))) }
        #expect(buffer.count == count)
        #expect(Self.contents(buffer) == (0..<count).map(Int64.init))
        #expect(buffer.last?.payload == (count > 0 ? Int64(count - 1) : nil))
    }

    @Test func closesAContainerAndTruncates() {
        var buffer = TapeEntryBuffer()
        buffer.prepareForUse()
        buffer.append(Tape.Entry(kind: .array))
        buffer.append(Tape.Entry(kind: .null))
        buffer.append(Tape.Entry(kind: .true))
        buffer.close(containerAt: 0, count: 2, end: buffer.count)
        buffer.withUnsafeBufferPointer { entries in
            #expect(entries[0].kind == .array)
            #expect(entries[0].count == 2)
            #expect(entries[0].payload == 3)
        }
        buffer.truncate(to: 1)
        #expect(buffer.count == 1)
        buffer.truncate(to: 5)
        #expect(buffer.count == 1)
        buffer.prepareForUse()
        #expect(buffer.count == 0)
        #expect(buffer.last == nil)
    }

    /// A copy shares storage until `prepareForUse`, which gives the written one storage of its
    /// own: filling the copy (through growth) leaves the original's entries as they were.
    @Test func aCopyPreparedForUseDoesNotWriteTheOriginal() {
        var original = TapeEntryBuffer()
        original.prepareForUse()
        for value in 0..<10 { original.append(Tape.Entry(kind: .int, payload: Int64(value))) }
        var copy = original
        copy.prepareForUse()
        for value in 0..<1_000 { copy.append(Tape.Entry(kind: .int, payload: Int64(-value))) }
        #expect(Self.contents(original) == (0..<10).map(Int64.init))
        #expect(Self.contents(copy) == (0..<1_000).map { Int64(-$0) })
        original.prepareForUse()
        original.append(Tape.Entry(kind: .int, payload: 42))
        #expect(Self.contents(original) == [42])
        #expect(Self.contents(copy).prefix(2) == [0, -1])
    }
}
