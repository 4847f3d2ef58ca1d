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

    /// Foundation's `XMLParser` on Linux (swift-corelibs-foundation, `_NSXMLParserAttributeDecl`)
    /// crashes in `strlen` when a delegate is set and the internal DTD subset declares an
    /// attribute without a default value (`#REQUIRED` / `#IMPLIED`): libxml2 passes NULL
    /// for the default. Such documents (for example `rss091_dtd.xml`) are skipped.
    var skipReason: String? {
        Self.hasAttributeDeclarationWithoutDefault(document.bytes)
            ? "Foundation XMLParser crashes on <!ATTLIST ... #REQUIRED/#IMPLIED> with a delegate" : nil
    }

    /// `true` when some `<!ATTLIST ...>` declaration contains `#REQUIRED` or `#IMPLIED`.
    /// (A heuristic over the bytes; declarations quoted inside CDATA are rare and would
    /// only cause an unnecessary skip.)
    static func hasAttributeDeclarationWithoutDefault(_ bytes: [UInt8]) -> Bool {
        let opener = Array("<!ATTLIST".utf8)
        var index = 0
        while let start = firstIndex(of: opener, in: bytes, from: index) {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.endIndex
            let declaration = String(decoding: bytes[start..<end], as: UTF8.self)
            if declaration.contains("#REQUIRED") || declaration.contains("#IMPLIED") { return true }
            index = end
        }
        return false
    }

    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard needle.count <= bytes.count, start <= bytes.count - needle.count else { return nil }
        for index in start...(bytes.count - needle.count) where bytes[index] == needle[0] {
            if bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
        }
        return nil
    }

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
