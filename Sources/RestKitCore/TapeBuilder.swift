/// Builds a ``Tape`` from parser events: open and close containers, keys, scalars.
///
/// ```swift
/// var builder = TapeBuilder(maximumDepth: 512)
/// _ = builder.beginObject()
/// builder.key("id")
/// builder.int(1)
/// builder.end()
/// let root = builder.finish()   // {"id":1}
/// ```
package struct TapeBuilder {
    private var entries: [Tape.Entry] = []
    /// The raw input, for parsers that hand it over (``appendInput(_:)``).
    private var input: [UInt8] = []
    /// How much of ``input`` is known to be valid UTF-8.
    private var validatedInput = 0
    /// Text that is not in the input as such.
    private var decoded = AppendBuffer()
    /// Indices of the open containers' entries.
    private var open: [Int] = []
    package let maximumDepth: Int
    /// Set when a string longer than 4 GiB was offered (and dropped); parsers must then fail.
    package private(set) var overflowed = false

    /// A builder; the expectations only size the first allocations.
    ///
    /// - Parameters:
    ///   - expectedInputBytes: raw input the parser will hand over with ``appendInput(_:)``.
    ///   - expectedDecodedBytes: text the parser will copy in (``string(bytes:)``, ``key(bytes:)``).
    ///   - expectedEntries: values and keys.
    package init(maximumDepth: Int, expectedInputBytes: Int = 0, expectedDecodedBytes: Int = 0, expectedEntries: Int = 16) {
        self.maximumDepth = maximumDepth
        entries.reserveCapacity(max(16, expectedEntries))
        input.reserveCapacity(expectedInputBytes)
        decoded = AppendBuffer(capacity: expectedDecodedBytes)
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

    /// Opens an object whose repeated keys read as arrays (see ``Tape/Kind/groupedObject``);
    /// `false` when that would exceed the depth limit.
    @inline(__always)
    package mutating func beginGroupedObject() -> Bool { begin(.groupedObject) }

    /// How many values the innermost open container holds so far.
    package var openContainerCount: Int {
        open.last.map { Int(entries[$0].count) } ?? 0
    }

    /// Closes the innermost container when it is still empty by turning it into the string
    /// `text` (an XML element with no attributes or children is its text). Returns `false`,
    /// changing nothing, when the container is not empty.
    package mutating func endReplacingEmptyContainer(withString text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let index = open.last, entries[index].count == 0, index == entries.count - 1,
              let length = checkedLength(text.count)
        else { return false }
        open.removeLast()
        entries[index] = Tape.Entry(kind: .string, count: length, payload: ~Int64(decoded.count))
        decoded.append(text)
        return true
    }

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

    /// Keeps a chunk of raw input so that strings and numbers can point into it; returns
    /// the chunk's offset in the input.
    package mutating func appendInput(_ chunk: UnsafeRawBufferPointer) -> Int {
        let offset = input.count
        input.append(contentsOf: chunk)
        return offset
    }

    /// Checks the input received so far as UTF-8; returns the offset of the first invalid
    /// byte. Unless `isFinal`, a sequence cut by the end of the input waits for the next chunk.
    package mutating func validateInput(isFinal: Bool) -> Int? {
        let start = validatedInput
        let outcome = input.withUnsafeBufferPointer { buffer in
            UTF8Validation.check(UnsafeBufferPointer(rebasing: buffer[start...]))
        }
        switch outcome {
        case .valid:
            validatedInput = input.count
            return nil
        case .invalid(let offset):
            return start + offset
        case .incomplete(let offset):
            validatedInput = start + offset
            return isFinal ? start + offset : nil
        }
    }

    /// Bytes of input received so far.
    package var inputCount: Int { input.count }

    /// Bytes of input validated so far: all received but a UTF-8 sequence cut by the end of
    /// the input, which ``validateInput(isFinal:)`` left for the next chunk.
    package var validatedInputCount: Int { validatedInput }

    /// Line and column of an input offset (computed by scanning; for error reports).
    package func location(ofInputOffset offset: Int) -> SourceLocation {
        SourceLocation(offset: offset, in: input)
    }

    /// A syntactically valid JSON number whose text is in the input at `offset`.
    @inline(__always)
    package mutating func number(text: UnsafeBufferPointer<UInt8>, inputOffset offset: Int) {
        if text.count <= 18, let value = Self.smallInteger(text) {
            int(value)
            return
        }
        guard let length = checkedLength(text.count) else { return }
        countChild()
        entries.append(Tape.Entry(kind: .numberText, count: length, payload: Int64(offset)))
    }

    /// A syntactically valid JSON number from elsewhere: small integers are stored as
    /// `Int64`, anything else keeps its text and is classified when read.
    @inline(__always)
    package mutating func number(text: UnsafeBufferPointer<UInt8>) {
        if text.count <= 18, let value = Self.smallInteger(text) {
            int(value)
            return
        }
        countChild()
        append(.numberText, text)
    }

    /// A string value that lies, valid and unescaped, in the input at `offset`.
    @inline(__always)
    package mutating func string(inputOffset offset: Int, count: Int) {
        guard let length = checkedLength(count) else { return }
        countChild()
        entries.append(Tape.Entry(kind: .string, count: length, payload: Int64(offset)))
    }

    /// An object key that lies, valid and unescaped, in the input at `offset`.
    @inline(__always)
    package mutating func key(inputOffset offset: Int, count: Int) {
        guard let length = checkedLength(count) else { return }
        entries.append(Tape.Entry(kind: .key, count: length, payload: Int64(offset)))
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
        guard let length = checkedLength(text.count) else { return }
        entries.append(Tape.Entry(kind: kind, count: length, payload: ~Int64(decoded.count)))
        decoded.append(text)
    }

    /// A text length as stored on the tape; over 4 GiB marks the builder as overflowed.
    @inline(__always)
    private mutating func checkedLength(_ count: Int) -> UInt32? {
        guard let length = UInt32(exactly: count) else {
            overflowed = true
            return nil
        }
        return length
    }

    /// The finished document, or `nil` when no complete value was built.
    package mutating func finish() -> Representation? {
        guard isComplete, !overflowed else { return nil }
        let tape = Tape(entries: entries, bytes: input, decoded: decoded.takeArray())
        entries = []
        input = []
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
