import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import RestKit
import RestKitTestSupport
import Synchronization

/// A Hummingbird server on 127.0.0.1 and a random port that `rk get` / `rk post` talk to.
///
/// ```swift
/// try await RKTestServer.run { base in
///     let outcome = try await CommandLineTests.run(["get", base + "/json"])
/// }
/// ```
enum RKTestServer {
    /// Runs `body` with the base URL of a live server (`http://127.0.0.1:<port>`).
    static func run<Value: Sendable>(_ body: @escaping @Sendable (String) async throws -> Value) async throws -> Value {
        let app = Application(router: makeRouter(), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        return try await app.test(.live) { client in
            guard let port = client.port else { throw SetupError() }
            return try await body("http://127.0.0.1:\(port)")
        }
    }

    struct SetupError: Error {}

    /// Bytes `/slow` has received so far in its current request (one test uses it).
    static let slowBytesReceived = Mutex(0)

    static func respond(_ status: HTTPResponse.Status, _ text: String, type: String? = "application/json; charset=utf-8") -> Response {
        var headers = HTTPFields()
        if let type { headers[.contentType] = type }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    static func makeRouter() -> Router<BasicRequestContext> {
        let router = Router()
        router.get("/json") { _, _ in respond(.ok, #"{"id": 1, "tags": ["a", true, null]}"#) }
        router.get("/vendor") { _, _ in respond(.ok, #"{"id": 2}"#, type: "application/vnd.github+json") }
        router.get("/xml") { _, _ in respond(.ok, "<user><id>7</id><name>Blake</name></user>", type: "application/xml") }
        router.get("/form") { _, _ in respond(.ok, "user[name]=Blake&tags[]=a&tags[]=b", type: "application/x-www-form-urlencoded") }
        router.get("/plain") { _, _ in respond(.ok, #"{"hidden": "json"}"#, type: "text/plain") }
        router.get("/csv") { _, _ in respond(.ok, "id,name\n1,a\n", type: "text/csv") }
        router.get("/broken") { _, _ in respond(.ok, "{\n  \"a\": [1,\n") }
        router.get("/missing") { _, _ in respond(.notFound, #"{"error": "Not Found", "detail": "no such thing"}"#) }
        router.get("/empty") { _, _ in respond(.noContent, "", type: nil) }
        router.get("/headers") { request, _ in
            let value: Representation = [
                "accept": .string(request.headers[.accept] ?? ""),
                "token": .string(request.headers.first { $0.name.canonicalName == "x-token" }?.value ?? ""),
            ]
            return respond(.ok, value.description)
        }
        router.post("/echo") { request, _ in
            let bytes = try await request.body.collect(upTo: 1 << 20)
            let echo: Representation = [
                "contentType": .string(request.headers[.contentType] ?? ""),
                "contentLength": .string(request.headers[.contentLength] ?? ""),
                "body": .string(String(buffer: bytes)),
            ]
            return respond(.ok, echo.description)
        }
        router.post("/fail") { request, _ in
            _ = try await request.body.collect(upTo: 1 << 20)
            return respond(.unprocessableContent, #"{"message": "Validation Failed"}"#)
        }
        router.post("/upload") { request, _ in try await upload(request) }
        // `?to=PATH`: answers the status with `Location: PATH` before reading the body.
        for method in [HTTPRequest.Method.get, .post] {
            router.on("/redirect/:status", method: method) { request, context in
                var headers = HTTPFields()
                if let target = request.uri.queryParameters.get("to") { headers[.location] = String(target) }
                let status = context.parameters.get("status").flatMap { Int($0) } ?? 302
                return Response(status: HTTPResponse.Status(code: status), headers: headers)
            }
        }
        router.get("/agent") { request, _ in
            let value: Representation = ["userAgent": .string(request.headers[.userAgent] ?? "")]
            return respond(.ok, value.description)
        }
        // A JSON array of one string, `bytes` bytes in all; gzip-encoded with `?gzip=1`.
        router.get("/big") { request, _ in
            let size = request.uri.queryParameters.get("bytes").flatMap { Int($0) } ?? 0
            var body = Array("[\"".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: max(0, size - 4)) + Array("\"]".utf8)
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            if request.uri.queryParameters.get("gzip") == "1" {
                body = try Gzip.compress(body)
                headers[.contentEncoding] = "gzip"
            }
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
        }
        // Reads slowly (10 ms per buffer), so a test can change a file during the upload.
        router.post("/slow") { request, _ in
            var received = 0
            for try await buffer in request.body {
                received += buffer.readableBytes
                slowBytesReceived.withLock { $0 = received }
                try await Task.sleep(for: .milliseconds(10))
            }
            return respond(.ok, #"{"received": \#(received)}"#)
        }
        return router
    }

    /// Streams a multipart body through RestKit's parser, hashing each part, and answers one
    /// JSON object per part. With `?sha256=HEX`, answers 422 unless a part has that digest.
    static func upload(_ request: Request) async throws -> Response {
        guard let header = request.headers[.contentType], let type = try? MediaType(header),
              type.matches(.multipartFormData), let boundary = type.parameters["boundary"]
        else {
            return respond(.badRequest, #"{"error": "expected multipart/form-data with a boundary"}"#)
        }
        var parser = MultipartParser(boundary: boundary)
        var parts: [Representation] = []
        var current: (headers: MultipartPartHeaders, size: Int, hash: SHA256)?
        var received = 0
        func drain() throws {
            while true {
                switch try parser.read() {
                case .part(let headers):
                    current = (headers, 0, SHA256())
                case .bodyChunk(let bytes):
                    current?.size += bytes.count
                    bytes.withUnsafeBytes { current?.hash.update(bufferPointer: $0) }
                case .partEnd:
                    if let part = current {
                        parts.append([
                            "name": part.headers.name.map(Representation.string) ?? .null,
                            "filename": part.headers.filename.map(Representation.string) ?? .null,
                            "content_type": part.headers.contentType.map { .string($0.description) } ?? .null,
                            "size": .int(Int64(part.size)),
                            "sha256": .string(hex(part.hash.finalize())),
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
            parser.append(Array(buffer.readableBytesView))
            try drain()
        }
        parser.finish()
        try drain()
        let declared = request.headers[.contentLength].flatMap { Int($0) }
        guard declared == received else {
            return respond(.badRequest, #"{"error": "Content-Length \#(declared ?? -1), received \#(received)"}"#)
        }
        if let expected = request.uri.queryParameters.get("sha256"),
           !parts.contains(where: { $0["sha256"]?.stringValue == expected }) {
            return respond(.unprocessableContent, #"{"error": "no part has SHA-256 \#(expected)"}"#)
        }
        return respond(.ok, Representation.array(parts).description)
    }

    static func hex<Digest: Sequence<UInt8>>(_ digest: Digest) -> String {
        digest.map { byte in
            let text = String(byte, radix: 16)
            return text.count == 1 ? "0" + text : text
        }.joined()
    }

    /// A TCP port on 127.0.0.1 that nothing listens on (bound, read, closed).
    static func closedPort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw SetupError() }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(descriptor, raw, length) == 0 && getsockname(descriptor, raw, &length) == 0
            }
        }
        guard bound else { throw SetupError() }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
