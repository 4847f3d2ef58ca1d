import RestKitCore

/// Builds the XMLReader-shaped ``Representation`` from SAX events, one parse at a time.
///
/// Design: an explicit stack of open elements (`frames`) and one shared text buffer. Each
/// frame remembers where its character data starts in the buffer; a child appends after it and
/// truncates back when it closes, so an element's text (even around children) stays contiguous
/// and no per-element buffer is allocated. Only names, attribute values and finished texts
/// become `String`s. The SAX glue (`XMLSAXHandler`) feeds this type; it knows nothing of C.
final class XMLTreeBuilder {
    /// One open element.
    struct Frame {
        var name: String
        /// Attributes and finished child elements, in document order.
        var members: OrderedDictionary<String, Representation> = [:]
        /// Where this element's character data starts in `text`.
        var textStart: Int
        /// A CDATA section contributed to this element's text (never dropped as whitespace).
        var sawCDATA = false
        /// Values of keys seen more than once, in document order (folded in by `finish`).
        var repeated: [String: [Representation]] = [:]
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

    private var frames: [Frame] = []
    private var text: [UInt8] = []
    private var producedBytes = 0
    private(set) var root: Representation?
    private(set) var failure: Failure?

    init(whitespace: LibXML2Parser.WhitespacePolicy, maximumDepth: Int, maximumProducedBytes: Int) {
        self.whitespace = whitespace
        self.maximumDepth = maximumDepth
        self.maximumProducedBytes = maximumProducedBytes
        frames.reserveCapacity(16)
        text.reserveCapacity(256)
    }

    /// `true` once a limit was hit: every later event is ignored.
    var hasFailed: Bool { failure != nil }

    /// Records the first failure; later ones are ignored.
    func fail(_ errorType: ParseError.ErrorType, _ reason: String) {
        if failure == nil { failure = Failure(errorType: errorType, reason: reason) }
    }

    /// Counts produced bytes; `false` (and a failure) once the budget is spent.
    private func spend(_ count: Int) -> Bool {
        producedBytes &+= count
        guard producedBytes <= maximumProducedBytes else {
            fail(.sizeLimitExceeded, "document expands to more than \(maximumProducedBytes) bytes (entity amplification?)")
            return false
        }
        return true
    }

    // MARK: Events

    /// Opens an element; returns `false` when a limit stops the parse.
    func startElement(_ name: String) -> Bool {
        guard !hasFailed else { return false }
        guard frames.count < maximumDepth else {
            fail(.depthLimitExceeded, "elements nested deeper than \(maximumDepth) levels")
            return false
        }
        guard spend(name.utf8.count) else { return false }
        frames.append(Frame(name: name, textStart: text.count))
        return true
    }

    /// Adds an attribute (a string value) to the innermost open element.
    func attribute(_ name: String, _ value: String) -> Bool {
        guard !hasFailed, !frames.isEmpty else { return false }
        guard spend(name.utf8.count &+ value.utf8.count) else { return false }
        Self.insert(.string(value), forKey: name, into: &frames[frames.count - 1])
        return true
    }

    /// Appends character data (text or CDATA) to the innermost open element.
    func characters(_ bytes: UnsafeBufferPointer<UInt8>, isCDATA: Bool) -> Bool {
        guard !hasFailed else { return false }
        // Character data outside the root (only whitespace is legal there) is not kept.
        guard !frames.isEmpty else { return true }
        guard spend(bytes.count) else { return false }
        text.append(contentsOf: bytes)
        if isCDATA { frames[frames.count - 1].sawCDATA = true }
        return true
    }

    /// Appends literal text (an undefined entity reference kept as `&name;`).
    func literal(_ string: String) -> Bool {
        var string = string
        return string.withUTF8 { characters($0, isCDATA: false) }
    }

    /// Closes the innermost element and files its value under its parent (or as the root).
    func endElement() {
        guard !hasFailed, let frame = frames.popLast() else { return }
        var members = Self.finish(frame)
        let content = textContent(from: frame.textStart, sawCDATA: frame.sawCDATA, hasMembers: !members.isEmpty)
        text.removeSubrange(frame.textStart...)
        let value: Representation
        if members.isEmpty {
            value = .string(content ?? "")
        } else {
            if let content {
                // A `text` attribute or child already there: the text joins it as an array.
                let text = Representation.string(content)
                members["text"] = members["text"].map { $0.arrayValue.map { .array($0 + [text]) } ?? .array([$0, text]) } ?? text
            }
            value = .object(members)
        }
        if frames.isEmpty {
            root = .object([frame.name: value])
        } else {
            Self.insert(value, forKey: frame.name, into: &frames[frames.count - 1])
        }
    }

    // MARK: Helpers

    /// The text of the element whose data starts at `start`, after the whitespace policy;
    /// `nil` when there is none to keep.
    private func textContent(from start: Int, sawCDATA: Bool, hasMembers: Bool) -> String? {
        guard start < text.count else { return nil }
        return text.withUnsafeBufferPointer { all -> String? in
            var bytes = UnsafeBufferPointer(rebasing: all[start...])
            switch whitespace {
            case .preserve:
                break
            case .dropWhitespaceOnly:
                if !sawCDATA && bytes.allSatisfy(Self.isXMLWhitespace) { return nil }
            case .trim:
                var lower = bytes.startIndex
                var upper = bytes.endIndex
                while lower < upper, Self.isXMLWhitespace(bytes[lower]) { lower += 1 }
                while upper > lower, Self.isXMLWhitespace(bytes[upper - 1]) { upper -= 1 }
                if lower == upper { return nil }
                bytes = UnsafeBufferPointer(rebasing: bytes[lower..<upper])
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// XML's `S` production: space, tab, carriage return, line feed.
    static func isXMLWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    /// Files `value` under `key` in `frame`; a key seen before turns into an array in document
    /// order. Repeats collect in `frame.repeated` (grown in place) and are folded into
    /// `members` when the element closes: appending to an array stored inside the enum
    /// copied it on every append.
    static func insert(_ value: Representation, forKey key: String, into frame: inout Frame) {
        if frame.repeated[key] != nil {
            frame.repeated[key, default: []].append(value)
        } else if let existing = frame.members[key] {
            frame.repeated[key] = [existing, value]
        } else {
            frame.members[key] = value
        }
    }

    /// `members` with the repeated keys folded in as arrays, at their first position.
    static func finish(_ frame: Frame) -> OrderedDictionary<String, Representation> {
        var members = frame.members
        for (key, elements) in frame.repeated { members[key] = .array(elements) }
        return members
    }
}
