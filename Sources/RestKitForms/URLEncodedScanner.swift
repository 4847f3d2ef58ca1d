import RestKitCore

/// Splits URL-encoded input into decoded `(key, value)` pairs, one at a time.
///
/// Pairs are separated by `&` (empty pairs, as in `a=1&&b=2` or a trailing `&`, are
/// skipped); the first `=` splits key from value; a pair without `=` has the value `""`.
/// In keys and values `+` is a space and `%XX` (either case of hex digit) is one byte; the
/// decoded bytes must be valid UTF-8. A segment with nothing to decode becomes a `String`
/// straight from the input; others are decoded into one reused scratch buffer.
///
/// Failures are ``ParseError``s whose location points into the whole input (the scanner may
/// read only a range of it, such as the query of a URL):
/// - `%` not followed by two hex digits (`%G1`, `%2` at the end of a pair): `.syntax`, at the `%`;
/// - bytes that are not UTF-8 once decoded: `.invalidUTF8`, at the `%` or raw byte that starts
///   the bad sequence.
///
/// ```swift
/// var scanner = URLEncodedScanner(input: buffer, range: 0..<buffer.count)
/// while let pair = try scanner.next() { print(pair.key, pair.value) }
/// ```
struct URLEncodedScanner {
    /// One decoded pair.
    struct Pair {
        /// The decoded key.
        var key: String
        /// The decoded value (`""` for a bare key).
        var value: String
        /// Offset of the key's first byte in the input, for errors about this pair.
        var offset: Int
    }

    private let input: UnsafeRawBufferPointer
    private let end: Int
    private var position: Int
    private var scratch: [UInt8] = []

    /// A scanner over `input[range]`; locations in errors are offsets into all of `input`.
    init(input: UnsafeRawBufferPointer, range: Range<Int>) {
        self.input = input
        position = range.lowerBound
        end = range.upperBound
    }

    /// The next pair, or `nil` at the end of the range.
    mutating func next() throws(ParseError) -> Pair? {
        while position < end {
            let start = position
            var separator = start
            while separator < end, input[separator] != UInt8(ascii: "&") { separator &+= 1 }
            position = separator < end ? separator &+ 1 : end
            guard separator > start else { continue }
            var equals = start
            while equals < separator, input[equals] != UInt8(ascii: "=") { equals &+= 1 }
            let key = try decode(start..<equals)
            let value = equals < separator ? try decode((equals &+ 1)..<separator) : ""
            return Pair(key: key, value: value, offset: start)
        }
        return nil
    }

    /// The location of `offset` in the whole input (computed only for errors).
    func location(of offset: Int) -> SourceLocation {
        SourceLocation(offset: offset, in: input)
    }

    /// Decodes `input[range]`.
    private mutating func decode(_ range: Range<Int>) throws(ParseError) -> String {
        var needsDecoding = false
        for index in range {
            let byte = input[index]
            if byte == UInt8(ascii: "%") || byte == UInt8(ascii: "+") {
                needsDecoding = true
                break
            }
        }
        if !needsDecoding {
            let bytes = UnsafeRawBufferPointer(rebasing: input[range]).assumingMemoryBound(to: UInt8.self)
            if let invalid = UTF8Validation.firstInvalidOffset(in: bytes) {
                throw invalidUTF8(at: range.lowerBound + invalid)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        scratch.removeAll(keepingCapacity: true)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = input[index]
            if byte == UInt8(ascii: "+") {
                scratch.append(0x20)
                index &+= 1
            } else if byte == UInt8(ascii: "%") {
                guard index &+ 2 < range.upperBound,
                      let high = Self.hexValue(input[index &+ 1]), let low = Self.hexValue(input[index &+ 2])
                else { throw badEscape(at: index, end: range.upperBound) }
                scratch.append(high << 4 | low)
                index &+= 3
            } else {
                scratch.append(byte)
                index &+= 1
            }
        }
        let invalid = scratch.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset(in: $0) }
        if let invalid {
            throw invalidUTF8(at: sourceOffset(ofDecoded: invalid, in: range))
        }
        return String(decoding: scratch, as: UTF8.self)
    }

    /// The input offset of the byte that decoded to position `decoded` of `range`'s output.
    private func sourceOffset(ofDecoded decoded: Int, in range: Range<Int>) -> Int {
        var index = range.lowerBound
        var produced = 0
        while index < range.upperBound, produced < decoded {
            index &+= input[index] == UInt8(ascii: "%") ? 3 : 1
            produced &+= 1
        }
        return index
    }

    private func badEscape(at offset: Int, end: Int) -> ParseError {
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: input[offset..<min(offset + 3, end)]), as: UTF8.self)
        let reason = offset + 3 > end
            ? "incomplete percent escape '\(text)': '%' needs two hex digits"
            : "invalid percent escape '\(text)': '%' needs two hex digits"
        return ParseError(.syntax, reason, at: location(of: offset), parser: "urlencoded")
    }

    private func invalidUTF8(at offset: Int) -> ParseError {
        ParseError(.invalidUTF8, "decoded bytes are not valid UTF-8", at: location(of: offset), parser: "urlencoded")
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- UInt8(ascii: "A") &+ 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
        default: nil
        }
    }
}
