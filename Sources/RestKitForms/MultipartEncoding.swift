import RestKitCore

/// Header-level encoding rules of the multipart writer.
enum MultipartEncoding {
    /// WHATWG HTML "multipart/form-data encoding algorithm": in `name` and `filename`,
    /// `"` → `%22`, CR → `%0D`, LF → `%0A`; everything else stays (UTF-8). The same escapes
    /// browsers and curl write; no RFC 5987 `filename*` (RFC 7578 §4.2 forbids it).
    static func escapeQuoted(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == 0x22 || $0 == 0x0D || $0 == 0x0A }) else { return value }
        return PercentEncoding.encode(value, allowing: .multipartQuoted)
    }

    /// RFC 9110 `tchar`.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        MediaType.isTokenCharacter(byte)
    }

    /// Rejects a header whose name is not a token or whose value contains CR, LF or NUL.
    static func validateHeader(name: String, value: String, part: String) throws(MultipartError) {
        guard !name.isEmpty, name.utf8.allSatisfy(isTokenByte) else {
            throw MultipartError(.invalidHeader, "header name '\(name)' is not a token", part: part)
        }
        if value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) {
            throw MultipartError(.invalidHeader, "header \(name) contains CR, LF or NUL", part: part)
        }
    }
}
