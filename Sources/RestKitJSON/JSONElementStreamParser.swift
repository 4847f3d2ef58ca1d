internal import CYAJL
import Glibc
public import RestKitCore

/// Streams the elements of one JSON array — the top-level value, or the array at a dotted
/// key path such as `"statuses"` or `"data.items"` — out of a document of any size, one
/// element at a time, with memory that stays flat.
///
/// Feed chunks of any size (1 byte to all) with ``append(_:)-7x5hq``; each call returns the
/// elements completed so far, each on its own small tape, so an element can be kept
/// independently of the others and of the input. ``finish()`` checks that the document
/// ended properly and that the key path led to an array.
///
/// ```swift
/// var parser = JSONElementStreamParser(keyPath: "data.items")
/// for try await chunk in body {                  // e.g. an HTTP response body
///     for item in try parser.append(chunk) {
///         print(item["id"] ?? .null)
///     }
/// }
/// try parser.finish()
/// ```
///
/// How it stays flat: values outside the target array are skipped as yajl reports them
/// (only the keys of the objects along the key path are compared); inside the array, each
/// element is built on a fresh tape and handed out when it closes. The input is never kept:
/// strings, keys and number text of an element are copied into that element's own buffer.
///
/// The guarantees of ``IncrementalJSONParser`` hold: the whole input is validated as strict
/// UTF-8 (a sequence cut by a chunk boundary is carried over, at most 3 bytes), form feed
/// and vertical tab are rejected, nesting is limited to `maximumDepth` (counted from the
/// document root), and every ``ParseError`` has a line, column and byte offset. Since the
/// input is not kept, line and column are counted as each chunk goes by (one cheap pass:
/// newlines with `memchr`, columns eight bytes at a time).
///
/// Errors specific to streaming have ``ParseError/ErrorType/keyPathMismatch``: a key on the
/// path is missing, or a value on it is not an object (or, at the end of the path, not an
/// array). They are thrown as soon as the document shows it, naming the key path and what
/// was found there. Elements already handed out stay valid.
///
/// The parser owns a yajl handle and is not copyable; after `finish()` or an error it
/// cannot be used again.
public struct JSONElementStreamParser: ~Copyable {
    private let session: YAJLSession<JSONStreamState>
    private var handle: yajl_handle { session.handle }
    private var callbackState: UnsafeMutablePointer<JSONStreamState> { session.context }
    private var validator = ChunkedUTF8Validator()
    private var locations = StreamLocationCounter()
    private var state: State = .parsing

    private enum State { case parsing, failed(ParseError), finished }

    /// Creates a parser for the array at `keyPath` (dot-separated object keys; `nil` or
    /// `""` for a top-level array) in a document nested at most `maximumDepth` levels deep.
    ///
    /// ```swift
    /// var parser = JSONElementStreamParser(keyPath: "statuses", maximumDepth: 64)
    /// ```
    public init(keyPath: String? = nil, maximumDepth: Int = 512) {
        session = YAJLSession(
            context: JSONStreamState(keyPath: keyPath, maximumDepth: max(1, maximumDepth)),
            callbacks: JSONStreamCallbacks.table)
        session.context.pointee.handle = session.handle
    }

    /// The key path given to ``init(keyPath:maximumDepth:)`` (`""` for a top-level array).
    public var keyPath: String { callbackState.pointee.keyPathText }

    /// Elements handed out so far.
    ///
    /// ```swift
    /// _ = try parser.append(chunk)
    /// parser.elementCount   // elements completed so far
    /// ```
    public var elementCount: Int { callbackState.pointee.elementCount }

    /// Feeds the next chunk and returns the elements it completed, in document order.
    ///
    /// ```swift
    /// let elements = try parser.append(buffer)   // UnsafeRawBufferPointer
    /// ```
    ///
    /// - Throws: ``ParseError`` at the first malformed byte or key path mismatch; the parser
    ///   is then spent.
    public mutating func append(_ chunk: UnsafeRawBufferPointer) throws(ParseError) -> [Representation] {
        try checkParsing()
        guard let base = chunk.baseAddress, chunk.count > 0 else { return [] }
        let bytes = chunk.assumingMemoryBound(to: UInt8.self)
        let chunkOffset = locations.offset
        if let offset = YAJLLeniency.firstFormFeedOrVerticalTab(in: chunk) {
            try fail(.syntax, "invalid character (form feed or vertical tab) outside a string", at: chunkOffset + offset, in: bytes)
        }
        if let invalid = validator.validate(bytes, isFinal: false) {
            try fail(.invalidUTF8, "invalid UTF-8", at: invalid, in: bytes)
        }
        callbackState.pointee.chunkStart = UnsafeRawPointer(base)
        callbackState.pointee.chunkCount = chunk.count
        callbackState.pointee.chunkOffset = chunkOffset
        let status = yajl_parse(handle, base.assumingMemoryBound(to: UInt8.self), chunk.count)
        callbackState.pointee.chunkStart = nil
        if status != yajl_status_ok {
            let consumed = min(yajl_get_bytes_consumed(handle), chunk.count)
            // A callback that stops the parse is reported at the token it was given.
            let offset = chunkOffset + (status == yajl_status_client_canceled ? max(0, consumed - 1) : consumed)
            try fail(status: status, at: offset, in: bytes)
        }
        if callbackState.pointee.builder.overflowed {
            try fail(.sizeLimitExceeded, "a string longer than 4 GiB", at: chunkOffset, in: bytes)
        }
        if let offset = callbackState.pointee.documentEnd.firstTrailingText(in: chunk, at: chunkOffset) {
            try fail(.syntax, "unexpected text after the JSON value", at: offset, in: bytes)
        }
        locations.advance(over: bytes)
        return takeCompleted()
    }

