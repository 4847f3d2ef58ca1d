public import RestKitCore

/// The headers of one parsed multipart part, with the form fields read from them:
/// `name` and `filename` from `Content-Disposition`, and `contentType`.
///
/// ```swift
/// if case .part(let headers) = try parser.read() {
///     headers.name          // "photo"
///     headers.filename      // "IMG_0042.JPG"
///     headers.contentType   // image/jpeg
///     headers["X-Custom"]   // any header, case-insensitive
/// }
/// ```
///
/// `name` and `filename` are decoded as the WHATWG HTML standard encodes them (`%22`, `%0D`,
/// `%0A` back to `"`, CR, LF; `\"` and `\\` quoted pairs too, except that a backslash right
/// before the closing quote is a browser's literal backslash). An RFC 5987
/// `filename*=UTF-8''…` parameter, which RFC 7578 §4.2 forbids in multipart/form-data and
/// RestKit never writes but some older clients send, still wins over `filename` when it decodes.
public struct MultipartPartHeaders: Sendable, Hashable {
    /// One header line.
    public struct Field: Sendable, Hashable {
        /// The name as written.
        public var name: String
        /// The value, without surrounding spaces.
        public var value: String
    }

    /// Every header, in order.
    public let fields: [Field]
    /// The disposition type (`form-data`), lowercased, or `nil` without `Content-Disposition`.
    public let disposition: String?
    /// The `name` parameter of `Content-Disposition`.
    public let name: String?
    /// The file name: `filename*` when present and decodable, else `filename`.
    public let filename: String?
    /// `Content-Type`, parsed; `nil` when absent or not a valid media type (see `self["Content-Type"]`).
    public let contentType: MediaType?

    /// The value of the first header called `name` (case-insensitive).
    ///
    /// ```swift
    /// headers["content-type"]   // "text/plain; charset=utf-8"
    /// ```
    public subscript(_ name: String) -> String? {
        let lowered = name.lowercased()
        return fields.first { $0.name.lowercased() == lowered }?.value
    }

    init(fields: [Field]) {
        self.fields = fields
        if let value = Self.first("content-disposition", in: fields) {
            let parsed = DispositionParser.parse(value)
            disposition = parsed.type
            name = parsed.name.map(DispositionParser.decodeWHATWG)
            filename = parsed.extendedFilename.flatMap(DispositionParser.decodeRFC5987)
                ?? parsed.filename.map(DispositionParser.decodeWHATWG)
        } else {
            disposition = nil
            name = nil
            filename = nil
        }
        contentType = Self.first("content-type", in: fields).flatMap { try? MediaType($0) }
    }

    /// The value of the first field whose name is `lowercased` in any case (no allocation).
    private static func first(_ lowercased: StaticString, in fields: [Field]) -> String? {
        fields.first { DispositionParser.equalsIgnoringASCIICase($0.name.utf8, lowercased) }?.value
    }
}

/// `Content-Disposition` parameter parsing and decoding.
enum DispositionParser {
    /// The parameters of a `Content-Disposition` value that form data reads, raw (still
    /// quoted-pair decoded, not percent-decoded); the first of each name wins. Names are
    /// case-insensitive; a parameter without `=` is skipped.
    struct Parameters {
        /// The disposition type, lowercased.
        var type = ""
        var name: String?
        var filename: String?
        /// `filename*`.
        var extendedFilename: String?
    }

