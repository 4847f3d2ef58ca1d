import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Baseline `XMLParser`: Foundation's event parser with a delegate (``XMLTreeBuilder``)
/// that builds the same tree shape as the `libxml2` plugin, as Swift dictionaries and arrays.
///
/// ```swift
/// let workload = FoundationXMLWorkload(document: document)
/// _ = try workload.run()
/// ```
struct FoundationXMLWorkload: Workload {
    let name = "XMLParser"
    /// The XML document to parse.
    let document: Document

    /// Parses the document and builds the tree; returns the number of top-level keys.
    func run() throws -> Int {
        let parser = XMLParser(data: document.data)
        parser.shouldResolveExternalEntities = false
        let builder = XMLTreeBuilder()
        parser.delegate = builder
        guard parser.parse(), let tree = builder.tree else {
            let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? "no root element"
            throw BaselineError("XMLParser: \(reason) (line \(parser.lineNumber))")
        }
        return tree.count
    }
}
