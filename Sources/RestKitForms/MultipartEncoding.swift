import RestKitCore

/// Header-level encoding rules of the multipart writer.
enum MultipartEncoding {
    /// WHATWG HTML "multipart/form-data encoding algorithm": in `name` and `filename`,
    /// `"` → `%22`, CR → `%0D`, LF → `%0A`; everything else stays (UTF-8). The same escapes
    /// browsers and curl write; no RFC 5987 `filename*` (RFC 7578 §4.2 forbids it).
    ///
    /// One addition: a backslash is written as the quoted pair `\\`. Browsers leave it as it
    /// is, which readers that take `\"` and `\\` as quoted pairs (RFC 2183's quoted-string:
    /// Go, Python, ours) misread: a name ending in `\` would swallow its closing quote. With
    /// the pair, those readers get the name back exactly; a reader that knows no quoted pairs
    /// sees the backslash doubled.
    static func escapeQuoted(_ value: String) -> String {
        // One pass decides; most names need nothing.
        var needsPercent = false
        var hasBackslash = false
        for byte in value.utf8 {
            switch byte {
            case 0x22, 0x0D, 0x0A: needsPercent = true
            case 0x5C: hasBackslash = true
            default: continue
            }
        }
        guard needsPercent || hasBackslash else { return value }
        var text = value
        if needsPercent {
            text = PercentEncoding.encode(text, allowing: .multipartQuoted)
        }
        guard hasBackslash else { return text }
        // Byte by byte: a backslash before a combining mark is one Character.
        return String(decoding: text.utf8.flatMap { $0 == 0x5C ? [0x5C, 0x5C] : [$0] }, as: UTF8.self)
    }

    /// Appends `value` escaped as ``escapeQuoted(_:)`` does, without an intermediate string
    /// when nothing needs escaping (most names): one pass over the UTF-8 bytes decides, and
    /// the same bytes are appended.
    static func appendQuoted(_ value: String, to output: inout [UInt8]) {
        var value = value
        let plain = value.withUTF8 { bytes in
            if !bytes.contains(where: { $0 == 0x22 || $0 == 0x0D || $0 == 0x0A || $0 == 0x5C }) {
                output.append(contentsOf: bytes)
                return true
            }
            return false
        }
        if !plain { output.appendUTF8(escapeQuoted(value)) }
    }

    /// Appends a header value, refusing one with CR, LF or NUL (as ``validateHeader(name:value:part:)``).
    static func appendHeaderValue(
        _ value: String, to output: inout [UInt8], name: String, part: @autoclosure () -> String
    ) throws(MultipartError) {
        var value = value
        let valid = value.withUTF8 { bytes in
            if bytes.contains(where: isForbiddenInHeaderValue) { return false }
            output.append(contentsOf: bytes)
            return true
        }
        guard valid else { throw MultipartError(.invalidHeader, "header \(name) contains CR, LF or NUL", part: part()) }
    }

    /// CR, LF and NUL: a header value holding one could end the header or the block early.
    static func isForbiddenInHeaderValue(_ byte: UInt8) -> Bool {
        byte == 0x0D || byte == 0x0A || byte == 0
    }

    /// RFC 9110 `tchar`.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        MediaType.isTokenCharacter(byte)
    }

    /// Rejects a header whose name is not a token or whose value contains CR, LF or NUL.
    static func validateHeader(name: String, value: String, part: @autoclosure () -> String) throws(MultipartError) {
        // Over contiguous UTF-8 (a native string's own storage): iterating `String.UTF8View`
        // generically cost more than writing the header.
        var name = name, value = value
        guard !name.isEmpty, name.withUTF8({ $0.allSatisfy(isTokenByte) }) else {
            throw MultipartError(.invalidHeader, "header name '\(name)' is not a token", part: part())
        }
        if value.withUTF8({ $0.contains(where: isForbiddenInHeaderValue) }) {
            throw MultipartError(.invalidHeader, "header \(name) contains CR, LF or NUL", part: part())
        }
    }
}
