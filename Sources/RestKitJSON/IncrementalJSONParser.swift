public import RestKitCore

/// Parses JSON from chunks of any size with RestKit's own scanner (the one ``JSONParser``
/// runs over a whole document): append bytes as they arrive, then finish. The value, or the
/// error with its line, column and byte offset, is exactly ``JSONParser``'s, whatever the
/// chunking, from one byte at a time to the whole document at once.
///
/// ```swift
/// var parser = IncrementalJSONParser()
/// for try await chunk in body {              // e.g. an HTTP response body
///     try parser.append(chunk)
/// }
/// let value = try parser.finish()
/// ```
///
/// Each append scans as far as the input goes; a token the chunk cuts (a string, a number, a
/// literal) is read again from its start with the next chunk, so no bytes are scanned twice
/// except those. Malformed input fails in the `append` that completes the bad token. The
/// parsed document keeps the input (strings point into it), so at most ``maximumBytes`` are
/// accepted. ``YAJLIncrementalParser`` does the same with yajl.
///
/// After `finish()` (or after a failed `append`) the parser cannot be used again: every call
/// throws the same error.
public struct IncrementalJSONParser {
    private var scanner: ChunkedJSONScanner

    /// The most input bytes the document may have (see ``init(maximumDepth:maximumBytes:expectedBytes:)``).
    ///
    /// ```swift
    /// IncrementalJSONParser().maximumBytes   // 67108864 (64 MiB)
    /// ```
    public var maximumBytes: Int { scanner.maximumBytes }

    /// Creates a parser that accepts one JSON value (any type) nested at most
    /// `maximumDepth` levels deep and at most `maximumBytes` long (default 64 MiB, the object
    /// manager's default for a whole response: the parser keeps all of it). A longer input
    /// fails with `.sizeLimitExceeded` at the first byte over, at every chunk size.
    ///
    /// `expectedBytes` is the input's length when it is known in advance (an HTTP body's
    /// `Content-Length`): the buffer and the tape are then allocated once at about their final
    /// size instead of growing (and being copied) as chunks arrive. It only sizes allocations,
    /// never limits the input, and is capped at `maximumBytes`, so a wrong value costs at most
    /// memory the limit allows anyway.
    ///
    /// ```swift
    /// var parser = IncrementalJSONParser(maximumDepth: 64)
    /// var large = IncrementalJSONParser(maximumBytes: 1 << 30)
    /// var sized = IncrementalJSONParser(expectedBytes: contentLength)
    /// ```
    public init(maximumDepth: Int = 512, maximumBytes: Int = 64 << 20, expectedBytes: Int? = nil) {
        scanner = ChunkedJSONScanner(
            maximumDepth: maximumDepth, maximumBytes: maximumBytes, parserName: "swift",
            expectedBytes: min(max(0, expectedBytes ?? 0), max(0, maximumBytes)))
    }

    /// Feeds the next chunk.
    ///
    /// ```swift
    /// try parser.append(buffer)   // UnsafeRawBufferPointer
    /// ```
    ///
    /// - Throws: `ParseError` at the first malformed byte; the parser is then spent.
    public mutating func append(_ chunk: UnsafeRawBufferPointer) throws(ParseError) {
        try scanner.append(chunk)
    }

    /// Feeds the next chunk from any byte sequence (`[UInt8]`, `Data`, `ArraySlice<UInt8>`).
    ///
    /// ```swift
    /// try parser.append(Array(#"{"id": 1"#.utf8))
    /// ```
    public mutating func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes) throws(ParseError) {
        try withContiguousBytes(of: bytes) { (raw) throws(ParseError) in try scanner.append(raw) }
    }

    /// Ends the input and returns the document.
    ///
    /// ```swift
    /// let value = try parser.finish()
    /// ```
    ///
    /// - Throws: `ParseError` when the input is empty, truncated or malformed.
    public mutating func finish() throws(ParseError) -> Representation {
        try scanner.finish()
    }
}
