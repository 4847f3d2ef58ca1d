internal import CByteScan

/// How a ``JSONCursor`` is used: over a whole document at once, over a document that arrives in
/// chunks, or over a stream whose array elements are handed out one by one. The cursor is
/// specialised for each, so the whole-document scan pays nothing for the other two.
protocol JSONScanMode {
    /// Input may stop in the middle of a token and continue in a later call: a token that
    /// reaches the end of input that is not final is reported truncated, never complete.
    static var isChunked: Bool { get }
    /// The cursor keeps a checkpoint at each token and, when input stops inside one, returns
    /// to it instead of reporting the end of input.
    static var keepsCheckpoints: Bool { get }
    /// The cursor reports values, keys and closing brackets to its ``JSONCursor/stream``.
    static var streamsElements: Bool { get }
    /// The scan ends with its first value (at ``JSONCursor/valueEnd``); what follows is the
    /// owner's.
    static var endsAfterOneValue: Bool { get }
    /// Where the entries go: an array that becomes the tape, or a buffer copied out of.
    associatedtype Entries: TapeEntryStore
}

/// A whole document in memory.
enum WholeDocumentScan: JSONScanMode {
    static var isChunked: Bool { false }
    static var keepsCheckpoints: Bool { false }
    static var streamsElements: Bool { false }
    static var endsAfterOneValue: Bool { false }
    typealias Entries = [Tape.Entry]
}

/// A whole document that arrives in chunks.
enum ChunkedDocumentScan: JSONScanMode {
    static var isChunked: Bool { true }
    static var keepsCheckpoints: Bool { true }
    static var streamsElements: Bool { false }
    static var endsAfterOneValue: Bool { false }
    typealias Entries = [Tape.Entry]
}

/// The elements of one array, handed out as they complete. Outside the array the cursor
/// keeps checkpoints; each element is scanned by a cursor of its own (``StreamedElementScan``).
enum ElementStreamScan: JSONScanMode {
    static var isChunked: Bool { true }
    static var keepsCheckpoints: Bool { true }
    static var streamsElements: Bool { true }
    static var endsAfterOneValue: Bool { false }
    typealias Entries = [Tape.Entry]
}

/// One element of an element stream, laid out on its own tape from its first byte. Input may
/// stop inside it, but no checkpoints are kept: the stream scans the element again from its
/// start once more input has come, so the scan inside pays for no resuming or stream
/// bookkeeping (see ``JSONCursor/scanElement(at:)``).
enum StreamedElementScan: JSONScanMode {
    static var isChunked: Bool { true }
    static var keepsCheckpoints: Bool { false }
    static var streamsElements: Bool { false }
    static var endsAfterOneValue: Bool { true }
    /// Each element's entries are copied into its own tape: appended without `Array.append`.
    typealias Entries = CursorBuffer<Tape.Entry>
}

/// Where the cursor is in the grammar: the next thing it reads.
enum JSONScanPhase {
    /// A value (whitespace first).
    case value
    /// Just after `{` or `[`: the closing bracket, or the first key or element.
    case containerStart
    /// An object key, its colon and the whitespace after it.
    case key
    /// Whitespace, then `,`, a closing bracket, or (at the top level) the end of the input.
    case afterValue
}

/// An error found while scanning, before its line and column are worked out. `offset` is an
/// index into the cursor's buffer.
struct ScanFailure: Error {
    var type: ParseError.ErrorType
    var reason: String
    var offset: Int
}

