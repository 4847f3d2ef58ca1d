internal import CLibXML2
import RestKitCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Per-parse state reachable from every libxml2 callback through `ctxt->_private`.
///
/// `userData` stays the parser context itself (libxml2's default), so libxml2's own SAX2
/// handlers for the DTD (entity declarations, entity lookup) keep working; our content
/// callbacks find this object through `_private`, which libxml2 also copies into the
/// sub-contexts it uses to expand internal entities.
final class SAXParseState {
    /// The builder, behind a pointer so callbacks mutate it without exclusivity checks.
    let builder: UnsafeMutablePointer<XMLTreeBuilder>
    /// The top-level parser context (entity expansion runs in short-lived sub-contexts).
    let mainContext: xmlParserCtxtPtr
    /// The first fatal (not-well-formed) error libxml2 reported.
    var firstFatal: CapturedError?
    /// Line and column of the main input when a builder limit stopped the parse.
    var stopPosition: (line: Int, column: Int)?
    /// Whether libxml2 holds the whole input in memory (else it reads it in pieces through a
    /// callback): then, unless it transcodes, it need never ask for more (see
    /// ``XMLSAXHandler``'s `startDocument`).
    let inputIsInMemory: Bool

    /// An error copied out of libxml2's `xmlError` (its memory is reused after the callback).
    struct CapturedError {
        var code: Int32
        var message: String
        var line: Int
        var column: Int
    }

    init(builder: XMLTreeBuilder, mainContext: xmlParserCtxtPtr, inputIsInMemory: Bool) {
        self.builder = .allocate(capacity: 1)
        self.builder.initialize(to: builder)
        self.mainContext = mainContext
        self.inputIsInMemory = inputIsInMemory
    }

    deinit {
        builder.deinitialize(count: 1)
        builder.deallocate()
    }

    /// Halts `context` (a sub-context while an entity expands) and the main context, and marks
    /// them not well-formed so enclosing entity expansions unwind instead of continuing.
    func stop(_ context: xmlParserCtxtPtr) {
        if stopPosition == nil, let input = mainContext.pointee.input {
            stopPosition = (Int(input.pointee.line), Int(input.pointee.col))
        }
        for target in [context, mainContext] {
            xmlStopParser(target)
            target.pointee.wellFormed = 0
        }
    }
}

/// The SAX2 callbacks, as non-capturing C function pointers (the shape of swift-nio's
/// `BetterHTTPParser`): each recovers the ``SAXParseState`` from the context pointer.
enum XMLSAXHandler {
    /// Fills `handler` with libxml2's SAX2 defaults, then swaps in the content callbacks.
    ///
    /// Kept from the defaults: document start (wrapped: see `startDocument`) and end, internal
    /// subset and entity declarations, entity lookup; these build only the DTD part of
    /// `ctxt->myDoc`, never element nodes.
    /// Dropped: comments, processing instructions, SAX1 element callbacks and the printf-style
    /// `warning`/`error` channels (errors arrive, structured, in `serror`).
    static func install(into handler: UnsafeMutablePointer<xmlSAXHandler>) {
        xmlSAXVersion(handler, 2)
        handler.pointee.startElement = nil
        handler.pointee.endElement = nil
        handler.pointee.comment = nil
        handler.pointee.processingInstruction = nil
        handler.pointee.setDocumentLocator = nil
        handler.pointee.warning = nil
        handler.pointee.error = nil
        handler.pointee.fatalError = nil
        handler.pointee.startDocument = startDocument
        handler.pointee.startElementNs = startElement
        handler.pointee.endElementNs = endElement
        handler.pointee.characters = characters
        handler.pointee.ignorableWhitespace = characters
        handler.pointee.cdataBlock = cdataBlock
        handler.pointee.reference = reference
        handler.pointee.serror = structuredError
    }

    /// The state and context behind a callback's `ctx`.
    @inline(__always)
    private static func state(_ ctx: UnsafeMutableRawPointer?) -> (SAXParseState, xmlParserCtxtPtr)? {
        guard let ctx else { return nil }
        let context = ctx.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let raw = context.pointee._private else { return nil }
        return (Unmanaged<SAXParseState>.fromOpaque(raw).takeUnretainedValue(), context)
    }

    /// The tree builder behind a callback's `ctx`, for the callbacks made once per element
    /// or text run: read through the parse's own reference (the parse keeps the state alive
    /// while libxml2 runs), without the retain and release of ``state(_:)``.
    @inline(__always)
    private static func builder(_ ctx: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<XMLTreeBuilder>? {
        guard let raw = ctx?.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private else { return nil }
        return Unmanaged<SAXParseState>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.builder }
    }

