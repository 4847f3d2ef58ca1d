import RestKit

/// A subject: a parser plugin from the registry parsing one document into a
/// ``Representation``.
///
/// ```swift
/// let parser = try Registry.default.parser(named: "yajl")
/// let workload = PluginParseWorkload(parser: parser, document: document)
/// ```
struct PluginParseWorkload: Workload {
    /// The plugin under test.
    let parser: any RepresentationParser
    /// The document it parses.
    let document: Document

    /// The plugin's registered name (`"yajl"`).
    var name: String { parser.name }

    /// Parses the document; returns a checksum of the root's kind.
    ///
    /// Only the root's kind is read, never its members: a parser that builds values lazily
    /// (a tape that materialises on read) is measured for the parse alone, as a mapping that
    /// reads a few fields would pay for it.
    func run() throws -> Int {
        let value = try document.bytes.withUnsafeBytes { try parser.parse($0) }
        return value.kind.rawValue.utf8.count
    }
}
