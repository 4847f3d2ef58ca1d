public import RestKitCore

/// Parses a whole JSON document with RestKit's own scanner, written in Swift: the fastest
/// way from bytes to a `Representation` when the document is in memory. The registry's
/// default JSON parser.
///
/// It reads the input once, keeps it in the parsed document (an array as it is, other input
/// copied) and leaves strings and large numbers where they are until a mapping reads them;
/// see `Representation` for what that buys. The grammar is RFC 8259, strictly (no comments,
/// no trailing commas, valid UTF-8, paired surrogate escapes); integers are exact over
/// `Int64`, and numbers that fit neither `Int64` nor `Double` keep their text, as with
/// ``YAJLParser``. For input that arrives in pieces, use ``IncrementalJSONParser``; for the
/// elements of a huge array one by one, ``JSONElementStreamParser``.
///
/// ```swift
/// let value = try JSONParser().parse(text: #"{"id": 18446744073709551616, "name": "Ada"}"#)
/// value["id"]            // .number("18446744073709551616")
/// value["name"]?.stringValue  // "Ada"
///
/// do {
///     _ = try JSONParser().parse(text: "[1, 2,]")
/// } catch let error as ParseError {
///     print(error)       // 1:7: unexpected ']': expected a value
/// }
/// ```
public struct JSONParser: RepresentationParser {
    /// `"swift"`.
    public let name = "swift"
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

    /// Parses one complete JSON document held in an array, which the result keeps as it is
    /// (shared, not copied).
    ///
    /// ```swift
    /// let body: [UInt8] = Array(#"{"name":"Ada"}"#.utf8)
    /// let value = try JSONParser().parse(body)
    /// ```
    ///
    /// - Throws: `ParseError` with line, column and byte offset of the first error.
    public func parse(_ bytes: [UInt8]) throws -> Representation {
        try JSONScanner(maximumDepth: maximumDepth, parserName: name).scan(bytes)
    }

    /// The typed-throws core of `parse(_:)` of an `UnsafeRawBufferPointer`.
    func parseDocument(_ input: UnsafeRawBufferPointer) throws(ParseError) -> Representation {
        try JSONScanner(maximumDepth: maximumDepth, parserName: name).scan(input)
    }
}
