/// Where an element stream's ``JSONCursor`` is relative to the array it streams, and the
/// elements it has completed.
///
/// Three places a value can be:
///
/// - **on the path**: the root and the objects along the key path (``matched`` of them are
///   open). Only their keys are looked at: one comparison with the next key path component.
/// - **skipped**: any other value outside the target array. Scanned (validated) like any
///   other, but the element stream drops what the cursor lays out for it.
/// - **in the target array**: each element is scanned by a cursor of its own onto its own tape
///   and handed out whole, with its own bytes, as soon as it ends (``JSONCursor/scanElement(at:)``).
struct ElementNavigation {
    /// The key path components, as UTF-8; empty for a top-level array.
    let components: [[UInt8]]
    /// The key path as given, for messages.
    var keyPathText = ""
    /// Open containers on the path: the objects along it, then the target array.
    var matched = 0
    /// Whether the key just read names the next path component (its value is on the path).
    var keyMatched = false
    /// Whether the root value has started.
    var sawRoot = false
    /// Whether the target array was found (and, once ``isInTarget`` is false again, closed).
    var found = false
    /// The element cursor's tape and stack, kept between elements so that their capacity is
    /// reused (each element's tape gets copies of exactly its own entries and text).
    var elementEntries = CursorBuffer<Tape.Entry>()
    var elementDecoded: [UInt8] = []
    var elementStack = CursorBuffer<JSONCursor<StreamedElementScan>.OpenContainer>()
    /// Elements completed since the owner last took them.
    var completed: [Representation] = []
    /// Elements completed in total.
    var elementCount = 0
    /// The end of the last element (or of the target's `[`), as a buffer index: an element may
    /// span at most ``maximumElementBytes`` from there.
    var boundary = 0
    var maximumElementBytes = Int.max

    init(components: [[UInt8]]) {
        self.components = components
    }

    /// Whether the innermost open path container is the target array.
    var isInTarget: Bool { matched == components.count &+ 1 }

    /// Where scanning must stop for the size limit, given the checkpoint's index: an element
    /// ends within ``maximumElementBytes`` of ``boundary``; outside the target array, one token
    /// (with the whitespace before it) within that many bytes of the checkpoint.
    func limit(checkpoint: Int, inputEnd: Int) -> Int {
        let start = isInTarget ? boundary : checkpoint
        let (limit, overflow) = start.addingReportingOverflow(maximumElementBytes)
        return overflow ? inputEnd : min(inputEnd, limit)
    }

    /// `the top-level value` or `the value at 'a.b'` for the first `count` components.
    func describe(prefix count: Int) -> String {
        guard count > 0 else { return "the top-level value" }
        let path = components.prefix(count).map { String(decoding: $0, as: UTF8.self) }.joined(separator: ".")
        return "the value at '\(path)'"
    }

    /// What a value starting with `byte` is, for messages; `nil` when no value starts so.
    static func kind(startingWith byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "{"): "an object"
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "a boolean"
        case UInt8(ascii: "n"): "null"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): "a number"
        default: nil
        }
    }
}

extension JSONCursor {
    /// A value starts at `index` directly inside an open path container (or at the root), and
    /// outside the target array.
    @inline(__always)
    mutating func valueStarts(_ byte: UInt8, at index: Int) throws(ScanFailure) {
        let depth = stack.count
        let isOnPath = depth == 0 ? !stream.sawRoot : stream.keyMatched
        stream.sawRoot = true
        stream.keyMatched = false
        guard isOnPath else { return }
        let wantsArray = depth == stream.components.count
        if byte == (wantsArray ? UInt8(ascii: "[") : UInt8(ascii: "{")) {
            stream.matched = depth &+ 1
            if wantsArray {
                stream.found = true
                stream.boundary = index &+ 1
                end = stream.limit(checkpoint: index, inputEnd: inputEnd)
            }
            return
        }
        // Not a value at all: the scanner's own error says so.
        guard let kind = ElementNavigation.kind(startingWith: byte) else { return }
        let reason: String
        if stream.components.isEmpty {
            reason = "expected a top-level array, found \(kind)"
        } else {
            let expected = wantsArray ? "an array" : "an object"
            reason = "no array at key path '\(stream.keyPathText)': \(stream.describe(prefix: depth)) is \(kind), not \(expected)"
        }
        throw ScanFailure(type: .keyPathMismatch, reason: reason, offset: index)
    }

