import Foundation
import Testing
import RestKitHTTP

@Suite("Descriptor matching, content negotiation and failures against a live server")
struct ResponseHandlingTests {
    @Test func everyMatchingDescriptorContributesByKeyPath() async throws {
        try await GistServer.run { baseURL in
            let manager = ObjectManager(baseURL: baseURL)
            manager.add(ResponseDescriptor(mapping: Mappings.gist, method: .get, pathPattern: "/wrapped", keyPath: "gists"))
            manager.add(ResponseDescriptor(mapping: Mappings.meta, method: .get, pathPattern: "/wrapped", keyPath: "meta"))
            manager.add(ResponseDescriptor(mapping: Mappings.meta, method: .post, pathPattern: "/wrapped", keyPath: "nothing"))
            let result = try await manager.getObjects(at: "wrapped")
            #expect(result.objects(at: "gists").count == 2)
            #expect(result.objects(of: Meta.self) == [Meta(count: 2)])
            #expect(result.objects(at: "nothing").isEmpty)
        }
    }

    @Test func noMatchingDescriptorExplainsEachOne() async throws {
        try await GistServer.run { baseURL in
            let manager = ObjectManager(baseURL: baseURL)
            manager.add(ResponseDescriptor(mapping: Mappings.gist, method: .post, pathPattern: "/gists/public"))
            manager.add(ResponseDescriptor(mapping: Mappings.gist, method: .get, pathPattern: "/gists/public", statusCodes: 201))
            manager.add(ResponseDescriptor(mapping: Mappings.gist, method: .get, pathPattern: "/gists/:id/comments"))
            let error = await #expect(throws: ObjectManagerError.self) { _ = try await manager.getObjects(at: "/gists/public") }
            #expect(error?.errorType == .noResponseDescriptor)
            #expect(error?.status == 200)
            let reason = error?.reason ?? ""
            #expect(reason.contains("method GET is not POST"))
            #expect(reason.contains("status 200 is not in 201"))
            #expect(reason.contains("path '/gists/public' does not match '/gists/:id/comments'"))
        }
    }

    @Test func emptySuccessfulBodyHasNoObjects() async throws {
        try await GistServer.run { baseURL in
            let manager = ObjectManager(baseURL: baseURL)  // not even a descriptor is needed
            let result = try await manager.getObjects(at: "/empty")
            #expect(result.objects.isEmpty)
            #expect(result.response.status == 200)
        }
    }

    @Test func unregisteredContentTypeIsNamed() async throws {
        try await GistServer.run { baseURL in
            let manager = ObjectManager(baseURL: baseURL)
            manager.add(ResponseDescriptor(mapping: Mappings.gist))
            let csv = await #expect(throws: ObjectManagerError.self) { _ = try await manager.getObjects(at: "/csv") }
            #expect(csv?.errorType == .unsupportedContentType)
            #expect(csv?.reason.contains("text/csv") == true)
            let untyped = await #expect(throws: ObjectManagerError.self) { _ = try await manager.getObjects(at: "/untyped") }
            #expect(untyped?.errorType == .unsupportedContentType)
        }
    }

    @Test func queryParametersAndAcceptHeader() async throws {
        try await GistServer.run { baseURL in
            let manager = Mappings.gistManager(baseURL)
            let result = try await manager.getObjects(at: "/echo", parameters: ["q": "a b", "page": 2])
            let echo = try #require(result.first as? Echo)
            #expect(echo.method == "GET")
            #expect(echo.query == "q=a%20b&page=2")
            #expect(echo.body.isEmpty)
            #expect(echo.accept == "application/json, text/json, application/xml, text/xml, application/x-www-form-urlencoded")
        }
    }

    @Test func formURLEncodedBodyWithRootKey() async throws {
        try await GistServer.run { baseURL in
            let manager = Mappings.gistManager(baseURL)
            manager.configure { $0.requestSerializationMediaType = .formURLEncoded }
            let result = try await manager.put(Gist(id: "7", summary: "Hi there", isPublic: true), path: "/echo/7")
            let echo = try #require(result.first as? Echo)
            #expect(echo.method == "PUT")
            #expect(echo.contentType == "application/x-www-form-urlencoded")
            #expect(echo.body == "gist[description]=Hi%20there&gist[public]=true")  // Rails-style nesting
        }
    }

