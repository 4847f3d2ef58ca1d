import Foundation
import RestKitTestSupport
import Testing

/// `rk seed` and `rk query` with `--database postgres://…`, against the private server
/// `make test` starts (RESTKIT_POSTGRES_URL), each test in a schema of its own.
@Suite(.enabled(
    if: ProcessInfo.processInfo.environment["RESTKIT_POSTGRES_URL"]?.isEmpty == false,
    "no PostgreSQL server: run the tests through `make test`, or set RESTKIT_POSTGRES_URL"))
struct PostgresCommandTests {
    /// The server's URL with a fresh `?schema=`, and its password taken out (for PGPASSWORD).
    static func database() throws -> (url: String, withoutPassword: String, password: String) {
        let server = try #require(ProcessInfo.processInfo.environment["RESTKIT_POSTGRES_URL"])
        var components = try #require(URLComponents(string: server))
        components.queryItems = [URLQueryItem(name: "schema", value: "rk_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased())]
        let url = try #require(components.string)
        let password = try #require(components.password)
        components.password = nil
        return (url, try #require(components.string), password)
    }

    @Test func seedsThenQueries() async throws {
        let database = try Self.database()
        try await StoreCommandTests.withDirectory(StoreCommandTests.fixtures) { directory in
            let path = { (name: String) in directory.appendingPathComponent(name).path }
            let seed = try await CommandLineTests.run(["seed", path("a.json"), path("b.xml"), "--mapping", path("mapping.json"), "--database", database.url])
            #expect(seed.status == 0, "\(seed.stderr)")
            let lines = seed.stdout.split(separator: "\n")
            #expect(lines.first == "Article (articles): 3 inserted, 0 updated, 0 unchanged, from 3 objects")
            #expect(lines.dropFirst().first == "Tag (tags): 1 inserted, 0 updated, 0 unchanged, from 1 objects")
            #expect(lines.last?.contains("into \(database.withoutPassword) in ") == true, "\(seed.stdout)")
            #expect(!seed.stdout.contains(":" + database.password + "@"))

            let all = try await CommandLineTests.run(["query", database.url, "Article", "--mapping", path("mapping.json")])
            #expect(all.status == 0, "\(all.stderr)")
            #expect(all.stdout == #"""
                [{"id":1,"title":"Le Café de Flore","author":{"name":"Zoé"},"published_at":"2024-05-01T10:00:00Z"},\#
                {"id":2,"title":"Tea rooms","author":{"name":"Bo"}},{"id":3,"title":"CAFÉ racer","author":{"name":"Al"}}]

                """#)
            for (query, ids) in [("cafe", [1, 3]), ("CAFE NOT racer", [1]), ("zoe", [1]), (#""tea rooms" OR racer"#, [2, 3]), ("caf*", [1, 3])] {
                let found = try await CommandLineTests.run(["query", database.url, "Article", "-m", path("mapping.json"), "--search", query])
                #expect(found.status == 0, "\(found.stderr)")
                let objects = try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]]
                #expect(Set(objects?.compactMap { $0["id"] as? Int } ?? []) == Set(ids), "\(query)")
            }
            let again = try await CommandLineTests.run(["seed", path("a.json"), "--entity", "Article", "-m", path("mapping.json"), "--database", database.url])
            #expect(again.stdout.hasPrefix("Article (articles): 0 inserted, 2 updated, 0 unchanged, from 2 objects\n1 file ("))

            // An error in one file stores nothing of any.
            let broken = try await CommandLineTests.run(["seed", path("b.xml"), path("bad.json"), "--entity", "Article", "-m", path("mapping.json"), "--database", database.url])
            #expect(broken.status == 1)
            #expect(broken.stderr.contains("bad.json"), "\(broken.stderr)")
        }
    }

    @Test func thePasswordComesFromPGPASSWORDAndIsNeverShown() async throws {
        let database = try Self.database()
        try await StoreCommandTests.withDirectory(StoreCommandTests.fixtures) { directory in
            let path = { (name: String) in directory.appendingPathComponent(name).path }
            let seed = try await CommandLineTests.run(
                ["seed", path("a.json"), "-m", path("mapping.json"), "--database", database.withoutPassword], environment: ["PGPASSWORD": database.password])
            #expect(seed.status == 0, "\(seed.stderr)")
            let wrong = database.withoutPassword.replacingOccurrences(of: "://restkit@", with: "://restkit:n0t-the-password@")
            let refused = try await CommandLineTests.run(["query", wrong, "Article", "-m", path("mapping.json")])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("check the user name and password"), "\(refused.stderr)")
            #expect(!refused.stderr.contains("n0t-the-password"))
            let missing = try await CommandLineTests.run(["query", try Self.database().url, "Article", "-m", path("mapping.json")])
            #expect(missing.status == 1)
            #expect(missing.stderr.contains("no table 'articles' for entity Article (seed it first"), "\(missing.stderr)")
            let badURL = try await CommandLineTests.run(["query", "postgres://127.0.0.1/app", "Article", "-m", path("mapping.json")])
            #expect(badURL.status == 2)
            #expect(badURL.stderr.contains("no user name"), "\(badURL.stderr)")
            let badParameter = try await CommandLineTests.run(["query", database.url + "&sslmode=require", "Article", "-m", path("mapping.json")])
            #expect(badParameter.status == 2)
            #expect(badParameter.stderr.contains("unknown parameter 'sslmode'"), "\(badParameter.stderr)")
        }
    }
}
