import FuzzSupport
import RestKitCore
import RestKitForms

/// Every form target this executable serves.
let formsTargets: [FuzzTarget] = [
    FuzzTarget(
        name: "urlencoded-flat", summary: "URLEncodedParser, flat keys",
        dictionary: "urlencoded", seeds: { urlEncodedSeeds }, check: { bytes in parseAndWalk(bytes, URLEncodedParser(keyMode: .flat)) }),
    FuzzTarget(
        name: "urlencoded-nested", summary: "URLEncodedParser, nested (Rack) keys; the input also as a URL's query",
        dictionary: "urlencoded", seeds: { urlEncodedSeeds }, check: checkNested),
    FuzzTarget(
        name: "multipart", summary: "MultipartParser with a fuzzer-chosen boundary, fed in fuzzer-chosen chunks",
        dictionary: "multipart", seeds: multipartSeeds, check: checkMultipart),
    FuzzTarget(
        name: "urlencoded-roundtrip", summary: "parse → URLEncodedSerializer → parse is the identity (nested with indices, flat with repeated keys)",
        dictionary: "urlencoded", seeds: { urlEncodedSeeds }, check: checkURLEncodedRoundTrip),
    FuzzTarget(
        name: "multipart-roundtrip", summary: "fuzzer-chosen fields → MultipartSerializer → MultipartParser in chunks gives the same fields",
        dictionary: "multipart", seeds: multipartRoundTripSeeds, check: checkMultipartRoundTrip),
]

/// Form bodies with nesting, arrays, escapes, `+`, bare keys and a few malformed ones.
let urlEncodedSeeds: [[UInt8]] = [
    "user[name]=Blake+Watters&tags[]=a&tags[]=b&page=2", "a=1&a=2&b", "items[][id]=1&items[][id]=2&items[0][x]=3",
    "a[b][c][d]=%C3%A9%20x&a[b][e]=", "=v&&k=%zz", "a=1&a[]=2", "x%5By%5D=1&q=%F0%9F%98%80", "/views/thing/?keyA=valA&keyB=valB#top",
    "a[0][b][]=1&a[1]=2", "k=v;w=x",
].map { Array($0.utf8) }

/// Parses with `parser`; on success reads the whole value.
private func parseAndWalk(_ bytes: [UInt8], _ parser: URLEncodedParser) {
    if let value = try? parser.parse(bytes) { FuzzCheck.walk(value) }
}

/// Nested keys, with and without `indicesFormArrays`, and the input as a URL or path with a query.
private func checkNested(_ bytes: [UInt8]) {
    parseAndWalk(bytes, URLEncodedParser())
    parseAndWalk(bytes, URLEncodedParser(indicesFormArrays: false))
    if let value = try? URLEncodedParser().parse(queryOf: String(decoding: bytes, as: UTF8.self)) { FuzzCheck.walk(value) }
}

/// A boundary from the input: one length byte (1…70, RFC 2046's range), then that many bytes.
private func boundary(from input: inout FuzzInput) -> String {
    let length = Int(input.byte() % 70) + 1
    return String(decoding: (0..<length).map { _ in input.byte() }, as: UTF8.self)
}

/// The input header that ``boundary(from:)`` reads back as `boundary`.
private func boundaryHeader(_ boundary: String) -> [UInt8] {
    [UInt8(boundary.utf8.count - 1)] + Array(boundary.utf8)
}

/// What a multipart parse produced: each part's headers and body, and the error it ended with.
private struct MultipartOutcome: CustomStringConvertible {
    var parts: [(headers: MultipartPartHeaders, body: [UInt8])] = []
    var error: MultipartError?

    var description: String {
        let parts = parts.map { "\($0.headers.name ?? "-")=\(FuzzCheck.printable($0.body))" }
        return "parts \(parts) error \(error.map { "\($0)" } ?? "none")"
    }
}

/// Feeds `body` to a `MultipartParser` in `sizes`-sized chunks, reading every event.
private func parseMultipart(_ body: [UInt8], boundary: String, sizes: [Int]) -> MultipartOutcome {
    var parser = MultipartParser(boundary: boundary)
    var outcome = MultipartOutcome()
    func drain() throws(MultipartError) -> Bool {
        while true {
            switch try parser.read() {
            case .part(let headers): outcome.parts.append((headers, []))
            case .bodyChunk(let bytes):
                if outcome.parts.isEmpty { FuzzCheck.mismatch("a body chunk before any part", input: body) }
                outcome.parts[outcome.parts.count - 1].body += bytes
            case .partEnd: continue
            case .end: return true
            case .needMoreData: return false
            }
        }
    }
    do {
        for chunk in chunks(of: body, sizes: sizes) {
            parser.append(chunk)
            if try drain() { return outcome }
        }
        parser.finish()
        if !(try drain()) { FuzzCheck.mismatch("needMoreData after finish()", input: body) }
    } catch {
        outcome.error = error
    }
    return outcome
}

/// A body that starts with its boundary and holds two parts (one file), behind headers.
private func multipartSeeds() -> [[UInt8]] {
    let bodies = [
        "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--XyZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"x.txt\"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--XyZ--\r\n",
        "preamble\r\n--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n--XyZ-\r\n--XyZ--",
        "--XyZ\r\n\r\n\r\n--XyZ--\r\nepilogue",
    ]
    return [[1], [3, 1], [256]].flatMap { sizes in bodies.map { boundaryHeader("XyZ") + FuzzInput.chunkHeader(sizes) + Array($0.utf8) } }
}

