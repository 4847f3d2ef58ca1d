/// Parses the header block of one multipart part: `Name: value` lines separated by CRLF.
enum MultipartHeaderBlock {
    /// Parses `block` (the header lines, each ending in CRLF, without the blank line).
    /// `offset` is the absolute input offset of `block`'s first byte, for errors.
    static func parse(
        _ block: ArraySlice<UInt8>, offset: Int, partIndex: Int
    ) throws(MultipartError) -> MultipartPartHeaders {
        let fields = try block.withUnsafeBufferPointer { (bytes) throws(MultipartError) in
            try fieldLines(bytes, offset: offset, partIndex: partIndex)
        }
        return MultipartPartHeaders(fields: fields)
    }

    /// The fields of the lines in `bytes` (indices from 0; `offset` is that of `bytes[0]`).
    private static func fieldLines(
        _ bytes: UnsafeBufferPointer<UInt8>, offset: Int, partIndex: Int
    ) throws(MultipartError) -> [MultipartPartHeaders.Field] {
        var fields: [MultipartPartHeaders.Field] = []
        fields.reserveCapacity(4)
        func fail(_ reason: String, at index: Int) -> MultipartError {
            // The part's label is built for errors only, not per part.
            MultipartError(.malformedHeaders, reason, part: "#\(partIndex)", byteOffset: offset + index)
        }
        var lineStart = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            var colon: Int?
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0D {
                switch bytes[lineEnd] {
                case 0x0A, 0: throw fail("header line contains a bare LF or NUL", at: lineEnd)
                case UInt8(ascii: ":") where colon == nil: colon = lineEnd
                default: break
                }
                lineEnd += 1
            }
            guard lineEnd + 1 < bytes.count, bytes[lineEnd + 1] == 0x0A else {
                throw fail("header line does not end in CRLF", at: lineStart)
            }
            if bytes[lineStart] == 0x20 || bytes[lineStart] == 0x09 {
                throw fail("folded header lines are not allowed in multipart/form-data", at: lineStart)
            }
            guard let colon else { throw fail("header line without ':'", at: lineStart) }
            let name = UnsafeBufferPointer(rebasing: bytes[lineStart..<colon])
            guard !name.isEmpty, name.allSatisfy(MultipartEncoding.isTokenByte) else {
                throw fail("header name is not a token", at: lineStart)
            }
            var valueStart = colon + 1
            var valueEnd = lineEnd
            while valueStart < valueEnd, bytes[valueStart] == 0x20 || bytes[valueStart] == 0x09 { valueStart += 1 }
            while valueEnd > valueStart, bytes[valueEnd - 1] == 0x20 || bytes[valueEnd - 1] == 0x09 { valueEnd -= 1 }
            guard let value = String(validating: UnsafeBufferPointer(rebasing: bytes[valueStart..<valueEnd]), as: UTF8.self) else {
                throw MultipartError(
                    .malformedHeaders, "header value is not valid UTF-8", part: "#\(partIndex)", byteOffset: offset + valueStart)
            }
            fields.append(.init(name: String(decoding: name, as: UTF8.self), value: value))
            lineStart = lineEnd + 2
        }
        return fields
    }
}
