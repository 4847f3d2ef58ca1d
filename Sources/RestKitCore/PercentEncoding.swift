/// Percent-encoding and decoding (RFC 3986 §2.1): the one implementation that the URL-encoded
/// writer and parser, the multipart writer and parser, and path patterns all use.
///
/// Encoding works on bytes: a byte in the ``AllowedBytes`` set is written as itself, any other
/// byte as `%XX` with upper-case hex digits (a space as `+` when asked). A `String` is encoded
/// as its UTF-8; arbitrary bytes (binary values) are encoded exactly as they are.
///
/// Decoding turns `%XX` (either case of hex digit) into one byte and, when asked, `+` into a
/// space. A `%` that is not followed by two hex digits (`%G1`, or `%4` at the end) is a
/// *malformed escape*. By default it is a ``PercentDecodingError`` with the escape's byte
/// offset; ``MalformedEscapes/keepLiteral`` keeps it as written instead (path matching uses
/// that, where the text is a path the application built itself).
///
/// ```swift
/// PercentEncoding.encode("a b&c/é", allowing: .unreserved)                 // "a%20b%26c%2F%C3%A9"
/// PercentEncoding.encode("a b", allowing: .formValue, spaceAsPlus: true)   // "a+b"
/// try PercentEncoding.decode("a%20b+c", plusAsSpace: true)                 // Array("a b c".utf8)
/// try PercentEncoding.decode("100%G1")                                     // throws: offset 3
/// try PercentEncoding.decode("100%G1", malformed: .keepLiteral)            // Array("100%G1".utf8)
/// ```
public enum PercentEncoding {
    /// What a decoder does with a `%` that is not followed by two hex digits.
    public enum MalformedEscapes: Sendable, Hashable {
        /// Throw a ``PercentDecodingError`` at the `%` (the default, and what form bodies use).
        case reject
        /// Keep the `%` and what follows it as ordinary bytes (`%G1` stays `%G1`).
        case keepLiteral
    }

    // MARK: Hex digits