/// The scanner proper (after swift-foundation's `JSONScanner`): a cursor over raw memory
/// that lays JSON out as ``Tape`` entries, with containers on an explicit stack (no
/// recursion: depth is bounded by ``maximumDepth``, not by the thread's stack).
///
/// One grammar, four uses (``JSONScanMode``). Over a whole document it runs once. Over
/// chunks it resumes: it records a checkpoint at every token (the phase, the index, the
/// innermost container and the tape's length), and when a token runs into the end of the
/// input received so far, it truncates the tape back to the checkpoint and returns; the
/// owner appends the next chunk and calls ``scan()`` again, which rescans that one token.
/// An element stream keeps checkpoints outside its array only: each element is one "token",
/// scanned whole by a cursor of its own that keeps none (``scanElement(at:)``).
/// So every decision is made with the bytes it needs, and chunked and whole scans give the
/// same value, or the same error at the same offset, whatever the chunk boundaries.
///
/// Nothing is decoded that does not have to be: a string without escapes becomes an entry
/// pointing at its bytes in the input; only strings with escapes are decoded (into
/// ``decoded``); UTF-8 is validated only inside strings that have a byte above `0x7F`
/// (outside strings any such byte is a syntax error anyway); integers of up to 18 digits
/// become `Int64` entries; other numbers keep their text (``JSONNumberSyntax``).
///
/// The grammar is RFC 8259, strictly: no comments, no trailing commas, no leading zeros,
/// whitespace is space, tab, line feed and carriage return only, control characters must be
/// escaped, `\u` escapes must pair surrogates, and the input must be valid UTF-8.
struct JSONCursor<Mode: JSONScanMode> {
    /// The input received so far.
    var base: UnsafePointer<UInt8>
    /// Where scanning must stop: the end of the input received, or a size limit before it.
    var end: Int
    /// The end of the input received so far (``end`` may stop short of it at a size limit).
    var inputEnd: Int
    /// Whether no chunk follows the input received.
    var inputIsComplete: Bool
    /// Whether the input ends at ``end``: all of it has arrived and no limit stops short of it.
    var isFinal: Bool { inputIsComplete && end == inputEnd }
    let maximumDepth: Int
    var entries = Mode.Entries()
    var decoded: [UInt8] = []
    /// The open containers around the innermost one (which is ``Checkpoint/top``).
    var stack = CursorBuffer<OpenContainer>()
    /// Where scanning resumes.
    var checkpoint = Checkpoint(phase: .value, index: 0, top: OpenContainer(entry: -1, count: 0, isObject: false), entryCount: 0, decodedCount: 0)
    /// Whether the document's value is complete (whole-document scans: and nothing follows it).
    var isComplete = false
    /// The element stream's navigation (used only when `Mode.streamsElements`).
    var stream = ElementNavigation(components: [])
    /// Containers open around the input this cursor scans (an element's cursor: the stream's
    /// open containers), counted against ``maximumDepth``.
    var enclosingDepth = 0
    /// Where the value ended, for a scan that ends after one (`Mode.endsAfterOneValue`).
    var valueEnd = 0

    /// An open container: its entry (or -1 once a stream dropped it), how many values it holds
    /// so far, and whether it is an object.
    struct OpenContainer {
        var entry: Int
        var count: UInt32
        var isObject: Bool
    }

    /// The state at the start of the last token read (before the whitespace in front of it).
    struct Checkpoint {
        var phase: JSONScanPhase
        var index: Int
        var top: OpenContainer
        var entryCount: Int
        var decodedCount: Int
    }

    init(base: UnsafePointer<UInt8>, count: Int, isFinal: Bool, maximumDepth: Int) {
        self.base = base
        end = count
        inputEnd = count
        inputIsComplete = isFinal
        self.maximumDepth = maximumDepth
    }

    // MARK: Structure

    /// Scans from the checkpoint. Returns `true` when the document is complete (for a chunked
    /// scan that is not final, the top-level value has ended but more whitespace may follow),
    /// `false` when a chunked scan needs more input: the tape then ends at the checkpoint.
    ///
    /// - Throws: ``ScanFailure`` at the first malformed byte.
    @inline(__always)
    mutating func scan() throws(ScanFailure) -> Bool {
        // The buffers may share storage with a copy of the parser that owns this cursor.
        stack.makeUnique()
        entries.makeUnique()
        guard Mode.keepsCheckpoints, !isFinal else {
            try scanTokens()
            return true
        }
        do {
            try scanTokens()
            return true
        } catch where error.type == .truncated {
            // The input so far ends inside the token at the checkpoint: read it again later.
            entries.truncate(to: checkpoint.entryCount)
            decoded.removeSubrange(checkpoint.decodedCount...)
            return isComplete
        }
    }

