#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import OrderedCollections

/// Copies a value on a ``Tape`` and everything under it out into plain representations, in
/// one walk (``Tape/materialized(at:)``): containers are made at their final size and filled
/// directly.
///
/// ## Objects of one shape share their keys
///
/// API documents repeat the same keys in the same order over many objects: every status of a
/// timeline, every user, every `entities` block. When an object's keys are, byte for byte and
/// in order, the keys of an object this walk made before, its dictionary takes that object's
/// keys as they are (`OrderedDictionary.mapValues` keeps them): the key `String`s and, for
/// more than 15 keys, the hash table `OrderedDictionary` builds are made once per shape, not
/// once per object. Only the values are new. The check compares the keys' bytes; an object
/// that matches no earlier shape is made as before and takes the place of the less recently
/// used shape of its set.
///
/// Shapes are kept in a small cache of 64 sets of two, an object's set chosen by its member
/// count and the lengths of its first two keys, so a document of many shapes costs at most
/// two failed comparisons per object (usually none: a failed comparison mostly stops at the
/// first key). Only objects whose keys were all distinct become shapes (a repeated key
/// merges into one member, and then members and keys no longer pair one to one).
///
/// ```swift
/// var materializer = TapeMaterializer(tape: tape, entries: entries, input: input, decoded: decoded)
/// let plain = materializer.value(at: 0)
/// ```
struct TapeMaterializer {
    /// An object made in this walk whose keys later objects may share.
    private struct Shape {
        /// The object's entry index (its keys are compared with a candidate's).
        var object: Int
        /// Its members; only their keys are used.
        var members: OrderedDictionary<String, Representation>
    }

    /// Sets of two shapes each: an object's set is chosen by its count and first key lengths,
    /// and a miss replaces the set's less recently used shape.
    private static let setCount = 64

    private let tape: Tape
    private let entries: UnsafeBufferPointer<Tape.Entry>
    private let input: UnsafeBufferPointer<UInt8>
    private let decoded: UnsafeBufferPointer<UInt8>
    private var shapes: [Shape?]
    /// Per set, the way (0 or 1) of the shape used last.
    private var recentWays: [UInt8]

    /// A walk over `tape`, whose ``Tape/entries``, ``Tape/bytes`` and ``Tape/decoded`` are
    /// `entries`, `input` and `decoded` for as long as the walk lasts.
    init(
        tape: Tape, entries: UnsafeBufferPointer<Tape.Entry>,
        input: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>
    ) {
        self.tape = tape
        self.entries = entries
        self.input = input
        self.decoded = decoded
        shapes = Array(repeating: nil, count: Self.setCount * 2)
        recentWays = Array(repeating: 0, count: Self.setCount)
    }

    /// The value at `index` with nothing under it pointing into the tape.
    ///
    /// The walk's own reads are checked against the entries or bounded by them: a container's
    /// children stop at its end or at the last entry, whichever comes first, a position past
    /// the last entry reads as `null`, and an object's keys are compared only while they and
    /// their values lie within the entries. Objects that are not shapes are read by
    /// ``Tape/members(ofObjectAt:_:)``, which relies on the tape's invariant (every container
    /// ends within the entries; our parsers and `TapeBuilder` close each one) and traps, as
    /// `Array` does, on a tape that breaks it (a bug in a producer, which no input can cause).
    mutating func value(at index: Int) -> Representation {
        guard index >= 0, index < entries.count else { return .null }
        let entry = entries[index]
        switch entry.kind {
        case .array:
            var elements: [Representation] = []
            elements.reserveCapacity(Int(entry.count))
            var child = index + 1
            let end = min(Int(entry.payload), entries.count)
            while child < end {
                elements.append(value(at: child))
                child = tape.next(after: child)
            }
            return .array(elements)
        case .object:
            return .object(members(ofObjectAt: index))
        case .groupedObject:
            guard case .object(let members) = tape.content(at: index) else { return .object([:]) }
            return .object(members.mapValues { plain($0) })
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .int: return .int(entry.payload)
        case .double: return .double(Double(bitPattern: UInt64(bitPattern: entry.payload)))
        case .string, .key:
            guard let text = Tape.text(of: entry, input: input, decoded: decoded) else { return Representation(tape.content(at: index)) }
            return .string(tape.makeString(text))
        default:
            return Representation(tape.content(at: index))
        }
    }

    /// `representation` made plain: a position on this walk's tape is walked here, anything
    /// else materializes on its own (the arrays ``Tape/content(at:)`` makes of repeated keys).
    private mutating func plain(_ representation: Representation) -> Representation {
        switch representation.storage {
        case .tape(let other, let index) where other === tape: value(at: index)
        case .value(.array(let elements)): .array(elements.map { plain($0) })
        default: representation.materialized()
        }
    }