    /// Feeds the next chunk from any byte sequence (`[UInt8]`, `Data`, `ArraySlice<UInt8>`,
    /// a `ByteBuffer`'s `readableBytesView`) and returns the elements it completed.
    ///
    /// ```swift
    /// for element in try parser.append(Array(#"[{"id":1},"#.utf8)) { … }
    /// ```
    public mutating func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes) throws(ParseError) -> [Representation] {
        let result: Result<[Representation], ParseError>? = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(ParseError) in try append(UnsafeRawBufferPointer(buffer)) }
        }
        if let result { return try result.get() }
        let copy = Array(bytes)
        let copied: Result<[Representation], ParseError> = copy.withUnsafeBytes { raw in
            Result { () throws(ParseError) in try append(raw) }
        }
        return try copied.get()
    }

    /// Ends the input. Returns elements the end of input completed (in practice none: an
    /// array element always ends before its array does).
    ///
    /// ```swift
    /// try parser.finish()
    /// ```
    ///
    /// - Throws: ``ParseError``: `.truncated` when the input is empty or stops early,
    ///   `.keyPathMismatch` when the document has no array at the key path.
    @discardableResult
    public mutating func finish() throws(ParseError) -> [Representation] {
        try checkParsing()
        if let invalid = validator.finish() {
            try fail(.invalidUTF8, "invalid UTF-8 (truncated sequence)", at: invalid, in: nil)
        }
        let end = locations.offset
        let status = yajl_complete_parse(handle)
        if status != yajl_status_ok {
            try fail(status: status, at: end, in: nil)
        }
        let shared = callbackState.pointee
        if !shared.sawRoot {
            try fail(.truncated, "no JSON value in the input", at: end, in: nil)
        }
        if !shared.found {
            // Only reachable when yajl accepted the end of the input without the key path
            // being settled; reported rather than silently yielding no elements.
            try fail(.keyPathMismatch, "no array at key path '\(shared.keyPathText)'", at: end, in: nil)
        }
        state = .finished
        return takeCompleted()
    }

    private func takeCompleted() -> [Representation] {
        guard !callbackState.pointee.completed.isEmpty else { return [] }
        let elements = callbackState.pointee.completed
        callbackState.pointee.completed.removeAll(keepingCapacity: true)
        return elements
    }

    private func checkParsing() throws(ParseError) {
        switch state {
        case .parsing: return
        case .failed(let error): throw error
        case .finished:
            throw ParseError(.syntax, "the parser has already finished", at: nil, parser: "yajl")
        }
    }

    /// Records and throws an error at an input offset inside `chunk` (the chunk being
    /// parsed, not yet counted), or at the end of the input counted so far.
    private mutating func fail(
        _ type: ParseError.ErrorType, _ reason: String, at offset: Int, in chunk: UnsafeBufferPointer<UInt8>?
    ) throws(ParseError) -> Never {
        let location = locations.location(at: offset, inChunk: chunk ?? UnsafeBufferPointer(start: nil, count: 0), from: locations.offset)
        let error = ParseError(type, reason, at: location, parser: "yajl")
        state = .failed(error)
        throw error
    }

    /// Records and throws the error behind a failed yajl status: a callback's own reason,
    /// else yajl's message.
    private mutating func fail(status: yajl_status, at offset: Int, in chunk: UnsafeBufferPointer<UInt8>?) throws(ParseError) -> Never {
        if let failure = callbackState.pointee.failure {
            try fail(failure.type, failure.reason, at: offset, in: chunk)
        }
        var reason = "invalid JSON"
        if let message = yajl_get_error(handle, 0, nil, 0) {
            reason = Self.trimmed(String(cString: message))
            yajl_free_error(handle, message)
        }
        let type: ParseError.ErrorType =
            if reason.contains("premature EOF") { .truncated }
            else if reason.contains("UTF8") { .invalidUTF8 }
            else { .syntax }
        try fail(type, reason, at: offset, in: chunk)
    }

    /// Drops surrounding whitespace and yajl's "parse error: " / "lexical error: " prefix.
    private static func trimmed(_ message: String) -> String {
        var text = Substring(message)
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        for prefix in ["parse error: ", "lexical error: "] where text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
        }
        return String(text)
    }
}