    /// A key was read directly inside an open path object: its value is on the path when it
    /// names the next component (and the array was not found already).
    @inline(__always)
    mutating func keyEnds() {
        let depth = stack.count
        guard depth >= 1, depth <= stream.components.count, !stream.found, let key = entries.last else {
            stream.keyMatched = false
            return
        }
        let component = stream.components[depth &- 1]
        if key.payload >= 0 {
            let text = UnsafeBufferPointer(start: base + Int(key.payload), count: Int(key.count))
            stream.keyMatched = component.elementsEqual(text)
        } else {
            let start = Int(~key.payload)
            stream.keyMatched = component.elementsEqual(decoded[start..<(start &+ Int(key.count))])
        }
    }

    /// The innermost open path container closes (its bracket is at `index`).
    mutating func containerCloses(at index: Int) throws(ScanFailure) {
        let depth = stack.count
        if depth <= stream.components.count, !stream.found {
            let component = String(decoding: stream.components[depth &- 1], as: UTF8.self)
            throw ScanFailure(
                type: .keyPathMismatch,
                reason: "no array at key path '\(stream.keyPathText)': \(stream.describe(prefix: depth &- 1)) has no key '\(component)'",
                offset: index)
        }
        stream.matched = depth &- 1
    }

    /// An element of the target array starts at `start` (its first byte): it is scanned by a
    /// cursor of its own, onto its own tape, and handed out with its own bytes; returns the
    /// index after it.
    ///
    /// The element's cursor keeps no checkpoints and knows nothing of the stream, so the bytes
    /// of an element cost what they cost in a whole document. When input stops inside the
    /// element (a truncated failure that is not final), this cursor returns to its checkpoint
    /// before the element, and the next scan reads the element again from its start (the
    /// owner's ``RescanSchedule`` waits until the input after the checkpoint has doubled).
    /// Any other failure is the element cursor's, at its place in this buffer: the same error,
    /// at the same offset, as scanning the element here would give.
    mutating func scanElement(at start: Int) throws(ScanFailure) -> Int {
        var element = JSONCursor<StreamedElementScan>(base: base + start, count: end &- start, isFinal: isFinal, maximumDepth: maximumDepth)
        element.enclosingDepth = stack.count
        swap(&element.entries, &stream.elementEntries)
        swap(&element.decoded, &stream.elementDecoded)
        swap(&element.stack, &stream.elementStack)
        defer {
            swap(&element.entries, &stream.elementEntries)
            swap(&element.decoded, &stream.elementDecoded)
            swap(&element.stack, &stream.elementStack)
            stream.elementEntries.removeAll()
            stream.elementDecoded.removeAll(keepingCapacity: true)
            stream.elementStack.removeAll()
        }
        do throws(ScanFailure) {
            _ = try element.scan()
        } catch {
            throw ScanFailure(type: error.type, reason: error.reason, offset: start &+ error.offset)
        }
        let elementEnd = start &+ element.valueEnd
        let tape = Tape(
            entries: element.entries.withUnsafeBufferPointer { Array($0) },
            bytes: Array(UnsafeBufferPointer(start: base + start, count: element.valueEnd)),
            decoded: element.decoded.withUnsafeBufferPointer { Array($0) },
            stringsAreCheckedUTF8: true)
        stream.completed.append(Representation(tape: tape, index: 0))
        stream.elementCount &+= 1
        stream.boundary = elementEnd
        end = stream.limit(checkpoint: elementEnd, inputEnd: inputEnd)
        return elementEnd
    }
}
