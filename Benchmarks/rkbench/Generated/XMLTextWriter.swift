/// Writes XML text into one byte buffer, for the document generators: escaped text and
/// attribute values, indentation for element-only content.
///
/// ```swift
/// var writer = XMLTextWriter()
/// writer.open("item", attributes: [("id", "item0")])
/// writer.element("name", text: "Fish & chips")
/// writer.close("item")
/// ```
struct XMLTextWriter {
    /// The text written so far.
    private(set) var bytes: [UInt8]
    private var depth = 0

    /// A writer that starts with the XML declaration.
    init(capacity: Int = 1 << 20) {
        bytes = []
        bytes.reserveCapacity(capacity)
        bytes.append(contentsOf: #"<?xml version="1.0" encoding="UTF-8"?>"#.utf8)
    }

    /// A start tag on its own line.
    mutating func open(_ name: String, attributes: [(String, String)] = []) {
        newline()
        tag(name, attributes: attributes, selfClosing: false)
        depth += 1
    }

    /// An end tag on its own line.
    mutating func close(_ name: String) {
        depth -= 1
        newline()
        append("</\(name)>")
    }

    /// `<name attributes>text</name>` on one line, or `<name attributes/>` without text.
    mutating func element(_ name: String, attributes: [(String, String)] = [], text: String? = nil) {
        newline()
        guard let text else {
            tag(name, attributes: attributes, selfClosing: true)
            return
        }
        tag(name, attributes: attributes, selfClosing: false)
        escaped(text, quote: false)
        append("</\(name)>")
    }

    /// Markup written verbatim (mixed content, CDATA); the caller keeps it well-formed.
    mutating func raw(_ markup: String) {
        append(markup)
    }

    /// Escaped character data at the current position.
    mutating func text(_ text: String) {
        escaped(text, quote: false)
    }

    private mutating func tag(_ name: String, attributes: [(String, String)], selfClosing: Bool) {
        append("<\(name)")
        for (key, value) in attributes {
            append(" \(key)=\"")
            escaped(value, quote: true)
            append("\"")
        }
        append(selfClosing ? "/>" : ">")
    }

    /// A line break and the current indentation (before mixed content written with ``raw(_:)``).
    mutating func newline() {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func escaped(_ text: String, quote: Bool) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): append("&amp;")
            case UInt8(ascii: "<"): append("&lt;")
            case UInt8(ascii: ">"): append("&gt;")
            case UInt8(ascii: "\"") where quote: append("&quot;")
            default: bytes.append(byte)
            }
        }
    }
}
