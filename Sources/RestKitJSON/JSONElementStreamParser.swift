public import RestKitCore

/// Streams the elements of one JSON array — the top-level value, or the array at a dotted
/// key path such as `"statuses"` or `"data.items"` — out of a document of any size, one
/// element at a time, with memory that stays flat. RestKit's own scanner (``JSONParser``'s)
/// reads it; ``YAJLElementStreamParser`` does the same with yajl.
///
/// Feed chunks of any size (1 byte to all) with ``append(_:)``; each call returns the
/// elements completed so far, each on its own small tape with its own copy of its bytes, so
/// an element can be kept independently of the others and of the input. ``finish()`` checks
/// that the document ended properly and that the key path led to an array.
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
/// How it stays flat: values outside the target array are validated and dropped as they go
/// by (only the keys of the objects along the key path are compared); inside the array, each
/// element is laid out from its own start and handed out when it closes, with its bytes. The
/// parser keeps the input from the element being read on, nothing before it.
///
/// Every syntax error is ``JSONParser``'s for the whole document, at the same offset, line
/// and column, at every chunk size: the whole input is checked (strict UTF-8 inside strings,
/// RFC 8259 grammar), nesting is limited to `maximumDepth` (counted from the document root).
/// Errors specific to streaming have `ParseError/ErrorType/keyPathMismatch`: a key on the
/// path is missing, or a value on it is not an object (or, at the end of the path, not an
/// array). They are thrown as soon as the document shows it, naming the key path and what
/// was found there. Elements already handed out stay valid. After `finish()` or an error the
/// parser cannot be used again.
///
/// It is RestKit's built-in `ElementStreamParser`: the one `ObjectMapping.stream(from:at:)`
/// maps from.
public struct JSONElementStreamParser: ElementStreamParser {
    private var scanner: JSONElementScanner

    /// Creates a parser for the array at `keyPath` (dot-separated object keys; `nil` or
    /// `""` for a top-level array) in a document nested at most `maximumDepth` levels deep.
    ///
    /// The stream may be of any length, but what the parser holds at once is bounded:
    /// `maximumElementBytes` (default 64 MiB, the object manager's default for a whole
    /// response) is the most input from the end of one element to the end of the next (the
    /// comma and whitespace between them count) and, outside the array, in one token (a
    /// string, say) with the whitespace before it. More fails with `.sizeLimitExceeded` at the
    /// first byte over, at every chunk size.
    ///
    /// ```swift
    /// var parser = JSONElementStreamParser(keyPath: "statuses", maximumDepth: 64)
    /// var small = JSONElementStreamParser(maximumElementBytes: 1 << 20)
    /// ```
    public init(keyPath: String? = nil, maximumDepth: Int = 512, maximumElementBytes: Int = 64 << 20) {
        scanner = JSONElementScanner(keyPath: keyPath, maximumDepth: maximumDepth, maximumElementBytes: maximumElementBytes, parserName: "swift")
    }

    /// The key path given to ``init(keyPath:maximumDepth:maximumElementBytes:)`` (`""` for a
    /// top-level array).
    ///
    /// ```swift
    /// JSONElementStreamParser(keyPath: "data.items").keyPath   // "data.items"
    /// ```
    public var keyPath: String { scanner.keyPath }

    /// The most input bytes one element may span (see ``init(keyPath:maximumDepth:maximumElementBytes:)``).
    ///
    /// ```swift
    /// JSONElementStreamParser().maximumElementBytes   // 67108864 (64 MiB)
    /// ```
    public var maximumElementBytes: Int { scanner.maximumElementBytes }

    /// Elements handed out so far.
    ///
    /// ```swift
    /// _ = try parser.append(chunk)
    /// parser.elementCount   // elements completed so far
    /// ```
    public var elementCount: Int { scanner.elementCount }

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
        try scanner.append(chunk)
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
        try scanner.finish()
    }
}
