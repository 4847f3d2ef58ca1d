import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An `XMLParserDelegate` that builds the tree shape of the `libxml2` plugin
/// (RestKitXML's XMLReader-style tree) out of Swift `[String: Any]` and `[Any]`:
///
/// - the result is `[rootName: rootValue]`;
/// - an element with neither attributes nor child elements is its text (`""` when empty);
/// - otherwise it is a dictionary of its attributes and child elements by qualified name
///   (`prefix:local`), with its own text under `"text"` when it has any;
/// - a name seen again among siblings (or an attribute) turns into an array in document order;
/// - text that is only XML whitespace is dropped unless it came from CDATA;
/// - namespace declarations are attributes (`xmlns`, `xmlns:p`), as `XMLParser` reports
///   them when it does not process namespaces.
///
/// Checked against `LibXML2Parser` on the shared XML corpus and the generated documents:
/// identical trees (compared as sorted JSON) except where entities are involved, which
/// Foundation handles differently: it drops internal-subset entity references
/// (`REC-xml-19980210.xml`) and undefined ones, which the plugin keeps as `&name;`
/// (`xhtml1.xhtml`). The shapes still match there; only those texts differ.
///
/// ```swift
/// let parser = XMLParser(data: data)
/// let builder = XMLTreeBuilder()
/// parser.delegate = builder
/// if parser.parse() { print(builder.tree ?? [:]) }
/// ```
final class XMLTreeBuilder: NSObject, XMLParserDelegate {
    /// One open element.
    private struct Frame {
        var name: String
        var members: [String: Any]
        /// Keys seen more than once, with all their values so far (merged into `members`
        /// when the element closes, so appends stay in place).
        var repeated: [String: [Any]] = [:]
        var text = ""
        var sawCDATA = false
    }

    private var frames: [Frame] = []
    /// The finished tree, once the root element closed.
    private(set) var tree: [String: Any]?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        var frame = Frame(name: qName ?? elementName, members: [:])
        frame.members.reserveCapacity(attributeDict.count)
        for (key, value) in attributeDict {
            frame.members[key] = value
        }
        frames.append(frame)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !frames.isEmpty else { return }
        frames[frames.count - 1].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard !frames.isEmpty else { return }
        frames[frames.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
        frames[frames.count - 1].sawCDATA = true
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        guard var frame = frames.popLast() else { return }
        let keepsText = !frame.text.isEmpty && (frame.sawCDATA || !Self.isWhitespace(frame.text))
        let value: Any
        if frame.members.isEmpty {
            value = keepsText ? frame.text : ""
        } else {
            if keepsText { Self.insert(frame.text, forKey: "text", into: &frame) }
            for (key, values) in frame.repeated { frame.members[key] = values }
            value = frame.members
        }
        if frames.isEmpty {
            tree = [frame.name: value]
        } else {
            Self.insert(value, forKey: frame.name, into: &frames[frames.count - 1])
        }
    }

    /// Files `value` under `key` in `frame`; a key seen before becomes an array in document order.
    private static func insert(_ value: Any, forKey key: String, into frame: inout Frame) {
        if frame.repeated[key] != nil {
            frame.repeated[key, default: []].append(value)
        } else if let existing = frame.members[key] {
            frame.repeated[key] = [existing, value]
        } else {
            frame.members[key] = value
        }
    }

    /// `true` when `text` holds only XML whitespace (space, tab, CR, LF).
    private static func isWhitespace(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }
    }
}
