import Testing

@testable import RestKitCore

struct CursorBufferTests {
    static func contents(_ buffer: CursorBuffer<Int>) -> [Int] {
        buffer.withUnsafeBufferPointer { Array($0) }
    }

    /// Appends through several growths (32 elements, then doubling) keep every element in order.
    @Test(arguments: [0, 1, 31, 32, 33, 1_000, 5_000])
    func keepsEveryElementThroughGrowth(count: Int) {
        var buffer = CursorBuffer<Int>()
        for value in 0..<count { buffer.append(value) }
        #expect(buffer.count == count)
        #expect(Self.contents(buffer) == Array(0..<count))
        #expect(buffer.last == (count > 0 ? count - 1 : nil))
    }

    @Test func worksAsAStack() {
        var stack = CursorBuffer<Int>()
        stack.reserveCapacity(100)
        for value in 0..<100 { stack.append(value) }
        stack[3] = -3
        #expect(stack[3] == -3)
        #expect(stack.removeLast() == 99)
        #expect(stack.count == 99)
        stack.truncate(to: 10)
        #expect(Self.contents(stack) == [0, 1, 2, -3, 4, 5, 6, 7, 8, 9])
        stack.truncate(to: 50)
        #expect(stack.count == 10)
        stack.removeAll()
        #expect(stack.isEmpty)
        #expect(stack.last == nil)
    }

    @Test func closesAContainerEntry() {
        var entries = CursorBuffer<Tape.Entry>()
        entries.append(Tape.Entry(kind: .array))
        entries.append(Tape.Entry(kind: .null))
        entries.append(Tape.Entry(kind: .true))
        entries.close(containerAt: 0, count: 2, end: entries.count)
        #expect(entries[0].kind == .array)
        #expect(entries[0].count == 2)
        #expect(entries[0].payload == 3)
    }

    /// A copy shares storage until `makeUnique`, which gives the written one storage of its own
    /// with the same contents: writing and growing the copy leaves the original as it was.
    @Test func aCopyMadeUniqueDoesNotWriteTheOriginal() {
        var original = CursorBuffer<Int>()
        for value in 0..<10 { original.append(value) }
        var copy = original
        copy.makeUnique()
        copy[0] = -1
        copy.removeLast()
        for value in 100..<1_000 { copy.append(value) }
        #expect(Self.contents(original) == Array(0..<10))
        #expect(Self.contents(copy) == [-1] + Array(1..<9) + Array(100..<1_000))
        original.makeUnique()
        original.append(10)
        #expect(Self.contents(original) == Array(0...10))
    }
}