    /// The bytes of a NUL-terminated libxml2 string (C's `strlen`: `xmlStrlen` counts byte by
    /// byte).
    @inline(__always)
    static func bytes(_ string: UnsafePointer<xmlChar>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: string, count: restkit_xml_strlen(string))
    }

    /// `xmlns`, the name (or prefix) of namespace declarations.
    private static let xmlns: StaticString = "xmlns"

    /// Document start: libxml2's own (it makes the document that keeps the DTD's entity
    /// declarations), then, when the whole input is in libxml2's memory buffer and is not
    /// transcoded, no more reads. By now libxml2 has chosen the encoding (from a byte-order
    /// mark or the XML declaration). Its memory buffer reads nothing (the read callback is a
    /// no-op), but the parser asks it to read whenever fewer than 250 bytes lie ahead, and each
    /// ask grows the buffer first: 90 asks, a fifth of the instructions, in a 739-byte feed.
    /// Without a read callback the ask returns at once. A transcoded input keeps the callback:
    /// libxml2 converts it as it asks for more.
    private static let startDocument: startDocumentSAXFunc = { ctx in
        xmlSAX2StartDocument(ctx)
        guard let (state, context) = state(ctx), state.inputIsInMemory,
            let buffer = context.pointee.input?.pointee.buf, buffer.pointee.encoder == nil
        else { return }
        buffer.pointee.readcallback = nil
    }

    /// Stops the parse from a callback (cold: only when the builder refused an event).
    private static func stop(_ ctx: UnsafeMutableRawPointer?) {
        if let (state, context) = state(ctx) { state.stop(context) }
    }

    private static let startElement: startElementNsSAX2Func = {
        ctx, local, prefix, _, namespaceCount, namespaces, attributeCount, _, attributes in
        guard let builder = builder(ctx), let context = ctx?.assumingMemoryBound(to: xmlParserCtxt.self), let local else { return }
        guard builder.pointee.startElement(prefix: prefix.map(bytes), local: bytes(local)) else { return stop(ctx) }
        // Namespace declarations are attributes `xmlns` / `xmlns:p`, as NSXMLParser (and so
        // XMLReader) reported them; two pointers each: prefix, URI.
        if let namespaces, namespaceCount > 0 {
            let xmlns = UnsafeBufferPointer(start: Self.xmlns.utf8Start, count: Self.xmlns.utf8CodeUnitCount)
            for index in 0..<Int(namespaceCount) {
                let fields = namespaces + index * 2
                // The URI, like attribute values, carries `&#38;` for a literal `&`.
                let uri = fields[1].map(bytes) ?? UnsafeBufferPointer(start: nil, count: 0)
                let added = withAttributeValue(uri, context: context, builder: builder) { value in
                    if let declared = fields[0] {
                        return builder.pointee.attribute(prefix: xmlns, local: bytes(declared), value: value)
                    }
                    return builder.pointee.attribute(prefix: nil, local: xmlns, value: value)
                }
                guard added else { return stop(ctx) }
            }
        }
        guard let attributes, attributeCount > 0 else { return }
        // Five pointers per attribute: local name, prefix, URI, value start, value end.
        for index in 0..<Int(attributeCount) {
            let fields = attributes + index * 5
            guard let name = fields[0], let start = fields[3], let end = fields[4] else { continue }
            let raw = UnsafeBufferPointer(start: start, count: max(0, end - start))
            let added = withAttributeValue(raw, context: context, builder: builder) { value in
                builder.pointee.attribute(prefix: fields[1].map(bytes), local: bytes(name), value: value)
            }
            guard added else { return stop(ctx) }
        }
    }

    /// Calls `body` with the attribute value, entity references resolved; `false` when the
    /// value cannot be decoded or `body` says stop. Without entity substitution libxml2 hands
    /// over `&#38;` for a literal `&` and `&name;` for internal entities; those rare values go
    /// through `xmlStringDecodeEntities`, which applies libxml2's own amplification checks.
    /// The `&` is looked for with `memchr`, many bytes an instruction: a byte loop here was a
    /// fifth of the instructions of parsing svg3.svg, whose attributes hold 90 KB of path data.
    @inline(__always)
    private static func withAttributeValue(
        _ bytes: UnsafeBufferPointer<UInt8>, context: xmlParserCtxtPtr, builder: UnsafeMutablePointer<XMLTreeBuilder>,
        _ body: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Bool {
        guard let base = bytes.baseAddress, memchr(base, Int32(UInt8(ascii: "&")), bytes.count) != nil else { return body(bytes) }
        return withDecodedEntities(bytes, context: context, builder: builder, body)
    }

    /// ``withAttributeValue(_:context:builder:_:)`` for a value with `&`.
    private static func withDecodedEntities(
        _ bytes: UnsafeBufferPointer<UInt8>, context: xmlParserCtxtPtr, builder: UnsafeMutablePointer<XMLTreeBuilder>,
        _ body: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Bool {
        guard let base = bytes.baseAddress, let copy = xmlStrndup(base, Int32(clamping: bytes.count)) else {
            builder.pointee.fail(.sizeLimitExceeded, "out of memory decoding an attribute value")
            return false
        }
        defer { restkit_xml_free(copy) }
        guard let decoded = xmlStringDecodeEntities(context, copy, XML_SUBSTITUTE_REF, 0, 0, 0) else {
            builder.pointee.fail(.sizeLimitExceeded, "attribute value entities could not be expanded")
            return false
        }
        defer { restkit_xml_free(decoded) }
        return body(Self.bytes(decoded))
    }

    private static let endElement: endElementNsSAX2Func = { ctx, _, _, _ in
        builder(ctx)?.pointee.endElement()
    }

    private static let characters: charactersSAXFunc = { ctx, bytes, length in
        guard let builder = builder(ctx), let bytes, length > 0 else { return }
        if !builder.pointee.characters(UnsafeBufferPointer(start: bytes, count: Int(length)), isCDATA: false),
            let (state, context) = state(ctx)
        {
            state.stop(context)
        }
    }

    private static let cdataBlock: cdataBlockSAXFunc = { ctx, bytes, length in
        guard let (state, context) = state(ctx) else { return }
        let buffer = UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : Int(max(0, length)))
        if !state.builder.pointee.characters(buffer, isCDATA: true) { state.stop(context) }
    }

    /// Called after an internal entity's content was delivered (nothing to do), for an
    /// external entity that was not loaded (refused), and for an undeclared entity in a
    /// document with an external DTD (kept as the literal text `&name;`).
    private static let reference: referenceSAXFunc = { ctx, name in
        guard let (state, context) = state(ctx), let name else { return }
        let entityName = String(cString: name)
        if let entity = xmlGetDocEntity(context.pointee.myDoc, name) {
            switch entity.pointee.etype {
            case XML_EXTERNAL_GENERAL_PARSED_ENTITY, XML_EXTERNAL_GENERAL_UNPARSED_ENTITY:
                state.builder.pointee.fail(.forbidden, "external entity '\(entityName)' is not loaded (external entities are disabled)")
                state.stop(context)
            default:
                return
            }
        } else if !state.builder.pointee.literal("&\(entityName);") {
            state.stop(context)
        }
    }

    private static let structuredError: xmlStructuredErrorFunc = { ctx, error in
        guard let (state, _) = state(ctx), let error else { return }
        let level = error.pointee.level
        // Warnings and recoverable errors (namespace errors, undeclared entities in a document
        // with an external DTD) leave the document well-formed and are not reported.
        guard level == XML_ERR_FATAL, state.firstFatal == nil else { return }
        let message = error.pointee.message.map { String(cString: $0) } ?? "libxml2 error \(error.pointee.code)"
        let captured = SAXParseState.CapturedError(
            code: error.pointee.code,
            message: message.firstLineOfLibXML2Message(),
            line: Int(error.pointee.line),
            column: Int(error.pointee.int2)
        )
        state.firstFatal = captured
    }
}

extension String {
    /// The diagnostic of a libxml2 message: its first line, trimmed. Some messages go on to
    /// quote the input (`Comment not terminated \n<!--…`, `CData section not finished\n…`), and
    /// whether they do depends on how much of the input libxml2 had read, so a document read in
    /// pieces and the same document in one buffer got different reasons; the quote adds nothing
    /// the error's line and column do not say.
    func firstLineOfLibXML2Message() -> String {
        var line = Substring(self).utf8.drop(while: XMLTreeBuilder.isXMLWhitespace)
        line = line.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
        while let last = line.last, XMLTreeBuilder.isXMLWhitespace(last) { line = line.dropLast() }
        return String(Substring(line))
    }
}
