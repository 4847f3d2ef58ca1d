import Foundation
import Hummingbird
import Logging
import RestKit
import RestKitHTTP
import RestKitTestSupport
import Testing

/// What the object manager logs through its configured `Logger`: each request's start and end
/// (method, path, status, sizes, duration), failures, cancellations, redirects, queue waits,
/// streamed responses' ends; and what it never logs (header values, query strings, bodies).
@Suite("Request logging")
struct LoggingTests {
    /// Strings that must never reach a log: credentials, a query token, body contents.
    static let secrets = ["SECRET-TOKEN", "COOKIE-VALUE", "QUERY-SECRET", "BODY-SECRET", "FILE-SECRET", "octocat", "Not Found"]

    static func router() -> Hummingbird.Router<BasicRequestContext> {
        let router = GistServer.makeRouter()
        router.get("/moved") { _, _ in
            Response(status: .temporaryRedirect, headers: [.location: "/gists/public?page=QUERY-SECRET"])
        }
        router.get("/stream") { _, _ in GistServer.respond(.ok, #"{"gists": \#(GistServer.publicGists)}"#) }
        return router
    }

    static func manager(_ baseURL: String, log: LogRecording, level: Logger.Level = .trace) -> ObjectManager {
        let manager = Mappings.gistManager(baseURL)
        manager.configure { config in
            config.logger = log.logger(level: level)
            config.defaultHeaders["Authorization"] = "token SECRET-TOKEN"
            config.defaultHeaders["Cookie"] = "session=COOKIE-VALUE"
        }
        return manager
    }

    static func expectNoSecrets(_ log: LogRecording, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for secret in secrets {
            #expect(!log.text.contains(secret), "the log shows \(secret):\n\(log.text)", sourceLocation: sourceLocation)
        }
        #expect(!log.text.localizedCaseInsensitiveContains("authorization"), sourceLocation: sourceLocation)
        #expect(!log.text.localizedCaseInsensitiveContains("cookie"), sourceLocation: sourceLocation)
    }

    @Test("a GET logs its start and end at debug: method, path without query, status, bytes, duration")
    func successfulRequest() async throws {
        let log = LogRecording()
        try await GistServer.run(router: Self.router()) { baseURL in
            let manager = Self.manager(baseURL, log: log)
            let result = try await manager.getObjects(at: "/gists/public", parameters: ["access_token": "QUERY-SECRET"])
            #expect(result.objects(of: Gist.self).count == 2)
        }
        #expect(log.entries.map(\.message) == ["request started", "request finished"])
        let started = try #require(log.entries("request started").first)
        let finished = try #require(log.entries("request finished").first)
        #expect(started.level == .debug && finished.level == .debug)
        #expect(started.metadata[RequestLogKey.method] == "GET")
        #expect(started.metadata[RequestLogKey.path] == "/gists/public")
        #expect(started.metadata[RequestLogKey.requestID] == finished.metadata[RequestLogKey.requestID])
        #expect(started.metadata[RequestLogKey.requestID] != nil)
        #expect(finished.metadata[RequestLogKey.status] == "200")
        #expect(finished.metadata[RequestLogKey.responseBodySize] == "\(GistServer.publicGists.utf8.count)")
        let duration = try #require(finished.metadata[RequestLogKey.duration].flatMap(Double.init))
        #expect(duration > 0)
        Self.expectNoSecrets(log)
    }

    @Test("a POST logs its body size, not its body; each request has its own ID")
    func postedParameters() async throws {
        let log = LogRecording()
        try await GistServer.run(router: Self.router()) { baseURL in
            let manager = Self.manager(baseURL, log: log)
            _ = try await manager.send(try manager.request(method: .post, path: "/echo", parameters: ["password": "BODY-SECRET"]))
            _ = try await manager.getObjects(at: "/gists/public")
        }
        let started = log.entries("request started")
        #expect(started.count == 2)
        #expect(started.first?.metadata[RequestLogKey.method] == "POST")
        #expect(started.first?.metadata[RequestLogKey.requestBodySize] == "\(#"{"password":"BODY-SECRET"}"#.utf8.count)")
        #expect(Set(started.compactMap { $0.metadata[RequestLogKey.requestID] }).count == 2)
        Self.expectNoSecrets(log)
    }

    @Test("a server error is logged with its status and error type, not the server's message")
    func serverError() async throws {
        let log = LogRecording()
        try await GistServer.run(router: Self.router()) { baseURL in
            let manager = Self.manager(baseURL, log: log)
            await #expect(throws: ObjectManagerError.self) { try await manager.getObjects(at: "/gists/missing") }
        }
        #expect(log.entries.map(\.message) == ["request started", "request finished", "response not mapped"])
        let unmapped = try #require(log.entries("response not mapped").first)
        #expect(unmapped.metadata[RequestLogKey.status] == "404")
        #expect(unmapped.metadata[RequestLogKey.errorType] == "server")
        Self.expectNoSecrets(log)
    }

    @Test("a transport failure is logged as a failed request with its error type")
    func transportFailure() async throws {
        let log = LogRecording()
        // Port 9 (discard): nothing listens there on this loopback.
        let manager = Self.manager("http://127.0.0.1:9", log: log)
        await #expect(throws: ObjectManagerError.self) { try await manager.getObjects(at: "/gists/public") }
        let failed = try #require(log.entries("request failed").first)
        #expect(failed.metadata[RequestLogKey.errorType] == "transport")
        #expect(failed.metadata[RequestLogKey.path] == "/gists/public")
    }

    @Test("a redirect followed is logged with both paths, without their query strings")
    func redirect() async throws {
        let log = LogRecording()
        try await GistServer.run(router: Self.router()) { baseURL in
            let manager = Self.manager(baseURL, log: log)
            manager.add(ResponseDescriptor(mapping: Mappings.gist, method: .get, pathPattern: "/moved"))
            _ = try await manager.getObjects(at: "/moved")
        }
        let redirect = try #require(log.entries("following redirect").first)
        #expect(redirect.level == .debug)
        #expect(redirect.metadata[RequestLogKey.status] == "307")
        #expect(redirect.metadata[RequestLogKey.path] == "/moved")
        #expect(redirect.metadata["rk.redirect.path"] == "/gists/public")
        #expect(redirect.metadata[RequestLogKey.requestID] != nil)
        let finished = try #require(log.entries("request finished").first)
        #expect(finished.metadata["rk.answered.path"] == "/gists/public")
        Self.expectNoSecrets(log)
    }

    @Test("a cancelled request and a wait for a queue slot are logged")
    func cancellationAndQueueWait() async throws {
        let log = LogRecording()
        try await GistServer.run(router: Self.router()) { baseURL in
            let manager = Self.manager(baseURL, log: log)
            manager.maximumConcurrentRequests = 1
            let slow = Task { try await manager.getObjects(at: "/slow").response.status }
            await RequestQueueTests.eventually("the slow request runs") { manager.requestQueue.runningCount == 1 }
            let waiting = Task { try await manager.getObjects(at: "/gists/public").response.status }
            await RequestQueueTests.eventually("the second request waits") { manager.requestQueue.waitingCount == 1 }
            #expect(manager.cancelAllRequests() == 2)
            _ = await slow.result
            _ = await waiting.result
        }
        let wait = try #require(log.entries("waiting for a request slot").first)
        #expect(wait.level == .trace)
        #expect(wait.metadata["rk.queue.running"] == "1")
        #expect(wait.metadata[RequestLogKey.path] == "/gists/public")
        let cancelled = log.entries("request cancelled")
        #expect(cancelled.count == 2)
        #expect(cancelled.allSatisfy { $0.metadata[RequestLogKey.errorType] == "cancelled" })
        #expect(Set(cancelled.compactMap { $0.metadata[RequestLogKey.path] }) == ["/slow", "/gists/public"])
    }

    @Test("an upload logs its file count and exact body size, never the file's bytes")
    func upload() async throws {
        let log = LogRecording()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("restkit-log-\(UUID().uuidString).txt").path
        try Data("FILE-SECRET contents".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await GistServer.run(router: Self.router()) { baseURL in
            let manager = Self.manager(baseURL, log: log)
            let result = try await manager.upload(to: "/uploads", files: [.file(name: "f", path: path)])
            #expect(result.response.status == 201)
            let started = try #require(log.entries("request started").first)
            #expect(started.metadata[RequestLogKey.files] == "1")
            #expect(started.metadata[RequestLogKey.requestBodySize] == result.request.body?.length.value.map { "\($0)" })
        }
        Self.expectNoSecrets(log)
    }

    @Test("a streamed response logs its head, then its end with bytes and objects")
    func streamedResponse() async throws {
        let log = LogRecording()
        try await GistServer.run(router: Self.router()) { baseURL in
            let manager = Self.manager(baseURL, log: log)
            var count = 0
            for try await _ in try await manager.streamObjects(at: "/stream", keyPath: "gists", mapping: Mappings.gist) { count += 1 }
            #expect(count == 2)
        }
        #expect(log.entries.map(\.message) == ["request started", "response streaming", "response stream finished"])
        let end = try #require(log.entries("response stream finished").first)
        #expect(end.metadata[RequestLogKey.objects] == "2")
        #expect(end.metadata[RequestLogKey.responseBodySize] == "\(#"{"gists": "#.utf8.count + GistServer.publicGists.utf8.count + 1)")
        Self.expectNoSecrets(log)
    }

    @Test("logged paths drop scheme, authority, query and fragment", arguments: [
        ("http://127.0.0.1:8080/a/b?token=x#f", "/a/b"), ("https://user:pw@host", "/"), ("https://host?q=1", "/"),
        ("/relative?x=1", "/relative"), ("/p#frag", "/p"), ("", "/"),
    ])
    func loggedPaths(url: String, path: String) {
        #expect(loggedPath(of: url) == path)
    }

    @Test("nothing is logged by default, nor above debug: the library logs at debug and trace only")
    func silentByDefault() async throws {
        #expect(ObjectManager.Configuration().logger.handler is SwiftLogNoOpLogHandler)
        #expect(TransportRequest(method: .get, url: "http://127.0.0.1/").logger.handler is SwiftLogNoOpLogHandler)
        let log = LogRecording()
        try await GistServer.run(router: Self.router()) { baseURL in
            let manager = Self.manager(baseURL, log: log, level: .info)
            _ = try await manager.getObjects(at: "/gists/public")
            _ = try? await manager.getObjects(at: "/moved")
            await #expect(throws: ObjectManagerError.self) { try await manager.getObjects(at: "/gists/missing") }
        }
        #expect(log.entries.isEmpty, "\(log.text)")
    }
}
