import Foundation
import RestKitCore
import Testing

@testable import RestKitForms

@Suite("Multipart parser")
struct MultipartParserTests {
    static let chunkSizes = [1, 2, 3, 7, 64, 4096, Int.max]
    static let boundary = "RK-test-boundary-0123"

    /// A form with every kind of part; returns the form and each part's expected content.
    static func sampleForm(directory: URL) throws -> (MultipartForm, [[UInt8]]) {
        var form = MultipartForm(boundary: boundary)
        let near = testBytes(count: 3000, seed: 7, nearBoundaries: boundary)
        let file = testBytes(count: 70_001, seed: 11, nearBoundaries: boundary)
        let stream = testBytes(count: 5000, seed: 13)
        let path = directory.appendingPathComponent("data file.bin").path
        try Data(file).write(to: URL(fileURLWithPath: path))
        form.append(field: "title", value: "Über \"quotes\"\r\nand lines")
        form.append(field: "empty", value: "")
        form.append(name: "near", data: near, filename: "ré\"sumé.dat", contentType: FileMediaTypes.octetStream)
        try form.appendFile(name: "upload", path: path)
        form.append(name: "stream", length: .known(stream.count), filename: "s.txt") {
            ArraySource(bytes: stream)
        }
        return (form, [Array("Über \"quotes\"\r\nand lines".utf8), [], near, file, stream])
    }

