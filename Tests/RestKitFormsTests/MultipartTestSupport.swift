import RestKitForms

/// A part as a test sees it once parsed: headers and the whole body.
struct ParsedPart: Equatable {
    var headers: MultipartPartHeaders
    var body: [UInt8]
    /// How many body chunks the parser produced.
    var chunks: Int
}

/// Feeds `bytes` to a parser `chunkSize` bytes at a time and collects the parts.
func parseMultipart(
    _ bytes: [UInt8], boundary: String, chunkSize: Int, limits: MultipartParser.Limits = .default
) throws -> [ParsedPart] {
    var parser = MultipartParser(boundary: boundary, limits: limits)
    var parts: [ParsedPart] = []
    var open: ParsedPart?
    var ended = false
    func drain() throws {
        while true {
            switch try parser.read() {
            case .part(let headers):
                open = ParsedPart(headers: headers, body: [], chunks: 0)
            case .bodyChunk(let chunk):
                open?.body += chunk
                open?.chunks += 1
            case .partEnd:
                if let part = open { parts.append(part) }
                open = nil
            case .end:
                ended = true
                return
            case .needMoreData:
                return
            }
        }
    }
    var start = 0
    let step = Swift.max(chunkSize, 1)
    while start < bytes.count && !ended {
        parser.append(bytes[start..<Swift.min(start + step, bytes.count)])
        start += step
        try drain()
    }
    parser.finish()
    try drain()
    return parts
}

/// Deterministic pseudo-random bytes (xorshift), optionally salted with CR LF and dashes
/// so that near-boundaries appear in the content.
func testBytes(count: Int, seed: UInt64, nearBoundaries: String? = nil) -> [UInt8] {
    var state = seed | 1
    var bytes = (0..<count).map { _ -> UInt8 in
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return UInt8(truncatingIfNeeded: state)
    }
    if let nearBoundaries {
        // The delimiter minus its last character, then a byte no boundary here ends with.
        let near = Array("\r\n--\(nearBoundaries)".utf8.dropLast()) + [UInt8(ascii: "!")]
        var index = 7
        while index + near.count < bytes.count {
            bytes.replaceSubrange(index..<index + near.count, with: near)
            index += 97
        }
    }
    return bytes
}
