/// A pure-Swift JSON scanner that lays a whole document out as a ``Tape`` in one pass.
///
/// Design (after swift-foundation's `JSONScanner`): the input is copied once into the tape's
/// byte buffer and scanned in place through a cursor over raw memory. Containers are kept
/// on an explicit stack (no recursion, so nesting depth is bounded by ``maximumDepth`` and
/// not by the thread's stack). Nothing is decoded that does not have to be:
///
/// - a string or key without escapes becomes an entry pointing at its bytes in the input;
///   only strings with escapes are decoded, into the tape's second buffer;
/// - UTF-8 is validated only inside strings (outside them, any byte above `0x7F` is a
///   syntax error anyway), and only for strings that contain a byte above `0x7F`;
/// - integers of up to 18 digits become `Int64` entries while they are scanned; any other
///   number keeps its text and is classified when it is read (``JSONNumberSyntax``);
/// - line and column are computed only when an error is reported.
///
/// The grammar is RFC 8259, strictly: no comments, no trailing commas, no leading zeros,
/// whitespace is space, tab, line feed and carriage return only, control characters must be
/// escaped, `\u` escapes must pair surrogates, and the input must be valid UTF-8.
///
/// ```swift
/// let value = try JSONScanner(maximumDepth: 512, parserName: "swift").scan(input)
/// ```
package struct JSONScanner {
    /// The deepest nesting of arrays and objects accepted.
    package let maximumDepth: Int
    /// The name errors carry (``ParseError/parser``).
    package let parserName: String

    package init(maximumDepth: Int, parserName: String) {
        self.maximumDepth = maximumDepth
        self.parserName = parserName
    }

    /// Scans one complete JSON document.
    ///
    /// - Throws: ``ParseError`` at the first malformed byte, with line, column and offset.
    package func scan(_ input: UnsafeRawBufferPointer) throws(ParseError) -> Representation {
        let bytes = [UInt8](input)
        let result: Result<Tape, ScanFailure> = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else {
                return .failure(ScanFailure(type: .truncated, reason: "no JSON value in the input", offset: 0))
            }
            var cursor = Cursor(base: base, count: buffer.count, maximumDepth: maximumDepth)
            do throws(ScanFailure) {
                try cursor.scanDocument()
            } catch {
                return .failure(error)
            }
            return .success(Tape(entries: cursor.entries, bytes: bytes, decoded: cursor.decoded))
        }
        switch result {
        case .success(let tape):
            return Representation(tape: tape, index: 0)
        case .failure(let failure):
            throw ParseError(failure.type, failure.reason, at: SourceLocation(offset: failure.offset, in: bytes), parser: parserName)
        }
    }
}

/// An error found while scanning, before its line and column are worked out.
private struct ScanFailure: Error {
    var type: ParseError.ErrorType
    var reason: String
    var offset: Int
}

/// The scanning state: the input, the entries and decoded text built so far, and the
/// stack of open containers.
private struct Cursor {
    let base: UnsafePointer<UInt8>
    let end: Int
    let maximumDepth: Int
    var entries: [Tape.Entry] = []
    var decoded: [UInt8] = []

    /// An open container: its entry, how many values it holds so far, and whether it is an object.
    struct OpenContainer {
        var entry: Int
        var count: UInt32
        var isObject: Bool
    }

    init(base: UnsafePointer<UInt8>, count: Int, maximumDepth: Int) {
        self.base = base
        end = count
        self.maximumDepth = maximumDepth
        // Real documents run 6 to 12 input bytes per entry; growth covers the rest.
        entries.reserveCapacity(count / 8 + 16)
    }

    // MARK: Structure

