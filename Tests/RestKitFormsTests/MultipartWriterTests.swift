import Foundation
import RestKitCore
import Testing

@testable import RestKitForms

@Suite("Multipart writer")
struct MultipartWriterTests {
    static let boundary = "XyZzy-fixed"

    @Test("text fields and data, byte for byte")
    func smallBodyBytes() throws {
        var form = MultipartForm(boundary: Self.boundary)
        form.append(field: "title", value: "Holiday ☀")
        form.append(name: "meta", data: Array("{}".utf8), contentType: .json, headers: [(name: "X-Note", value: "n")])
        form.append(name: "file", data: [0, 1, 2], filename: "a.bin", contentType: FileMediaTypes.octetStream)
        let body = try form.makeBody()
        let bytes = try body.makeReader().readAll()
        let expected = "--XyZzy-fixed\r\n"
            + "Content-Disposition: form-data; name=\"title\"\r\n\r\n"
            + "Holiday ☀\r\n"
            + "--XyZzy-fixed\r\n"
            + "Content-Disposition: form-data; name=\"meta\"\r\n"
            + "Content-Type: application/json\r\n"
            + "X-Note: n\r\n\r\n"
            + "{}\r\n"
            + "--XyZzy-fixed\r\n"
            + "Content-Disposition: form-data; name=\"file\"; filename=\"a.bin\"\r\n"
            + "Content-Type: application/octet-stream\r\n\r\n"
            + "\u{0}\u{1}\u{2}\r\n"
            + "--XyZzy-fixed--\r\n"
        #expect(bytes == Array(expected.utf8))
        #expect(body.length == .known(bytes.count))
        #expect(body.contentType?.description == "multipart/form-data; boundary=XyZzy-fixed")
    }

    @Test("parts are values: changing one copy of a part or a form leaves the others as they were")
    func partsAreValues() throws {
        var form = MultipartForm(boundary: "b")
        form.append(field: "title", value: "x")
        form.append(name: "file", data: [1, 2], filename: "a.bin")
        let before = form
        var part = form.parts[0]
        part.name = "renamed"
        part.headers.append((name: "X-A", value: "1"))
        form.parts[1].filename = "b.bin"
        form.parts[1].contentType = .json
        #expect(part.name == "renamed" && form.parts[0].name == "title" && form.parts[0].headers.isEmpty)
        #expect(before.parts[1].filename == "a.bin" && before.parts[1].contentType == FileMediaTypes.octetStream)
        #expect(form.parts[1].filename == "b.bin" && form.parts[1].contentType == .json)
        #expect(form.parts.map(\.length) == [.known(1), .known(2)])
        var original = before
        let text = String(decoding: try original.makeBody().makeReader().readAll(), as: UTF8.self)
        #expect(text.contains("filename=\"a.bin\"") && text.contains("application/octet-stream") && !text.contains("renamed"))
        var changed = form
        let changedText = String(decoding: try changed.makeBody().makeReader().readAll(), as: UTF8.self)
        #expect(changedText.contains("filename=\"b.bin\"\r\nContent-Type: application/json\r\n"))
    }

    @Test("empty form is just the close delimiter")
    func emptyForm() throws {
        var form = MultipartForm(boundary: "b")
        let body = try form.makeBody()
        #expect(try body.makeReader().readAll() == Array("--b--\r\n".utf8))
        #expect(body.length == .known(7))
    }

