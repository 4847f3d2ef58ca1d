public import RestKitCore

/// Parses JSON with yajl, building the `Representation` straight from yajl's events
/// (no intermediate tree). Registered as `"yajl"`; the same engine reads documents in
/// chunks (``YAJLIncrementalParser``) and streams array elements (``YAJLElementStreamParser``).
///
/// Integers outside `Int64` and numbers a `Double` cannot hold keep their exact text
/// (`Representation/number(_:)`). For input that arrives in pieces, use
/// ``YAJLIncrementalParser``.
///
/// ```swift
/// let value = try YAJLParser().parse(text: #"{"id": 18446744073709551616}"#)
/// value["id"]  // .number("18446744073709551616")
/// ```
public struct YAJLParser: RepresentationParser {
    /// `"yajl"`.
    public let name = "yajl"
    /// The deepest nesting of arrays and objects accepted.
    public var maximumDepth: Int

    /// Creates a parser.
    public init(maximumDepth: Int = 512) {
        self.maximumDepth = maximumDepth
    }

    /// Parses one complete JSON document.
    ///
    /// - Throws: `ParseError` with line, column and byte offset of the first error.
    public func parse(_ input: UnsafeRawBufferPointer) throws -> Representation {
        try parseDocument(input)
    }

    /// The typed-throws core of ``parse(_:)``: one `append`, then `finish`.
    func parseDocument(_ input: UnsafeRawBufferPointer) throws(ParseError) -> Representation {
        var parser = YAJLIncrementalParser(maximumDepth: maximumDepth, expectedBytes: input.count)
        try parser.append(input)
        return try parser.finish()
    }
}
