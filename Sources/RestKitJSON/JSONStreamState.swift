internal import CYAJL
import RestKitCore

/// What the streaming yajl callbacks (``JSONStreamCallbacks``) write into: where the parse
/// is relative to the target array, and the element being built.
///
/// Three places an event can land:
///
/// - **on the path**: the root and the objects along the key path. Only their keys are
///   looked at (one byte comparison with the next key path component); nothing is kept.
/// - **skipped**: any other value. Scalars are dropped; a container only bumps
///   ``skipDepth`` until it closes.
/// - **in the target array**: each element is built on ``builder`` and moved to
///   ``completed`` as soon as it closes; the builder then starts empty again.
///
/// The ``YAJLDriver`` of a ``YAJLElementStreamParser`` allocates it, so callbacks reach it
/// through yajl's context pointer without reference counting.
struct JSONStreamState {
    /// The key path components, as UTF-8; empty for a top-level array.
    let components: [[UInt8]]
    /// The key path as given, for messages.
    let keyPathText: String
    let maximumDepth: Int

    /// The element being built (its strings and numbers are copied in: no input is kept).
    var builder: TapeBuilder
    /// Elements finished since the owner last took them.
    var completed: [Representation] = []
    /// Elements finished in total.
    var elementCount = 0

    /// Open containers, whatever their kind (for the depth limit).
    var depth = 0
    /// Open objects on the key path (the root object is level 1).
    var level = 0
    /// Whether the next value is the one at the key path component ``level`` - 1.
    var nextIsOnPath = false
    /// Open containers being skipped.
    var skipDepth = 0
    /// Whether the parse is inside the target array (elements go to ``builder``).
    var inTarget = false
    /// Whether the target array was found (and, once ``inTarget`` is false again, closed).
    var found = false
    /// Whether the root value has started.
    var sawRoot = false

    /// Set by a callback that stops the parse; reported instead of yajl's own message.
    var failure: (type: ParseError.ErrorType, reason: String)?
    /// The chunk yajl is reading: text inside it was validated with the chunk; text from
    /// elsewhere (yajl's buffer: escapes, or a token cut by a chunk boundary) is validated
    /// when copied.
    var chunkStart: UnsafeRawPointer?
    /// Where the current chunk starts in the input.
    var chunkOffset = 0
    /// The handle reading into this state (set once the handle exists).
    var handle: yajl_handle?
    /// Where the top-level value ended.
    var documentEnd = DocumentEnd()
    /// The input offset just after the last complete value, or -1.
    var valueEnd = -1
    /// The most input bytes from ``boundary`` on before a limit error.
    let maximumElementBytes: Int
    /// Where the input the parser may be holding starts: the end of the last element (or
    /// of the target array's `[`), or outside the target the end of the last value (yajl
    /// buffers a token that chunks cut, whatever its size).
    var boundary = 0
    /// The length of the chunk at ``chunkStart``.
    var chunkCount = 0
    /// The input is validated as it goes by, not kept.
    var validator = ChunkedUTF8Validator()
    /// Line and column, counted as chunks go by.
    var locations = StreamLocationCounter()

    init(keyPath: String?, maximumDepth: Int, maximumElementBytes: Int) {
        self.maximumElementBytes = max(1, maximumElementBytes)
        let text = keyPath ?? ""
        keyPathText = text
        components = text.isEmpty ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map { Array($0.utf8) }
        self.maximumDepth = maximumDepth
        builder = TapeBuilder(maximumDepth: maximumDepth)
    }

    // MARK: Events

    /// Notes where the value whose last token yajl has just reported ends (every scalar and
    /// every `}` or `]`, inside the target or not).
    @inline(__always)
    mutating func noteValueEnd() {
        if chunkStart != nil { valueEnd = chunkOffset + yajl_get_bytes_consumed(handle) }
        if !inTarget { boundary = valueEnd }
    }

    /// A scalar is about to be recorded: returns `true` when it belongs to an element
    /// (the caller then adds it to ``builder`` and calls ``endScalar()``); otherwise it was
    /// skipped, or recorded a failure (then ``failure`` is set).
    @inline(__always)
    mutating func beginScalar(_ kind: String) -> Bool {
        if inTarget { return true }
        if skipDepth > 0 { return false }
        if isOnPath() {
            _ = mismatch(found: kind)
        }
        return false
    }

    /// After a scalar was added to ``builder``: at the top of the element it is a whole element.
    @inline(__always)
    mutating func endScalar() {
        if builder.depth == 0 { emit() }
    }

