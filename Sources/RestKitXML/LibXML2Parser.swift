internal import CLibXML2
public import RestKitCore

/// Parses XML with libxml2's SAX2 interface into the shape of Objective-C RestKit's
/// `XMLReader` / `RKXMLReaderSerialization`.
///
/// The shape, for `<user id="7"><name>Ada</name><tag>a</tag><tag>b</tag><bio/></user>`:
///
/// ```swift
/// let doc = try LibXML2Parser().parse(text: #"<user id="7"><name>Ada</name><tag>a</tag><tag>b</tag><bio/></user>"#)
/// // {"user": {"id": "7", "name": "Ada", "tag": ["a", "b"], "bio": ""}}
/// doc[keyPath: "user.tag.1"]  // .string("b")
/// ```
///
/// - The root element's name is the single key of the top-level object.
/// - Attributes become keys of their element's object (string values), first, in document
///   order; child elements follow as keys in order of first appearance.
/// - Repeated keys (sibling elements with one name, or an attribute and a child sharing a
///   name) become an array in document order.
/// - An element with neither attributes nor children is the string of its text, so
///   `<name>Ada</name>` is `"Ada"` (as RestKit's XMLReader serialization gave simple text
///   nodes to the mapper) and an empty element `<bio/>` is `""` (never `null`: XML has no
///   null, and every value this parser produces is a string).
/// - An element with attributes or children keeps its text under the key `"text"`, after the
///   other keys: `<a x="1">hi</a>` is `{"a": {"x": "1", "text": "hi"}}`. Text around children
///   (mixed content) is concatenated in order.
/// - Whitespace: see ``WhitespacePolicy``; by default text made only of whitespace is
///   dropped (indentation between elements) and any other text is kept verbatim, untrimmed.
/// - CDATA sections are text: merged with adjacent text, and never dropped as whitespace.
/// - Names keep their prefix (`soap:Envelope`); namespace declarations appear as the
///   attributes `xmlns` / `xmlns:p` with the URI as value (as NSXMLParser, which XMLReader
///   used, reported them), so a serialized document can declare its prefixes again.
///   Namespace errors (an undeclared prefix, a namespace name that is not a URI) are
///   tolerated: the document is well-formed XML 1.0 and keys are qualified names, which do
///   not depend on namespace resolution.
/// - Comments and processing instructions are skipped.
///
/// Security (secure by default, whatever libxml2's process-wide defaults are): no network
/// (`XML_PARSE_NONET`), no external DTD or external entity is ever loaded (a reference to a
/// declared external entity fails with `.forbidden`), no `XML_PARSE_NOENT`, no
/// `XML_PARSE_HUGE`. Predefined and character references (`&amp;`, `&#xE9;`) are decoded;
/// internal entities declared in the internal subset are expanded, bounded by libxml2's
/// entity-loop checks and by ``maximumExpansionFactor``, so "billion laughs" and quadratic
/// blow-up documents fail with `.sizeLimitExceeded`. A reference to an undeclared entity,
/// which libxml2 tolerates only in a document with an external DTD, is kept as the literal
/// text `&name;`. Errors are captured per parse and never printed.
public struct LibXML2Parser: RepresentationParser {
    /// What happens to character data made of whitespace.
    public enum WhitespacePolicy: Sendable, Hashable {
        /// Text that is only whitespace (space, tab, CR, LF) and has no CDATA is dropped;
        /// other text is kept verbatim. An element with only whitespace is `""`. The default.
        case dropWhitespaceOnly
        /// Leading and trailing whitespace of every text (CDATA included) is trimmed, as
        /// Objective-C XMLReader did; text that trims to nothing is dropped.
        case trim
        /// All text is kept verbatim, whitespace-only text between child elements included
        /// (it appears under `"text"`).
        case preserve
    }

    /// `"libxml2"`.
    public let name = "libxml2"

