#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A byte array built by many small appends, each a capacity check and a `memcpy`.
///
/// `Array.append(contentsOf:)` of a short buffer costs about 60 instructions besides the copy
/// (the generic sequence path: reserve, copy, look for more elements); a parse that appends
/// every name and text (XML) spent a tenth of its time there. Here the array is kept longer
/// than its contents, zero-filled ahead (at most 64 KiB at a time, each byte zeroed once), and
/// bytes are copied into that room; what lies past ``count`` is scratch.
///
/// ```swift
/// var buffer = AppendBuffer(capacity: 64)
/// Array("name".utf8).withUnsafeBufferPointer { buffer.append($0) }
/// buffer.append(UInt8(ascii: "s"))
/// buffer.truncate(to: 2)
/// let bytes = buffer.takeArray()   // "na"
/// ```
package struct AppendBuffer {
    /// The bytes, then scratch room (zero-filled when made, stale after ``truncate(to:)``).
    @usableFromInline var storage: [UInt8] = []
    /// How many bytes of `storage` are contents.
    package private(set) var count = 0

    /// An empty buffer with room for `capacity` bytes before it reallocates.
    package init(capacity: Int = 0) {
        storage.reserveCapacity(capacity)
    }

    /// Appends `bytes`.
    @inlinable @inline(__always)
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        let added = bytes.count
        guard added > 0, let source = bytes.baseAddress else { return }
        if storage.count &- count < added { makeRoom(for: added) }
        let offset = count
        storage.withUnsafeMutableBufferPointer { buffer in
            // `makeRoom` made `storage.count >= offset + added`.
            guard let base = buffer.baseAddress else { return }
            memcpy(base + offset, source, added)
        }
        count = offset &+ added
    }

    /// Appends one byte.
    @inlinable @inline(__always)
    package mutating func append(_ byte: UInt8) {
        if storage.count == count { makeRoom(for: 1) }
        storage[count] = byte
        count &+= 1
    }

    /// Drops the bytes from `newCount` on (no effect when there are not that many).
    @inlinable
    package mutating func truncate(to newCount: Int) {
        if newCount >= 0, newCount < count { count = newCount }
    }

    /// Empties the buffer, keeping its room.
    package mutating func removeAll() {
        count = 0
    }

    /// Calls `body` with the contents.
    @inlinable @inline(__always)
    package func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    /// The contents as an array, leaving the buffer empty (no copy: the zeros past the
    /// contents are dropped, the allocation is handed over).
    package mutating func takeArray() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &storage)
        taken.removeLast(taken.count - count)
        count = 0
        return taken
    }

    /// Zero-fills room for at least `added` more bytes: as much again as the buffer holds up to
    /// 64 KiB at a time, so appends stay amortized O(1) while at most 64 KiB past the contents
    /// is ever touched, and never past the capacity reserved when `added` fits in it. (Doubling
    /// the filled part touched up to twice the memory the contents needed, and reallocated a
    /// buffer reserved for the whole text once its filled part passed half: a copy, and page
    /// faults on memory never used.)
    @usableFromInline
    mutating func makeRoom(for added: Int) {
        let spare = storage.capacity &- storage.count
        var room = Swift.max(added, Swift.min(Swift.max(storage.count, 64), 1 << 16))
        if spare >= added { room = Swift.min(room, spare) }
        storage.append(contentsOf: repeatElement(0, count: room))
    }
}
