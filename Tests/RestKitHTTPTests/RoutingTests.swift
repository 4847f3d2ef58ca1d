import Testing
import RestKitHTTP

@Suite("Path patterns, routes and status codes")
struct RoutingTests {
    @Test(arguments: [
        ("/gists/:gistID", "/gists/a1b2", ["gistID": "a1b2"]),
        ("/gists/:gistID", "gists/a1b2/", ["gistID": "a1b2"]),
        ("communities/:communityId/posts.json", "/communities/42/posts.json", ["communityId": "42"]),
        ("/files/:name.:format", "/files/report.tar.gz", ["name": "report", "format": "tar.gz"]),
        ("/users/:login", "/users/octo%20cat?page=2", ["login": "octo cat"]),
        ("/users/:login", "/users/a+b%2Fc%c3%a9", ["login": "a+b/cé"]),
        // Lenient by design: malformed escapes and non-UTF-8 results stay as written.
        ("/users/:login", "/users/100%G1", ["login": "100%G1"]),
        ("/users/:login", "/users/50%25%4", ["login": "50%%4"]),
        ("/users/:login", "/users/x%FFy", ["login": "x%FFy"]),
    ])
    func matches(pattern: String, path: String, expected: [String: String]) {
        #expect(PathPattern(pattern).match(path) == expected)
    }

    @Test(arguments: [
        ("/gists/:gistID", "/gists"),
        ("/gists/:gistID", "/gists/1/comments"),
        ("communities/:communityId/posts.json", "/communities/42/posts.xml"),
        ("/gists/public", "/gists/private"),
    ])
    func rejects(pattern: String, path: String) {
        #expect(PathPattern(pattern).match(path) == nil)
    }

    /// A fuzzing finding: many parameters in one segment backtracked exponentially (12
    /// parameters against 62 bytes ran for minutes). Each state is now tried once.
    @Test(.timeLimit(.minutes(1)))
    func manyParametersInOneSegmentMatchInPolynomialTime() {
        let names = (0..<12).map { "p\($0)" }
        let pattern = PathPattern("/" + names.map { ":\($0)." }.joined())
        #expect(pattern.match("/" + String(repeating: ".", count: 61) + "x") == nil)
        let path = "/" + (0..<12).map { "v\($0)." }.joined()
        var expected: [String: String] = [:]
        for (index, name) in names.enumerated() { expected[name] = "v\(index)" }
        #expect(pattern.match(path) == expected)
        // Shortest first, as before: the first parameter takes as little as lets the rest match.
        #expect(PathPattern("/:a.:b").match("/x.y.z") == ["a": "x", "b": "y.z"])
    }

    @Test func pathFromPatternEscapesValues() throws {
        let pattern = PathPattern("communities/:communityId/posts.json")
        #expect(try pattern.path(with: ["communityId": "42"]) == "communities/42/posts.json")
        #expect(try PathPattern("/users/:login").path(with: ["login": "ä/b c?"]) == "/users/%C3%A4%2Fb%20c%3F")
        #expect(try pattern.path(with: ["communityId": 42] as Representation) == "communities/42/posts.json")
        let error = #expect(throws: ObjectManagerError.self) { try pattern.path(with: ["id": "1"]) }
        #expect(error?.errorType == .routing)
        #expect(error?.reason.contains(":communityId") == true)
    }

    @Test func routerPrefersTheExactMethodAndInterpolatesProperties() throws {
        var router = Router()
        router.add(Route(Gist.self, methods: nil, pattern: "/gists/:id", mapping: Mappings.gistID))
        router.add(Route(Gist.self, method: .post, pattern: "/gists"))
        router.add(Route(Meta.self, method: .get, pattern: "/meta/:count") { meta in ["count": String(meta.count)] })
        router.add(Route(name: "search", pattern: "/search/:q"))
        #expect(try router.path(for: Gist(id: "x y"), method: .get) == "/gists/x%20y")
        #expect(try router.path(for: Gist(id: "1"), method: .post) == "/gists")
        #expect(try router.path(for: Meta(count: 3), method: .get) == "/meta/3")
        #expect(try router.path(forRouteNamed: "search", object: ["q": "swift nio"]) == "/search/swift%20nio")
        let error = #expect(throws: ObjectManagerError.self) { try router.path(for: Meta(count: 3), method: .delete) }
        #expect(error?.errorType == .routing)
        #expect(error?.reason.contains("no route for Meta and DELETE") == true)
    }

    @Test func statusCodes() {
        #expect(StatusCodes.successful.contains(204))
        #expect(!StatusCodes.successful.contains(304))
        #expect(StatusCodes.errors.contains(422))
        #expect(StatusCodes([200, 201]).contains(201))
        #expect(StatusCodes.successful.description == "2xx")
        let created: StatusCodes = 201
        #expect(!created.contains(200))
    }

    @Test func descriptorMatchReportsWhy() {
        let descriptor = ResponseDescriptor(mapping: Mappings.gist, methods: [.get], pathPattern: "/gists/:id", keyPath: "gist")
        #expect(descriptor.match(method: .get, path: "/gists/9", status: 200) == .matched(parameters: ["id": "9"]))
        #expect(descriptor.match(method: .post, path: "/gists/9", status: 200) == .mismatched(reason: "method POST is not GET"))
        #expect(descriptor.match(method: .get, path: "/gists/9", status: 404) == .mismatched(reason: "status 404 is not in 2xx"))
    }
}
