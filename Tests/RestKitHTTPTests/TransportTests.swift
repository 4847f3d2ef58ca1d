import Foundation
import Hummingbird
import RestKitTestSupport
import Testing
@testable import RestKitHTTP

/// Redirects, compressed and large responses, and the headers every request carries, against
/// a live Hummingbird server on 127.0.0.1.
@Suite("Transport: redirects, compression, size limits, User-Agent")
struct TransportTests {
    static func run(_ body: @escaping @Sendable (String) async throws -> Void) async throws {
        try await GistServer.run(router: Self.router(), body)
    }

    static func router() -> Hummingbird.Router<BasicRequestContext> {
        let router = TransportServer.makeRouter()
        UploadServer.add(to: router)
        return router
    }

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    static func send(_ request: TransportRequest, transport: AsyncHTTPClientTransport = AsyncHTTPClientTransport()) async -> Result<TransportResponse, ObjectManagerError> {
        do {
            return .success(try await transport.send(request))
        } catch {
            return .failure(error)
        }
    }

    // MARK: Redirects

    /// Without `drain` the server answers before reading the body (not under LeakSanitizer:
    /// `Sanitizer.checksLeaks`).
    @Test(arguments: [307, 308], Sanitizer.checksLeaks ? [true] : [false, true])
    func temporaryAndPermanentRedirectsResendTheMethodAndTheFileBody(status: Int, drain: Bool) async throws {
        let (path, digest) = try UploadTests.makeFile(size: 2 * 1024 * 1024 + 5)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await Self.run { base in
            let target = Self.encoded("/inspect?sha256=\(digest)")
            let request = TransportRequest(
                method: .put, url: "\(base)/redirect/\(status)?to=\(target)&drain=\(drain ? 1 : 0)",
                headers: ["Content-Type": "application/octet-stream"], body: try Body.file(atPath: path))
            let response = try await AsyncHTTPClientTransport().send(request)
            #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
            #expect(response.url == "\(base)/inspect?sha256=\(digest)")
            let answer = try Registry.default.parse(response.body, as: .json)
            #expect(answer["method"] == "PUT")
            #expect(answer["received"] == .int(2 * 1024 * 1024 + 5))
            #expect(answer["contentType"] == "application/octet-stream")
        }
    }

    @Test(.disabled(if: Sanitizer.checksLeaks, "AsyncHTTPClient leaks after an early answer"), arguments: [307, 308])
    func aMultipartUploadThroughTheManagerFollowsARedirectWithItsFilePart(status: Int) async throws {
        let (path, digest) = try UploadTests.makeFile(size: 1024 * 1024 + 3, seed: 7)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await Self.run { base in
            let manager = ObjectManager(baseURL: base)
            manager.add(ResponseDescriptor(mapping: Mappings.upload, method: .post, pathPattern: "/redirect/:status", keyPath: "upload", statusCodes: 201))
            let result = try await manager.upload(
                to: "/redirect/\(status)?to=/uploads", parameters: ["gist": ["description": "Moved"]],
                files: [.file(name: "gist[file]", path: path, filename: "moved.bin")])
            #expect(result.response.status == 201)
            #expect(result.response.url == "\(base)/uploads")
            #expect(result.objects(of: Upload.self) == [Upload(id: 1, title: "Moved")])
            let files = try #require(result.document?["files"]?.arrayValue)
            #expect(files.count == 1)
            #expect(files.first?["sha256"]?.stringValue == digest)
            #expect(files.first?["size"] == .int(1024 * 1024 + 3))
        }
    }