    @Test("name and filename escaping (WHATWG), raw UTF-8, never filename* (RFC 7578 §4.2)")
    func escaping() throws {
        var form = MultipartForm(boundary: "b")
        form.append(name: "a\"b\r\nc", data: [], filename: "ré\"sumé\n.pdf", contentType: .plainText)
        form.append(name: "ü", data: [], filename: "日本語 😀.txt", contentType: nil)
        let bytes = try form.makeBody().makeReader().readAll()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("Content-Disposition: form-data; name=\"a%22b%0D%0Ac\"; filename=\"ré%22sumé%0A.pdf\"\r\n"))
        #expect(text.contains("Content-Disposition: form-data; name=\"ü\"; filename=\"日本語 😀.txt\"\r\n"))
        #expect(!text.contains("filename*"))
        // The parser reads the names back.
        let parts = try parseMultipart(bytes, boundary: "b", chunkSize: 3)
        #expect(parts.map(\.headers.name) == ["a\"b\r\nc", "ü"])
        #expect(parts.map(\.headers.filename) == ["ré\"sumé\n.pdf", "日本語 😀.txt"])
    }

    /// Fuzzing finding: the name `a\` was written `name="a\"` and read back as `a"` (the
    /// parser took `\"` for a quoted pair and lost the closing quote).
    @Test("a backslash is written as a quoted pair and every name with backslashes reads back", arguments: [
        "a\\", "\\", "\\\\", "a\\\"b", "a\\\";b", "C:\\dir\\file.txt", "\\\u{301}", "x\\\r\n",
    ])
    func backslashes(name: String) throws {
        var form = MultipartForm(boundary: "b")
        form.append(name: name, data: Array("v".utf8), filename: name, contentType: nil)
        let bytes = try form.makeBody().makeReader().readAll()
        let doubled = String(decoding: MultipartEncoding.escapeQuoted(name).utf8, as: UTF8.self)
        #expect(String(decoding: bytes, as: UTF8.self).contains("name=\"\(doubled)\"; filename=\"\(doubled)\""))
        for size in [1, 2, 3, 7, 64] {
            let parts = try parseMultipart(bytes, boundary: "b", chunkSize: size)
            #expect(parts.map(\.headers.name) == [name])
            #expect(parts.map(\.headers.filename) == [name])
        }
    }

    @Test("boundary search: at the start, at the very end, cut by the end, after near misses")
    func boundaryOccurrence() {
        let needle = Array("--ab".utf8)
        func occurs(_ text: String) -> Bool { MultipartBoundary.Search(needle).occurs(in: Array(text.utf8)) }
        #expect(occurs("--ab"))
        #expect(occurs("--abxyz"))
        #expect(occurs("xyz--ab"))
        #expect(occurs("---a--a---ab"))
        #expect(!occurs("xyz--a"))
        #expect(!occurs("-"))
        #expect(!occurs(""))
        #expect(!occurs("--aB--Ab-ab"))
        var large = [UInt8](repeating: UInt8(ascii: "-"), count: 1 << 20)
        #expect(!MultipartBoundary.Search(needle).occurs(in: large))
        large.replaceSubrange((large.count - 4)..., with: needle)
        #expect(MultipartBoundary.Search(needle).occurs(in: large))
        // Text full of the byte memchr looks for ("R", the first that is not "-"): the search
        // goes on with Horspool and still finds a match at the very end, or none.
        let boundary = Array("--RestKit-0123".utf8)
        var common = Array(repeating: Array("RestKit-012 R".utf8), count: 4_000).flatMap { $0 }
        #expect(!MultipartBoundary.Search(boundary).occurs(in: common))
        common.append(contentsOf: boundary)
        #expect(MultipartBoundary.Search(boundary).occurs(in: common))
        #expect(!MultipartBoundary.Search(boundary).occurs(in: Array(common.dropLast())))
    }

    @Test("boundary search agrees with a naive search on random text over small alphabets")
    func boundaryOccurrenceMatchesNaiveSearch() {
        func naive(_ needle: [UInt8], _ haystack: [UInt8]) -> Bool {
            guard haystack.count >= needle.count else { return false }
            return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
        }
        for round in 0..<2_000 {
            // Letters from an alphabet of 2 to 4, so that near and full matches are common.
            let alphabet = Array("ab-c".utf8)
            let size = UInt8(2 + round % 3)
            func text(_ count: Int, seed: UInt64) -> [UInt8] {
                testBytes(count: count, seed: seed).map { alphabet[Int($0 % size)] }
            }
            let needle = text(1 + round % 6, seed: UInt64(round) * 2 + 1)
            // Every third haystack is long enough for the search to leave memchr for Horspool
            // (more than one hit of its key byte in 16 bytes), often past a near match.
            let haystack = text(round % 3 == 0 ? round % 400 : round % 40, seed: UInt64(round) * 2 + 2)
            #expect(MultipartBoundary.Search(needle).occurs(in: haystack) == naive(needle, haystack), "\(needle) in \(haystack)")
        }
    }

    @Test("the quoted pair is the one addition to the WHATWG escapes")
    func backslashEscape() {
        #expect(MultipartEncoding.escapeQuoted("a\\b") == "a\\\\b")
        #expect(MultipartEncoding.escapeQuoted("\"\\\r") == "%22\\\\%0D")
        #expect(MultipartEncoding.escapeQuoted("plain %5C") == "plain %5C")
    }

    @Test("CR or LF in a header value is rejected, naming the part")
    func headerInjection() throws {
        var form = MultipartForm(boundary: "b")
        form.append(field: "x", value: "v", headers: [(name: "X-Evil", value: "a\r\nContent-Type: text/html")])
        #expect {
            _ = try form.makeBody()
        } throws: { error in
            let error = try #require(error as? MultipartError)
            return error.errorType == .invalidHeader && error.part == "x"
        }
        var typed = MultipartForm(boundary: "b")
        typed.append(name: "y", data: [], contentType: MediaType(type: "text", subtype: "plain", parameters: ["x": "a\nb"]))
        #expect(throws: MultipartError.self) { _ = try typed.makeBody() }
        // A type without parameters is written in place, and checked the same way.
        for (type, subtype) in [("text", "pla\r\nin"), ("te\nxt", "plain"), ("text", "pl\0ain")] {
            var bare = MultipartForm(boundary: "b")
            bare.append(name: "z", data: [1], contentType: MediaType(type: type, subtype: subtype))
            #expect(throws: MultipartError.self, "\(type)/\(subtype)") { _ = try bare.makeBody() }
        }
    }

    @Test("a fixed boundary found in content is an error; a random one is regenerated")
    func boundaryCollision() throws {
        var fixed = MultipartForm(boundary: "abc")
        fixed.append(field: "f", value: "xxabcxx")
        #expect {
            _ = try fixed.makeBody()
        } throws: { ($0 as? MultipartError)?.errorType == .boundaryInContent }

        var random = MultipartForm()
        let first = random.boundary
        random.append(field: "f", value: "before \(first) after")
        let body = try random.makeBody()
        #expect(random.boundary != first)
        #expect(random.boundary.utf8.count >= 8 + 32)
        #expect(body.contentType?.parameters["boundary"] == random.boundary)
    }

    @Test("invalid fixed boundaries are refused")
    func invalidBoundary() {
        for boundary in ["", String(repeating: "a", count: 71), "a\"b", "trailing "] {
            var form = MultipartForm(boundary: boundary)
            #expect(throws: MultipartError.self) { _ = try form.makeBody() }
        }
    }

    @Test("MIME types from extensions")
    func mimeTypes() {
        #expect(FileMediaTypes.mediaType(forPath: "/a/b/photo.JPG").essence == "image/jpeg")
        #expect(FileMediaTypes.mediaType(forPath: "x.tar.gz").essence == "application/gzip")
        #expect(FileMediaTypes.mediaType(forPath: "noext").essence == "application/octet-stream")
        #expect(FileMediaTypes.mediaType(forPath: ".bashrc").essence == "application/octet-stream")
        #expect(FileMediaTypes.table.count >= 40)
    }

    @Test("registry serializer writes scalar fields, arrays as repeated fields")
    func serializer() throws {
        let value: Representation = ["q": "swift", "page": 2, "ok": true, "tags": ["a", "b"], "none": .null]
        let (bytes, contentType) = try MultipartSerializer(boundary: "ZZ").serializeForm(value)
        let text = String(decoding: bytes, as: UTF8.self)
        let part = { (name: String, value: String) in
            "--ZZ\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
        }
        #expect(text == part("q", "swift") + part("page", "2") + part("ok", "true") + part("tags", "a")
            + part("tags", "b") + "--ZZ--\r\n")
        #expect(contentType.parameters["boundary"] == "ZZ")
        #expect(throws: SerializationError.self) { _ = try MultipartSerializer().serialize(["o": ["k": 1]]) }
        #expect(throws: SerializationError.self) { _ = try MultipartSerializer().serialize([1, 2]) }
    }
}
