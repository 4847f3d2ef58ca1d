#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A fixed set of object keys, looked up by their bytes, so that one pass over an object's
/// members finds all of them (``Tape/findMembers(_:inObjectAt:into:)``) instead of one pass
/// per key. Keys compare as bytes, as ``Representation``'s key subscript compares them.
///
/// ```swift
/// let table = MemberKeyTable(["id", "text", "user"])
/// table.slot(of: Array("text".utf8))   // 1
/// ```
package struct MemberKeyTable: Sendable {
    /// The keys' bytes, one after another; key `k` is `bytes[starts[k]..<starts[k + 1]]`.
    private let bytes: [UInt8]
    private let starts: [Int]
    /// Open addressing over `hash(key) & mask`: each bucket holds a key's slot, or -1.
    private let buckets: [Int32]
    private let mask: Int
    /// Bit `min(length, 63)` is set for the length of each key: most members of an object are
    /// passed over on their length alone, without reading their key.
    private let lengths: UInt64

    /// A table of `keys`; a key given twice keeps its first slot.
    package init(_ keys: [String]) {
        var bytes: [UInt8] = []
        var starts = [0]
        var capacity = 8
        while capacity < keys.count * 4 { capacity *= 2 }
        var buckets = [Int32](repeating: -1, count: capacity)
        var lengths: UInt64 = 0
        mask = capacity - 1
        for key in keys {
            let utf8 = Array(key.utf8)
            var bucket = Self.hash(utf8.count, first: utf8.first ?? 0, last: utf8.last ?? 0) & mask
            var isRepeat = false
            while buckets[bucket] >= 0 {
                let slot = Int(buckets[bucket])
                if bytes[starts[slot]..<starts[slot + 1]].elementsEqual(utf8) {
                    isRepeat = true
                    break
                }
                bucket = (bucket + 1) & mask
            }
            guard !isRepeat else { continue }
            buckets[bucket] = Int32(starts.count - 1)
            lengths |= Self.lengthBit(utf8.count)
            bytes.append(contentsOf: utf8)
            starts.append(bytes.count)
        }
        self.bytes = bytes
        self.starts = starts
        self.buckets = buckets
        self.lengths = lengths
    }

    /// How many distinct keys the table holds (slots `0..<count`).
    package var count: Int { starts.count - 1 }

    /// The slot of the key spelled by `key`, or `nil` when the table does not hold it.
    package func slot(of key: [UInt8]) -> Int? {
        withLookup { lookup in key.withUnsafeBufferPointer { lookup.slot(of: $0) } }
    }

    /// Calls `body` with the table's storage in reach, for many lookups in a row.
    @inline(__always)
    func withLookup<Result>(_ body: (Lookup) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in
                buckets.withUnsafeBufferPointer { buckets in
                    body(Lookup(bytes: bytes, starts: starts, buckets: buckets, mask: mask, lengths: lengths))
                }
            }
        }
    }

    /// The table's storage, valid inside ``withLookup(_:)``.
    struct Lookup {
        let bytes: UnsafeBufferPointer<UInt8>
        let starts: UnsafeBufferPointer<Int>
        let buckets: UnsafeBufferPointer<Int32>
        let mask: Int
        let lengths: UInt64

        /// Whether the table may hold a key of `length` bytes.
        @inline(__always)
        func mayHold(length: Int) -> Bool { lengths & MemberKeyTable.lengthBit(length) != 0 }

        /// The slot of the key spelled by `key`, or `nil` when the table does not hold it.
        @inline(__always)
        func slot(of key: UnsafeBufferPointer<UInt8>) -> Int? {
            let length = key.count
            var bucket = MemberKeyTable.hash(length, first: length > 0 ? key[0] : 0, last: length > 0 ? key[length - 1] : 0) & mask
            while true {
                let slot = Int(buckets[bucket])
                guard slot >= 0 else { return nil }
                let start = starts[slot]
                if starts[slot + 1] - start == length {
                    guard length > 0, let storedBase = bytes.baseAddress, let keyBase = key.baseAddress else { return slot }
                    if memcmp(storedBase + start, keyBase, length) == 0 { return slot }
                }
                bucket = (bucket + 1) & mask
            }
        }
    }

    @inline(__always)
    fileprivate static func lengthBit(_ length: Int) -> UInt64 { 1 << UInt64(min(length, 63)) }

    @inline(__always)
    fileprivate static func hash(_ length: Int, first: UInt8, last: UInt8) -> Int {
        (length &* 0x9E37) ^ (Int(first) &* 31) ^ (Int(last) &* 0x2F1)
    }
}

extension Tape {
    /// Finds the keys of `table` in the object at `index` in one pass over its members: sets
    /// `found[slot]` to the entry index of the value of the key in that slot (the last value
    /// when a key repeats, as ``member(_:inObjectAt:)`` does) and leaves the others alone.
    /// `found` holds at least `table.count` elements.
    package func findMembers(_ table: MemberKeyTable, inObjectAt index: Int, into found: UnsafeMutableBufferPointer<Int>) {
        table.withLookup { table in
            entries.withUnsafeBufferPointer { entries in
                bytes.withUnsafeBufferPointer { input in
                    decoded.withUnsafeBufferPointer { decoded in
                        var child = index + 1
                        let end = Int(entries[index].payload)
                        while child < end {
                            if table.mayHold(length: Int(entries[child].count)),
                               let key = Self.text(of: entries[child], input: input, decoded: decoded),
                               let slot = table.slot(of: key), slot < found.count {
                                found[slot] = child + 1
                            }
                            child = Self.memberEnd(afterKeyAt: child, in: entries)
                        }
                    }
                }
            }
        }
    }
}
