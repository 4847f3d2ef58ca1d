import Testing

@testable import RestKitCore

struct AppendBufferTests {
    /// Appends of every size from 0 to 300 bytes, single bytes and truncations, checked
    /// against an array doing the same after every step.
    @Test func holdsWhatAnArrayWouldHold() {
        var buffer = AppendBuffer(capacity: 3)
        var expected: [UInt8] = []
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for step in 0..<2_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let size = Int(state >> 33) % 301
            let chunk = (0..<size).map { UInt8(truncatingIfNeeded: $0 &+ step) }
            switch step % 5 {
            case 0:
                buffer.append(UInt8(truncatingIfNeeded: step))
                expected.append(UInt8(truncatingIfNeeded: step))
            case 1 where expected.count > 0:
                let newCount = Int(state >> 40) % expected.count
                buffer.truncate(to: newCount)
                expected.removeLast(expected.count - newCount)
            default:
                chunk.withUnsafeBufferPointer { buffer.append($0) }
                expected.append(contentsOf: chunk)
            }
            #expect(buffer.count == expected.count)
            #expect(buffer.withUnsafeBufferPointer { Array($0) } == expected, "step \(step)")
        }
        // Appending an empty buffer (no base address) changes nothing.
        buffer.append(UnsafeBufferPointer(start: nil, count: 0))
        #expect(buffer.count == expected.count)
        buffer.truncate(to: expected.count + 10)   // longer than the contents: no effect
        #expect(buffer.count == expected.count)
        #expect(buffer.takeArray() == expected)
        #expect(buffer.count == 0)
        #expect(buffer.takeArray() == [])
        buffer.append(7)
        #expect(buffer.takeArray() == [7])
    }

    /// A buffer reserved for its contents fills that allocation without moving to another one,
    /// and at no point is more than 64 KiB zero-filled past the contents (the memory touched
    /// beyond what the contents need). Also when the contents outgrow the reservation.
    @Test func fillsItsReservationInPlaceAndTouchesLittleBeyondTheContents() {
        let reserved = 3_500_000
        var buffer = AppendBuffer(capacity: reserved)
        let base = buffer.storage.withUnsafeBufferPointer { $0.baseAddress }
        let piece = [UInt8](repeating: 0x61, count: 37)
        var moved = false
        var mostAhead = 0
        while buffer.count + piece.count <= reserved {
            piece.withUnsafeBufferPointer { buffer.append($0) }
            moved = moved || buffer.storage.withUnsafeBufferPointer { $0.baseAddress } != base
            mostAhead = max(mostAhead, buffer.storage.count - buffer.count)
        }
        #expect(!moved)
        #expect(mostAhead <= 1 << 16)
        // Past the reservation: it grows, and still fills at most 64 KiB ahead.
        for _ in 0..<100_000 {
            piece.withUnsafeBufferPointer { buffer.append($0) }
            mostAhead = max(mostAhead, buffer.storage.count - buffer.count)
        }
        #expect(mostAhead <= 1 << 16)
        #expect(buffer.count > reserved)
        #expect(buffer.withUnsafeBufferPointer { $0.allSatisfy { $0 == 0x61 } })
    }
}
