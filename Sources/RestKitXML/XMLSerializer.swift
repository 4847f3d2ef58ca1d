public import RestKitCore

/// Writes a `Representation` as XML in the shape ``LibXML2Parser`` reads, so that
/// parse → serialize → parse gives back an equal representation.
///
/// ```swift
/// let doc: Representation = ["user": ["id": 7, "name": "Ada & co", "tag": ["a", "b"], "bio": nil]]
/// let xml = try XMLSerializer().string(from: doc)
/// // <?xml version="1.0" encoding="UTF-8"?>
/// // <user><id>7</id><name>Ada &amp; co</name><tag>a</tag><tag>b</tag><bio/></user>
/// ```
///
/// Rules:
/// - The value must be an object with a single key whose value is not an array: that key is
///   the root element. Anything else fails with `.unsupportedShape`, unless
///   ``wrapperElementName`` is set, in which case the value becomes the content of an
///   element of that name (a top-level array still fails: XML has no anonymous list).
/// - An object is an element; each key is a child element in key order, except:
///   `"text"` with a scalar value is the element's text content (with an object or array
///   value it is `<text>` child elements, which read back the same), and `xmlns` / `xmlns:p`
///   keys are written as namespace-declaration attributes (string values).
/// - Strings, numbers and booleans are text (`7`, `2.5`, `true`); `null` is an empty element.
/// - An array under a key is that element repeated, in order; an array inside an array fails.
/// - Attributes: the parser turns attributes into keys, and this serializer writes every key
///   (other than `xmlns…`) as a child element, so `<a id="1"/>` comes back as
///   `<a><id>1</id></a>`. Both read back as the same representation; only the XML differs.
///   Exceptions for an attribute named `text`, which the parser reads like text content: an
///   object whose only key is `"text"` (a scalar) is written as that attribute
///   (`<x text="T"/>`), since text content alone would read back as the string; beside other
///   keys it is written as text and reads back after the child elements (same keys and
///   values, other order).
/// - Text is escaped (`&` `<` `>`; `"` too in attributes; a carriage return as `&#xD;`), and
///   whitespace-only text is written as CDATA so the parser's whitespace policy keeps it.
/// - Reading back: what this serializer writes parses to an equal representation under
///   ``LibXML2Parser/WhitespacePolicy/dropWhitespaceOnly`` (the default), and under
///   ``LibXML2Parser/WhitespacePolicy/preserve`` when not pretty-printed.
///   ``LibXML2Parser/WhitespacePolicy/trim`` trims all text it reads, so a string that starts or
///   ends with whitespace reads back trimmed: such a string can come from a document read under
///   `.trim` itself, whose attribute values are kept verbatim (`<a z=" x "/>` is
///   `{"a": {"z": " x "}}`, written as `<a><z> x </z></a>`).
///   Characters XML 1.0 cannot hold (most C0 controls, U+FFFE, U+FFFF) and keys that are not
///   XML names fail with `.unrepresentableValue` and the key path.
public struct XMLSerializer: RepresentationSerializer {
    /// `"xml"`.
    public let name = "xml"

    /// Newlines and two-space indentation between elements. Elements with a `"text"` key are
    /// written on one line so that indentation never becomes part of their text. The
    /// indentation is whitespace-only text between elements: a parser that keeps it
    /// (``LibXML2Parser/WhitespacePolicy/preserve``) reads it as `"text"`, so the round trip
    /// holds for pretty-printed output under the other policies only.
    public var prettyPrinted: Bool
    /// The element that wraps a value that has no single root key; `nil` (the default) makes
    /// such values fail with `.unsupportedShape`.
    public var wrapperElementName: String?
    /// The deepest nesting written before `.depthLimitExceeded` (guards the stack).
    public var maximumDepth: Int

    /// Creates a serializer.
    ///
    /// ```swift
    /// let serializer = XMLSerializer(prettyPrinted: true, wrapperElementName: "response")
    /// ```
    public init(prettyPrinted: Bool = false, wrapperElementName: String? = nil, maximumDepth: Int = 512) {
        self.prettyPrinted = prettyPrinted
        self.wrapperElementName = wrapperElementName
        self.maximumDepth = maximumDepth
    }

    /// The XML document as UTF-8 bytes, starting with the XML declaration.
    ///
    /// ```swift
    /// let bytes = try XMLSerializer().serialize(["greeting": "hello"])
    /// // <?xml version="1.0" encoding="UTF-8"?>\n<greeting>hello</greeting>
    /// ```
    ///
    /// - Throws: `SerializationError` naming the key path of the offending value.
    public func serialize(_ value: Representation) throws -> [UInt8] {
        try write(value)
    }

    /// Typed-throws form of ``serialize(_:)``.
    public func write(_ value: Representation) throws(SerializationError) -> [UInt8] {
        var writer = XMLWriter(prettyPrinted: prettyPrinted, maximumDepth: maximumDepth)
        writer.output.append(contentsOf: #"<?xml version="1.0" encoding="UTF-8"?>"#.utf8)
        writer.output.append(UInt8(ascii: "\n"))
        if case .object(let members) = value.content, members.count == 1, let (key, content) = members.elements.first,
           content.arrayValue == nil {
            try writer.element(key, content, path: key, depth: 0)
        } else if let wrapperElementName {
            guard value.arrayValue == nil else {
                throw SerializationError(.unsupportedShape, "a top-level array has no element name", keyPath: "")
            }
            try writer.element(wrapperElementName, value, path: "", depth: 0)
        } else {
            throw SerializationError(
                .unsupportedShape,
                "XML needs one root element: expected an object with a single non-array value, got \(Self.shape(of: value))",
                keyPath: ""
            )
        }
        if prettyPrinted { writer.output.append(UInt8(ascii: "\n")) }
        return writer.output
    }

    /// The XML document as a `String`.
    ///
    /// ```swift
    /// let text = try XMLSerializer(prettyPrinted: true).string(from: ["a": ["b": "1"]])
    /// ```
    public func string(from value: Representation) throws(SerializationError) -> String {
        String(decoding: try write(value), as: UTF8.self)
    }

    private static func shape(of value: Representation) -> String {
        if case .object(let members) = value.content { return "an object with \(members.count) keys" }
        if value.arrayValue != nil { return "an array" }
        return "a \(value.kind)"
    }
}