    @Test(arguments: [(301, "GET"), (302, "GET"), (303, "GET")])
    func aPostMovedOrFoundOrSeeOtherBecomesAGetWithoutItsBody(status: Int, method: String) async throws {
        try await Self.run { base in
            let request = TransportRequest(
                method: .post, url: "\(base)/redirect/\(status)?to=/inspect&drain=1",
                headers: ["Content-Type": "application/json"], body: .bytes(Array(#"{"a": 1}"#.utf8)))
            let response = try await AsyncHTTPClientTransport().send(request)
            let answer = try Registry.default.parse(response.body, as: .json)
            #expect(answer["method"]?.stringValue == method)
            #expect(answer["received"] == 0)
            #expect(answer["contentType"] == .null)
        }
    }

    @Test func aPutMovedKeepsItsMethodAndBodyAsCurlDoes() async throws {
        try await Self.run { base in
            let request = TransportRequest(
                method: .put, url: "\(base)/redirect/301?to=/inspect&drain=1", body: .bytes(Array("hello".utf8)))
            let answer = try Registry.default.parse(try await AsyncHTTPClientTransport().send(request).body, as: .json)
            #expect(answer["method"] == "PUT")
            #expect(answer["received"] == 5)
        }
    }

    @Test func redirectsThatCannotBeFollowedFailWithTheURLThatAnswered() async throws {
        try await Self.run { base in
            let loop = await Self.send(TransportRequest(method: .get, url: "\(base)/loop"), transport: AsyncHTTPClientTransport(redirects: .follow(maximum: 3)))
            guard case .failure(let error) = loop else { Issue.record("a redirect loop succeeded"); return }
            #expect(error.errorType == .redirect)
            #expect(error.status == 302)
            #expect(error.url == "\(base)/loop")
            #expect(error.reason.contains("stopped after 3 redirects"), "\(error.reason)")

            // The server reads the body before answering (`drain=1`): an answer before the body
            // is read makes AsyncHTTPClient keep the body's iterator for the life of the process
            // (AsyncHTTPClientEarlyAnswerTests), which LeakSanitizer reported here once.
            let noLocation = await Self.send(TransportRequest(method: .post, url: "\(base)/redirect/307?drain=1", body: .bytes([1])))
            guard case .failure(let missing) = noLocation else { Issue.record("a 307 without Location succeeded"); return }
            #expect(missing.errorType == .redirect)
            #expect(missing.reason == "the server answered 307 without a Location header")
            #expect(missing.description == "redirect (307): POST \(base)/redirect/307?drain=1: the server answered 307 without a Location header")

            let other = await Self.send(TransportRequest(method: .get, url: "\(base)/redirect/302?to=ftp://127.0.0.1/file"))
            guard case .failure(let scheme) = other else { Issue.record("an ftp redirect succeeded"); return }
            #expect(scheme.errorType == .redirect)
            #expect(scheme.reason.contains("not an http(s) URL"), "\(scheme.reason)")

            let disabled = await Self.send(
                TransportRequest(method: .get, url: "\(base)/redirect/302?to=/inspect"), transport: AsyncHTTPClientTransport(redirects: .disabled))
            guard case .failure(let off) = disabled else { Issue.record("a disabled redirect succeeded"); return }
            #expect(off.errorType == .redirect)
            #expect(off.reason.contains("redirects are disabled"), "\(off.reason)")
        }
    }

    @Test func errorsAfterARedirectNameTheURLThatFailed() async throws {
        try await Self.run { base in
            let manager = ObjectManager(baseURL: base)
            manager.configure { $0.maximumResponseSize = 1024 }
            do throws(ObjectManagerError) {
                _ = try await manager.getObjects(at: "/redirect/302?to=/big%3Fbytes%3D4096")
                Issue.record("a response over the limit was accepted")
            } catch {
                #expect(error.errorType == .responseTooLarge)
                #expect(error.url == "\(base)/big?bytes=4096")
            }
            do throws(ObjectManagerError) {
                _ = try await manager.getObjects(at: "/redirect/302?to=/nowhere")
                Issue.record("a 404 after a redirect was accepted")
            } catch {
                #expect(error.errorType == .server)
                #expect(error.status == 404)
                #expect(error.reason == "GET /nowhere (redirected from GET /redirect/302) failed with status 404", "\(error.reason)")
            }
        }
    }

    @Test func theManagerReportsARedirectItsTransportDidNotFollowAndAcceptsNotModified() async throws {
        try await Self.run { base in
            let manager = ObjectManager(baseURL: base, transport: AsyncHTTPClientTransport(redirects: .disabled))
            do throws(ObjectManagerError) {
                _ = try await manager.getObjects(at: "/redirect/301?to=/inspect")
                Issue.record("an unfollowed redirect looked answered")
            } catch {
                #expect(error.errorType == .redirect)
                #expect(error.status == 301)
            }
            let notModified = try await manager.getObjects(at: "/not-modified")
            #expect(notModified.response.status == 304)
            #expect(notModified.mapping.objects.isEmpty)
        }
    }

    @Test func redirectionRules() throws {
        var request = TransportRequest(
            method: .post, url: "https://api.example.com/v1/items",
            headers: ["Authorization": "Bearer x", "Cookie": "a=b", "Content-Type": "application/json", "X-Trace": "1"],
            body: .bytes([1, 2, 3]))
        let sameOrigin = try Redirection.request(after: 302, location: "../v2/items?x=1#frag", for: request)
        #expect(sameOrigin.url == "https://api.example.com/v2/items?x=1")
        #expect(sameOrigin.method == .get)
        #expect(sameOrigin.body == nil)
        #expect(sameOrigin.headers["Content-Type"] == nil)
        #expect(sameOrigin.headers["Authorization"] == "Bearer x")
        #expect(sameOrigin.headers["X-Trace"] == "1")

        let elsewhere = try Redirection.request(after: 307, location: "https://uploads.example.com:443/items", for: request)
        #expect(elsewhere.method == .post)
        #expect(elsewhere.body?.length.value == 3)
        #expect(elsewhere.headers["Content-Type"] == "application/json")
        #expect(elsewhere.headers["Authorization"] == nil)
        #expect(elsewhere.headers["Cookie"] == nil)

        let defaultPort = try Redirection.request(after: 308, location: "https://api.example.com:443/v3", for: request)
        #expect(defaultPort.headers["Authorization"] == "Bearer x")
        let downgrade = try Redirection.request(after: 308, location: "http://api.example.com/v3", for: request)
        #expect(downgrade.headers["Authorization"] == nil)

        request.method = .head
        #expect(try Redirection.request(after: 303, location: "/x", for: request).method == .head)
        #expect(throws: ObjectManagerError.self) { try Redirection.request(after: 302, location: "mailto:a@b.c", for: request) }
        #expect(throws: ObjectManagerError.self) { try Redirection.request(after: 302, location: nil, for: request) }
        #expect(RedirectPolicy.follow(maximum: -1) == .disabled)
    }

    // MARK: A request body the server never reads

    /// How many of this process's file descriptors are open on `path`.
    static func descriptors(on path: String) -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return entries.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == path }.count
    }

    /// Waits up to five seconds (a read under way on the thread pool ends first) for `path`
    /// to have no open descriptor; the count left.
    static func descriptorsAfterSettling(on path: String) async throws -> Int {
        for _ in 0..<50 where descriptors(on: path) > 0 { try await Task.sleep(for: .milliseconds(100)) }
        return descriptors(on: path)
    }

    /// A server that answers a large upload with 300 or more before reading it leaves
    /// AsyncHTTPClient's request-body task suspended for ever, holding the body's iterator (a
    /// known AsyncHTTPClient bug: `AsyncHTTPClientEarlyAnswerTests`). The file stayed open for
    /// the life of the process, one descriptor per such upload; now the transport releases the
    /// body's reader when the exchange ends: after a redirect is followed, a redirect refused,
    /// and a streamed 413 response read to its end or dropped unread.
    @Test(.disabled(if: Sanitizer.checksLeaks, "AsyncHTTPClient leaks after an early answer"))
    func theFileOfABodyTheServerNeverReadIsClosedWhenTheExchangeEnds() async throws {
        let (path, digest) = try UploadTests.makeFile(size: 48 * 1024 * 1024 + 1)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await Self.run { base in
            let target = Self.encoded("/inspect?sha256=\(digest)")
            let redirected = TransportRequest(
                method: .put, url: "\(base)/redirect/307?to=\(target)&drain=0", body: try Body.file(atPath: path))
            let followed = try await AsyncHTTPClientTransport().send(redirected)
            #expect(followed.status == 200)
            #expect(try await Self.descriptorsAfterSettling(on: path) == 0, "after a redirect was followed")

            let refused = await Self.send(redirected, transport: AsyncHTTPClientTransport(redirects: .disabled))
            guard case .failure(let error) = refused else { Issue.record("a disabled redirect was followed"); return }
            #expect(error.errorType == .redirect)
            #expect(try await Self.descriptorsAfterSettling(on: path) == 0, "after a redirect was refused")

            let streamed = try await AsyncHTTPClientTransport().stream(
                TransportRequest(method: .put, url: "\(base)/redirect/413?drain=0", body: try Body.file(atPath: path)))
            #expect(streamed.status == 413)
            _ = try await streamed.collect(upTo: 1 << 20)
            #expect(try await Self.descriptorsAfterSettling(on: path) == 0, "after a streamed response was read")

            // Dropped unread: the last copy of the stream going away ends the exchange.
            var dropped: StreamedResponse? = try await AsyncHTTPClientTransport().stream(
                TransportRequest(method: .put, url: "\(base)/redirect/413?drain=0", body: try Body.file(atPath: path)))
            #expect(dropped?.status == 413)
            try await Task.sleep(for: .milliseconds(300))  // the response's end arrives, unread
            dropped = nil
            #expect(try await Self.descriptorsAfterSettling(on: path) == 0, "after a streamed response was dropped unread")
        }
    }

    // MARK: Compression

    @Test(arguments: ["gzip", "deflate"])
    func compressedResponsesAreDecodedAndAskedFor(coding: String) async throws {
        try await Self.run { base in
            let response = try await AsyncHTTPClientTransport().send(TransportRequest(method: .get, url: "\(base)/encoded/\(coding)"))
            #expect(response.headers["Content-Encoding"] == coding)
            let document = try Registry.default.parse(response.body, as: .json)
            #expect(document["compressed"] == true)
            #expect(document["padding"]?.stringValue?.count == 6000)
            let echo = try await AsyncHTTPClientTransport().send(TransportRequest(method: .get, url: "\(base)/inspect"))
            #expect(try Registry.default.parse(echo.body, as: .json)["acceptEncoding"] == "gzip, deflate")
        }
    }

    @Test func anUndecodableEncodingOrABombIsAnError() async throws {
        try await Self.run { base in
            let brotli = await Self.send(TransportRequest(method: .get, url: "\(base)/encoded/br"))
            guard case .failure(let encoding) = brotli else { Issue.record("br bytes were handed out"); return }
            #expect(encoding.errorType == .unsupportedContentEncoding)
            #expect(encoding.reason.contains("'br'"), "\(encoding.reason)")

            // AsyncHTTPClient decodes only a body whose only coding is gzip or deflate.
            let layered = await Self.send(TransportRequest(method: .get, url: "\(base)/encoded/identity-gzip"))
            guard case .failure(let twoCodings) = layered else { Issue.record("'identity, gzip' bytes were handed out"); return }
            #expect(twoCodings.errorType == .unsupportedContentEncoding)

            let bomb = await Self.send(TransportRequest(method: .get, url: "\(base)/bomb"))
            guard case .failure(let inflated) = bomb else { Issue.record("a decompression bomb was accepted"); return }
            #expect(inflated.errorType == .responseTooLarge)
            #expect(inflated.reason.contains("decompression bomb"), "\(inflated.reason)")
        }
    }

    // MARK: Limits and headers

    @Test func theResponseSizeLimitIsConfigurableAndItsErrorSaysHowToRaiseIt() async throws {
        try await Self.run { base in
            let manager = ObjectManager(baseURL: base)
            manager.add(ResponseDescriptor(mapping: Mappings.echo, pathPattern: "/big"))
            manager.configure { $0.maximumResponseSize = 64 * 1024 }
            do throws(ObjectManagerError) {
                _ = try await manager.getObjects(at: "/big", parameters: ["bytes": 100_000])
                Issue.record("a 100 kB response passed a 64 KiB limit")
            } catch {
                #expect(error.errorType == .responseTooLarge)
                #expect(error.reason.contains("64 KiB (65536 bytes)"), "\(error.reason)")
                #expect(error.reason.contains("ObjectManager.Configuration.maximumResponseSize"), "\(error.reason)")
            }
            // Above the transport's default of 64 MiB once raised.
            manager.configure { $0.maximumResponseSize = 80 << 20 }
            let request = try manager.request(method: .get, path: "/big", parameters: ["bytes": .int(65 << 20 + 10)])
            let response = try await manager.transport.send(request)
            #expect(response.body.count == 65 << 20 + 10)
        }
    }

    @Test func everyRequestCarriesAUserAgentUnlessConfiguredOtherwise() async throws {
        try await Self.run { base in
            let manager = ObjectManager(baseURL: base)
            let plain = try await manager.transport.send(try manager.request(method: .get, path: "/inspect"))
            #expect(try Registry.default.parse(plain.body, as: .json)["userAgent"]?.stringValue == "RestKit/\(RestKitVersion.current)")
            manager.configure { $0.userAgent = "Gists/2.0" }
            let custom = try await manager.transport.send(try manager.request(method: .get, path: "/inspect"))
            #expect(try Registry.default.parse(custom.body, as: .json)["userAgent"] == "Gists/2.0")
            manager.configure { $0.defaultHeaders["User-Agent"] = "Header/1" }
            let header = try await manager.transport.send(try manager.request(method: .get, path: "/inspect"))
            #expect(try Registry.default.parse(header.body, as: .json)["userAgent"] == "Header/1")
        }
    }

    @Test func theTimeoutCoversTheResponseBody() async throws {
        try await Self.run { base in
            // The server sends the head and then nothing until released: only the request's
            // deadline can end the exchange (AsyncHTTPClient's own ends at the head).
            TransportServer.stallReleased.store(false, ordering: .releasing)
            defer { TransportServer.stallReleased.store(true, ordering: .releasing) }
            let start = ContinuousClock.now
            let stalled = await Self.send(TransportRequest(method: .get, url: "\(base)/stall", timeout: .seconds(1)))
            guard case .failure(let error) = stalled else { Issue.record("a stalled body completed"); return }
            #expect(error.errorType == .timeout, "\(error)")
            // Before the server's 30 s (a loaded machine may delay the 1 s deadline: under
            // AddressSanitizer beside a ThreadSanitizer build it took 21.5 s once).
            #expect(ContinuousClock.now - start < .seconds(28))
        }
    }

    @Test func aStreamedBodyCanBeIteratedOnceAndThenSaysSo() async throws {
        try await Self.run { base in
            let response = try await AsyncHTTPClientTransport().stream(TransportRequest(method: .get, url: "\(base)/big?bytes=100000"))
            var received = 0
            for try await chunk in response.body { received += chunk.count }
            #expect(received == 100_000)
            do throws(ObjectManagerError) {
                _ = try await response.collect(upTo: 1 << 20)
                Issue.record("a streamed body was read twice")
            } catch {
                #expect(error.reason.contains("can be iterated once"), "\(error.reason)")
            }
        }
    }
}