    @Test func deleteParametersGoInTheQuery() async throws {
        try await GistServer.run { baseURL in
            let manager = Mappings.gistManager(baseURL)
            let result = try await manager.delete(Gist(id: "1"), path: "/echo", parameters: ["force": true])
            let echo = try #require(result.first as? Echo)
            #expect(echo.method == "DELETE")
            #expect(echo.query == "force=true")
            #expect(echo.body.isEmpty)
        }
    }

    @Test func rawRequestWithAStreamedFileBody() async throws {
        try await GistServer.run { baseURL in
            let manager = Mappings.gistManager(baseURL)
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("restkit-http-\(UUID().uuidString).txt").path
            let text = String(repeating: "chunk of a file body\n", count: 5_000)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            defer { try? FileManager.default.removeItem(atPath: path) }
            var body = try Body.file(atPath: path)
            body.chunkSize = 4096
            var request = try manager.request(method: .post, path: "/echo")
            request.body = body
            request.headers["Content-Type"] = "text/plain"
            let echo = try #require(try await manager.send(request).first as? Echo)
            #expect(echo.contentType == "text/plain")
            #expect(echo.body == text)
        }
    }

    @Test func customErrorDescriptorAndUnparsableBody() async throws {
        try await GistServer.run { baseURL in
            let manager = Mappings.gistManager(baseURL)
            manager.configure { config in
                config.errorDescriptors = [
                    ResponseDescriptor(mapping: Mappings.apiError, statusCodes: .clientError)
                ]
            }
            let error = await #expect(throws: ObjectManagerError.self) { _ = try await manager.post(Gist(summary: "")) }
            #expect(error?.status == 422)
            #expect(error?.messages == ["Validation Failed"])
            let broken = await #expect(throws: ObjectManagerError.self) { _ = try await manager.getObjects(at: "/broken") }
            #expect(broken?.errorType == .unparsableResponse)
        }
    }

    @Test func timeoutIsItsOwnError() async throws {
        try await GistServer.run { baseURL in
            let manager = Mappings.gistManager(baseURL)
            manager.configure { $0.timeout = .milliseconds(300) }
            let error = await #expect(throws: ObjectManagerError.self) { _ = try await manager.getObjects(at: "/slow") }
            #expect(error?.errorType == .timeout)
        }
    }

    @Test func cancellationIsItsOwnError() async throws {
        try await GistServer.run { baseURL in
            let manager = Mappings.gistManager(baseURL)
            let task = Task { () async throws(ObjectManagerError) -> Int in
                try await manager.getObjects(at: "/slow").objects.count
            }
            try await Task.sleep(for: .milliseconds(200))
            task.cancel()
            let error = await #expect(throws: ObjectManagerError.self) { _ = try await task.value }
            #expect(error?.errorType == .cancelled)
        }
    }

    @Test func connectionFailureIsATransportError() async throws {
        // Port 1 on loopback: nothing listens there, the connection is refused.
        // The default transport does not retry a refused connection until the deadline (a
        // client that does fails at the deadline with the same connection error, so only the
        // time tells them apart). The bound is half the deadline and both are long: the test
        // resumes on Swift's cooperative pool, which the suites that wait for subprocesses
        // (curl, Python) can hold for minutes on 2 cores; under a build and two fuzzers this
        // resumed 245 s after the failure.
        let manager = ObjectManager(baseURL: "http://127.0.0.1:1")
        manager.configure { $0.timeout = .seconds(1200) }
        let clock = ContinuousClock()
        let started = clock.now
        let error = await #expect(throws: ObjectManagerError.self) { _ = try await manager.getObjects(at: "/gists") }
        #expect(error?.errorType == .transport)
        #expect(clock.now - started < .seconds(600), "a refused connection failed only after \(clock.now - started)")
    }
}
