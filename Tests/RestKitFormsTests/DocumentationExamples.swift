import Foundation
import RestKitCore
import RestKitTestSupport
import Testing

@testable import RestKitForms

// The code of the DocC article "Forms and large uploads", compiled and checked here.

struct FormsDocumentationExamples {
    @Test("a multipart body with a file streamed from disk, an exact length, and read back")
    func multipartBody() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("restkit-doc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let photoPath = directory.appendingPathComponent("IMG_0001.jpg").path
        try Data(repeating: 0xAB, count: 3 << 20).write(to: URL(fileURLWithPath: photoPath))

        var form = MultipartForm()
        form.append(field: "title", value: "Holiday")
        try form.appendFile(name: "photo", path: photoPath)
        let body = try form.makeBody()
        let length = body.length.value   // exact: boundaries, headers and the file's size
        var sent = 0
        for try await chunk in body {   // fixed-size chunks: memory stays flat
            sent += chunk.count
        }
        #expect(sent == length)

        var parser = MultipartParser(boundary: form.boundary)
        var names: [String?] = []
        var fileBytes = 0
        for try await chunk in body {
            parser.append(chunk)
            while case let event = try parser.read(), event != .needMoreData, event != .end {
                switch event {
                case .part(let headers): names.append(headers.name)
                case .bodyChunk(let bytes) where names.last == "photo": fileBytes += bytes.count
                default: break
                }
            }
        }
        #expect(names == ["title", "photo"])
        #expect(fileBytes == 3 << 20)
    }

    @Test("URL-encoded bodies with Rails-style nesting")
    func urlEncoded() throws {
        let body = try URLEncodedSerializer().string(from: ["user": ["name": "Blake Watters"], "tags": ["a", "b"]])
        #expect(body == "user[name]=Blake%20Watters&tags[]=a&tags[]=b")
        let params = try URLEncodedParser().parse(Array("user[name]=Blake+Watters&tags[]=a&tags[]=b".utf8))
        #expect(params == ["user": ["name": "Blake Watters"], "tags": ["a", "b"]])
    }
}