    mutating func scanDocument() throws(ScanFailure) {
        var stack: [OpenContainer] = []
        stack.reserveCapacity(32)
        // The innermost open container, kept out of the stack while it is being filled.
        var top = OpenContainer(entry: -1, count: 0, isObject: false)
        var index = skipWhitespace(from: 0)

        value: while true {
            guard index < end else { throw truncated(at: index, "expected a value") }
            top.count &+= 1
            switch base[index] {
            case UInt8(ascii: "\""):
                index = try scanString(openingQuoteAt: index, kind: .string)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = base[index] == UInt8(ascii: "{")
                guard stack.count < maximumDepth else {
                    throw ScanFailure(type: .depthLimitExceeded, reason: "nesting deeper than \(maximumDepth) levels", offset: index)
                }
                stack.append(top)
                top = OpenContainer(entry: entries.count, count: 0, isObject: isObject)
                entries.append(Tape.Entry(kind: isObject ? .object : .array))
                index = skipWhitespace(from: index &+ 1)
                if index < end, base[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    index &+= 1
                    close(&top, stack: &stack)
                } else {
                    if isObject { index = try scanKey(at: index) }
                    continue value
                }
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

            // After a value: commas and closing brackets until the next value or the end.
            while true {
                index = skipWhitespace(from: index)
                guard !stack.isEmpty else {
                    guard index == end else { throw unexpected(at: index, "expected the end of the input after the value") }
                    return
                }
                guard index < end else {
                    throw truncated(at: index, top.isObject ? "expected ',' or '}'" : "expected ',' or ']'")
                }
                let byte = base[index]
                if byte == UInt8(ascii: ",") {
                    index = skipWhitespace(from: index &+ 1)
                    if top.isObject { index = try scanKey(at: index) }
                    continue value
                }
                guard byte == (top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw unexpected(at: index, top.isObject ? "expected ',' or '}'" : "expected ',' or ']'")
                }
                index &+= 1
                close(&top, stack: &stack)
            }
        }
    }

    /// Ends the innermost container and makes its parent the innermost one again.
    @inline(__always)
    mutating func close(_ top: inout OpenContainer, stack: inout [OpenContainer]) {
        entries[top.entry].count = top.count
        entries[top.entry].payload = Int64(entries.count)
        top = stack.removeLast()
    }

    /// A key, the colon after it and the whitespace up to its value; returns the value's index.
    @inline(__always)
    mutating func scanKey(at index: Int) throws(ScanFailure) -> Int {
        guard index < end else { throw truncated(at: index, "expected a key") }
        guard base[index] == UInt8(ascii: "\"") else { throw unexpected(at: index, "expected a key (a string)") }
        var index = try scanString(openingQuoteAt: index, kind: .key)
        index = skipWhitespace(from: index)
        guard index < end else { throw truncated(at: index, "expected ':'") }
        guard base[index] == UInt8(ascii: ":") else { throw unexpected(at: index, "expected ':' after the key") }
        return skipWhitespace(from: index &+ 1)
    }

    /// Skips spaces, tabs, line feeds and carriage returns. Indentation (runs of spaces)
    /// goes eight bytes at a time.
    @inline(__always)
    func skipWhitespace(from start: Int) -> Int {
        var index = start
        while index < end {
            let byte = base[index]
            // Everything that may follow whitespace is above 0x20; below it only errors.
            if byte > 0x20 { return index }
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return index }
            index &+= 1
            while index &+ 8 <= end, UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) == Self.spaces {
                index &+= 8
            }
        }
        return index
    }

    static let spaces: UInt64 = 0x2020_2020_2020_2020

    // MARK: Scalars

    mutating func scanLiteral(_ literal: StaticString, _ kind: Tape.Kind, at start: Int) throws(ScanFailure) -> Int {
        let text = literal.utf8Start
        let length = literal.utf8CodeUnitCount
        for offset in 0..<length {
            guard start &+ offset < end else { throw truncated(at: start &+ offset, "expected '\(literal)'") }
            guard base[start &+ offset] == text[offset] else { throw unexpected(at: start &+ offset, "expected '\(literal)'") }
        }
        entries.append(Tape.Entry(kind: kind))
        return start &+ length
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`: an `Int64` entry for integers of up
    /// to 18 digits, the text otherwise.
    mutating func scanNumber(at start: Int) throws(ScanFailure) -> Int {
        var index = start
        let negative = base[index] == UInt8(ascii: "-")
        if negative { index &+= 1 }
        guard index < end else { throw truncated(at: index, "expected a digit") }
        let firstDigit = index
        var value: Int64 = 0
        if base[index] == UInt8(ascii: "0") {
            index &+= 1
        } else {
            guard isDigit(base[index]) else { throw unexpected(at: index, "expected a digit") }
            while index < end, isDigit(base[index]) {
                value = value &* 10 &+ Int64(base[index] &- 0x30)
                index &+= 1
            }
        }
        var isSmallInteger = index &- firstDigit <= 18
        if index < end, base[index] == UInt8(ascii: ".") {
            isSmallInteger = false
            index = try scanDigits(from: index &+ 1, after: "'.'")
        }
        if index < end, base[index] | 0x20 == UInt8(ascii: "e") {
            isSmallInteger = false
            index &+= 1
            if index < end, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") { index &+= 1 }
            index = try scanDigits(from: index, after: "the exponent")
        }
        if isSmallInteger {
            entries.append(Tape.Entry(kind: .int, payload: negative ? 0 &- value : value))
        } else {
            entries.append(Tape.Entry(kind: .numberText, count: UInt32(truncatingIfNeeded: index &- start), payload: Int64(start)))
            guard index &- start <= Int(UInt32.max) else {
                throw ScanFailure(type: .sizeLimitExceeded, reason: "a number longer than 4 GiB", offset: start)
            }
        }
        return index
    }

    /// One or more digits.
    @inline(__always)
    func scanDigits(from start: Int, after what: String) throws(ScanFailure) -> Int {
        var index = start
        while index < end, isDigit(base[index]) { index &+= 1 }
        guard index > start else {
            if index == end { throw truncated(at: index, "expected a digit after \(what)") }
            throw unexpected(at: index, "expected a digit after \(what)")
        }
        return index
    }

    @inline(__always)
    func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    // MARK: Strings

    /// A string or key: an entry pointing into the input when it has no escapes, decoded
    /// text otherwise. Returns the index after the closing quote.
    @inline(__always)
    mutating func scanString(openingQuoteAt quote: Int, kind: Tape.Kind) throws(ScanFailure) -> Int {
        let start = quote &+ 1
        var index = start
        var high: UInt64 = 0
        // Eight bytes at a time up to the first quote, backslash or control character.
        while index &+ 8 <= end {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let stops = StringStops.quoteBackslashOrControl(word)
            if stops != 0 {
                let stop = stops.trailingZeroBitCount &>> 3
                high |= word & ((1 &<< (UInt64(stop) &<< 3)) &- 1)
                index &+= stop
                break
            }
            high |= word
            index &+= 8
        }
        if index &+ 8 > end {
            while index < end {
                let byte = base[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                high |= UInt64(byte)
                index &+= 1
            }
        }
        let hasNonASCII = high & 0x8080_8080_8080_8080 != 0
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

    /// The rest of a string that has escapes, decoded into ``decoded``.
    mutating func scanEscapedString(from start: Int, firstEscapeAt firstEscape: Int, kind: Tape.Kind) throws(ScanFailure) -> Int {
        let decodedStart = decoded.count
        decoded.append(contentsOf: UnsafeBufferPointer(start: base + start, count: firstEscape &- start))
        var index = firstEscape
        var run = index
        var high: UInt8 = 0
        while index < end {
            let byte = base[index]
            switch byte {
            case UInt8(ascii: "\""):
                try flush(from: run, to: index, high: high)
                let length = try checkedLength(decoded.count &- decodedStart, at: start &- 1)
                entries.append(Tape.Entry(kind: kind, count: length, payload: ~Int64(decodedStart)))
                return index &+ 1
            case UInt8(ascii: "\\"):
                try flush(from: run, to: index, high: high)
                high = 0
                index = try decodeEscape(at: index)
                run = index
            case 0x00..<0x20:
                throw unexpected(at: index, "control character in a string (escape it)")
            default:
                high |= byte
                index &+= 1
            }
        }
        throw truncated(at: index, "unterminated string")
    }

    /// Copies the raw bytes between escapes, checking them as UTF-8 when they are not ASCII.
    @inline(__always)
    mutating func flush(from start: Int, to end: Int, high: UInt8) throws(ScanFailure) {
        guard end > start else { return }
        if high >= 0x80 { try validateUTF8(start, end) }
        decoded.append(contentsOf: UnsafeBufferPointer(start: base + start, count: end &- start))
    }

    /// One escape sequence (the backslash is at `index`); returns the index after it.
    mutating func decodeEscape(at index: Int) throws(ScanFailure) -> Int {
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
    mutating func decodeUnicodeEscape(at index: Int) throws(ScanFailure) -> Int {
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
    func hexQuad(at start: Int) throws(ScanFailure) -> UInt16 {
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

    func validateUTF8(_ start: Int, _ end: Int) throws(ScanFailure) {
        let text = UnsafeBufferPointer(start: base + start, count: end &- start)
        if let invalid = UTF8Validation.firstInvalidOffset(in: text) {
            throw ScanFailure(type: .invalidUTF8, reason: "invalid UTF-8 in a string", offset: start &+ invalid)
        }
    }

    @inline(__always)
    func checkedLength(_ length: Int, at offset: Int) throws(ScanFailure) -> UInt32 {
        guard let length = UInt32(exactly: length) else {
            throw ScanFailure(type: .sizeLimitExceeded, reason: "a string longer than 4 GiB", offset: offset)
        }
        return length
    }

    // MARK: Errors

    /// Input that ends too early.
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