    /// How whitespace-only and surrounding whitespace is treated.
    public var whitespace: WhitespacePolicy
    /// The deepest element nesting accepted before `.depthLimitExceeded`. libxml2 itself
    /// refuses documents deeper than 256 levels unless `XML_PARSE_HUGE` is set, which this
    /// parser never does, so values above 256 behave as 256.
    public var maximumDepth: Int
    /// The parse fails with `.sizeLimitExceeded` once names, attribute values and text
    /// produced exceed `maximumExpansionFactor × input size + 1 MiB`. Plain documents produce
    /// at most about 3× their size (transcoding); only entity expansion gets near the limit.
    public var maximumExpansionFactor: Int

    /// Inputs larger than this many bytes are handed to libxml2 through a read callback, a few
    /// kilobytes at a time, as libxml2 reads files; smaller ones are parsed from one buffer.
    ///
    /// Given one buffer, libxml2 first copies the whole document: for large documents that copy
    /// is a third of the memory a parse touches (xmark's 3.5 MB: about 2,100 page faults a parse
    /// become 1,300). Read in pieces, an attribute value that crosses the end of a piece leaves
    /// libxml2's fast path, which costs more than the copy on small documents with long values
    /// (an SVG of path data: 40 % slower). Both ways give the same values and the same errors:
    /// a document that fails read in pieces is parsed once more from one buffer, and that
    /// parse's error is the one thrown (libxml2 reports some errors with another text or position
    /// when a fast path of its meets the end of what it has read: see `parse(_:)`). 1 MiB by
    /// default.
    ///
    /// ```swift
    /// // Documents of path-heavy SVG up to 8 MiB are parsed from one buffer.
    /// let parser = LibXML2Parser(incrementalReadThreshold: 8 << 20)
    /// ```
    public var incrementalReadThreshold: Int

    /// Creates a parser with safe defaults.
    ///
    /// ```swift
    /// let parser = LibXML2Parser(whitespace: .trim, maximumDepth: 64)
    /// ```
    public init(
        whitespace: WhitespacePolicy = .dropWhitespaceOnly, maximumDepth: Int = 256, maximumExpansionFactor: Int = 16,
        incrementalReadThreshold: Int = 1 << 20
    ) {
        self.whitespace = whitespace
        self.maximumDepth = maximumDepth
        self.maximumExpansionFactor = maximumExpansionFactor
        self.incrementalReadThreshold = incrementalReadThreshold
    }

