/// Parses the header block of one multipart part: `Name: value` lines separated by CRLF.
enum MultipartHeaderBlock {
    /// Parses `block` (the header lines, each ending in CRLF, without the blank line).
    /// `offset` is the absolute input offset of `block`'s first byte, for errors.
    static func parse(
        _ block: ArraySlice<UInt8>, offset: Int, partIndex: Int
    ) throws(MultipartError) -> MultipartPartHeaders {
        var fields: [MultipartPartHeaders.Field] = []
        fields.reserveCapacity(4)
        var lineStart = block.startIndex
        var part: String { "#\(partIndex)" }  // for errors only: not built per part
        func fail(_ reason: String, at index: Int) -> MultipartError {
            MultipartError(.malformedHeaders, reason, part: part, byteOffset: offset + (index - block.startIndex))
        }
        while lineStart < block.endIndex {
            guard let lineEnd = block[lineStart...].firstIndex(of: 0x0D),
                lineEnd + 1 < block.endIndex, block[lineEnd + 1] == 0x0A
            else {
                throw fail("header line does not end in CRLF", at: lineStart)
            }
            let line = block[lineStart..<lineEnd]
            if let bad = line.firstIndex(where: { $0 == 0x0A || $0 == 0 }) {
                throw fail("header line contains a bare LF or NUL", at: bad)
            }
            if let first = line.first, first == 0x20 || first == 0x09 {
                throw fail("folded header lines are not allowed in multipart/form-data", at: lineStart)
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                throw fail("header line without ':'", at: lineStart)
            }
            let name = line[lineStart..<colon]
            guard !name.isEmpty, name.allSatisfy(MultipartEncoding.isTokenByte) else {
                throw fail("header name is not a token", at: lineStart)
            }
            var valueStart = colon + 1
            var valueEnd = lineEnd
            while valueStart < valueEnd, line[valueStart] == 0x20 || line[valueStart] == 0x09 { valueStart += 1 }
            while valueEnd > valueStart, line[valueEnd - 1] == 0x20 || line[valueEnd - 1] == 0x09 { valueEnd -= 1 }
            guard let value = String(validating: line[valueStart..<valueEnd], as: UTF8.self) else {
                throw MultipartError(
                    .malformedHeaders, "header value is not valid UTF-8", part: part,
                    byteOffset: offset + (valueStart - block.startIndex))
            }
            fields.append(.init(name: String(decoding: name, as: UTF8.self), value: value))
            lineStart = lineEnd + 2
        }
        return MultipartPartHeaders(fields: fields)
    }
}