    /// `{` or `[`. Returns yajl's continue flag.
    mutating func begin(isArray: Bool) -> Int32 {
        guard depth < maximumDepth else {
            return fail(.depthLimitExceeded, "nesting deeper than \(maximumDepth) levels")
        }
        depth += 1
        if inTarget {
            _ = isArray ? builder.beginArray() : builder.beginObject()
            return 1
        }
        if skipDepth > 0 {
            skipDepth += 1
            return 1
        }
        guard isOnPath() else {
            skipDepth = 1
            return 1
        }
        if level == components.count {
            guard isArray else { return mismatch(found: "an object") }
            inTarget = true
            found = true
            if chunkStart != nil { boundary = chunkOffset + yajl_get_bytes_consumed(handle) }
            return 1
        }
        guard !isArray else { return mismatch(found: "an array") }
        level += 1
        return 1
    }

    /// `}` or `]`. Returns yajl's continue flag.
    mutating func end() -> Int32 {
        depth -= 1
        if depth == 0 { documentEnd.record(handle, chunkOffset: chunkOffset, isInsideChunk: chunkStart != nil) }
        if inTarget {
            if builder.depth == 0 {
                inTarget = false  // the target array itself closes
                return 1
            }
            builder.end()
            if builder.depth == 0 { emit() }
            return 1
        }
        if skipDepth > 0 {
            skipDepth -= 1
            return 1
        }
        // An object on the key path closes; its key was missing unless the array was found.
        if !found, level >= 1 {
            let component = String(decoding: components[level - 1], as: UTF8.self)
            return fail(.keyPathMismatch, "no array at key path '\(keyPathText)': \(describe(prefix: level - 1)) has no key '\(component)'")
        }
        level -= 1
        return 1
    }

    /// An object key. Returns yajl's continue flag.
    mutating func key(_ text: UnsafePointer<UInt8>?, _ length: Int) -> Int32 {
        if inTarget { return record(text, length, isKey: true) }
        if skipDepth > 0 { return 1 }
        // The key of an object on the path: the next value is on the path when it matches.
        let bytes = UnsafeBufferPointer(start: text, count: text == nil ? 0 : length)
        nextIsOnPath = !found && level >= 1 && level <= components.count && components[level - 1].elementsEqual(bytes)
        return 1
    }

    /// A string value. Returns yajl's continue flag.
    mutating func string(_ text: UnsafePointer<UInt8>?, _ length: Int) -> Int32 {
        guard beginScalar("a string") else { return failure == nil ? 1 : 0 }
        let status = record(text, length, isKey: false)
        endScalar()
        return status
    }

    // MARK: Helpers

    /// Whether the value that starts now is on the key path (consumes the key's verdict).
    @inline(__always)
    private mutating func isOnPath() -> Bool {
        if !sawRoot {
            sawRoot = true
            return true
        }
        defer { nextIsOnPath = false }
        return level >= 1 && nextIsOnPath
    }

    /// Copies text into the element (never by offset: the input is not kept). Text inside
    /// the current chunk was validated with it; other text is validated here.
    private mutating func record(_ text: UnsafePointer<UInt8>?, _ length: Int, isKey: Bool) -> Int32 {
        let bytes = UnsafeBufferPointer(start: text, count: text == nil ? 0 : length)
        guard bytes.count == length else { return fail(.syntax, "missing text") }
        if !isInsideChunk(bytes) && !UTF8Validation.isValid(bytes) {
            return fail(.invalidUTF8, isKey ? "invalid UTF-8 in object key" : "invalid UTF-8 in string")
        }
        if isKey { builder.key(bytes: bytes) } else { builder.string(bytes: bytes) }
        return 1
    }

    @inline(__always)
    private func isInsideChunk(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = chunkStart, let base = bytes.baseAddress else { return bytes.isEmpty }
        let raw = UnsafeRawPointer(base)
        return raw >= start && raw + bytes.count <= start + chunkCount
    }

    /// Moves the finished element out; the builder starts empty.
    private mutating func emit() {
        guard let element = builder.finish() else { return }
        completed.append(element)
        elementCount += 1
        boundary = valueEnd
    }

    /// The value at the key path (or on the way to it) is `found`, not what the path needs.
    private mutating func mismatch(found kind: String) -> Int32 {
        if components.isEmpty {
            return fail(.keyPathMismatch, "expected a top-level array, found \(kind)")
        }
        let expected = level == components.count ? "an array" : "an object"
        return fail(.keyPathMismatch, "no array at key path '\(keyPathText)': \(describe(prefix: level)) is \(kind), not \(expected)")
    }

    /// `the top-level value` or `the value at 'a.b'` for the first `count` components.
    private func describe(prefix count: Int) -> String {
        guard count > 0 else { return "the top-level value" }
        let path = components.prefix(count).map { String(decoding: $0, as: UTF8.self) }.joined(separator: ".")
        return "the value at '\(path)'"
    }

    mutating func fail(_ type: ParseError.ErrorType, _ reason: String) -> Int32 {
        if failure == nil { failure = (type, reason) }
        return 0
    }
}