    @Test("writer → parser round trip", arguments: chunkSizes)
    func roundTrip(chunkSize: Int) throws {
        try withTemporaryDirectory { directory in
            var (form, contents) = try Self.sampleForm(directory: directory)
            let body = try form.makeBody()
            let bytes = try body.makeReader().readAll()
            #expect(body.length == .known(bytes.count))
            let parts = try parseMultipart(bytes, boundary: Self.boundary, chunkSize: chunkSize)
            #expect(parts.map(\.body) == contents)
            #expect(parts.map(\.headers.name) == ["title", "empty", "near", "upload", "stream"])
            #expect(parts.map(\.headers.filename) == [nil, nil, "ré\"sumé.dat", "data file.bin", "s.txt"])
            #expect(parts.map { $0.headers.contentType?.essence } == [
                nil, nil, "application/octet-stream", "application/octet-stream", "text/plain",
            ])
            #expect(parts[0].headers.name == "title")
        }
    }

    @Test("chunks are streamed, not buffered: a large part arrives in many chunks")
    func streamsChunks() throws {
        var form = MultipartForm(boundary: Self.boundary)
        form.append(name: "big", data: testBytes(count: 1 << 20, seed: 3), filename: "big.bin")
        let bytes = try form.makeBody().makeReader().readAll()
        let parts = try parseMultipart(bytes, boundary: Self.boundary, chunkSize: 65_536)
        #expect(parts.count == 1)
        #expect(parts[0].chunks >= 16)
        #expect(parts[0].body.count == 1 << 20)
    }

    @Test("preamble, transport padding and epilogue are ignored; empty header block accepted")
    func preambleAndEpilogue() throws {
        let text = "This is a preamble.\r\n--b  \t\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n"
            + "--b\r\n\r\nno headers\r\n--b--\r\nepilogue --b\r\n"
        for size in Self.chunkSizes {
            let parts = try parseMultipart(Array(text.utf8), boundary: "b", chunkSize: size)
            #expect(parts.map(\.body) == [Array("1".utf8), Array("no headers".utf8)])
            #expect(parts[0].headers.name == "a")
            #expect(parts[1].headers.fields.isEmpty)
        }
    }

    @Test("Content-Disposition decoding: quoted pairs, WHATWG escapes, filename* wins")
    func dispositionDecoding() throws {
        let text = "--b\r\n"
            + "content-disposition: Form-Data; name=\"a\\\"b%22c\"; filename=\"fallback.txt\"; filename*=UTF-8''%E2%82%AC%20rates.txt\r\n"
            + "Content-Type: text/plain; charset=UTF-8\r\nX-Extra:  spaced  \r\n\r\nx\r\n--b--"
        let parts = try parseMultipart(Array(text.utf8), boundary: "b", chunkSize: 5)
        let headers = try #require(parts.first?.headers)
        #expect(headers.disposition == "form-data")
        #expect(headers.name == "a\"b\"c")
        #expect(headers.filename == "€ rates.txt")
        #expect(headers.contentType?.parameters["charset"] == "utf-8")
        #expect(headers["x-extra"] == "spaced")
    }

    @Test("quoted names: quoted pairs (Go, Python) and a browser's backslash before the closing quote", arguments: [
        (#"name="a\""#, #"a\"#),                     // a browser's name `a\` (WHATWG leaves `\` as is)
        (#"name="a\" ; filename="f""#, #"a\"#),      // the same, more parameters after it
        (#"name="a\\""#, #"a\"#),                    // Go's or RestKit's `a\`
        (#"name="say \"hi\" now""#, #"say "hi" now"#),
        (#"name="C:\dir\x.txt""#, #"C:\dir\x.txt"#),   // other backslashes are themselves
        (#"name="a\"b"; x=1"#, #"a"b"#),               // a quoted quote, not the end
        (#"name="unterminated\"#, #"unterminated\"#),
    ])
    func quotedNames(disposition: String, expected: String) throws {
        let text = "--b\r\nContent-Disposition: form-data; \(disposition)\r\n\r\nx\r\n--b--"
        for size in [1, 3, 64] {
            let parts = try parseMultipart(Array(text.utf8), boundary: "b", chunkSize: size)
            #expect(parts.map(\.headers.name) == [expected])
        }
    }

    @Test("filename* (still read, never written): charsets, and filename when it does not decode", arguments: [
        ("UTF-8''%E2%82%AC%20rates.txt", "€ rates.txt"),
        ("utf-8'en'caf%c3%a9.txt", "café.txt"),
        ("ISO-8859-1''caf%E9.txt", "café.txt"),
        ("UTF-8''bad%G1.txt", "fallback.txt"),       // malformed escape
        ("UTF-8''cut%E2%8", "fallback.txt"),         // truncated escape
        ("UTF-8''%FF.txt", "fallback.txt"),          // not UTF-8
        ("KOI8-R''x.txt", "fallback.txt"),           // unknown charset
        ("no-quotes.txt", "fallback.txt"),           // not charset'language'value
    ])
    func extendedFilename(parameter: String, expected: String) throws {
        let text = "--b\r\nContent-Disposition: form-data; name=\"f\"; filename=\"fallback.txt\"; filename*=\(parameter)\r\n\r\nx\r\n--b--"
        let parts = try parseMultipart(Array(text.utf8), boundary: "b", chunkSize: 7)
        #expect(parts.first?.headers.filename == expected)
    }

    static func parseError(_ text: String, boundary: String = "b", limits: MultipartParser.Limits = .default)
        -> MultipartError?
    {
        for size in chunkSizes {
            do {
                _ = try parseMultipart(Array(text.utf8), boundary: boundary, chunkSize: size, limits: limits)
            } catch let error as MultipartError {
                if size == Int.max { return error }
            } catch {
                return nil
            }
        }
        return nil
    }

    @Test("errors name the kind and byte offset")
    func errors() throws {
        let wrong = try #require(Self.parseError("--other\r\n\r\nx\r\n--other--", boundary: "expected"))
        #expect(wrong.errorType == .wrongBoundary)
        #expect(wrong.byteOffset == 0)
        #expect(wrong.description.contains("--other"))

        let missing = try #require(Self.parseError("no boundary at all"))
        #expect(missing.errorType == .missingBoundary)

        let truncatedBody = try #require(Self.parseError("--b\r\nContent-Disposition: form-data; name=f\r\n\r\nhalf a bo"))
        #expect(truncatedBody.errorType == .truncated)
        #expect(truncatedBody.part == "f")
        #expect(truncatedBody.byteOffset == 56)  // the end of the input

        let truncatedHeaders = try #require(Self.parseError("--b\r\nContent-Disposition: form"))
        #expect(truncatedHeaders.errorType == .truncated)

        let afterBoundary = try #require(Self.parseError("--b\r\nA: 1\r\n\r\nx\r\n--b"))
        #expect(afterBoundary.errorType == .truncated)

        let noColon = try #require(Self.parseError("--b\r\nA: 1\r\nBroken header\r\n\r\nx\r\n--b--"))
        #expect(noColon.errorType == .malformedHeaders)
        #expect(noColon.byteOffset == 11)

        let junk = try #require(Self.parseError("--bX\r\n\r\n"))
        #expect(junk.errorType == .malformedHeaders)
        #expect(junk.byteOffset == 3)

        let badUTF8 = Self.parseError("--b\r\nA: \u{FFFD}\r\n\r\n\r\n--b--")
        #expect(badUTF8 == nil)  // U+FFFD itself is valid UTF-8
    }

    @Test("limits on header size and part count")
    func limits() throws {
        let big = "--b\r\nX: " + String(repeating: "a", count: 200) + "\r\n\r\nx\r\n--b--"
        let headerError = try #require(
            Self.parseError(big, limits: .init(maximumHeaderBytes: 100, maximumParts: 10)))
        #expect(headerError.errorType == .limitExceeded)

        let many = String(repeating: "--b\r\n\r\nx\r\n", count: 4) + "--b--"
        let partsError = try #require(Self.parseError(many, limits: .init(maximumHeaderBytes: 100, maximumParts: 3)))
        #expect(partsError.errorType == .limitExceeded)
        #expect(partsError.description.contains("more than 3 parts"))
    }

    /// The `multipart` fuzz target found 18 KB that took 2 s: with small chunks each `read()`
    /// searched the whole header block (and a preamble) again for its end. Counted in bytes the
    /// searches look at, not in time: about once each, at every chunk size.
    @Test("a preamble and headers that come in small chunks are searched once", arguments: [1, 2, 5, 100])
    func headersInSmallChunks(chunkSize: Int) throws {
        let preamble = String(repeating: "a preamble line\r\n", count: 500)
        let headers = (0..<450).map { "X-Header-\($0): value \($0)\r\n" }.joined()
        let text = preamble + "\r\n--b\r\nContent-Disposition: form-data; name=\"f\"\r\n" + headers + "\r\nbody\r\n--b--"
        let bytes = Array(text.utf8)
        var parser = MultipartParser(boundary: "b")
        var events: [MultipartParser.Event] = []
        for start in stride(from: 0, to: bytes.count, by: chunkSize) {
            parser.append(bytes[start..<min(start + chunkSize, bytes.count)])
            while case let event = try parser.read(), event != .needMoreData, event != .end { events.append(event) }
        }
        parser.finish()
        while case let event = try parser.read(), event != .needMoreData, event != .end { events.append(event) }
        guard case .part(let part) = events.first else {
            Issue.record("no part: \(events.prefix(3))")
            return
        }
        #expect(part.name == "f")
        #expect(part.fields.count == 451)
        let body = events.dropFirst().flatMap { event -> [UInt8] in if case .bodyChunk(let chunk) = event { Array(chunk) } else { [] } }
        #expect(body == Array("body".utf8))
        // A search that resumes looks again at the few bytes a match could start in (under
        // the needle's length); searching from the start each time looked at about 10^8.
        #expect(parser.searchedBytes < 8 * bytes.count, "\(parser.searchedBytes) bytes searched for \(bytes.count) bytes of input")
    }

    @Test("invalid UTF-8 in a header value is malformed")
    func invalidUTF8() throws {
        var bytes = Array("--b\r\nX: ".utf8) + [0xFF, 0xFE] + Array("\r\n\r\nx\r\n--b--".utf8)
        #expect {
            _ = try parseMultipart(bytes, boundary: "b", chunkSize: 3)
        } throws: { ($0 as? MultipartError)?.errorType == .malformedHeaders }
        bytes.removeAll()
    }
}

/// A `BodySource` over an array.
struct ArraySource: BodySource {
    let bytes: [UInt8]
    var offset = 0

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(buffer.count, bytes.count - offset)
        bytes.withUnsafeBytes { source in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + count]))
        }
        offset += count
        return count
    }
}

/// Runs `body` with a fresh temporary directory, removed afterwards.
func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("restkit-forms-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory)
}
