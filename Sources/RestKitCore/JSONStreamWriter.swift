/// Writes JSON a member at a time, for producers that walk their own values instead of
/// building a ``Representation`` first (the inverse of an `ObjectMapping` writes models
/// this way). The output is byte for byte what ``JSONWriter`` writes for the equivalent
/// representation, in compact or pretty form.
///
/// It does not throw: the first failure (a non-finite double, bad number text, nesting past
/// ``JSONWriter/maximumDepth``) marks it ``failed`` and later calls write nothing. A producer
/// that sees ``failed`` builds the representation and lets ``JSONWriter`` throw the error,
/// with its key path; failures are rare, so the common path carries no key path bookkeeping.
/// Keys are written as given: the producer guarantees one object never repeats a key.
///
/// ```swift
/// guard var writer = JSONStreamWriter(JSONWriter()) else { … }   // nil for .sortedKeys
/// writer.beginObject()
/// writer.key("id"); writer.value(.int(1))
/// writer.key("tags"); writer.beginArray(); writer.value("a"); writer.endArray()
/// writer.endObject()
/// writer.output   // {"id":1,"tags":["a"]}
/// ```
package struct JSONStreamWriter {
    /// The JSON written so far.
    package private(set) var output: [UInt8] = []
    /// Whether a value could not be written; the output is then incomplete.
    package private(set) var failed = false
    private var sink: JSONWriter.Sink
    private let pretty: Bool
    private let maximumDepth: Int
    /// Containers open around the next value.
    private var depth = 0
    /// Whether the open container already holds a value (so the next one needs a comma).
    private var needsSeparator = false
    /// Whether a key was just written (its value follows on the same line, without a comma).
    private var isAfterKey = false

    /// A writer with `writer`'s options, or `nil` when they need the whole value first
    /// (``JSONWriter/Options/sortedKeys`` orders each object's keys before writing it).
    package init?(_ writer: JSONWriter, capacity: Int = 256) {
        guard !writer.options.contains(.sortedKeys) else { return nil }
        sink = JSONWriter.Sink(options: writer.options, maximumDepth: writer.maximumDepth, nonFiniteAsStrings: false)
        pretty = writer.options.contains(.prettyPrinted)
        maximumDepth = writer.maximumDepth
        output.reserveCapacity(capacity)
    }

    /// Opens an object (as a value: after ``key(_:)``, in an array, or at the top).
    package mutating func beginObject() {
        open(UInt8(ascii: "{"))
    }

    /// Closes the innermost open object.
    package mutating func endObject() {
        close(UInt8(ascii: "}"))
    }

    /// Opens an array.
    package mutating func beginArray() {
        open(UInt8(ascii: "["))
    }

    /// Closes the innermost open array.
    package mutating func endArray() {
        close(UInt8(ascii: "]"))
    }

    /// Writes the key of the next member of the open object; its value follows.
    package mutating func key(_ key: String) {
        guard !failed else { return }
        separate()
        sink.writeString(key, into: &output)
        output.append(UInt8(ascii: ":"))
        if pretty { output.append(UInt8(ascii: " ")) }
        isAfterKey = true
    }

    /// Writes a whole value (after ``key(_:)``, in an array, or at the top).
    package mutating func value(_ value: Representation) {
        guard !failed else { return }
        separate()
        do {
            try sink.write(value, depth: depth, into: &output)
        } catch {
            failed = true
        }
        needsSeparator = true
    }

    /// A comma when the open container holds a value, then the line break of pretty output.
    /// A member's key has already done this for its value.
    private mutating func separate() {
        if isAfterKey {
            isAfterKey = false
            return
        }
        if needsSeparator { output.append(UInt8(ascii: ",")) }
        if depth > 0 { sink.newline(depth, into: &output) }
    }

    private mutating func open(_ bracket: UInt8) {
        guard !failed else { return }
        guard depth < maximumDepth else {
            failed = true
            return
        }
        separate()
        output.append(bracket)
        depth += 1
        needsSeparator = false
    }

    private mutating func close(_ bracket: UInt8) {
        guard !failed else { return }
        depth -= 1
        if needsSeparator { sink.newline(depth, into: &output) }
        output.append(bracket)
        needsSeparator = true
    }
}