    /// Splits `value` (`form-data; name="a"; filename="b"`) into its type and the parameters
    /// form data reads, in one pass over its bytes.
    static func parse(_ value: String) -> Parameters {
        var value = value
        return value.withUTF8 { bytes in
            var index = 0
            var parameters = Parameters()
            parameters.type = String(decoding: trimmed(bytes, readUntil(bytes, &index, stop: UInt8(ascii: ";"))), as: UTF8.self).lowercased()
            while index < bytes.count {
                index += 1  // ";"
                let name = trimmed(bytes, readUntil(bytes, &index, stop: UInt8(ascii: "=")))
                guard index < bytes.count else { break }
                guard bytes[index] == UInt8(ascii: "=") else { continue }  // a parameter without a value
                index += 1  // "="
                skipSpaces(bytes, &index)
                let parameterValue: String
                if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                    parameterValue = readQuoted(bytes, &index)
                    _ = readUntil(bytes, &index, stop: UInt8(ascii: ";"))
                } else {
                    parameterValue = String(decoding: trimmed(bytes, readUntil(bytes, &index, stop: UInt8(ascii: ";"))), as: UTF8.self)
                }
                let nameBytes = name
                if equalsIgnoringASCIICase(nameBytes, "name") {
                    if parameters.name == nil { parameters.name = parameterValue }
                } else if equalsIgnoringASCIICase(nameBytes, "filename") {
                    if parameters.filename == nil { parameters.filename = parameterValue }
                } else if equalsIgnoringASCIICase(nameBytes, "filename*") {
                    if parameters.extendedFilename == nil { parameters.extendedFilename = parameterValue }
                }
            }
            return parameters
        }
    }

    /// Whether `bytes` spell `lowercased` (ASCII) in any case.
    static func equalsIgnoringASCIICase(_ bytes: some Collection<UInt8>, _ lowercased: StaticString) -> Bool {
        guard bytes.count == lowercased.utf8CodeUnitCount else { return false }
        return lowercased.withUTF8Buffer { expected in
            var offset = 0
            for byte in bytes {
                let lower = expected[offset]
                guard byte == lower || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") && byte | 0x20 == lower) else {
                    return false
                }
                offset += 1
            }
            return true
        }
    }

    /// `%22`, `%0D`, `%0A` (any hex case) back to `"`, CR, LF; everything else unchanged
    /// (a browser writes a `%` of a file name as it is, so other escapes are not decoded).
    static func decodeWHATWG(_ value: String) -> String {
        guard value.utf8.contains(UInt8(ascii: "%")) else { return value }
        let bytes = Array(value.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = PercentEncoding.hexValue(bytes[index + 1]), let low = PercentEncoding.hexValue(bytes[index + 2]),
                case let byte = high << 4 | low, byte == 0x22 || byte == 0x0D || byte == 0x0A
            {
                output.append(byte)
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// RFC 5987 `charset'language'pct-encoded` (UTF-8 or ISO-8859-1), or `nil` if malformed
    /// (a bad escape, or bytes that are not UTF-8 for `UTF-8`).
    static func decodeRFC5987(_ value: String) -> String? {
        let pieces = value.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard pieces.count == 3 else { return nil }
        switch pieces[0].lowercased() {
        case "utf-8":
            return try? PercentEncoding.decodeText(pieces[2])
        case "iso-8859-1":
            guard let bytes = try? PercentEncoding.decode(pieces[2]) else { return nil }
            return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        default:
            return nil
        }
    }

    private static func skipSpaces(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
    }

    /// The range from `index` up to `stop` or `;` (`index` is left there).
    private static func readUntil(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, stop: UInt8) -> Range<Int> {
        let start = index
        while index < bytes.count, bytes[index] != stop, bytes[index] != UInt8(ascii: ";") { index += 1 }
        return start..<index
    }

    /// `range` without the spaces and tabs around it.
    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, bytes[lower] == 0x20 || bytes[lower] == 0x09 { lower += 1 }
        while upper > lower, bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09 { upper -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[lower..<upper])
    }

    /// A quoted string starting at `index` (on the opening quote). `\\` is one backslash and
    /// `\"` a quote (RFC 2183 quoted pairs, as Go, Python and RestKit's writer send them), except
    /// a `\"` whose quote ends the parameter (only spaces, then `;` or the end, follow it): that
    /// is a backslash a browser wrote as it is (WHATWG escapes only `"`, CR and LF) before the
    /// closing quote. Any other backslash is itself.
    private static func readQuoted(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> String {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        var output: [UInt8] = []
        index += 1
        while index < bytes.count, bytes[index] != quote {
            if bytes[index] == backslash, index + 1 < bytes.count,
                bytes[index + 1] == backslash || (bytes[index + 1] == quote && !endsParameter(bytes, quoteAt: index + 1))
            {
                index += 1
            }
            output.append(bytes[index])
            index += 1
        }
        if index < bytes.count { index += 1 }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether the quote at `quoteAt` is followed only by spaces and then `;` or the end.
    private static func endsParameter(_ bytes: UnsafeBufferPointer<UInt8>, quoteAt: Int) -> Bool {
        var index = quoteAt + 1
        skipSpaces(bytes, &index)
        return index == bytes.count || bytes[index] == UInt8(ascii: ";")
    }
}
