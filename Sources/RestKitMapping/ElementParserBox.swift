import RestKitCore

/// Owns the (usually non-copyable) ``ElementStreamParser`` of a ``MappedElementStream``'s
/// iterator, which must be copyable, and remembers the array's key path for error messages.
///
/// ```swift
/// let box = ElementParserBox(JSONElementStreamParser(keyPath: "statuses"))
/// let elements = try box.append(chunk)
/// ```
final class ElementParserBox {
    private var parser: any ElementStreamParser & ~Copyable
    let keyPath: String

    init(_ parser: consuming some ElementStreamParser & ~Copyable) {
        keyPath = parser.keyPath
        self.parser = consume parser
    }

    func append(_ chunk: some Sequence<UInt8>) throws(ParseError) -> [Representation] {
        try withContiguousBytes(of: chunk) { (raw) throws(ParseError) in try parser.append(raw) }
    }

    func finish() throws(ParseError) -> [Representation] {
        try parser.finish()
    }
}