    /// The value of one hex digit (`0–9`, `a–f`, `A–F`), or `nil` for any other byte.
    ///
    /// ```swift
    /// PercentEncoding.hexValue(UInt8(ascii: "b"))  // 11
    /// PercentEncoding.hexValue(UInt8(ascii: "g"))  // nil
    /// ```
    @inline(__always)
    public static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- UInt8(ascii: "A") &+ 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
        default: nil
        }
    }

    /// The hex digit of the low four bits of `nibble`, upper-case unless asked otherwise
    /// (percent-encoding writes upper case, JSON's `\u00XX` escapes lower case).
    ///
    /// ```swift
    /// PercentEncoding.hexDigit(11)                     // UInt8(ascii: "B")
    /// PercentEncoding.hexDigit(11, uppercase: false)   // UInt8(ascii: "b")
    /// ```
    @inline(__always)
    public static func hexDigit(_ nibble: UInt8, uppercase: Bool = true) -> UInt8 {
        let nibble = nibble & 0x0F
        return nibble < 10 ? nibble &+ 0x30 : nibble &+ (uppercase ? 0x37 : 0x57)
    }

    // MARK: Encoding

    /// The percent-encoded UTF-8 of `text`.
    ///
    /// ```swift
    /// PercentEncoding.encode("user[name]", allowing: .formKey)   // "user[name]"
    /// PercentEncoding.encode("user[name]", allowing: .formValue) // "user%5Bname%5D"
    /// ```
    public static func encode(_ text: String, allowing allowed: AllowedBytes, spaceAsPlus: Bool = false) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        append(text, to: &output, allowing: allowed, spaceAsPlus: spaceAsPlus)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the percent-encoded UTF-8 of `text` to `output`.
    ///
    /// ```swift
    /// var body = Array("q=".utf8)
    /// PercentEncoding.append("rest kit", to: &body, allowing: .formValue)   // q=rest%20kit
    /// ```
    public static func append(
        _ text: String, to output: inout [UInt8], allowing allowed: AllowedBytes, spaceAsPlus: Bool = false
    ) {
        var text = text
        text.withUTF8 { append(bytes: $0, to: &output, allowing: allowed, spaceAsPlus: spaceAsPlus) }
    }

    /// Appends `bytes`, percent-encoded, to `output`: the bytes exactly as given, whether or
    /// not they are UTF-8 (a binary value is sent byte for byte).
    ///
    /// ```swift
    /// var body = Array("p=".utf8)
    /// PercentEncoding.append([0xFF, 0x00, 0x41], to: &body, allowing: .formValue)   // p=%FF%00A
    /// ```
    public static func append(
        _ bytes: some Collection<UInt8>, to output: inout [UInt8], allowing allowed: AllowedBytes,
        spaceAsPlus: Bool = false
    ) {
        let done: Void? = bytes.withContiguousStorageIfAvailable {
            append(bytes: $0, to: &output, allowing: allowed, spaceAsPlus: spaceAsPlus)
        }
        if done == nil {
            Array(bytes).withUnsafeBufferPointer {
                append(bytes: $0, to: &output, allowing: allowed, spaceAsPlus: spaceAsPlus)
            }
        }
    }

    /// The encoder: runs of allowed bytes are copied in one go, other bytes become `%XX` (or
    /// `+` for a space when `spaceAsPlus`).
    private static func append(
        bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8], allowing allowed: AllowedBytes,
        spaceAsPlus: Bool
    ) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        var index = 0
        while index < count {
            let runStart = index
            while index < count, allowed.contains(base[index]) { index &+= 1 }
            if index > runStart {
                output.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: index &- runStart))
            }
            while index < count, !allowed.contains(base[index]) {
                let byte = base[index]
                if byte == 0x20, spaceAsPlus {
                    output.append(UInt8(ascii: "+"))
                } else {
                    output.append(UInt8(ascii: "%"))
                    output.append(hexDigit(byte >> 4))
                    output.append(hexDigit(byte))
                }
                index &+= 1
            }
        }
    }

    // MARK: Decoding

    /// The bytes `text` stands for.
    ///
    /// ```swift
    /// try PercentEncoding.decode("caf%C3%A9")               // Array("café".utf8)
    /// try PercentEncoding.decode("a+b", plusAsSpace: true)  // Array("a b".utf8)
    /// try PercentEncoding.decode("%4")                      // throws .truncatedEscape at offset 0
    /// ```
    ///
    /// - Throws: ``PercentDecodingError`` for a malformed escape, unless `malformed` is
    ///   `.keepLiteral`; its offset counts UTF-8 bytes from the start of `text`.
    public static func decode(
        _ text: some StringProtocol, plusAsSpace: Bool = false, malformed: MalformedEscapes = .reject
    ) throws(PercentDecodingError) -> [UInt8] {
        var text = String(text)
        var output: [UInt8] = []
        let result = text.withUTF8 { bytes in
            Result { () throws(PercentDecodingError) in
                try decode(UnsafeRawBufferPointer(bytes), plusAsSpace: plusAsSpace, malformed: malformed, into: &output)
            }
        }
        try result.get()
        return output
    }

    /// The text `text` stands for, which must be UTF-8 once decoded.
    ///
    /// ```swift
    /// try PercentEncoding.decodeText("%E2%82%AC%20rates")   // "€ rates"
    /// try PercentEncoding.decodeText("%FF")                 // throws .invalidUTF8 at offset 0
    /// ```
    ///
    /// - Throws: ``PercentDecodingError``: a malformed escape (unless `.keepLiteral`), or
    ///   decoded bytes that are not UTF-8 (located at the escape or byte that starts them).
    public static func decodeText(
        _ text: some StringProtocol, plusAsSpace: Bool = false, malformed: MalformedEscapes = .reject
    ) throws(PercentDecodingError) -> String {
        var text = String(text)
        var scratch: [UInt8] = []
        let result = text.withUTF8 { bytes in
            Result { () throws(PercentDecodingError) -> String in
                try decodeText(UnsafeRawBufferPointer(bytes), plusAsSpace: plusAsSpace, malformed: malformed, scratch: &scratch)
            }
        }
        return try result.get()
    }

    /// The text `input` stands for, decoded through `scratch` (cleared first, and reusable
    /// from one call to the next so that a parser allocates once). Error offsets count from
    /// the start of `input`.
    ///
    /// ```swift
    /// var scratch: [UInt8] = []
    /// let text = try Array("caf%C3%A9".utf8).withUnsafeBytes {
    ///     try PercentEncoding.decodeText($0, scratch: &scratch)    // "café"
    /// }
    /// ```
    ///
    /// - Throws: ``PercentDecodingError``: a malformed escape (unless `.keepLiteral`), or
    ///   decoded bytes that are not UTF-8.
    public static func decodeText(
        _ input: UnsafeRawBufferPointer, plusAsSpace: Bool = false, malformed: MalformedEscapes = .reject,
        scratch: inout [UInt8]
    ) throws(PercentDecodingError) -> String {
        scratch.removeAll(keepingCapacity: true)
        try decode(input, plusAsSpace: plusAsSpace, malformed: malformed, into: &scratch)
        let invalid = scratch.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset(in: $0) }
        if let invalid {
            throw PercentDecodingError(
                .invalidUTF8, "decoded bytes are not valid UTF-8", offset: sourceOffset(ofDecoded: invalid, in: input))
        }
        return String(decoding: scratch, as: UTF8.self)
    }

    /// Appends the bytes `input` stands for to `output`; the fast form for parsers, with no
    /// intermediate allocation. Error offsets count from the start of `input`.
    ///
    /// ```swift
    /// var scratch: [UInt8] = []
    /// try Array("a%2Bb".utf8).withUnsafeBytes {
    ///     try PercentEncoding.decode($0, plusAsSpace: true, into: &scratch)   // "a+b"
    /// }
    /// ```
    ///
    /// - Throws: ``PercentDecodingError`` for a malformed escape, unless `.keepLiteral`.
    ///   `output` then holds the bytes decoded before it.
    public static func decode(
        _ input: UnsafeRawBufferPointer, plusAsSpace: Bool = false, malformed: MalformedEscapes = .reject,
        into output: inout [UInt8]
    ) throws(PercentDecodingError) {
        let count = input.count
        var index = 0
        while index < count {
            let runStart = index
            while index < count {
                let byte = input[index]
                if byte == UInt8(ascii: "%") || (plusAsSpace && byte == UInt8(ascii: "+")) { break }
                index &+= 1
            }
            if index > runStart { output.append(contentsOf: input[runStart..<index]) }
            guard index < count else { return }
            if input[index] == UInt8(ascii: "+") {
                output.append(0x20)
                index &+= 1
                continue
            }
            if index &+ 2 < count, let high = hexValue(input[index &+ 1]), let low = hexValue(input[index &+ 2]) {
                output.append(high << 4 | low)
                index &+= 3
                continue
            }
            if malformed == .keepLiteral {
                output.append(UInt8(ascii: "%"))
                index &+= 1
                continue
            }
            throw malformedEscape(in: input, at: index)
        }
    }

    /// The error for the malformed escape at `offset`: `%4` at the end is truncated, anything
    /// else (`%G1`, `%4&`) invalid.
    private static func malformedEscape(in input: UnsafeRawBufferPointer, at offset: Int) -> PercentDecodingError {
        let end = min(offset &+ 3, input.count)
        let escape = String(decoding: UnsafeRawBufferPointer(rebasing: input[offset..<end]), as: UTF8.self)
        let followers = input[(offset &+ 1)..<end]
        if offset &+ 3 > input.count, followers.allSatisfy({ hexValue($0) != nil }) {
            return PercentDecodingError(
                .truncatedEscape, "incomplete percent escape '\(escape)': '%' needs two hex digits", offset: offset)
        }
        return PercentDecodingError(
            .invalidEscape, "invalid percent escape '\(escape)': '%' needs two hex digits", offset: offset)
    }

    /// The offset in `input` of the byte that decoded to position `decoded` of the output
    /// (for errors only): a well-formed escape is three input bytes, anything else one.
    private static func sourceOffset(ofDecoded decoded: Int, in input: UnsafeRawBufferPointer) -> Int {
        var index = 0
        var produced = 0
        while index < input.count, produced < decoded {
            let isEscape = input[index] == UInt8(ascii: "%") && index &+ 2 < input.count
                && hexValue(input[index &+ 1]) != nil && hexValue(input[index &+ 2]) != nil
            index &+= isEscape ? 3 : 1
            produced &+= 1
        }
        return index
    }
}
