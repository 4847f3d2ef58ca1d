/// A parser that hands out the elements of one array in a document — the top-level array or
/// one at a key path — as the document's bytes arrive, each element as its own
/// ``Representation``, so that a document of any size is read in flat memory.
///
/// RestKitJSON's `JSONElementStreamParser` (yajl) is the built-in one. RestKitMapping's
/// `ObjectMapping.stream(from:parser:options:)` maps the elements of any conforming parser
/// one by one; conform a parser of another format to stream it the same way:
///
/// ```swift
/// let tweets = tweetMapping.stream(from: body, parser: { JSONElementStreamParser(keyPath: "statuses") })
/// for try await tweet in tweets { print(tweet.id) }
/// ```
///
/// Conforming parsers are usually not copyable (they own a C handle) and are used by one
/// task at a time (a streaming sequence makes one per iteration, from a `@Sendable`
/// factory, so the type itself must be usable from any task: `SendableMetatype`). After
/// ``finish()`` or a thrown error they cannot be used again.
public protocol ElementStreamParser: ~Copyable, SendableMetatype {
    /// The dotted key path of the array whose elements are handed out; `""` for a
    /// top-level array. A mapping error in element 12 is reported at `"<keyPath>.12.…"`.
    var keyPath: String { get }

    /// Feeds the next chunk (of any size) and returns the elements it completed, in
    /// document order.
    ///
    /// - Throws: ``ParseError`` at the first malformed byte; the parser is then spent.
    mutating func append(_ chunk: UnsafeRawBufferPointer) throws(ParseError) -> [Representation]

    /// Ends the input and returns the elements the end of input completed (usually none).
    ///
    /// - Throws: ``ParseError`` when the input stops early or has no array where expected.
    mutating func finish() throws(ParseError) -> [Representation]
}

extension ElementStreamParser where Self: ~Copyable {
    /// Feeds the next chunk from any byte sequence (`[UInt8]`, `Data`, `ArraySlice<UInt8>`,
    /// a `ByteBuffer`'s `readableBytesView`) and returns the elements it completed.
    ///
    /// ```swift
    /// for element in try parser.append(Array(#"[{"id":1},"#.utf8)) { print(element) }
    /// ```
    public mutating func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes) throws(ParseError) -> [Representation] {
        try withContiguousBytes(of: bytes) { (raw) throws(ParseError) in try append(raw) }
    }
}
