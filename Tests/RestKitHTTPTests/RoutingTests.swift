import Foundation
import RestKit
import RestKitHTTP
import Testing

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

    /// A fuzzing finding (pathpattern, 2026-11-27): with each state tried once the matcher
    /// was still quadratic in the segment per parameter, and compared grapheme clusters; this
    /// 865-byte input (pattern, newline, path) took 2.3 s. The matcher is now linear.
    @Test(.timeLimit(.minutes(1)))
    func theFuzzersSlowInputMatchesQuickly() throws {
        let base64 = """
            LzppJTppaUlEYTppOmlkZGRkLjpmJTppaUlEcnJydElEYTppOmlxdXJtOmxpc3RJRGE6aTppYTppOnSBOmlkZHF1ZW5jZW9y
            bTpsaXN0SURhOmk6aWRkZGVxdWVuY2Vvcm1hOmk6aWRkcXVlbmNlb3JtOnBpc3JycnJycnJycnJycnJycnJycnJycnJycnJ0
            SURhOmk6ZiU6aWlJRHJycnRJRGE6aTppZGlkWWRkZC46ZlNlcXVhOmk6dIE6aWRkcXVlbmNlb3JtOmxpc3RJRGE6aTppZGRk
            ZXF1dWV3Y2Vvcm1hOmlkZGQuxtqZsWVxCi4AACUlbWF0AgAsLszR0dHR0dHRAAAlZW5jZW9ybWE6aTppZGRxdWVuY2Vvcm06
            cGlzcnJycnJycnJycnJycnJycnJycnJycnJycnRJRGE6aTppZGRkZC46ZlNlOmdpc3RJRHF1YTppOnSBOmkkZHF1ZW5jZW9y
            bTpnaXN0SURhOmk6aWRkZGQuOmZTZXEKAAAAJSVTZXF1ZXdjZW9ybWE6aWRkZC46JWZTZXEKAAAAJSVtYXQCACssLszR0dHR
            0dHRAABpZGRkZC46ZlNlOmlkc3RJRHF1YTppOnSBOmlkZHF1ZW5jZW9ybTpnaXN0SURhOmk6aWRkZGQuOmZTZXEKAAAAJSVT
            ZXF1ZXdjZW9ybWE6aWRkZC7G2pmxZXEKLgAAJSVtYXQCAIGBgYGBgYGBgYGBgYGBgYGBgYGBgYGBgYGBgYGBgYGBgYGBgYEs
            LszR0dHR0dHRAAAlADoAACfOZW5jZW9ybTr//////////////////2dpc3RJRGE6aTppZGRkZC46ZlNlcQoAAAAlJVNlcXVl
            d2NldHJtYTppZGRmcm4AAAAA6woAAAAlJW1hdAIALC7M0dHR0dHR0QAAJSUAOgAAJ87//P90SURhOmk6aWRkZGYuU3VkZTpx
            YTppOnSBOmlkZHF1ZW5jZW9ybTr//////////////////2dpc3RJRGE6aTppZGRkZC46ZlNlcQoAAAAlJVNlcXVld2NldHJt
            YTppZGRmcm4AAAAA6woAAAAlJW1hdAIALC7M0dHR0dHR0QAAJSUAOgAAJ87//////////////////yb/////////c29uOv9k
            MA==
            """
        let input = try #require(Data(base64Encoded: base64.filter { !$0.isWhitespace }))
        let bytes = [UInt8](input)
        let newline = bytes.firstIndex(of: 0x0A) ?? bytes.count
        let pattern = PathPattern(String(decoding: bytes[..<newline], as: UTF8.self))
        let path = String(decoding: bytes[min(newline + 1, bytes.count)...], as: UTF8.self)
        #expect(pattern.match(path) == nil)
    }

    /// Many parameters and literals in one long segment: the backtracking matcher tried every
    /// end of every parameter (hours for this); linear now.
    @Test(.timeLimit(.minutes(1)))
    func longSegmentsWithManyParametersMatchInLinearTime() {
        let pattern = PathPattern("/" + (0..<100).map { ":p\($0)." }.joined())
        let dots = String(repeating: ".", count: 20_000)
        #expect(pattern.match("/" + dots + "y") == nil)
        let matched = pattern.match("/" + dots)
        #expect(matched?.count == 100)
        // Shortest first: every parameter but the last takes one ".", the last the rest.
        #expect(matched?["p0"] == "." && matched?["p98"] == ".")
        #expect(matched?["p99"]?.count == 20_000 - 100 - 99)
    }

    /// The matcher against a plain backtracking one (shortest value first, by Unicode
    /// scalars) on random patterns and paths over a small alphabet, where literals recur and
    /// near matches abound.
    @Test func matchesLikeBacktracking() {
        var state: UInt64 = 0x5DEECE66D
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % bound
        }
        let pieces = ["a", "b", "ab", "ba", "é", "e\u{301}", ".", ":x", ":y", ":z", "%41"]
        for round in 0..<3_000 {
            let pattern = "/" + (0..<(1 + next(5))).map { _ in pieces[next(pieces.count)] }.joined()
            let path = "/" + (0..<next(9)).map { _ in ["a", "b", ".", "é", "e\u{301}", "%41"][next(6)] }.joined()
            let expected = ReferencePathMatcher.match(pattern, path)
            #expect(PathPattern(pattern).match(path) == expected, "round \(round): \(pattern) against \(path)")
        }
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

