public import RestKitCore

/// Streams the elements of one JSON array with yajl — the top-level value, or the array at a
/// dotted key path such as `"statuses"` or `"data.items"` — out of a document of any size, one
/// element at a time, with memory that stays flat. ``JSONElementStreamParser`` does the same
/// with RestKit's own scanner (faster, with ``JSONParser``'s errors); this one keeps yajl
/// reachable by name.
///
/// Feed chunks of any size (1 byte to all) with ``append(_:)``; each call returns the
/// elements completed so far, each on its own small tape, so an element can be kept
/// independently of the others and of the input. ``finish()`` checks that the document
/// ended properly and that the key path led to an array.
///
/// ```swift
/// var parser = YAJLElementStreamParser(keyPath: "data.items")
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
/// The guarantees of ``YAJLIncrementalParser`` hold: the whole input is validated as strict
/// UTF-8 (a sequence cut by a chunk boundary is carried over, at most 3 bytes), form feed
/// and vertical tab are rejected, nesting is limited to `maximumDepth` (counted from the
/// document root), and every `ParseError` has a line, column and byte offset. Since the
/// input is not kept, line and column are counted as each chunk goes by (one cheap pass:
/// newlines with `memchr`, columns eight bytes at a time).
///
/// Errors specific to streaming have `ParseError/ErrorType/keyPathMismatch`: a key on the
/// path is missing, or a value on it is not an object (or, at the end of the path, not an
/// array). They are thrown as soon as the document shows it, naming the key path and what
/// was found there. Elements already handed out stay valid.
///
/// The parser owns a yajl handle and is not copyable; after `finish()` or an error it
/// cannot be used again. The checks and errors are the `YAJLDriver`'s, shared with
/// ``YAJLIncrementalParser``. It is RestKit's built-in `ElementStreamParser`: the one
/// `ObjectMapping.stream(from:at:)` maps from.
public struct YAJLElementStreamParser: ~Copyable, ElementStreamParser {
    private var driver: YAJLDriver<JSONStreamState>

    /// How many times yajl was handed input so far (for tests: see `YAJLDriver`).
    var yajlCalls: Int { driver.yajlCalls }

    /// Creates a parser for the array at `keyPath` (dot-separated object keys; `nil` or
    /// `""` for a top-level array) in a document nested at most `maximumDepth` levels deep.
    ///
    /// The stream may be of any length, but what the parser holds at once is bounded:
    /// `maximumElementBytes` (default 64 MiB, the object manager's default for a whole
    /// response) is the most input from the end of one element to the end of the next (the
    /// comma and whitespace between them count) and, outside the array, between two values
    /// (a string or key yajl must hold whole). More fails with `.sizeLimitExceeded` at the
    /// first byte over, at every chunk size.
    ///
    /// ```swift
    /// var parser = YAJLElementStreamParser(keyPath: "statuses", maximumDepth: 64)
    /// var small = YAJLElementStreamParser(maximumElementBytes: 1 << 20)
    /// ```
    public init(keyPath: String? = nil, maximumDepth: Int = 512, maximumElementBytes: Int = 64 << 20) {
        driver = YAJLDriver(
            context: JSONStreamState(keyPath: keyPath, maximumDepth: max(1, maximumDepth), maximumElementBytes: maximumElementBytes),
            callbacks: JSONStreamCallbacks.table)
    }

    private var state: UnsafeMutablePointer<JSONStreamState> { driver.context }

    /// The key path given to ``init(keyPath:maximumDepth:maximumElementBytes:)`` (`""` for a top-level array).
    ///
    /// ```swift
    /// YAJLElementStreamParser(keyPath: "data.items").keyPath   // "data.items"
    /// ```
    public var keyPath: String { state.pointee.keyPathText }

    /// The most input bytes one element may span (see ``init(keyPath:maximumDepth:maximumElementBytes:)``).
    ///
    /// ```swift
    /// YAJLElementStreamParser().maximumElementBytes   // 67108864 (64 MiB)
    /// ```
    public var maximumElementBytes: Int { state.pointee.maximumElementBytes }

    /// Elements handed out so far.
    ///
    /// ```swift
    /// _ = try parser.append(chunk)
    /// parser.elementCount   // elements completed so far
    /// ```
    public var elementCount: Int { state.pointee.elementCount }

    /// Feeds the next chunk and returns the elements it completed, in document order.
    /// (Any byte sequence is accepted too, through the `ElementStreamParser` extension.)
    ///
    /// ```swift
    /// let elements = try parser.append(buffer)   // UnsafeRawBufferPointer
    /// ```
    ///
    /// - Throws: `ParseError` at the first malformed byte or key path mismatch; the parser
    ///   is then spent.
    public mutating func append(_ chunk: UnsafeRawBufferPointer) throws(ParseError) -> [Representation] {
        try driver.parse(chunk)
        return takeCompleted()
    }

    /// Ends the input. Returns elements the end of input completed (in practice none: an
    /// array element always ends before its array does).
    ///
    /// ```swift
    /// try parser.finish()
    /// ```
    ///
    /// - Throws: `ParseError`: `.truncated` when the input is empty or stops early,
    ///   `.keyPathMismatch` when the document has no array at the key path.
    @discardableResult
    public mutating func finish() throws(ParseError) -> [Representation] {
        try driver.complete()
        let end = state.pointee.inputCount
        if !state.pointee.sawRoot {
            try driver.fail(.truncated, "no JSON value in the input", at: end, in: nil)
        }
        if !state.pointee.found {
            // Only reachable when yajl accepted the end of the input without the key path
            // being settled; reported rather than silently yielding no elements.
            try driver.fail(.keyPathMismatch, "no array at key path '\(state.pointee.keyPathText)'", at: end, in: nil)
        }
        driver.markFinished()
        return takeCompleted()
    }

    private func takeCompleted() -> [Representation] {
        guard !state.pointee.completed.isEmpty else { return [] }
        let elements = state.pointee.completed
        state.pointee.completed.removeAll(keepingCapacity: true)
        return elements
    }
}
