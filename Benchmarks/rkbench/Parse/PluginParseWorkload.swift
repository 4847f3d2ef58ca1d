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

    /// Parses the document; returns the top-level element count.
    func run() throws -> Int {
        let value = try document.bytes.withUnsafeBytes { try parser.parse($0) }
        switch value {
        case .object(let members): return members.count
        case .array(let elements): return elements.count
        default: return 1
        }
    }
}