/// A backtracking path matcher, the specification the linear one is checked against: each
/// segment, Unicode scalar by scalar, each parameter the shortest non-empty value that lets
/// the rest match. Exponential; for short inputs only.
enum ReferencePathMatcher {
    static func match(_ pattern: String, _ path: String) -> [String: String]? {
        func segments(_ text: String) -> [Substring] {
            (text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                .split(separator: "/", omittingEmptySubsequences: true)
        }
        let patternSegments = segments(pattern)
        let pathSegments = segments(path)
        guard patternSegments.count == pathSegments.count else { return nil }
        var parameters: [String: String] = [:]
        for (tokens, segment) in zip(patternSegments, pathSegments) {
            guard let found = matchSegment(tokens: tokens, Array(segment.unicodeScalars)) else { return nil }
            parameters.merge(found) { _, new in new }
        }
        return parameters
    }

    private static func isName(_ character: Character) -> Bool {
        character == "_" || (character.isASCII && (character.isLetter || character.isNumber))
    }

    private static func matchSegment(tokens pattern: Substring, _ text: [Unicode.Scalar]) -> [String: String]? {
        // Tokens as PathPattern reads them (by Characters): ":name" (ASCII letters, digits,
        // _) or literal runs, each literal then compared by scalars.
        let pattern = Array(pattern)
        var tokens: [(literal: [Unicode.Scalar]?, name: String?)] = []
        var index = 0
        var literal = ""
        while index < pattern.count {
            if pattern[index] == ":", index + 1 < pattern.count, isName(pattern[index + 1]) {
                if !literal.isEmpty { tokens.append((Array(literal.unicodeScalars), nil)) }
                literal = ""
                var end = index + 1
                while end < pattern.count, isName(pattern[end]) { end += 1 }
                tokens.append((nil, String(pattern[(index + 1)..<end])))
                index = end
            } else {
                literal.append(pattern[index])
                index += 1
            }
        }
        if !literal.isEmpty { tokens.append((Array(literal.unicodeScalars), nil)) }
        func go(_ token: Int, _ position: Int, _ parameters: [String: String]) -> [String: String]? {
            guard token < tokens.count else { return position == text.count ? parameters : nil }
            if let literal = tokens[token].literal {
                guard position + literal.count <= text.count, Array(text[position..<(position + literal.count)]) == literal else { return nil }
                return go(token + 1, position + literal.count, parameters)
            }
            var end = position + 1
            while end <= text.count {
                var next = parameters
                let raw = String(String.UnicodeScalarView(text[position..<end]))
                next[tokens[token].name ?? ""] = (try? PercentEncoding.decodeText(Substring(raw), malformed: .keepLiteral)) ?? raw
                if let found = go(token + 1, end, next) { return found }
                end += 1
            }
            return nil
        }
        return go(0, 0, [:])
    }
}
