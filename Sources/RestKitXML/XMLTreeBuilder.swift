import RestKitCore

/// Records the XMLReader-shaped document on a tape from SAX events, one parse at a time.
///
/// Design: each element becomes a *grouped object* on the tape (see `Tape.Kind.groupedObject`):
/// attributes and child elements are appended as key/value pairs in document order, and a
/// name that repeats reads as one array when the document is read. So nothing is regrouped or
/// copied while parsing, and no Swift `String`, array or dictionary is made until a value
/// is read. An element that closes with no attributes and no children becomes its text.
///
/// Text: one shared buffer. Each open element remembers where its character data starts; a
/// child appends after it and truncates back when it closes, so an element's text (even
/// around children) stays contiguous and no per-element buffer is allocated. The SAX glue
/// (`XMLSAXHandler`) feeds this type; it knows nothing of C.
struct XMLTreeBuilder {
    /// One open element.
    private struct Frame {
        /// Where this element's character data starts in `text`.
        var textStart: Int
        /// A CDATA section contributed to this element's text (never dropped as whitespace).
        var sawCDATA = false
    }

    /// Why the builder stopped the parse itself (limits, forbidden constructs).
    struct Failure {
        var errorType: ParseError.ErrorType
        var reason: String
    }

    let whitespace: LibXML2Parser.WhitespacePolicy
    let maximumDepth: Int
    /// Upper bound on bytes of names, attribute values and text produced (entity expansion guard).
    let maximumProducedBytes: Int

    private var tape: TapeBuilder
    private var frames: [Frame] = []
    private var text = AppendBuffer(capacity: 256)
    /// Scratch space for `prefix:local` names.
    private var name = AppendBuffer(capacity: 64)
    private var producedBytes = 0
    private(set) var root: Representation?
    private(set) var failure: Failure?

    init(whitespace: LibXML2Parser.WhitespacePolicy, maximumDepth: Int, maximumProducedBytes: Int, expectedBytes: Int) {
        self.whitespace = whitespace
        self.maximumDepth = maximumDepth
        self.maximumProducedBytes = maximumProducedBytes
        // One level for the wrapper object that holds the root element.
        // Names, attribute values and text are at most the input's bytes unless entities
        // expand or the input is transcoded (UTF-16); reserving that much costs address space,
        // not memory, and spares the copy of growing (xmark: 3.5 MB in, 2.9 MB of text).
        tape = TapeBuilder(maximumDepth: maximumDepth + 1, expectedDecodedBytes: expectedBytes, expectedEntries: expectedBytes / 24)
        frames.reserveCapacity(16)
    }

    /// `true` once a limit was hit: every later event is ignored.
    var hasFailed: Bool { failure != nil }

    /// Records the first failure; later ones are ignored.
    mutating func fail(_ errorType: ParseError.ErrorType, _ reason: String) {
        if failure == nil { failure = Failure(errorType: errorType, reason: reason) }
    }

    /// Counts produced bytes; `false` (and a failure) once the budget is spent.
    @inline(__always)
    private mutating func spend(_ count: Int) -> Bool {
        producedBytes &+= count
        guard producedBytes <= maximumProducedBytes else {
            overspent()
            return false
        }
        return true
    }

    /// Records that the budget of produced bytes is spent.
    private mutating func overspent() {
        fail(.sizeLimitExceeded, "document expands to more than \(maximumProducedBytes) bytes (entity amplification?)")
    }

    // MARK: Events

    /// Opens an element named `prefix:local` (or `local`); returns `false` when a limit stops
    /// the parse.
    mutating func startElement(prefix: UnsafeBufferPointer<UInt8>?, local: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !hasFailed else { return false }
        guard frames.count < maximumDepth else {
            fail(.depthLimitExceeded, "elements nested deeper than \(maximumDepth) levels")
            return false
        }
        guard spend(local.count &+ (prefix?.count ?? 0)) else { return false }
        // Namespaces in XML 1.0 §3: element names must not have the prefix `xmlns`. libxml2
        // only warns; here such an element would become a key that reads as a namespace
        // declaration (`xmlns` / `xmlns:p`) holding an object, which no XML can say. A name
        // libxml2 cannot split (`xmlns:`, with nothing after the colon) comes as a local name.
        if Self.readsAsNamespaceDeclaration(prefix: prefix, local: local) {
            let name = (prefix.map { String(decoding: $0, as: UTF8.self) + ":" } ?? "") + String(decoding: local, as: UTF8.self)
            fail(.syntax, "element name '\(name)' uses the reserved prefix xmlns (Namespaces in XML 1.0, section 3)")
            return false
        }
        if frames.isEmpty {
            // The top level is an object with the root element's name as its single key.
            _ = tape.beginObject()
        }
        key(prefix: prefix, local: local)
        guard tape.beginGroupedObject() else {
            fail(.depthLimitExceeded, "elements nested deeper than \(maximumDepth) levels")
            return false
        }
        frames.append(Frame(textStart: text.count))
        return true
    }

