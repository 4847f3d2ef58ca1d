import Testing
import RestKitHTTP

@Suite("Public gists flow against a live server")
struct GistFlowTests {
    @Test func listsPublicGists() async throws {
        try await GistServer.run { baseURL in
            let manager = Mappings.gistManager(baseURL)
            let result = try await manager.getObjects(at: "/gists/public")
            let gists = result.objects(of: Gist.self)
            #expect(gists.map(\.id) == ["aa1", "bb2"])
            #expect(gists.map(\.owner) == ["octocat", "blake"])
            #expect(gists.allSatisfy { $0.isPublic })
            #expect(result.response.status == 200)
            #expect(result.response.headers["content-type"] == "application/json; charset=utf-8")
            #expect(result.mapping.errors.isEmpty)
        }
    }

    @Test func getsOneGistByIDThroughTheRouter() async throws {
        try await GistServer.run { baseURL in
            let manager = Mappings.gistManager(baseURL)
            let result = try await manager.get(Gist(id: "a b/c"))
            #expect(result.request.url == baseURL + "/gists/a%20b%2Fc")
            let gist = try #require(result.first as? Gist)
            #expect(gist.summary?.hasPrefix("gist ") == true)
            #expect(gist.routeID == "a b/c")  // @metadata.routing.parameters.id, percent-decoded
        }
    }

    @Test func createsAGist() async throws {
        try await GistServer.run { baseURL in
            let manager = Mappings.gistManager(baseURL)
            let result = try await manager.post(Gist(summary: "New gist", isPublic: true))
            #expect(result.response.status == 201)
            #expect(result.request.headers["Content-Type"] == "application/json")
            #expect(result.request.url == baseURL + "/gists")
            let created = try #require(result.first as? Gist)  // application/vnd.github+json parsed as JSON
            #expect(created == Gist(id: "new1", summary: "New gist", isPublic: true, owner: "octocat"))
        }
    }

    @Test func validationErrorCarriesTheServerMessagesAndStatus() async throws {
        try await GistServer.run { baseURL in
            let manager = Mappings.gistManager(baseURL)
            let error = await #expect(throws: ObjectManagerError.self) {
                _ = try await manager.post(Gist(summary: ""))
            }
            #expect(error?.errorType == .server)
            #expect(error?.status == 422)
            #expect(error?.messages == ["description can't be blank"])
            #expect(error?.serverErrors.first as? ServerError == ServerError(messages: ["description can't be blank"]))
        }
    }

    @Test func notFoundAndHTMLServerErrors() async throws {
        try await GistServer.run { baseURL in
            let manager = Mappings.gistManager(baseURL)
            let missing = await #expect(throws: ObjectManagerError.self) { _ = try await manager.get(Gist(id: "missing")) }
            #expect(missing?.errorType == .server)
            #expect(missing?.status == 404)
            #expect(missing?.messages == ["Not Found"])
            let boom = await #expect(throws: ObjectManagerError.self) { _ = try await manager.get(Gist(id: "boom")) }
            #expect(boom?.errorType == .server)
            #expect(boom?.status == 500)
            #expect(boom?.messages == [])
        }
    }

    @Test func patchesAndDeletes() async throws {
        try await GistServer.run { baseURL in
            let manager = Mappings.gistManager(baseURL)
            let patched = try await manager.patch(Gist(id: "aa1", summary: "Renamed"))
            #expect((patched.first as? Gist)?.summary == "Renamed")
            let deleted = try await manager.delete(Gist(id: "aa1"))
            #expect(deleted.response.status == 204)
            #expect(deleted.objects.isEmpty)
        }
    }

    @Test func namedRoute() async throws {
        try await GistServer.run { baseURL in
            let manager = Mappings.gistManager(baseURL)
            let result = try await manager.getObjects(forRouteNamed: "user_gists", object: "blake")
            #expect(result.objects(of: Gist.self).map(\.owner) == ["blake"])
        }
    }
}