    /// The members of the (ungrouped) object at `index`, sharing the keys of an earlier object
    /// of the same shape when there is one.
    private mutating func members(ofObjectAt index: Int) -> OrderedDictionary<String, Representation> {
        let count = Int(entries[index].count)
        guard count > 0 else { return [:] }
        // The shape path reads the first key and its value: an object whose first member is
        // not within the entries is left to the general path (which traps on such a tape).
        guard index + 2 < entries.count else { return tape.members(ofObjectAt: index) { value(at: $0) } }
        let set = set(ofObjectAt: index)
        for way in 0..<2 {
            if let shape = shapes[set * 2 + way], entries[shape.object].count == entries[index].count,
               keysMatch(objectAt: index, shapeAt: shape.object) {
                recentWays[set] = UInt8(way)
                var child = index + 1
                return shape.members.mapValues { _ in
                    let member = value(at: child + 1)
                    child = Tape.memberEnd(afterKeyAt: child, in: entries)
                    return member
                }
            }
        }
        let members = tape.members(ofObjectAt: index) { value(at: $0) }
        if members.count == count {
            // The shape used less recently makes room (read after the members were made,
            // which used the cache too).
            let way = 1 - Int(recentWays[set])
            shapes[set * 2 + way] = Shape(object: index, members: members)
            recentWays[set] = UInt8(way)
        }
        return members
    }

    /// The cache set of an object's shape: a mix of its member count and the lengths of its
    /// first two keys (read from the entries, without touching the keys' bytes).
    private func set(ofObjectAt index: Int) -> Int {
        // The caller checked that the first key and its value are within the entries.
        let first = index + 1
        var mix = UInt64(entries[index].count) &* 0x9E37_79B9_7F4A_7C15
        mix = (mix ^ UInt64(entries[first].count)) &* 0xD6E8_FEB8_6659_FD93
        let second = Tape.memberEnd(afterKeyAt: first, in: entries)
        if second < min(Int(entries[index].payload), entries.count) {
            mix = (mix ^ UInt64(entries[second].count)) &* 0x9E37_79B9_7F4A_7C15
        }
        return Int(truncatingIfNeeded: mix >> 58)
    }

    /// Whether the objects at `index` and `other`, which have as many members, have the same
    /// keys (bytes) in the same order.
    private func keysMatch(objectAt index: Int, shapeAt other: Int) -> Bool {
        var key = index + 1
        var otherKey = other + 1
        for _ in 0..<Int(entries[index].count) {
            guard key + 1 < entries.count, otherKey + 1 < entries.count else { return false }
            let keyEntry = entries[key]
            let otherEntry = entries[otherKey]
            guard keyEntry.count == otherEntry.count else { return false }
            // The same place holds the same bytes; empty keys are equal wherever they lie.
            if keyEntry.count > 0, keyEntry.payload != otherEntry.payload, !sameBytes(keyEntry, otherEntry) { return false }
            key = Tape.memberEnd(afterKeyAt: key, in: entries)
            otherKey = Tape.memberEnd(afterKeyAt: otherKey, in: entries)
        }
        return true
    }

    /// Whether two key entries of the same, non-zero length have the same bytes. Keys are
    /// mostly short: when eight bytes can be read at both keys, a key of up to eight bytes is
    /// one masked 8-byte comparison, and up to 16 bytes two overlapping ones.
    @inline(__always)
    private func sameBytes(_ entry: Tape.Entry, _ other: Tape.Entry) -> Bool {
        let count = Int(entry.count)
        guard let base = start(of: entry), let otherBase = start(of: other) else { return false }
        let left = UnsafeRawPointer(base.pointer)
        let right = UnsafeRawPointer(otherBase.pointer)
        if count < 8 {
            guard base.readable >= 8, otherBase.readable >= 8 else {
                for offset in 0..<count where base.pointer[offset] != otherBase.pointer[offset] { return false }
                return true
            }
            let mask = (UInt64(1) << UInt64(count * 8)) &- 1
            return (left.loadUnaligned(as: UInt64.self) ^ right.loadUnaligned(as: UInt64.self)) & mask == 0
        }
        guard left.loadUnaligned(as: UInt64.self) == right.loadUnaligned(as: UInt64.self),
              left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        else { return false }
        return count <= 16 || memcmp(left + 8, right + 8, count - 16) == 0
    }

    /// Where a key's bytes start and how many bytes can be read from there (at least its
    /// length), or `nil` when they are not where the entry says.
    @inline(__always)
    private func start(of entry: Tape.Entry) -> (pointer: UnsafePointer<UInt8>, readable: Int)? {
        let inInput = entry.payload >= 0
        let start = Int(inInput ? entry.payload : ~entry.payload)
        let storage = inInput ? input : decoded
        guard let base = storage.baseAddress, start >= 0, Int(entry.count) <= storage.count - start else { return nil }
        return (base + start, storage.count - start)
    }
}

