/// Follows JSON input just closely enough to tell whether it ends inside a string or a run of
/// digits (and how many containers deep), and whether the bytes that come next would make a
/// chunked parser do anything but wait: the chunked parsers use it to put off reading a cut
/// token again without putting off anything a caller could see.
///
/// - The yajl driver (``Quietness/token``): yajl lexes a token cut by the end of a call again
///   from its start on the next call, so a token cut into n pieces costs O(n × length); a 38 KB
///   string fed one byte at a time took over a second (a `json-diff-chunked` fuzz input). The
///   driver holds back bytes that only lengthen the cut token and hands them over with the
///   first byte that does more. Such a byte can neither end the token nor be an error, so yajl
///   would have reported nothing for it.
/// - ``JSONElementScanner`` (``Quietness/value``) scans an element cut by a chunk again from its
///   start, so it waits until the input after that start has doubled (``RescanSchedule``).
///   Waiting must not keep back an element whose last byte has come: it scans at once when the
///   new bytes are not quiet, that is when they may complete the element (or, outside the
///   array, the token) the last scan stopped in.
///
/// Quiet for a token: inside a string, any byte but `"` and a control byte (UTF-8 is checked
/// elsewhere), with escapes followed through (`\n`, `\u00e9`: a byte that would make an invalid
/// escape is not quiet); inside a number, a digit that certainly continues it (not after a
/// leading `0`). A number's `.`, `e` and sign are not quiet, so a cut number is handed over at
/// most three more times; a cut string once more, when it ends. Quiet for a value: quiet for a
/// token, or read inside a container opened since the start (and not closing it).
///
/// ```swift
/// var tracker = PendingTokenTracker(startingAt: 0)
/// tracker.follow(readBytes, at: 0, valueEnd: -1)        // `["abc` : inside a string
/// tracker.readQuietly(nextBytes, for: .token)            // `def` → true: wait for more
/// ```
package struct PendingTokenTracker {
    /// What new bytes must not do to be quiet.
    package enum Quietness {
        /// Anything but lengthen the token the input ends in.
        case token
        /// Complete the value the input ends in (a token, or a container opened since the
        /// tracker's start).
        case value
    }

    /// The input offset up to which the tracker has read.
    package private(set) var position: Int
    private var state = State.between
    /// Containers opened since the start, less those closed (negative when the tracker
    /// started inside one that has closed since).
    private var depth = 0
    /// The value end the tracker last started afresh from.
    private var lastValueEnd = -1

    private enum State {
        /// Between tokens, or in a token that is not a string or a number (`true`, `,`).
        case between
        case string, escape
        /// Inside `\uXXXX`, with this many hex digits still to come.
        case unicodeEscape(Int)
        case minus, zero, integer, dot, fraction, exponentMark, exponentSign, exponent
        /// Lost track (the input had a gap): nothing is quiet until a value ends.
        case unknown
    }

    /// A tracker about to read the input at `offset`, between tokens there.
    package init(startingAt offset: Int) {
        position = offset
    }

    /// Reads `bytes`, which the parser has just read without error and which start at input
    /// offset `offset`; when a value ended at `valueEnd` at or after `offset`, starts afresh
    /// there (between values no token is open).
    package mutating func follow(_ bytes: UnsafeRawBufferPointer, at offset: Int, valueEnd: Int) {
        if valueEnd >= offset, valueEnd > lastValueEnd {
            lastValueEnd = valueEnd
            position = valueEnd
            state = .between
            depth = 0
        }
        let end = offset + bytes.count
        guard position < end else { return }
        guard position >= offset else {
            position = end
            state = .unknown
            return
        }
        for byte in UnsafeRawBufferPointer(rebasing: bytes[(position - offset)...]) {
            read(byte)
        }
        position = end
    }

    /// Reads `bytes`, the input at ``position``, if every one of them is quiet, and returns
    /// whether they were; after `false` the tracker is as it was.
    package mutating func readQuietly(_ bytes: UnsafeRawBufferPointer, for quietness: Quietness) -> Bool {
        let before = self
        for byte in bytes {
            let depthBefore = depth
            let lengthensToken = lengthensToken(byte)
            read(byte)
            guard lengthensToken || (quietness == .value && depthBefore > 0 && depth > 0) else {
                self = before
                return false
            }
        }
        position += bytes.count
        return true
    }

    /// Whether `byte` only lengthens the token the input ends in (a string or a number's
    /// digits) and cannot be an error there.
    private func lengthensToken(_ byte: UInt8) -> Bool {
        switch state {
        case .string:
            return byte >= 0x20 && byte != UInt8(ascii: "\"")
        case .escape:
            switch byte {
            case UInt8(ascii: "u"), UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                return true
            default: return false
            }
        case .unicodeEscape:
            return Self.isHexDigit(byte)
        case .integer, .fraction, .exponent:
            return Self.isDigit(byte)
        case .between, .minus, .zero, .dot, .exponentMark, .exponentSign, .unknown:
            return false
        }
    }

    /// Moves on over `byte` of input the parser accepts (after a byte that would be an error
    /// the tracker may be wrong, which costs only an early or late rescan).
    private mutating func read(_ byte: UInt8) {
        switch state {
        case .string:
            if byte == UInt8(ascii: "\"") { state = .between }
            else if byte == UInt8(ascii: "\\") { state = .escape }
        case .escape:
            state = byte == UInt8(ascii: "u") ? .unicodeEscape(4) : .string
        case .unicodeEscape(let remaining):
            state = remaining > 1 ? .unicodeEscape(remaining - 1) : .string
        case .minus:
            if byte == UInt8(ascii: "0") { state = .zero }
            else if Self.isDigit(byte) { state = .integer }
            else { readBetween(byte) }
        case .zero:
            if !readNumberMark(byte) { readBetween(byte) }
        case .integer:
            if !Self.isDigit(byte), !readNumberMark(byte) { readBetween(byte) }
        case .dot:
            if Self.isDigit(byte) { state = .fraction } else { readBetween(byte) }
        case .fraction:
            if Self.isDigit(byte) { break }
            if Self.isExponentMark(byte) { state = .exponentMark } else { readBetween(byte) }
        case .exponentMark:
            if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { state = .exponentSign }
            else if Self.isDigit(byte) { state = .exponent }
            else { readBetween(byte) }
        case .exponentSign, .exponent:
            if Self.isDigit(byte) { state = .exponent } else { readBetween(byte) }
        case .between:
            readBetween(byte)
        case .unknown:
            break
        }
    }

    /// Reads `byte` between tokens (also the byte that ends a number).
    private mutating func readBetween(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): state = .string
        case UInt8(ascii: "-"): state = .minus
        case UInt8(ascii: "0"): state = .zero
        case UInt8(ascii: "1")...UInt8(ascii: "9"): state = .integer
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            state = .between
            depth += 1
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            state = .between
            depth -= 1
        default: state = .between
        }
    }

    /// After a number's integer part: reads `.` or an exponent mark and returns `true`.
    private mutating func readNumberMark(_ byte: UInt8) -> Bool {
        if byte == UInt8(ascii: ".") { state = .dot }
        else if Self.isExponentMark(byte) { state = .exponentMark }
        else { return false }
        return true
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    private static func isExponentMark(_ byte: UInt8) -> Bool { byte | 0x20 == UInt8(ascii: "e") }

    private static func isHexDigit(_ byte: UInt8) -> Bool { isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 6 }
}
