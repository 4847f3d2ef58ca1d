import Crypto
import Foundation
import Hummingbird
import RestKit
import RestKitTestSupport
import Synchronization

/// Routes for what the transport does beyond one exchange: redirects, compressed and large
/// responses, the headers it sends.
///
/// - `/redirect/:status?to=PATH[&drain=1]` (GET, POST, PUT, HEAD): answers `status` with
///   `Location: PATH` (none without `to`); with `drain=1` it reads the request body first,
///   else it answers before reading it, as many servers do.
/// - `/loop`: `302` to itself.
/// - `/inspect` (GET, POST, PUT, HEAD): reads the body as it streams in and answers what it got:
///   `{"method", "contentType", "contentLength", "received", "sha256", "userAgent",
///   "acceptEncoding", "authorization"}`; with `?sha256=HEX`, 422 unless the body has that digest.
/// - `/encoded/:coding`: `{"compressed": true, …}` encoded as `gzip`, `deflate` (zlib) or
///   `br` (not really: a coding the client cannot decode), with that `Content-Encoding`.
/// - `/bomb`: 16 MiB of zeros in gzip (about 16 KiB on the wire).
/// - `/big?bytes=N`: a JSON array of one string, N bytes in all.
/// - `/not-modified`: 304.
enum TransportServer {
    /// Ends `/stall`'s wait (one test uses it).
    static let stallReleased = Atomic<Bool>(false)

    static func makeRouter() -> Router<BasicRequestContext> {
        let router = Router()
        for method in [HTTPRequest.Method.get, .post, .put, .head] {
            router.on("/redirect/:status", method: method) { request, context in try await redirect(request, context) }
            router.on("/inspect", method: method) { request, _ in try await inspect(request) }
        }
        router.get("/loop") { _, _ in
            var headers = HTTPFields()
            headers[.location] = "/loop"
            return Response(status: .found, headers: headers)
        }
        router.get("/encoded/:coding") { _, context in try encoded(context.parameters.get("coding") ?? "") }
        router.get("/bomb") { _, _ in
            let zeros = [UInt8](repeating: 0, count: 16 << 20)
            return respond(.ok, try Gzip.compress(zeros), encoding: "gzip")
        }
        router.get("/big") { request, _ in
            let size = request.uri.queryParameters.get("bytes").flatMap { Int($0) } ?? 0
            let body = Array("[\"".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: max(0, size - 4)) + Array("\"]".utf8)
            return respond(.ok, body)
        }
        router.get("/not-modified") { _, _ in Response(status: .notModified) }
        // Sends the head and a first chunk, then nothing until `stallReleased` (or 30 s).
        router.get("/stall") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: "[1,"))
                for _ in 0..<300 where !stallReleased.load(ordering: .acquiring) {
                    try await Task.sleep(for: .milliseconds(100))
                }
                try await writer.write(ByteBuffer(string: "2]"))
                try await writer.finish(nil)
            })
        }
        return router
    }

    static func respond(_ status: HTTPResponse.Status, _ body: [UInt8], encoding: String? = nil) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        if let encoding { headers[.contentEncoding] = encoding }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    static func redirect(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        if request.uri.queryParameters.get("drain") == "1" {
            for try await _ in request.body {}
        }
        let status = context.parameters.get("status").flatMap { Int($0) } ?? 302
        var headers = HTTPFields()
        if let target = request.uri.queryParameters.get("to") { headers[.location] = String(target) }
        return Response(
            status: HTTPResponse.Status(code: status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(string: "redirecting")))
    }

    static func inspect(_ request: Request) async throws -> Response {
        var hasher = SHA256()
        var received = 0
        for try await buffer in request.body {
            received += buffer.readableBytes
            buffer.withUnsafeReadableBytes { hasher.update(bufferPointer: $0) }
        }
        let digest = UploadServer.hex(hasher.finalize())
        if let expected = request.uri.queryParameters.get("sha256"), expected != digest {
            return respond(.unprocessableContent, Array(#"{"error": "body SHA-256 \#(digest), expected \#(expected)"}"#.utf8))
        }
        func value(_ text: String?) -> Representation {
            text.map(Representation.string) ?? .null
        }
        let headers = request.headers
        let answer: Representation = [
            "method": .string(request.method.rawValue), "contentType": value(headers[.contentType]),
            "contentLength": value(headers[.contentLength]), "received": .int(Int64(received)), "sha256": .string(digest),
            "userAgent": value(headers[.userAgent]), "acceptEncoding": value(headers[.acceptEncoding]),
            "authorization": value(headers[.authorization]),
        ]
        return respond(.ok, Array(answer.description.utf8))
    }

    static func encoded(_ coding: String) throws -> Response {
        let document = Array(#"{"compressed": true, "padding": "\#(String(repeating: "abc", count: 2000))"}"#.utf8)
        switch coding {
        case "gzip": return respond(.ok, try Gzip.compress(document), encoding: "gzip")
        case "deflate": return respond(.ok, try Gzip.zlib(document), encoding: "deflate")
        case "identity-gzip": return respond(.ok, try Gzip.compress(document), encoding: "identity, gzip")
        default: return respond(.ok, try Gzip.compress(document), encoding: coding)
        }
    }
}