    @inline(__always)
    private mutating func mark(_ phase: JSONScanPhase, _ index: Int, _ top: OpenContainer) {
        guard Mode.keepsCheckpoints else { return }
        checkpoint = Checkpoint(phase: phase, index: index, top: top, entryCount: entries.count, decodedCount: decoded.count)
        if Mode.streamsElements, !stream.isInTarget { end = stream.limit(checkpoint: index, inputEnd: inputEnd) }
    }

    private mutating func scanTokens() throws(ScanFailure) {
        var index = checkpoint.index
        var top = checkpoint.top
        var phase = checkpoint.phase
        // `stack.count`, kept in a register: the array's count is two dependent loads away.
        var depth = stack.count
        while true {
            switch phase {
            case .value:
                mark(.value, index, top)
                index = skipWhitespace(from: index)
                guard index < end else { throw truncated(at: index, "expected a value") }
                let byte = base[index]
                top.count &+= 1
                if Mode.streamsElements, depth <= stream.matched {
                    if stream.isInTarget {
                        index = try scanElement(at: index)
                        phase = .afterValue
                        continue
                    }
                    try valueStarts(byte, at: index)
                }
                switch byte {
                case UInt8(ascii: "\""):
                    index = try scanString(openingQuoteAt: index, kind: .string)
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    let isObject = byte == UInt8(ascii: "{")
                    guard depth &+ enclosingDepth < maximumDepth else {
                        throw ScanFailure(type: .depthLimitExceeded, reason: "nesting deeper than \(maximumDepth) levels", offset: index)
                    }
                    stack.append(top)
                    depth &+= 1
                    top = OpenContainer(entry: entries.count, count: 0, isObject: isObject)
                    entries.append(Tape.Entry(kind: isObject ? .object : .array))
                    index &+= 1
                    phase = .containerStart
                    mark(.containerStart, index, top)
                    continue
                case UInt8(ascii: "t"):
                    index = try scanLiteral("true", .true, at: index)
                case UInt8(ascii: "f"):
                    index = try scanLiteral("false", .false, at: index)
                case UInt8(ascii: "n"):
                    index = try scanLiteral("null", .null, at: index)
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    index = try scanNumber(at: index)
                default:
                    throw unexpected(at: index, "expected a value")
                }
                phase = .afterValue

            case .containerStart:
                index = skipWhitespace(from: index)
                guard index < end else { throw truncated(at: index, top.isObject ? "expected a key" : "expected a value") }
                if base[index] == (top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    index &+= 1
                    try close(&top, at: index)
                    depth &-= 1
                    phase = .afterValue
                } else {
                    phase = top.isObject ? .key : .value
                }

            case .key:
                mark(.key, index, top)
                index = skipWhitespace(from: index)
                index = try scanKey(at: index)
                phase = .value

            case .afterValue:
                if Mode.endsAfterOneValue, depth == 0 {
                    valueEnd = index
                    return
                }
                mark(.afterValue, index, top)
                index = skipWhitespace(from: index)
                guard depth != 0 else {
                    guard index == end else { throw unexpected(at: index, "expected the end of the input after the value") }
                    isComplete = true
                    if Mode.isChunked, !isFinal { throw truncated(at: index, "more input may follow") }
                    return
                }
                guard index < end else {
                    throw truncated(at: index, top.isObject ? "expected ',' or '}'" : "expected ',' or ']'")
                }
                let byte = base[index]
                if byte == UInt8(ascii: ",") {
                    index &+= 1
                    phase = top.isObject ? .key : .value
                    continue
                }
                guard byte == (top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw unexpected(at: index, top.isObject ? "expected ',' or '}'" : "expected ',' or ']'")
                }
                index &+= 1
                try close(&top, at: index)
                depth &-= 1
            }
        }
    }

    /// Ends the innermost container (its closing bracket ends before `index`) and makes its
    /// parent the innermost one again.
    @inline(__always)
    private mutating func close(_ top: inout OpenContainer, at index: Int) throws(ScanFailure) {
        if Mode.streamsElements, stack.count == stream.matched {
            try containerCloses(at: index &- 1)
        }
        if !Mode.streamsElements || top.entry >= 0 {
            entries.close(containerAt: top.entry, count: top.count, end: entries.count)
        }
        top = stack.removeLast()
    }

