import Hummingbird
import HummingbirdTesting
import RestKit

/// A small gists API served by Hummingbird on 127.0.0.1 and a random port, for the tests.
enum GistServer {
    static let publicGists = """
        [{"id": "aa1", "description": "Hello world", "public": true, "owner": {"login": "octocat"}},
         {"id": "bb2", "description": "Swift demo", "public": true, "owner": {"login": "blake"}}]
        """

    /// Runs `body` with the base URL of a live server (`http://127.0.0.1:<port>`).
    static func run<Value: Sendable>(_ body: @escaping @Sendable (String) async throws -> Value) async throws -> Value {
        try await run(router: makeRouter(), body)
    }

    /// Runs `body` with the base URL of a live server answering with `router`.
    static func run<Value: Sendable>(
        router: Router<BasicRequestContext>, _ body: @escaping @Sendable (String) async throws -> Value
    ) async throws -> Value {
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        return try await app.test(.live) { client in
            guard let port = client.port else { throw ServerSetupError() }
            return try await body("http://127.0.0.1:\(port)")
        }
    }

    struct ServerSetupError: Error {}

    static func respond(_ status: HTTPResponse.Status, _ text: String, type: String? = "application/json; charset=utf-8") -> Response {
        var headers = HTTPFields()
        if let type { headers[.contentType] = type }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    static func gistJSON(id: String, description: String, login: String = "octocat") -> String {
        #"{"id": "\#(id)", "description": "\#(description)", "public": true, "owner": {"login": "\#(login)"}}"#
    }

    static func makeRouter() -> Router<BasicRequestContext> {
        let router = Router()
        router.get("/gists/public") { _, _ in respond(.ok, publicGists) }
        router.get("/users/:login/gists") { _, context in
            let login = context.parameters.get("login") ?? ""
            return respond(.ok, "[\(gistJSON(id: "u1", description: "by \(login)", login: login))]")
        }
        router.get("/gists/:id") { _, context in
            let id = context.parameters.get("id") ?? ""
            if id == "missing" { return respond(.notFound, #"{"error": "Not Found"}"#) }
            if id == "boom" { return respond(.internalServerError, "<h1>oops</h1>", type: "text/html") }
            return respond(.ok, gistJSON(id: id, description: "gist \(id)"))
        }
        router.post("/gists") { request, _ in
            let bytes = try await request.body.collect(upTo: 1 << 20)
            let document = try Registry.default.parse(Array(buffer: bytes), as: .json)
            let description = document[keyPath: "gist.description"]?.stringValue ?? ""
            if description.isEmpty {
                return respond(.unprocessableContent, #"{"message": "Validation Failed", "errors": {"description": ["can't be blank"]}}"#)
            }
            return respond(.created, gistJSON(id: "new1", description: description), type: "application/vnd.github+json")
        }
        router.patch("/gists/:id") { request, context in
            let bytes = try await request.body.collect(upTo: 1 << 20)
            let document = try Registry.default.parse(Array(buffer: bytes), as: .json)
            let description = document[keyPath: "gist.description"]?.stringValue ?? ""
            return respond(.ok, gistJSON(id: context.parameters.get("id") ?? "", description: description))
        }
        router.delete("/gists/:id") { _, _ in respond(.noContent, "", type: nil) }
        router.get("/wrapped") { _, _ in
            respond(.ok, #"{"gists": \#(publicGists), "meta": {"count": 2}}"#)
        }
        router.get("/broken") { _, _ in respond(.ok, #"{"id": "aa1", "#) }
        router.get("/empty") { _, _ in respond(.ok, "") }
        router.get("/csv") { _, _ in respond(.ok, "id,name\n1,a\n", type: "text/csv") }
        router.get("/untyped") { _, _ in respond(.ok, "[]", type: nil) }
        router.get("/slow") { _, _ in
            try await Task.sleep(for: .seconds(3))
            return respond(.ok, "[]")
        }
        // Echoes what it received: method, raw query, content type and body.
        router.on("/echo", method: .post) { request, _ in try await echo(request) }
        router.on("/echo", method: .get) { request, _ in try await echo(request) }
        router.on("/echo", method: .delete) { request, _ in try await echo(request) }
        router.on("/echo/:id", method: .put) { request, _ in try await echo(request) }
        UploadServer.add(to: router)
        ArticleServer.add(to: router)
        return router
    }

    static func echo(_ request: Request) async throws -> Response {
        let bytes = try await request.body.collect(upTo: 1 << 20)
        let echo: Representation = [
            "method": .string(request.method.rawValue),
            "path": .string(request.uri.path),
            "query": .string(request.uri.query ?? ""),
            "contentType": .string(request.headers[.contentType] ?? ""),
            "accept": .string(request.headers[.accept] ?? ""),
            "body": .string(String(buffer: bytes)),
        ]
        return respond(.ok, echo.description)
    }
}