    /// libxml2's one-time global initialisation, run once before the first parse.
    private static let libraryInitialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Parses one complete XML document (UTF-8 by default; any encoding libxml2 converts,
    /// declared or marked by a byte-order mark).
    ///
    /// ```swift
    /// let feed = try LibXML2Parser().parse(Array(xmlData))
    /// feed[keyPath: "rss.channel.title"]?.stringValue
    /// ```
    ///
    /// - Throws: `ParseError` (parser `"libxml2"`) for empty, truncated, malformed,
    ///   too deep, too large, or forbidden input, with the libxml2 message and the location.
    public func parse(_ input: UnsafeRawBufferPointer) throws -> Representation {
        guard Self.libraryInitialized, let base = input.baseAddress, !input.isEmpty else {
            throw ParseError(.truncated, "empty input", at: SourceLocation(line: 1, column: 1, byteOffset: 0), parser: name)
        }
        guard input.count < Int(Int32.max) else {
            throw ParseError(.sizeLimitExceeded, "input larger than 2 GiB", at: nil, parser: name)
        }
        guard input.count > incrementalReadThreshold else {
            return try parse(input, base: base, inPieces: false)
        }
        do {
            return try parse(input, base: base, inPieces: true)
        } catch {
            // libxml2's fast paths for text, comments and attribute values look a byte past a
            // CR before reading more input; a line break split between two pieces sends them to
            // the slow paths, which report some errors with another text and position (a
            // comment holding `--`: "Double hyphen within comment" at the `--`, or "Comment must
            // not contain '--'" after it, or "Comment not terminated" when the `--` ends the
            // document; found by the xml-libxml2 fuzz target), and an error's byte offset in
            // input libxml2 transcodes is its count of bytes consumed, which depends on how much
            // it had read. So an error is always the one a parse from one buffer gives. Only a
            // failing document pays for the second parse.
            return try parse(input, base: base, inPieces: false)
        }
    }

    /// Parses `input` from one buffer or through the read callback.
    private func parse(_ input: UnsafeRawBufferPointer, base: UnsafeRawPointer, inPieces: Bool) throws -> Representation {
        // Read in pieces, the reader outlives the context, which the `defer` below frees first.
        var reader: UnsafeMutablePointer<InputReader>?
        defer { reader?.deallocate() }
        let created: xmlParserCtxtPtr?
        if inPieces {
            let pieces = UnsafeMutablePointer<InputReader>.allocate(capacity: 1)
            pieces.initialize(to: InputReader(base: base, count: input.count))
            reader = pieces
            created = xmlCreateIOParserCtxt(nil, nil, InputReader.read, nil, pieces, XML_CHAR_ENCODING_NONE)
        } else {
            created = xmlCreateMemoryParserCtxt(base.assumingMemoryBound(to: CChar.self), Int32(input.count))
        }
        guard let context = created, let handler = context.pointee.sax else {
            throw ParseError(.sizeLimitExceeded, "libxml2 could not allocate a parser", at: nil, parser: name)
        }
        defer {
            if let document = context.pointee.myDoc {
                xmlFreeDoc(document)
                context.pointee.myDoc = nil
            }
            xmlFreeParserCtxt(context)
        }
        XMLSAXHandler.install(into: handler)
        _ = xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue))
        // Override libxml2's process-wide defaults, which another library could have changed.
        context.pointee.replaceEntities = 0
        context.pointee.loadsubset = 0
        context.pointee.validate = 0

        let budget = input.count.multipliedReportingOverflow(by: max(1, maximumExpansionFactor))
        let builder = XMLTreeBuilder(
            whitespace: whitespace,
            maximumDepth: max(1, maximumDepth),
            maximumProducedBytes: budget.overflow ? Int.max : budget.partialValue &+ (1 << 20),
            expectedBytes: input.count
        )
        let state = SAXParseState(builder: builder, mainContext: context, inputIsInMemory: reader == nil)
        withExtendedLifetime(state) {
            context.pointee._private = Unmanaged.passUnretained(state).toOpaque()
            _ = xmlParseDocument(context)
            context.pointee._private = nil
        }
        return try result(of: state, context: context, input: input)
    }

    /// The finished tree, or the error that best explains why there is none.
    private func result(of state: SAXParseState, context: xmlParserCtxtPtr, input: UnsafeRawBufferPointer) throws -> Representation {
        let locator = XMLErrorLocator(input: input, context: context)
        if let failure = state.builder.pointee.failure {
            let location = state.stopPosition.map { locator.location(line: $0.line, column: $0.column) }
            throw ParseError(failure.errorType, failure.reason, at: location, parser: name)
        }
        if context.pointee.wellFormed == 0 || state.firstFatal != nil {
            throw locator.error(for: state.firstFatal, parser: name)
        }
        guard let root = state.builder.pointee.root else {
            throw locator.error(for: nil, parser: name)
        }
        return root
    }
}

/// The input, handed to libxml2 by its read callback, piece by piece.
struct InputReader {
    let base: UnsafeRawPointer
    let count: Int
    var offset = 0

    /// libxml2's `xmlInputReadCallback`: copies up to `length` bytes into `buffer`; 0 at the end.
    static let read: xmlInputReadCallback = { context, buffer, length in
        guard let reader = context?.assumingMemoryBound(to: InputReader.self), let buffer, length > 0 else { return -1 }
        let count = min(Int(length), reader.pointee.count - reader.pointee.offset)
        guard count > 0 else { return 0 }
        UnsafeMutableRawPointer(buffer).copyMemory(from: reader.pointee.base + reader.pointee.offset, byteCount: count)
        reader.pointee.offset += count
        return Int32(count)
    }
}
