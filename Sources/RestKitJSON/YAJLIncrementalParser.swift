public import RestKitCore

/// Parses JSON with yajl from chunks of any size: append bytes as they arrive, then
/// finish. The result is the same whatever the chunking, from one byte at a time to the
/// whole document at once. ``IncrementalJSONParser`` does the same with RestKit's own scanner
/// (faster, and with ``JSONParser``'s errors); this one keeps yajl reachable by name, as
/// ``YAJLParser`` is the `"yajl"` parser in the registry.
///
/// ```swift
/// var parser = YAJLIncrementalParser()
/// for try await chunk in body {              // e.g. an HTTP response body
///     try parser.append(chunk)
/// }
/// let value = try parser.finish()
/// ```
///
/// The parser owns a yajl handle and is not copyable; after `finish()` (or after a failed
/// `append`) it cannot be used again. The checks and errors are the `YAJLDriver`'s, shared
/// with ``YAJLElementStreamParser``.
public struct YAJLIncrementalParser: ~Copyable {
    private var driver: YAJLDriver<YAJLState>

    /// How many times yajl was handed input so far (for tests: see `YAJLDriver`).
    var yajlCalls: Int { driver.yajlCalls }

    /// The most input bytes the document may have (see ``init(maximumDepth:maximumBytes:)``).
    ///
    /// ```swift
    /// YAJLIncrementalParser().maximumBytes   // 67108864 (64 MiB)
    /// ```
    public var maximumBytes: Int { driver.context.pointee.maximumBytes }

    /// Creates a parser that accepts one JSON value (any type) nested at most
    /// `maximumDepth` levels deep and at most `maximumBytes` long (default 64 MiB, the object
    /// manager's default for a whole response: the parser keeps all of it). A longer input
    /// fails with `.sizeLimitExceeded` at the first byte over, at every chunk size.
    ///
    /// ```swift
    /// var parser = YAJLIncrementalParser(maximumDepth: 64)
    /// var large = YAJLIncrementalParser(maximumBytes: 1 << 30)
    /// ```
    public init(maximumDepth: Int = 512, maximumBytes: Int = 64 << 20) {
        self.init(maximumDepth: maximumDepth, maximumBytes: maximumBytes, expectedBytes: 0)
    }

    init(maximumDepth: Int, maximumBytes: Int = .max, expectedBytes: Int) {
        driver = YAJLDriver(
            context: YAJLState(maximumDepth: max(1, maximumDepth), maximumBytes: max(0, maximumBytes), expectedBytes: expectedBytes),
            callbacks: YAJLCallbacks.table)
    }

    /// Feeds the next chunk.
    ///
    /// ```swift
    /// try parser.append(buffer)   // UnsafeRawBufferPointer
    /// ```
    ///
    /// - Throws: `ParseError` at the first malformed byte; the parser is then spent.
    public mutating func append(_ chunk: UnsafeRawBufferPointer) throws(ParseError) {
        try driver.parse(chunk)
    }

    /// Feeds the next chunk from any byte sequence (`[UInt8]`, `Data`, `ArraySlice<UInt8>`).
    ///
    /// ```swift
    /// try parser.append(Array(#"{"id": 1"#.utf8))
    /// ```
    public mutating func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes) throws(ParseError) {
        try withContiguousBytes(of: bytes) { (raw) throws(ParseError) in try driver.parse(raw) }
    }

    /// Ends the input and returns the document.
    ///
    /// ```swift
    /// let value = try parser.finish()
    /// ```
    ///
    /// - Throws: `ParseError` when the input is empty, truncated or malformed.
    public mutating func finish() throws(ParseError) -> Representation {
        try driver.complete()
        guard let root = driver.context.pointee.builder.finish() else {
            try driver.fail(.truncated, "no JSON value in the input", at: driver.context.pointee.inputCount, in: nil)
        }
        driver.markFinished()
        return root
    }
}