    /// A key, the colon after it and the whitespace up to its value; returns the value's index.
    @inline(__always)
    private mutating func scanKey(at index: Int) throws(ScanFailure) -> Int {
        guard index < end else { throw truncated(at: index, "expected a key") }
        guard base[index] == UInt8(ascii: "\"") else { throw unexpected(at: index, "expected a key (a string)") }
        var index = try scanString(openingQuoteAt: index, kind: .key)
        if Mode.streamsElements, stack.count == stream.matched {
            keyEnds()
        }
        index = skipWhitespace(from: index)
        guard index < end else { throw truncated(at: index, "expected ':'") }
        guard base[index] == UInt8(ascii: ":") else { throw unexpected(at: index, "expected ':' after the key") }
        return skipWhitespace(from: index &+ 1)
    }

    /// Skips spaces, tabs, line feeds and carriage returns: none when a token starts right
    /// here (every byte that may start one is above 0x20), otherwise many bytes at a time
    /// (`CByteScan`: sixteen with SSE2, eight in a word elsewhere).
    @inline(__always)
    func skipWhitespace(from start: Int) -> Int {
        guard start < end, base[start] <= 0x20 else { return start }
        return restkit_skip_json_whitespace(base, start, end)
    }

    // MARK: Scalars

    /// `true`, `false` or `null`: its first four bytes compared as one word.
    @inline(__always)
    private mutating func scanLiteral(_ literal: StaticString, _ kind: Tape.Kind, at start: Int) throws(ScanFailure) -> Int {
        let text = literal.utf8Start
        let length = literal.utf8CodeUnitCount
        guard start &+ length <= end,
              UnsafeRawPointer(base + start).loadUnaligned(as: UInt32.self) == UnsafeRawPointer(text).loadUnaligned(as: UInt32.self),
              length == 4 || base[start &+ 4] == text[4]
        else { throw literalMismatch(literal, at: start) }
        entries.append(Tape.Entry(kind: kind))
        return start &+ length
    }

