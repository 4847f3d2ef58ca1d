/// Where an element stream's ``JSONCursor`` is relative to the array it streams, and the
/// elements it has completed.
///
/// Three places a value can be:
///
/// - **on the path**: the root and the objects along the key path (``matched`` of them are
///   open). Only their keys are looked at: one comparison with the next key path component.
/// - **skipped**: any other value outside the target array. Scanned (validated) like any
///   other, but the element stream drops what the cursor lays out for it.
/// - **in the target array**: each element is laid out from its own start (the cursor's bases)
///   and moved out whole, with its own bytes, as soon as it ends.
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
    /// Where the element being scanned starts in the cursor's buffer; -1 between elements.
    var elementStart = -1
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
    /// A value starts at `index` directly inside an open path container (or at the root).
    @inline(__always)
    mutating func valueStarts(_ byte: UInt8, at index: Int) throws(ScanFailure) {
        let depth = stack.count
        if stream.isInTarget {
            // An element: laid out from here, so that its entries move out as they are.
            stream.elementStart = index
            inputBase = index
            entryBase = entries.count
            decodedBase = decoded.count
            return
        }
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
            let text = UnsafeBufferPointer(start: base + (Int(key.payload) &+ inputBase), count: Int(key.count))
            stream.keyMatched = component.elementsEqual(text)
        } else {
            let start = Int(~key.payload) &+ decodedBase
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

    /// A value ended at `index` directly inside the innermost open path container: in the
    /// target array, that is an element, which moves out with its own bytes.
    @inline(__always)
    mutating func valueEnds(at index: Int) {
        guard stream.isInTarget, stream.elementStart >= 0 else { return }
        let start = stream.elementStart
        let tape = Tape(
            entries: Array(entries[entryBase...]),
            bytes: Array(UnsafeBufferPointer(start: base + start, count: index &- start)),
            decoded: Array(decoded[decodedBase...]))
        entries.removeSubrange(entryBase...)
        decoded.removeSubrange(decodedBase...)
        stream.completed.append(Representation(tape: tape, index: 0))
        stream.elementCount &+= 1
        stream.elementStart = -1
        stream.boundary = index
        end = stream.limit(checkpoint: index, inputEnd: inputEnd)
    }
}
