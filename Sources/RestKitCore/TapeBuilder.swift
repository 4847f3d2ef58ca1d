/// Builds a ``Tape`` from parser events: open and close containers, keys, scalars.
///
/// ```swift
/// var builder = TapeBuilder(maximumDepth: 512)
/// _ = builder.beginObject()
/// builder.key(bytes: "id")
/// builder.int(1)
/// builder.end()
/// let root = builder.finish()   // {"id":1}
/// ```
package struct TapeBuilder {
    private var entries: [Tape.Entry] = []
    private var bytes: [UInt8] = []
    /// Indices of the open containers' entries.
    private var open: [Int] = []
    package let maximumDepth: Int
    /// Set when a string longer than 4 GiB was offered (and dropped); parsers must then fail.
    package private(set) var overflowed = false

    package init(maximumDepth: Int, expectedBytes: Int = 0) {
        self.maximumDepth = maximumDepth
        entries.reserveCapacity(max(16, expectedBytes / 8))
        bytes.reserveCapacity(max(64, expectedBytes / 2))
        open.reserveCapacity(32)
    }

    /// Nesting of the open containers.
    package var depth: Int { open.count }

    /// Whether one complete top-level value is ready.
    package var isComplete: Bool { open.isEmpty && !entries.isEmpty }

    /// Opens an array; `false` when that would exceed the depth limit.
    @inline(__always)
    package mutating func beginArray() -> Bool { begin(.array) }

    /// Opens an object; `false` when that would exceed the depth limit.
    @inline(__always)
    package mutating func beginObject() -> Bool { begin(.object) }

    @inline(__always)
    private mutating func begin(_ kind: Tape.Kind) -> Bool {
        guard open.count < maximumDepth else { return false }
        countChild()
        open.append(entries.count)
        entries.append(Tape.Entry(kind: kind))
        return true
    }

    /// Closes the innermost container.
    @inline(__always)
    package mutating func end() {
        guard let index = open.popLast() else { return }
        entries[index].payload = Int64(entries.count)
    }

    @inline(__always)
    private mutating func countChild() {
        if let parent = open.last { entries[parent].count &+= 1 }
    }

    @inline(__always)
    package mutating func null() {
        countChild()
        entries.append(Tape.Entry(kind: .null))
    }

    @inline(__always)
    package mutating func bool(_ value: Bool) {
        countChild()
        entries.append(Tape.Entry(kind: value ? .true : .false))
    }

    @inline(__always)
    package mutating func int(_ value: Int64) {
        countChild()
        entries.append(Tape.Entry(kind: .int, payload: value))
    }

    @inline(__always)
    package mutating func double(_ value: Double) {
        countChild()
        entries.append(Tape.Entry(kind: .double, payload: Int64(bitPattern: value.bitPattern)))
    }

    /// A syntactically valid JSON number: small integers are stored as `Int64`, anything
    /// else keeps its text and is classified when read.
    @inline(__always)
    package mutating func number(text: UnsafeBufferPointer<UInt8>) {
        if text.count <= 18, let value = Self.smallInteger(text) {
            int(value)
            return
        }
        countChild()
        entries.append(Tape.Entry(kind: .numberText, count: UInt32(text.count), payload: Int64(bytes.count)))
        bytes.append(contentsOf: text)
    }

    /// Valid UTF-8 (the caller has checked) for a string value.
    @inline(__always)
    package mutating func string(bytes text: UnsafeBufferPointer<UInt8>) {
        countChild()
        append(.string, text)
    }

    /// Valid UTF-8 (the caller has checked) for an object key. Keys are not counted:
    /// an object's count is its number of values.
    @inline(__always)
    package mutating func key(bytes text: UnsafeBufferPointer<UInt8>) {
        append(.key, text)
    }

    /// Convenience for builders that hold Swift strings.
    package mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { string(bytes: $0) }
    }

    /// Convenience for builders that hold Swift strings.
    package mutating func key(_ text: String) {
        var text = text
        text.withUTF8 { key(bytes: $0) }
    }

    @inline(__always)
    private mutating func append(_ kind: Tape.Kind, _ text: UnsafeBufferPointer<UInt8>) {
        guard let length = UInt32(exactly: text.count) else {
            overflowed = true
            return
        }
        entries.append(Tape.Entry(kind: kind, count: length, payload: Int64(bytes.count)))
        bytes.append(contentsOf: text)
    }

    /// The finished document, or `nil` when no complete value was built.
    package mutating func finish() -> Representation? {
        guard isComplete, !overflowed else { return nil }
        let tape = Tape(entries: entries, bytes: bytes)
        entries = []
        bytes = []
        return Representation(tape: tape, index: 0)
    }

    /// `-?[0-9]{1,18}` as an `Int64`, else `nil`.
    @inline(__always)
    private static func smallInteger(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
        var index = 0
        let negative = text.first == UInt8(ascii: "-")
        if negative { index = 1 }
        guard index < text.count else { return nil }
        var value: Int64 = 0
        while index < text.count {
            let digit = text[index] &- 0x30
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int64(digit)
            index += 1
        }
        return negative ? -value : value
    }
}