    /// Where the input stops matching `literal` (or ends before it does), as an error.
    private func literalMismatch(_ literal: StaticString, at start: Int) -> ScanFailure {
        let text = literal.utf8Start
        for offset in 0..<literal.utf8CodeUnitCount {
            guard start &+ offset < end else { return truncated(at: start &+ offset, "expected '\(literal)'") }
            guard base[start &+ offset] == text[offset] else { return unexpected(at: start &+ offset, "expected '\(literal)'") }
        }
        // Not reached: the caller found a difference within the literal's length.
        return unexpected(at: start, "expected '\(literal)'")
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`: an `Int64` entry for integers of up
    /// to 18 digits, the text otherwise. A number that reaches the end of input that is not
    /// final may go on in the next chunk.
    private mutating func scanNumber(at start: Int) throws(ScanFailure) -> Int {
        var index = start
        let negative = base[index] == UInt8(ascii: "-")
        if negative { index &+= 1 }
        guard index < end else { throw truncated(at: index, "expected a digit") }
        let firstDigit = index
        if base[index] == UInt8(ascii: "0") {
            index &+= 1
        } else {
            guard isDigit(base[index]) else { throw unexpected(at: index, "expected a digit") }
            index = restkit_skip_digits(base, index, end)
        }
        let integerEnd = index
        var isSmallInteger = integerEnd &- firstDigit <= 18
        // The digits after '.' and after the exponent's sign. (Inline here: through a
        // method, the optimiser copied the whole cursor for each call.)
        if index < end, base[index] == UInt8(ascii: ".") {
            isSmallInteger = false
            let digits = index &+ 1
            index = restkit_skip_digits(base, digits, end)
            if index == digits { throw missingDigits(at: index, after: "'.'") }
        }
        if index < end, base[index] | 0x20 == UInt8(ascii: "e") {
            isSmallInteger = false
            index &+= 1
            if index < end, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") { index &+= 1 }
            let digits = index
            index = restkit_skip_digits(base, digits, end)
            if index == digits { throw missingDigits(at: index, after: "the exponent") }
        }
        if Mode.isChunked, index == end, !isFinal { throw truncated(at: index, "the number may go on") }
        if isSmallInteger {
            // At most 18 digits (checked above), so the value fits in an Int64.
            let value = Int64(bitPattern: restkit_digits_value(base + firstDigit, integerEnd &- firstDigit))
            entries.append(Tape.Entry(kind: .int, payload: negative ? 0 &- value : value))
        } else {
            guard index &- start <= Int(UInt32.max) else {
                throw ScanFailure(type: .sizeLimitExceeded, reason: "a number longer than 4 GiB", offset: start)
            }
            entries.append(Tape.Entry(kind: .numberText, count: UInt32(truncatingIfNeeded: index &- start), payload: Int64(start)))
        }
        return index
    }

    /// No digit at `index`, where one must be.
    private func missingDigits(at index: Int, after what: String) -> ScanFailure {
        if index == end { return truncated(at: index, "expected a digit after \(what)") }
        return unexpected(at: index, "expected a digit after \(what)")
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    // MARK: Strings

    /// A string or key: an entry pointing into the input when it has no escapes, decoded
    /// text otherwise. Returns the index after the closing quote.
    @inline(__always)
    private mutating func scanString(openingQuoteAt quote: Int, kind: Tape.Kind) throws(ScanFailure) -> Int {
        let start = quote &+ 1
        // Many bytes at a time (`CByteScan`) up to the first quote, backslash or control character.
        var nonASCII: UInt32 = 0
        let index = restkit_json_string_stop(base, start, end, &nonASCII)
        let hasNonASCII = nonASCII != 0
        guard index < end else { throw truncated(at: index, "unterminated string") }
        switch base[index] {
        case UInt8(ascii: "\""):
            if hasNonASCII { try validateUTF8(start, index) }
            let length = try checkedLength(index &- start, at: quote)
            entries.append(Tape.Entry(kind: kind, count: length, payload: Int64(start)))
            return index &+ 1
        case UInt8(ascii: "\\"):
            if hasNonASCII { try validateUTF8(start, index) }
            return try scanEscapedString(from: start, firstEscapeAt: index, kind: kind)
        default:
            throw unexpected(at: index, "control character in a string (escape it)")
        }
    }

    /// The rest of a string that has escapes, decoded into ``decoded``: each escape, then the
    /// plain run after it (copied, and checked as UTF-8 when it is not ASCII) up to the next
    /// quote, backslash or control character.
    private mutating func scanEscapedString(from start: Int, firstEscapeAt firstEscape: Int, kind: Tape.Kind) throws(ScanFailure) -> Int {
        let decodedStart = decoded.count
        decoded.append(contentsOf: UnsafeBufferPointer(start: base + start, count: firstEscape &- start))
        var index = firstEscape
        while true {
            index = try decodeEscape(at: index)
            var nonASCII: UInt32 = 0
            let stop = restkit_json_string_stop(base, index, end, &nonASCII)
            guard stop < end else { throw truncated(at: stop, "unterminated string") }
            let byte = base[stop]
            guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                throw unexpected(at: stop, "control character in a string (escape it)")
            }
            if stop > index {
                if nonASCII != 0 { try validateUTF8(index, stop) }
                decoded.append(contentsOf: UnsafeBufferPointer(start: base + index, count: stop &- index))
            }
            index = stop
            if byte == UInt8(ascii: "\"") {
                let length = try checkedLength(decoded.count &- decodedStart, at: start &- 1)
                entries.append(Tape.Entry(kind: kind, count: length, payload: ~Int64(decodedStart)))
                return index &+ 1
            }
        }
    }

    /// One escape sequence (the backslash is at `index`); returns the index after it.
    private mutating func decodeEscape(at index: Int) throws(ScanFailure) -> Int {
        guard index &+ 1 < end else { throw truncated(at: index &+ 1, "unterminated escape sequence") }
        let replacement: UInt8
        switch base[index &+ 1] {
        case UInt8(ascii: "\""): replacement = 0x22
        case UInt8(ascii: "\\"): replacement = 0x5C
        case UInt8(ascii: "/"): replacement = 0x2F
        case UInt8(ascii: "b"): replacement = 0x08
        case UInt8(ascii: "f"): replacement = 0x0C
        case UInt8(ascii: "n"): replacement = 0x0A
        case UInt8(ascii: "r"): replacement = 0x0D
        case UInt8(ascii: "t"): replacement = 0x09
        case UInt8(ascii: "u"): return try decodeUnicodeEscape(at: index)
        default: throw unexpected(at: index &+ 1, "invalid escape sequence")
        }
        decoded.append(replacement)
        return index &+ 2
    }

    /// `\uXXXX`, or a surrogate pair `\uD83D\uDE00`; a lone surrogate is an error.
    private mutating func decodeUnicodeEscape(at index: Int) throws(ScanFailure) -> Int {
        let unit = try hexQuad(at: index &+ 2)
        var scalarValue = UInt32(unit)
        var next = index &+ 6
        switch unit {
        case 0xD800...0xDBFF:
            guard next &+ 1 < end, base[next] == UInt8(ascii: "\\"), base[next &+ 1] == UInt8(ascii: "u") else {
                if next &+ 1 >= end { throw truncated(at: min(next, end), "expected a low surrogate escape") }
                throw unexpected(at: index, "a high surrogate escape without its low surrogate")
            }
            let low = try hexQuad(at: next &+ 2)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw unexpected(at: next, "a high surrogate escape followed by something other than a low surrogate")
            }
            scalarValue = 0x10000 &+ ((UInt32(unit) &- 0xD800) << 10) &+ (UInt32(low) &- 0xDC00)
            next &+= 6
        case 0xDC00...0xDFFF:
            throw unexpected(at: index, "a low surrogate escape without a high surrogate")
        default:
            break
        }
        guard let scalar = Unicode.Scalar(scalarValue) else { throw unexpected(at: index, "invalid code point") }
        decoded.append(contentsOf: scalar.utf8)
        return next
    }

    /// Four hex digits.
    private func hexQuad(at start: Int) throws(ScanFailure) -> UInt16 {
        var value: UInt16 = 0
        for index in start..<(start &+ 4) {
            guard index < end else { throw truncated(at: index, "expected 4 hex digits after \\u") }
            guard let digit = PercentEncoding.hexValue(base[index]) else {
                throw unexpected(at: index, "expected 4 hex digits after \\u")
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// Kept out of the token loop: only strings with non-ASCII bytes come here. (Callgrind showed
    /// no difference either way; the measurements in the README were taken with it so.)
    @inline(never)
    private func validateUTF8(_ start: Int, _ end: Int) throws(ScanFailure) {
        let text = UnsafeBufferPointer(start: base + start, count: end &- start)
        if let invalid = UTF8Validation.firstInvalidOffset(inBlocksOf: text) {
            throw ScanFailure(type: .invalidUTF8, reason: "invalid UTF-8 in a string", offset: start &+ invalid)
        }
    }

    @inline(__always)
    private func checkedLength(_ length: Int, at offset: Int) throws(ScanFailure) -> UInt32 {
        guard let length = UInt32(exactly: length) else {
            throw ScanFailure(type: .sizeLimitExceeded, reason: "a string longer than 4 GiB", offset: offset)
        }
        return length
    }

    // MARK: Errors

    /// Input that ends too early (for a chunked scan that is not final: input that has not
    /// arrived yet).
    func truncated(at offset: Int, _ expectation: String) -> ScanFailure {
        ScanFailure(type: .truncated, reason: "unexpected end of input: \(expectation)", offset: offset)
    }

    /// A byte that does not belong where it is.
    func unexpected(at offset: Int, _ expectation: String) -> ScanFailure {
        let byte = base[offset]
        let shown = (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
        return ScanFailure(type: .syntax, reason: "unexpected \(shown): \(expectation)", offset: offset)
    }
}
