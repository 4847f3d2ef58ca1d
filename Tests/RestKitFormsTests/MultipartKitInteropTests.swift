import Foundation
import MultipartKit
import NIOCore
import RestKitCore
import Testing

@testable import RestKitForms

/// Cross-checks with vapor/multipart-kit, the multipart implementation Vapor applications use:
/// it parses (and decodes into Codable models) the bodies we write, and we parse the bodies
/// it writes, at every chunk size.
@Suite("Multipart interoperability with multipart-kit")
struct MultipartKitInteropTests {
    /// Bytes 0...255 repeated, with a line that looks like a boundary delimiter inside.
    static let fileBytes: [UInt8] = Array((0...255).map(UInt8.init)) + Array("\r\n--not-the-boundary\r\n".utf8)
        + Array(repeating: 0xFF, count: 300)

    /// A part as multipart-kit's parser saw it.
    struct KitPart {
        var headers: [(String, String)] = []
        var body: [UInt8] = []

        func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }
    }

    /// Our body, fed to multipart-kit's `MultipartParser` in `chunkSize` pieces.
    static func kitParse(_ body: [UInt8], boundary: String, chunkSize: Int) throws -> [KitPart] {
        let parser = MultipartKit.MultipartParser(boundary: boundary)
        var parts: [KitPart] = []
        var current = KitPart()
        parser.onHeader = { name, value in current.headers.append((name, value)) }
        parser.onBody = { buffer in current.body += buffer.readBytes(length: buffer.readableBytes) ?? [] }
        parser.onPartComplete = {
            parts.append(current)
            current = KitPart()
        }
        var start = 0
        while start < body.count {
            let end = min(start + chunkSize, body.count)
            try parser.execute(Array(body[start..<end]))
            start = end
        }
        return parts
    }

    static func ourForm() -> MultipartForm {
        var form = MultipartForm()
        form.append(field: "user[name]", value: "Zoë Ångström")
        form.append(field: "user[age]", value: "36")
        form.append(field: "tags[]", value: "swift")
        form.append(field: "tags[]", value: "server")
        form.append(field: "note", value: "two\r\nlines, and a \"quote\"")
        form.append(name: "avatar", data: fileBytes, filename: "photo of me.png", contentType: try? MediaType("image/png"))
        return form
    }

    @Test("multipart-kit's parser reads our body: names, filenames, types, bytes", arguments: [1, 7, 64, 4096])
    func kitParsesOurBody(chunkSize: Int) throws {
        var form = Self.ourForm()
        let body = try form.makeBody().makeReader().readAll()
        let parts = try Self.kitParse(body, boundary: form.boundary, chunkSize: chunkSize)
        #expect(parts.count == 6)
        let dispositions = parts.map { $0.header("Content-Disposition") ?? "" }
        #expect(dispositions.prefix(5).map { $0.contains("form-data") } == [true, true, true, true, true])
        #expect(parts.prefix(5).map { String(decoding: $0.body, as: UTF8.self) } == [
            "Zoë Ångström", "36", "swift", "server", "two\r\nlines, and a \"quote\"",
        ])
        let file = try #require(parts.last)
        #expect(file.body == Self.fileBytes)
        #expect(file.header("Content-Type") == "image/png")
        #expect(file.header("Content-Disposition")?.contains(#"filename="photo of me.png""#) == true)
    }

    /// A file part as a Codable field, the way Vapor's `File` is one: multipart-kit's decoder
    /// hands a `MultipartPartConvertible` its whole part.
    struct Attachment: Decodable, MultipartPartConvertible {
        var part: MultipartKit.MultipartPart
        var multipart: MultipartKit.MultipartPart? { part }
        init?(multipart: MultipartKit.MultipartPart) { part = multipart }
        /// Only reached when the value is not a part (the decoder builds `Attachment`s from parts).
        init(from decoder: any Decoder) throws {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a file part"))
        }
    }

    struct Signup: Decodable {
        struct User: Decodable {
            var name: String
            var age: Int
        }
        var user: User
        var tags: [String]
        var note: String
        var avatar: Attachment
    }

    @Test("multipart-kit's FormDataDecoder decodes our Rails-style names into nested Codable models")
    func kitDecodesOurNestedNames() throws {
        var form = Self.ourForm()
        let body = try form.makeBody().makeReader().readAll()
        let signup = try FormDataDecoder().decode(Signup.self, from: body, boundary: form.boundary)
        #expect(signup.user.name == "Zoë Ångström")
        #expect(signup.user.age == 36)
        #expect(signup.tags == ["swift", "server"])
        #expect(signup.note == "two\r\nlines, and a \"quote\"")
        #expect(Array(buffer: signup.avatar.part.body) == Self.fileBytes)
        #expect(signup.avatar.part.headers.first(name: "Content-Type") == "image/png")
    }

    struct Profile: Encodable {
        struct Address: Encodable {
            var city: String
            var zip: String
        }
        var name: String
        var address: Address
        var languages: [String]
        var bio: String
    }

    @Test("our parser reads a body multipart-kit's FormDataEncoder writes (nested and repeated names)", arguments: [1, 3, 64, Int.max])
    func weParseKitEncoderBody(chunkSize: Int) throws {
        let profile = Profile(
            name: "Zoë", address: .init(city: "Zürich", zip: "8001"), languages: ["de", "en"], bio: "line one\r\nline two")
        let boundary = "kit-boundary-7f3a"
        let body = Array(try FormDataEncoder().encode(profile, boundary: boundary).utf8)
        let parts = try parseMultipart(body, boundary: boundary, chunkSize: chunkSize)
        let pairs = parts.map { "\($0.headers.name ?? "")=\(String(decoding: $0.body, as: UTF8.self))" }
        // multipart-kit names array elements by index (`languages[0]`), where Rails-style
        // writers (ours, browsers' forms) repeat `languages[]`; its decoder reads both.
        #expect(Set(pairs) == [
            "name=Zoë", "address[city]=Zürich", "address[zip]=8001", "languages[0]=de", "languages[1]=en",
            "bio=line one\r\nline two",
        ])
        #expect(pairs.count == 6)
    }

    @Test("our parser reads parts multipart-kit's serializer writes: files, types, binary bodies", arguments: [1, 5, 100, Int.max])
    func weParseKitSerializerBody(chunkSize: Int) throws {
        let boundary = "----KitBoundary\(chunkSize)"
        let kitParts = [
            MultipartKit.MultipartPart(headers: ["Content-Disposition": #"form-data; name="title""#], body: "Report Q3"),
            MultipartKit.MultipartPart(
                headers: [
                    "Content-Disposition": #"form-data; name="file"; filename="report.pdf""#,
                    "Content-Type": "application/pdf",
                ],
                body: ByteBuffer(bytes: Self.fileBytes)),
            MultipartKit.MultipartPart(headers: ["Content-Disposition": #"form-data; name="empty""#], body: ""),
        ]
        // Into a ByteBuffer: the String form would not carry the file's bytes (not UTF-8).
        var buffer = ByteBuffer()
        try MultipartKit.MultipartSerializer().serialize(parts: kitParts, boundary: boundary, into: &buffer)
        let body = Array(buffer: buffer)
        let parts = try parseMultipart(body, boundary: boundary, chunkSize: chunkSize)
        #expect(parts.map(\.headers.name) == ["title", "file", "empty"])
        #expect(parts.map(\.headers.filename) == [nil, "report.pdf", nil])
        #expect(parts[1].headers.contentType?.essence == "application/pdf")
        #expect(parts.map(\.body) == [Array("Report Q3".utf8), Self.fileBytes, []])
    }
}