/// Boundary, chunk sizes, then the body.
private func checkMultipart(_ bytes: [UInt8]) {
    var input = FuzzInput(bytes)
    let boundary = boundary(from: &input)
    let sizes = input.chunkSizes()
    for part in parseMultipart(input.rest(), boundary: boundary, sizes: sizes).parts {
        _ = (part.headers.name, part.headers.filename, part.headers.contentType, part.headers.disposition)
    }
}

/// Parse → serialize → parse: nested keys written with indices (the unambiguous array style),
/// or flat keys written as repeated keys; the input's length picks the mode and the spelling
/// of spaces and booleans. Rule: forms with a nested member name holding `[` or `]`, or an
/// array or object under a top-level name with an unclosed `[`, are not compared (the
/// serializer refuses them).
private func checkURLEncodedRoundTrip(_ bytes: [UInt8]) {
    let flat = bytes.count % 2 == 1
    let parser = URLEncodedParser(keyMode: flat ? .flat : .nested)
    guard let value = try? parser.parse(bytes) else { return }
    let options = URLEncodedSerializer.Options(
        arrayStyle: flat ? .repeatedKey : .indices, spaceEncoding: bytes.count % 4 < 2 ? .percent20 : .plus)
    let written: [UInt8]
    do { written = try URLEncodedSerializer(options: options).write(value) } catch {
        // Rule: malformed bracket keys give, as in Rack, a member name holding `]` (`a[b]c]` →
        // `c]`) or a top-level name ending in `[` (`a[=1&a[=2` → `a[`: two values), which the
        // serializer refuses (what it wrote would read back as other keys).
        if error.errorType == .unsupportedShape, error.reason.contains("holds '[' or ']'") || error.reason.contains("unclosed '['") {
            return
        }
        FuzzCheck.mismatch("a parsed form cannot be written: \(error)\n value: \(value)", input: bytes)
    }
    let again = capture { try parser.parse(written) }
    guard case .success(let reparsed) = again, reparsed == value else {
        FuzzCheck.mismatch(
            "parse → write → parse changed the form (\(flat ? "flat" : "nested"))\n first: \(value)\n written: \(FuzzCheck.printable(written))\n again: \(FuzzCheck.describe(again))",
            input: bytes)
    }
}

/// Boundary, chunk sizes, then fields as `name \0 value \0 name \0 value …`.
private func multipartRoundTripSeeds() -> [[UInt8]] {
    let fields = ["q\0swift\0page\02", "name\0Blake \"W\"\0bio\0line 1\r\nline 2\r\n--not\0e\0", "f\u{E9}\0\u{1F600}"]
    return [[1], [7, 2], [256]].flatMap { sizes in
        fields.map { boundaryHeader("RestKit-1234") + FuzzInput.chunkHeader(sizes) + Array($0.utf8) }
    }
}

/// Whether `name` holds `%22`, `%0D` or `%0A` (any case), byte by byte.
private func holdsNameEscape(_ name: String) -> Bool {
    let bytes = name.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
    let escapes: [[UInt8]] = [Array("%22".utf8), Array("%0d".utf8), Array("%0a".utf8)]
    return escapes.contains { escape in bytes.indices.contains { bytes[$0...].starts(with: escape) } }
}

/// Fields written by `MultipartSerializer` with the fuzzer's boundary (when the serializer
/// accepts it) read back by `MultipartParser` in chunks as the same names and values, in order.
/// Rule: names that contain `%22`, `%0D` or `%0A` are skipped (the WHATWG name encoding that
/// both sides implement is ambiguous for them, see `MultipartPartHeaders`).
private func checkMultipartRoundTrip(_ bytes: [UInt8]) {
    var input = FuzzInput(bytes)
    let boundary = boundary(from: &input)
    let sizes = input.chunkSizes()
    let pieces = input.rest().split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    var fields: OrderedDictionary<String, Representation> = [:]
    for index in stride(from: 0, to: pieces.count - 1, by: 2) { fields[pieces[index]] = .string(pieces[index + 1]) }
    // Names are written the WHATWG way (`"`, CR, LF as `%22`, `%0D`, `%0A`, `%` itself as is),
    // so a name already holding one of those escapes reads back decoded: not comparable.
    // Compared as bytes: `String.contains` compares Characters, so `%22` followed by a
    // combining mark (one Character `2̨`) was not found and such a name was compared (a
    // campaign finding in this target, not in the library).
    if fields.keys.contains(where: holdsNameEscape) { return }
    guard let body = try? MultipartSerializer(boundary: boundary).serialize(.object(fields)) else { return }
    let outcome = parseMultipart(body, boundary: boundary, sizes: sizes)
    let read = outcome.parts.map { ($0.headers.name ?? "", String(decoding: $0.body, as: UTF8.self)) }
    let expected = fields.map { ($0.key, $0.value.stringValue ?? "") }
    if outcome.error != nil || !read.elementsEqual(expected, by: ==) {
        FuzzCheck.mismatch(
            "multipart write → read changed the fields (boundary \(boundary.debugDescription), chunks \(sizes))\n written: \(expected)\n read: \(outcome)\n body: \(FuzzCheck.printable(body))",
            input: bytes)
    }
}
