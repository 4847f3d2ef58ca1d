import RestKitCore

/// Splits URL-encoded input into decoded `(key, value)` pairs, one at a time.
///
/// Pairs are separated by `&` (empty pairs, as in `a=1&&b=2` or a trailing `&`, are
/// skipped); the first `=` splits key from value; a pair without `=` has the value `""`.
/// In keys and values `+` is a space and `%XX` (either case of hex digit) is one byte
/// (``PercentEncoding``, strict); the decoded bytes must be valid UTF-8. A segment with
/// nothing to decode becomes a `String` straight from the input; others are decoded into one
/// reused scratch buffer.
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
        do {
            return try PercentEncoding.decodeText(
                UnsafeRawBufferPointer(rebasing: input[range]), plusAsSpace: true, malformed: .reject, scratch: &scratch)
        } catch {
            let type: ParseError.ErrorType = error.errorType == .invalidUTF8 ? .invalidUTF8 : .syntax
            throw ParseError(type, error.reason, at: location(of: range.lowerBound + error.offset), parser: "urlencoded")
        }
    }

    private func invalidUTF8(at offset: Int) -> ParseError {
        ParseError(.invalidUTF8, "decoded bytes are not valid UTF-8", at: location(of: offset), parser: "urlencoded")
    }
}