    /// Whether `name` is `xmlns`.
    private static func isXMLNS(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        // Byte by byte: `elementsEqual` against a `String.UTF8View` cost more per element than
        // the rest of `startElement`.
        name.count == 5 && name[0] == UInt8(ascii: "x") && name[1] == UInt8(ascii: "m") && name[2] == UInt8(ascii: "l")
            && name[3] == UInt8(ascii: "n") && name[4] == UInt8(ascii: "s")
    }

    /// Whether the name `prefix:local` (or `local`) is `xmlns` or starts with `xmlns:`, the keys
    /// of namespace declarations.
    private static func readsAsNamespaceDeclaration(prefix: UnsafeBufferPointer<UInt8>?, local: UnsafeBufferPointer<UInt8>) -> Bool {
        if let prefix { return isXMLNS(prefix) }
        return isXMLNS(local)
            || (local.count >= 6 && isXMLNS(UnsafeBufferPointer(rebasing: local[0..<5])) && local[5] == UInt8(ascii: ":"))
    }

    /// Adds an attribute named `prefix:local` with a string value to the innermost element.
    mutating func attribute(
        prefix: UnsafeBufferPointer<UInt8>?, local: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard !hasFailed, !frames.isEmpty else { return false }
        guard spend(local.count &+ (prefix?.count ?? 0) &+ value.count) else { return false }
        key(prefix: prefix, local: local)
        tape.string(bytes: value)
        return true
    }

    /// Appends character data (text or CDATA) to the innermost open element.
    mutating func characters(_ bytes: UnsafeBufferPointer<UInt8>, isCDATA: Bool) -> Bool {
        guard !hasFailed else { return false }
        // Character data outside the root (only whitespace is legal there) is not kept.
        guard !frames.isEmpty else { return true }
        guard spend(bytes.count) else { return false }
        text.append(bytes)
        if isCDATA { frames[frames.count - 1].sawCDATA = true }
        return true
    }

    /// Appends literal text (an undefined entity reference kept as `&name;`).
    mutating func literal(_ string: String) -> Bool {
        var string = string
        return string.withUTF8 { characters($0, isCDATA: false) }
    }

    /// Closes the innermost element: its text goes under `"text"` after its other keys, or
    /// becomes its value when it has no attributes and no children.
    mutating func endElement() {
        guard !hasFailed, let frame = frames.popLast() else { return }
        let start = frame.textStart
        Self.close(with: text, from: start, policy: whitespace, sawCDATA: frame.sawCDATA, on: &tape)
        text.truncate(to: start)
        if frames.isEmpty {
            tape.end()  // the wrapper object
            root = tape.finish()
            if root == nil { fail(.sizeLimitExceeded, "a text longer than 4 GiB") }
        }
    }

    // MARK: Helpers

    /// Ends the innermost element on `tape` with its text (`text` from `start`). Static, with
    /// the tape passed in, and no getter of the tape called inside the closure: either way the
    /// whole tape builder was copied (four arrays retained and released) at every end tag.
    private static func close(
        with text: AppendBuffer, from start: Int, policy: LibXML2Parser.WhitespacePolicy, sawCDATA: Bool, on tape: inout TapeBuilder
    ) {
        // Read before the closure: a getter called on the captured tape copies it first.
        let isEmpty = tape.openContainerCount == 0
        text.withUnsafeBufferPointer { all in
            let content = keptText(UnsafeBufferPointer(rebasing: all[start...]), policy: policy, sawCDATA: sawCDATA)
            if isEmpty {
                if tape.endReplacingEmptyContainer(withString: content ?? UnsafeBufferPointer(start: nil, count: 0)) { return }
            }
            if let content {
                tape.key("text")
                tape.string(bytes: content)
            }
            tape.end()
        }
    }

    /// Appends the key `prefix:local` (or `local`).
    private mutating func key(prefix: UnsafeBufferPointer<UInt8>?, local: UnsafeBufferPointer<UInt8>) {
        guard let prefix else {
            tape.key(bytes: local)
            return
        }
        name.removeAll()
        name.append(prefix)
        name.append(UInt8(ascii: ":"))
        name.append(local)
        name.withUnsafeBufferPointer { tape.key(bytes: $0) }
    }

    /// The part of `bytes` to keep under `policy`, or `nil` when there is none.
    private static func keptText(
        _ bytes: UnsafeBufferPointer<UInt8>, policy: LibXML2Parser.WhitespacePolicy, sawCDATA: Bool
    ) -> UnsafeBufferPointer<UInt8>? {
        guard !bytes.isEmpty else { return nil }
        switch policy {
        case .preserve:
            return bytes
        case .dropWhitespaceOnly:
            // Only text that starts with whitespace needs measuring (indentation does).
            if !sawCDATA && isXMLWhitespace(bytes[0]) && WhitespaceRun.leadingCount(in: bytes) == bytes.count { return nil }
            return bytes
        case .trim:
            let lower = isXMLWhitespace(bytes[0]) ? WhitespaceRun.leadingCount(in: bytes) : 0
            var upper = bytes.endIndex
            while upper > lower, isXMLWhitespace(bytes[upper - 1]) { upper -= 1 }
            return lower == upper ? nil : UnsafeBufferPointer(rebasing: bytes[lower..<upper])
        }
    }

    /// XML's `S` production: space, tab, carriage return, line feed.
    static func isXMLWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }
}
