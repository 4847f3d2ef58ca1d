import RestKit

/// A subject: a parser plugin from the registry parsing one document into a
/// ``Representation``, and with `materializes` also turning the whole result into owned
/// Swift values (`materialized()`), the cost a caller pays who reads everything.
///
/// ```swift
/// let parser = try Registry.default.parser(named: "yajl")
/// let workload = PluginParseWorkload(parser: parser, document: document)
/// let full = PluginParseWorkload(parser: parser, document: document, materializes: true)  // "yajl+materialized"
/// ```
struct PluginParseWorkload: Workload {
    /// The plugin under test.
    let parser: any RepresentationParser
    /// The document it parses.
    let document: Document
    /// Also materialises the whole representation after parsing.
    var materializes = false

    /// The plugin's registered name (`"yajl"`), with `+materialized` when it materialises.
    var name: String { materializes ? "\(parser.name)+materialized" : parser.name }

    /// Parses the document (and materialises it when asked); returns a checksum of the
    /// root's kind.
    ///
    /// Without `materializes` only the root's kind is read, never its members: a parser that
    /// builds values lazily (a tape that materialises on read) is measured for the parse
    /// alone, as a mapping that reads a few fields would pay for it.
    ///
    /// The document goes in as the array it is (`parse(_:)` of `[UInt8]`), as a response body
    /// would: a parser that keeps its input keeps the array instead of copying it (the Swift
    /// scanner), the others read its bytes.
    func run() throws -> Int {
        var value = try parser.parse(document.bytes)
        if materializes { value = value.materialized() }
        return value.kind.rawValue.utf8.count
    }
}
