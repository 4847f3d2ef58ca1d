import Crypto
import Hummingbird
import RestKit

/// `POST /uploads`: reads a `multipart/form-data` body as it streams in, hashes every part
/// with SHA-256 and answers what it received:
///
/// ```json
/// {"upload": {"id": 1, "title": "<the gist[description] field>"},
///  "contentLength": "<header>", "received": <bytes>, "fields": [{"name": …, "value": …}],
///  "files": [{"name": …, "filename": …, "contentType": …, "size": …, "sha256": …}]}
/// ```
enum UploadServer {
    static func add(to router: Router<BasicRequestContext>) {
        router.post("/uploads") { request, _ in try await receive(request) }
    }

    static func hex(_ digest: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef")
        return String(digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
    }

    private struct Part {
        var headers: MultipartPartHeaders
        var hasher = SHA256()
        var size = 0
        var text: [UInt8] = []
    }

    static func receive(_ request: Request) async throws -> Response {
        guard let contentType = request.headers[.contentType], let type = try? MediaType(contentType),
            let boundary = type.parameters["boundary"]
        else {
            return GistServer.respond(.badRequest, #"{"error": "not multipart"}"#)
        }
        var parser = MultipartParser(boundary: boundary)
        var received = 0
        var current: Part?
        var fields: [Representation] = []
        var files: [Representation] = []
        func drain() throws {
            while true {
                switch try parser.read() {
                case .part(let headers):
                    current = Part(headers: headers)
                case .bodyChunk(let bytes):
                    current?.hasher.update(data: Array(bytes))
                    current?.size += bytes.count
                    if current?.headers.filename == nil { current?.text += bytes }
                case .partEnd:
                    guard let part = current else { continue }
                    if let filename = part.headers.filename {
                        files.append([
                            "name": .string(part.headers.name ?? ""), "filename": .string(filename),
                            "contentType": .string(part.headers.contentType?.description ?? ""),
                            "size": .int(Int64(part.size)), "sha256": .string(hex(part.hasher.finalize())),
                        ])
                    } else {
                        fields.append([
                            "name": .string(part.headers.name ?? ""), "value": .string(String(decoding: part.text, as: UTF8.self)),
                        ])
                    }
                    current = nil
                case .end, .needMoreData:
                    return
                }
            }
        }
        for try await buffer in request.body {
            received += buffer.readableBytes
            parser.append(buffer.readableBytesView)
            try drain()
        }
        parser.finish()
        try drain()
        let title = fields.first { $0["name"]?.stringValue == "gist[description]" }?["value"] ?? .null
        let answer: Representation = [
            "upload": ["id": 1, "title": title],
            "contentLength": .string(request.headers[.contentLength] ?? ""),
            "received": .int(Int64(received)),
            "fields": .array(fields),
            "files": .array(files),
        ]
        return GistServer.respond(.created, answer.description)
    }
}
