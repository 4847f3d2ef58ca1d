#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether the keys of an object on a ``Tape`` are pairwise different as bytes and ASCII,
/// found without making a `String`: then they are unique as `String`s too (ASCII has no
/// canonically equivalent spellings), and the tape can make the object's dictionary from its
/// keys and values at once instead of looking each key up as it goes in. An object of one
/// key (or none) needs no comparison, whatever its bytes.
///
/// Up to 16 keys are compared pairwise. More go into an open-addressing table of cheap hashes
/// (length, first and last eight bytes); the probing is bounded (eight steps a key on
/// average), so keys built to collide cost linear time and simply take the general path.
///
/// ```swift
/// let fast = DistinctKeys.areDistinctASCII(objectAt: 0, entries: entries, input: input, decoded: decoded)
/// ```
enum DistinctKeys {
    static func areDistinctASCII(
        objectAt index: Int, entries: UnsafeBufferPointer<Tape.Entry>,
        input: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        let count = Int(entries[index].count)
        // No key or one: distinct whatever its bytes.
        guard count > 1 else { return true }
        let end = min(Int(entries[index].payload), entries.count)
        return withUnsafeTemporaryAllocation(of: UnsafeBufferPointer<UInt8>.self, capacity: count) { keys in
            var child = index + 1
            var found = 0
            while child + 1 < end, found < count {
                guard entries[child].kind == .key, let key = Tape.text(of: entries[child], input: input, decoded: decoded),
                      isASCII(key)
                else { return false }
                keys.initializeElement(at: found, to: key)
                found += 1
                child = Tape.memberEnd(afterKeyAt: child, in: entries)
            }
            guard found == count else { return false }
            let stored = UnsafeBufferPointer(rebasing: keys[..<found])
            return count <= 16 ? pairwiseDistinct(stored) : hashedDistinct(stored)
        }
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var high: UInt64 = 0
        var offset = 0
        while offset + 8 <= bytes.count {
            high |= UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            offset += 8
        }
        while offset < bytes.count {
            high |= UInt64(base[offset])
            offset += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// Whether two keys have the same bytes. Empty keys are equal wherever they lie (the byte
    /// after an empty key is not part of it: comparing it told two `""` keys apart when one was
    /// in the input and the other decoded, a `json-diff-chunked` fuzzing finding).
    private static func equal(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        guard left.count == right.count else { return false }
        guard left.count > 0, let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return true }
        return leftBase[0] == rightBase[0] && memcmp(leftBase, rightBase, left.count) == 0
    }

    private static func pairwiseDistinct(_ keys: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>) -> Bool {
        for first in keys.indices {
            for second in (first + 1)..<keys.count where equal(keys[first], keys[second]) {
                return false
            }
        }
        return true
    }

    private static func hashedDistinct(_ keys: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>) -> Bool {
        var capacity = 32
        while capacity < keys.count * 2 { capacity *= 2 }
        let mask = capacity - 1
        var probesLeft = keys.count * 8
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: capacity) { slots in
            // A slot holds the key's hash in its high 32 bits and its position + 1 in the low
            // ones; 0 is empty. Keys are compared only when their hashes are equal.
            slots.initialize(repeating: 0)
            for position in keys.indices {
                let key = keys[position]
                let hash = quickHash(key)
                let tag = hash & 0xFFFF_FFFF_0000_0000
                var slot = Int(truncatingIfNeeded: hash >> 7) & mask
                while slots[slot] != 0 {
                    let occupant = slots[slot]
                    if occupant & 0xFFFF_FFFF_0000_0000 == tag, equal(keys[Int(occupant & 0xFFFF_FFFF) - 1], key) { return false }
                    probesLeft -= 1
                    // Too many collisions: not worth finding out here.
                    if probesLeft < 0 { return false }
                    slot = (slot + 1) & mask
                }
                slots[slot] = tag | UInt64(position + 1)
            }
            return true
        }
    }

    /// A hash of the length and the first and last eight bytes (equal keys, equal hashes;
    /// keys that differ only in the middle share a hash and are told apart by comparing).
    private static func quickHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        // Every empty key hashes alike, whether or not its buffer has an address.
        guard bytes.count > 0, let base = bytes.baseAddress else { return 0x9E37_79B9_7F4A_7C15 }
        let count = bytes.count
        var first: UInt64 = 0
        var last: UInt64 = 0
        if count >= 8 {
            first = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
            last = UnsafeRawPointer(base + (count - 8)).loadUnaligned(as: UInt64.self)
        } else {
            for offset in 0..<count { first |= UInt64(base[offset]) << (UInt64(offset) * 8) }
        }
        var hash = (first ^ UInt64(truncatingIfNeeded: count)) &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ (hash >> 32) ^ last) &* 0xD6E8_FEB8_6659_FD93
        return hash ^ (hash >> 32)
    }
}
