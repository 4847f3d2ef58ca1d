#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A parsed document laid out flat: one ``Entry`` per value (and per object key), in
/// document order, plus the bytes that strings, keys and non-trivial numbers point into:
/// the input itself (for text a parser could use as it was) and a second buffer of decoded
/// text (strings that had escapes, or that came from a parser's own memory).
///
/// This is what makes parsing cheap: a parser appends entries and copies bytes, and no Swift
/// `String`, array or dictionary is made until someone reads that part of the document
/// (see ``Representation``). A container's entry records how many children it has and where
/// it ends, so readers skip whole subtrees in one step.
///
/// ```
/// {"a":[1,"x"],"b":null}
/// 0 object count 2, end 7
/// 1   key "a"
/// 2   array count 2, end 5
/// 3     int 1
/// 4     string "x"
/// 5   key "b"
/// 6   null
/// ```
///
/// A tape is immutable once built and shared by every ``Representation`` that points into it.
package final class Tape: Sendable {
    /// The kind of one entry.
    package enum Kind: UInt8, Sendable, BitwiseCopyable {
        case null, `true`, `false`
        /// `payload` is the `Int64` bit pattern.
        case int
        /// `payload` is the `Double` bit pattern.
        case double
        /// Number text (at `payload`, length `count`) classified when read.
        case numberText
        /// Validated UTF-8 at `payload`, length `count`: a non-negative payload is an offset
        /// into ``bytes``, a negative one (`~offset`) into ``decoded``.
        case string
        /// An object key, stored like ``string``.
        case key
        /// `count` elements follow; `payload` is the index after the last one.
        case array
        /// `count` key/value pairs follow; `payload` is the index after the last one.
        case object
        /// Like ``object``, but keys may repeat: the values of a repeated key read as one
        /// array, in document order, at the key's first position (XML sibling elements).
        case groupedObject
    }

    /// One value or key. 16 bytes.
    package struct Entry: Sendable, BitwiseCopyable {
        package var kind: Kind
        package var count: UInt32
        package var payload: Int64

        package init(kind: Kind, count: UInt32 = 0, payload: Int64 = 0) {
            self.kind = kind
            self.count = count
            self.payload = payload
        }
    }

    package let entries: [Entry]
    /// The input bytes.
    package let bytes: [UInt8]
    /// Text that is not in the input as such.
    package let decoded: [UInt8]
    /// Whether the scanner that made this tape checked every string and key as UTF-8 itself
    /// (the Swift JSON cursor checks every non-ASCII run and decodes escapes to whole
    /// scalars). Then `String`s are made from the bytes as they are; otherwise the standard
    /// library checks them again (and repairs what a C library let through).
    package let stringsAreCheckedUTF8: Bool

    package init(entries: [Entry], bytes: [UInt8], decoded: [UInt8], stringsAreCheckedUTF8: Bool = false) {
        self.entries = entries
        self.bytes = bytes
        self.decoded = decoded
        self.stringsAreCheckedUTF8 = stringsAreCheckedUTF8
    }

    /// The index after the value at `index` (skipping a whole container).
    @inline(__always)
    package func next(after index: Int) -> Int {
        let entry = entries[index]
        switch entry.kind {
        case .array, .object, .groupedObject: return Int(entry.payload)
        default: return index + 1
        }
    }

    /// The bytes of a string, key or number text entry.
    @inline(__always)
    package func withBytes<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let entry = entries[index]
        let inInput = entry.payload >= 0
        let start = Int(inInput ? entry.payload : ~entry.payload)
        let storage = inInput ? bytes : decoded
        return storage.withUnsafeBufferPointer { buffer in
            body(UnsafeBufferPointer(rebasing: buffer[start..<(start + Int(entry.count))]))
        }
    }

    /// The `String` of a string or key entry.
    package func string(at index: Int) -> String {
        withBytes(at: index) { makeString($0) }
    }

    /// A `String` of the bytes of one of this tape's strings or keys: copied as they are when
    /// the tape's scanner checked them (``stringsAreCheckedUTF8``; debug builds check again),
    /// else through `String(decoding:as:)`, which checks and repairs.
    @inline(__always)
    func makeString(_ text: UnsafeBufferPointer<UInt8>) -> String {
        guard stringsAreCheckedUTF8 else { return String(decoding: text, as: UTF8.self) }
        assert(String(validating: text, as: UTF8.self) != nil, "a string on a checked tape is not UTF-8")
        return String(copying: unsafe UTF8Span(unchecked: text.span, isKnownASCII: false))
    }

    /// The value at `index`, one level deep: containers hold ``Representation``s that still
    /// point into this tape.
    package func content(at index: Int) -> Representation.Content {
        let entry = entries[index]
        switch entry.kind {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .int: return .int(entry.payload)
        case .double: return .double(Double(bitPattern: UInt64(bitPattern: entry.payload)))
        case .numberText: return withBytes(at: index) { JSONNumberSyntax.representation(of: $0).content }
        case .string, .key: return .string(string(at: index))
        case .array:
            return .array(elements(ofArrayAt: index) { Representation(tape: self, index: $0) })
        case .object:
            return .object(members(ofObjectAt: index) { Representation(tape: self, index: $0) })
        case .groupedObject:
            var groups = OrderedDictionary<String, [Int]>(minimumCapacity: Int(entry.count))
            var child = index + 1
            let end = Int(entry.payload)
            while child < end {
                groups[string(at: child), default: []].append(child + 1)
                child = next(after: child + 1)
            }
            var members = OrderedDictionary<String, Representation>(minimumCapacity: groups.count)
            for (key, values) in groups {
                members[key] = group(values)
            }
            return .object(members)
        }
    }

    /// The value at `index` and everything under it as plain values (no entry of the result
    /// points into this tape), built in one walk: containers are made at their final size and
    /// filled directly, and objects with the same keys share them (``TapeMaterializer``).
    package func materialized(at index: Int) -> Representation {
        entries.withUnsafeBufferPointer { entries in
            bytes.withUnsafeBufferPointer { input in
                decoded.withUnsafeBufferPointer { decoded in
                    var materializer = TapeMaterializer(tape: self, entries: entries, input: input, decoded: decoded)
                    return materializer.value(at: index)
                }
            }
        }
    }

    /// The elements of the array at `index`, each made by `make` from its entry index.
    @inline(__always)
    private func elements(ofArrayAt index: Int, _ make: (Int) -> Representation) -> [Representation] {
        let entry = entries[index]
        var elements: [Representation] = []
        elements.reserveCapacity(Int(entry.count))
        var child = index + 1
        let end = Int(entry.payload)
        while child < end {
            elements.append(make(child))
            child = next(after: child)
        }
        return elements
    }

    /// The members of the (ungrouped) object at `index`, each value made by `make` from its
    /// entry index; a repeated key keeps its first position and its last value.
    ///
    /// When the keys are ASCII and distinct as bytes (so distinct as `String`s too), the keys
    /// and values are collected in order and the dictionary is made from them at once, with
    /// no lookup per member (``keysAreDistinctASCII(inObjectAt:)``); otherwise each member
    /// goes in through the subscript, which merges keys that are equal as `String`s.
    @inline(__always)
    func members(
        ofObjectAt index: Int, _ make: (Int) -> Representation
    ) -> OrderedDictionary<String, Representation> {
        let entry = entries[index]
        var child = index + 1
        let end = Int(entry.payload)
        if keysAreDistinctASCII(inObjectAt: index) {
            var keys = ContiguousArray<String>()
            var values = ContiguousArray<Representation>()
            keys.reserveCapacity(Int(entry.count))
            values.reserveCapacity(Int(entry.count))
            while child < end {
                keys.append(string(at: child))
                values.append(make(child + 1))
                child = next(after: child + 1)
            }
            return OrderedDictionary(uncheckedUniqueKeys: keys, values: values)
        }
        var members = OrderedDictionary<String, Representation>(minimumCapacity: Int(entry.count))
        while child < end {
            members[string(at: child)] = make(child + 1)
            child = next(after: child + 1)
        }
        return members
    }

    /// Whether every key of the (ungrouped) object at `index` is ASCII and no two are the same
    /// bytes. For ASCII, equal bytes and equal `String`s are the same thing (no canonical
    /// equivalence to consider), so such keys are unique as dictionary keys (``DistinctKeys``).
    func keysAreDistinctASCII(inObjectAt index: Int) -> Bool {
        entries.withUnsafeBufferPointer { entries in
            bytes.withUnsafeBufferPointer { input in
                decoded.withUnsafeBufferPointer { decoded in
                    DistinctKeys.areDistinctASCII(objectAt: index, entries: entries, input: input, decoded: decoded)
                }
            }
        }
    }

    /// One value, or the array of a repeated key's values.
    private func group(_ values: [Int]) -> Representation {
        if values.count == 1, let only = values.first { return Representation(tape: self, index: only) }
        return .array(values.map { Representation(tape: self, index: $0) })
    }

    /// The value for `key` in the object at `index`: for ``Kind/object`` the last value of
    /// that key, for ``Kind/groupedObject`` all of them grouped; `nil` when absent.
    package func representation(forKey key: String, inObjectAt index: Int) -> Representation? {
        if entries[index].kind == .object {
            return member(key, inObjectAt: index).map { Representation(tape: self, index: $0) }
        }
        var key = key
        let values = key.withUTF8 { wanted -> [Int] in
            var found: [Int] = []
            var child = index + 1
            let end = Int(entries[index].payload)
            while child < end {
                if withBytes(at: child, { $0.count == wanted.count && (wanted.isEmpty || memcmpEqual($0, wanted)) }) {
                    found.append(child + 1)
                }
                child = next(after: child + 1)
            }
            return found
        }
        // `Representation` is nil-literal convertible: spell out "absent".
        if values.isEmpty { return Optional<Representation>.none }
        return group(values)
    }

    /// The index of the value for `key` in the object at `index` (the last one when a key
    /// repeats), compared byte by byte without making strings.
    package func member(_ key: String, inObjectAt index: Int) -> Int? {
        var key = key
        return key.withUTF8 { wanted in
            entries.withUnsafeBufferPointer { entries in
                bytes.withUnsafeBufferPointer { input in
                    decoded.withUnsafeBufferPointer { decoded in
                        Self.member(wanted, in: entries, objectAt: index, input: input, decoded: decoded)
                    }
                }
            }
        }
    }

    private static func member(
        _ wanted: UnsafeBufferPointer<UInt8>, in entries: UnsafeBufferPointer<Entry>, objectAt index: Int,
        input: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>
    ) -> Int? {
        var found: Int?
        var child = index + 1
        let end = Int(entries[index].payload)
        let length = UInt32(truncatingIfNeeded: wanted.count)
        while child < end {
            if entries[child].count == length, let stored = text(of: entries[child], input: input, decoded: decoded) {
                if wanted.isEmpty {
                    found = child + 1
                } else if let storedBase = stored.baseAddress, let bytes = wanted.baseAddress, memcmp(storedBase, bytes, wanted.count) == 0 {
                    found = child + 1
                }
            }
            child = memberEnd(afterKeyAt: child, in: entries)
        }
        return found
    }

    /// The bytes of a string, key or number-text entry (in `input` or `decoded`, the tape's
    /// ``bytes`` and ``decoded``), or `nil` when they are not where the entry says.
    @inline(__always)
    static func text(
        of entry: Entry, input: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>
    ) -> UnsafeBufferPointer<UInt8>? {
        let inInput = entry.payload >= 0
        let start = Int(inInput ? entry.payload : ~entry.payload)
        let storage = inInput ? input : decoded
        let length = Int(entry.count)
        guard start >= 0, length <= storage.count, start <= storage.count - length else { return nil }
        return UnsafeBufferPointer(rebasing: storage[start..<(start + length)])
    }

    /// The index after the member whose key is at `key`: its value is skipped whole (a
    /// container's payload is its end, anything else is one entry).
    @inline(__always)
    static func memberEnd(afterKeyAt key: Int, in entries: UnsafeBufferPointer<Entry>) -> Int {
        let value = entries[key + 1]
        return value.kind == .array || value.kind == .object || value.kind == .groupedObject ? Int(value.payload) : key + 2
    }

    /// The index of element `position` of the array at `index`.
    package func element(_ position: Int, inArrayAt index: Int) -> Int? {
        guard position >= 0, position < Int(entries[index].count) else { return nil }
        var child = index + 1
        for _ in 0..<position { child = next(after: child) }
        return child
    }
}

@inline(__always)
private func memcmpEqual(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return left.count == right.count }
    for offset in 0..<left.count where leftBase[offset] != rightBase[offset] { return false }
    return true
}
