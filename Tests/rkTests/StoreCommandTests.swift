import Foundation
import RestKitTestSupport
import Testing

/// `rk seed` and `rk query`, run as a user would, on real files in a temporary directory.
struct StoreCommandTests {
    static let mapping = """
        {"entities": [
          {"name": "Article", "table": "articles", "rootKeyPath": "articles",
           "attributes": {"id": "integer", "title": "text", "author.name": {"type": "text", "column": "author"},
                          "published_at": "dateText"},
           "searchable": ["title", "author.name"]},
          {"name": "Tag", "table": "tags", "rootKeyPath": "tags", "attributes": {"id": "integer", "label": "text"}}
        ]}
        """

    /// A directory holding `files` (name → contents); removed after `body`.
    static func withDirectory<T>(_ files: KeyValuePairs<String, String>, _ body: (URL) async throws -> T) async throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rk-store-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, contents) in files { try Data(contents.utf8).write(to: directory.appendingPathComponent(name)) }
        return try await body(directory)
    }

    static let fixtures: KeyValuePairs<String, String> = [
        "mapping.json": mapping,
        "a.json": #"{"articles": [{"id": 1, "title": "Le Café de Flore", "author": {"name": "Zoé"}, "published_at": "2024-05-01T10:00:00Z"}, {"id": 2, "title": "Tea rooms", "author": {"name": "Bo"}}], "tags": [{"id": 1, "label": "food"}]}"#,
        "b.xml": "<articles><id>3</id><title>CAFÉ racer</title><author><name>Al</name></author></articles>",
        "bad.json": #"{"articles": [{"id": 4, "title": "ok"}, {"id": "five", "title": "bad"}]}"#,
    ]

    @Test func seedsThenQueries() async throws {
        try await Self.withDirectory(Self.fixtures) { directory in
            let path = { (name: String) in directory.appendingPathComponent(name).path }
            let seed = try await CommandLineTests.run(["seed", path("a.json"), path("b.xml"), "--mapping", path("mapping.json"), "--database", path("app.sqlite")])
            #expect(seed.status == 0, "\(seed.stderr)")
            #expect(seed.stderr.isEmpty)  // no progress bar: stderr is not a terminal
            let lines = seed.stdout.split(separator: "\n")
            #expect(lines.count == 3)
            #expect(lines.first == "Article (articles): 3 inserted, 0 updated, 0 unchanged, from 3 objects")
            #expect(lines.dropFirst().first == "Tag (tags): 1 inserted, 0 updated, 0 unchanged, from 1 objects")
            #expect(lines.last?.hasPrefix("2 files (") == true)

            let all = try await CommandLineTests.run(["query", path("app.sqlite"), "Article", "--mapping", path("mapping.json")])
            #expect(all.status == 0, "\(all.stderr)")
            #expect(all.stdout == #"""
                [{"id":1,"title":"Le Café de Flore","author":{"name":"Zoé"},"published_at":"2024-05-01T10:00:00Z"},\#
                {"id":2,"title":"Tea rooms","author":{"name":"Bo"}},{"id":3,"title":"CAFÉ racer","author":{"name":"Al"}}]

                """#)
            let tags = try await CommandLineTests.run(["query", path("app.sqlite"), "tags", "-m", path("mapping.json"), "--pretty"])
            #expect(tags.stdout == "[\n  {\n    \"id\": 1,\n    \"label\": \"food\"\n  }\n]\n")

            // Again: the same objects, updated.
            let again = try await CommandLineTests.run(["seed", path("a.json"), "--entity", "Article", "-m", path("mapping.json"), "--database", path("app.sqlite")])
            #expect(again.stdout.hasPrefix("Article (articles): 0 inserted, 2 updated, 0 unchanged, from 2 objects\n1 file ("))
        }
    }

    @Test(arguments: [
        ("cafe", [1, 3]), ("CAFE NOT racer", [1]), ("zoe", [1]), (#""tea rooms" OR racer"#, [2, 3]), ("caf*", [1, 3]),
    ])
    func searchFoldsAccentsAndCase(query: String, ids: [Int]) async throws {
        try await Self.withDirectory(Self.fixtures) { directory in
            let path = { (name: String) in directory.appendingPathComponent(name).path }
            let seed = try await CommandLineTests.run(["seed", path("a.json"), path("b.xml"), "-m", path("mapping.json"), "--database", path("app.sqlite")])
            #expect(seed.status == 0, "\(seed.stderr)")
            let found = try await CommandLineTests.run(["query", path("app.sqlite"), "Article", "-m", path("mapping.json"), "--search", query])
            #expect(found.status == 0, "\(found.stderr)")
            let objects = try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]]
            #expect(Set(objects?.compactMap { $0["id"] as? Int } ?? []) == Set(ids))
            let one = try await CommandLineTests.run(["query", path("app.sqlite"), "Article", "-m", path("mapping.json"), "--search", query, "--limit", "1"])
            #expect(one.stdout.split(separator: "\n").count == 1)
            #expect(((try JSONSerialization.jsonObject(with: Data(one.stdout.utf8)) as? [Any])?.count) == 1)
        }
    }

    /// Entities without a rootKeyPath are seeded through the relationships of those with one.
    @Test("rk seed -v logs the store's write with its counts on stderr, not the values")
    func verboseSeedLogsTheImport() async throws {
        try await Self.withDirectory(Self.fixtures) { directory in
            let path = { (name: String) in directory.appendingPathComponent(name).path }
            let seed = try await CommandLineTests.run(["seed", "-v", path("a.json"), "-m", path("mapping.json"), "--database", path("app.sqlite")])
            #expect(seed.status == 0, "\(seed.stderr)")
            let entries = seed.stderr.split(separator: "\n").filter { $0.hasSuffix("store seed finished") }
            #expect(entries.count == 1, "\(seed.stderr)")
            #expect(entries.first?.contains("rk.store.inserted=") == true, "\(seed.stderr)")
            #expect(entries.first?.contains("db.system.name=sqlite") == true)
            #expect(!seed.stderr.contains("Flore"), "\(seed.stderr)")
        }
    }

    @Test func seedsRelatedObjects() async throws {
        let mapping = """
            {"entities": [
              {"name": "Post", "rootKeyPath": "posts", "attributes": {"id": "integer", "title": "text"},
               "relationships": {"author": {"entity": "Author", "kind": "toOne"}}},
              {"name": "Author", "attributes": {"id": "integer", "name": "text", "active": "boolean"}}
            ]}
            """
        let posts = "<posts><post><id>1</id><title>Hi</title><author><id>9</id><name>Ada</name><active>yes</active></author></post></posts>"
        try await Self.withDirectory(["mapping.json": mapping, "posts.xml": posts]) { directory in
            let path = { (name: String) in directory.appendingPathComponent(name).path }
            let broken = try await CommandLineTests.run(["seed", path("posts.xml"), "-m", path("mapping.json"), "--database", path("app.sqlite")])
            #expect(broken.status == 1)  // the posts are at posts.post in this XML
            #expect(broken.stderr.contains("posts.id: post: no value for identification attribute 'id'"))
            let fixed = try Data(contentsOf: URL(fileURLWithPath: path("mapping.json")))
            try Data(String(decoding: fixed, as: UTF8.self).replacingOccurrences(of: #""rootKeyPath": "posts""#, with: #""rootKeyPath": "posts.post""#).utf8)
                .write(to: URL(fileURLWithPath: path("mapping.json")))
            let seed = try await CommandLineTests.run(["seed", path("posts.xml"), "-m", path("mapping.json"), "--database", path("app.sqlite")])
            #expect(seed.status == 0, "\(seed.stderr)")
            #expect(seed.stdout.hasPrefix("Post (post): 1 inserted, 0 updated, 0 unchanged, from 1 objects\n1 file ("))
            let post = try await CommandLineTests.run(["query", path("app.sqlite"), "Post", "-m", path("mapping.json")])
            #expect(post.stdout == #"[{"id":1,"title":"Hi","author":{"id":9,"name":"Ada","active":true}}]"# + "\n")
            let author = try await CommandLineTests.run(["query", path("app.sqlite"), "Author", "-m", path("mapping.json")])
            #expect(author.stdout == #"[{"id":9,"name":"Ada","active":true}]"# + "\n")
        }
    }

    /// A URL-encoded fixture, by --type (no extension names the type).
    @Test func seedsAFormByType() async throws {
        let mapping = #"{"entities": [{"name": "Signup", "attributes": {"id": "integer", "email": "text", "newsletter": "boolean"}}]}"#
        try await Self.withDirectory(["mapping.json": mapping, "signup.txt": "id=1&email=ada%40example.com&newsletter=yes"]) { directory in
            let path = { (name: String) in directory.appendingPathComponent(name).path }
            let seed = try await CommandLineTests.run([
                "seed", path("signup.txt"), "--type", "application/x-www-form-urlencoded", "-m", path("mapping.json"), "--database", path("app.sqlite"),
            ])
            #expect(seed.status == 0, "\(seed.stderr)")
            let query = try await CommandLineTests.run(["query", path("app.sqlite"), "Signup", "-m", path("mapping.json")])
            #expect(query.stdout == #"[{"id":1,"email":"ada@example.com","newsletter":true}]"# + "\n")
        }
    }

    @Test func anErrorInOneFileStoresNothing() async throws {
        try await Self.withDirectory(Self.fixtures) { directory in
            let path = { (name: String) in directory.appendingPathComponent(name).path }
            let seed = try await CommandLineTests.run(["seed", path("a.json"), path("bad.json"), "--entity", "Article", "-m", path("mapping.json"), "--database", path("app.sqlite")])
            #expect(seed.status == 1)
            #expect(seed.stderr == "rk: error: \(path("bad.json")): articles.1.id: articles: cannot convert string \"five\" to integer\n")
            let all = try await CommandLineTests.run(["query", path("app.sqlite"), "Article", "-m", path("mapping.json")])
            #expect(all.status == 0)
            #expect(all.stdout == "[]\n")
        }
    }

    @Test func aBadMappingNamesTheField() async throws {
        let bad = #"{"entities": [{"name": "Article", "attributes": {"id": "integer", "title": "txt"}}]}"#
        try await Self.withDirectory(["mapping.json": bad, "a.json": "{}"]) { directory in
            let path = { (name: String) in directory.appendingPathComponent(name).path }
            for arguments in [
                ["seed", path("a.json"), "-m", path("mapping.json"), "--database", path("app.sqlite")],
                ["query", path("app.sqlite"), "Article", "-m", path("mapping.json")],
            ] {
                let outcome = try await CommandLineTests.run(arguments)
                #expect(outcome.status == 1)
                #expect(outcome.stderr == """
                    rk: error: \(path("mapping.json")): entities[0].attributes.title: unknown type 'txt' \
                    (expected integer, real, text, blob, boolean, dateText, dateEpoch)

                    """)
            }
            #expect(!FileManager.default.fileExists(atPath: path("app.sqlite")))
        }
        try await Self.withDirectory(["mapping.json": "{\"entities\": [\n  {\"name\": }]}"]) { directory in
            let mapping = directory.appendingPathComponent("mapping.json").path
            let outcome = try await CommandLineTests.run(["query", "app.sqlite", "Article", "-m", mapping])
            #expect(outcome.status == 1)
            #expect(outcome.stderr == "rk: error: \(mapping):2:12: unexpected '}': expected a value\n")
        }
    }

    @Test func missingFilesAndUnknownNames() async throws {
        try await Self.withDirectory(Self.fixtures) { directory in
            let path = { (name: String) in directory.appendingPathComponent(name).path }
            let missing = try await CommandLineTests.run(["seed", path("nope.json"), "-m", path("mapping.json"), "--database", path("app.sqlite")])
            #expect(missing.status == 1)
            #expect(missing.stderr.hasPrefix("rk: error: \(path("nope.json")): "))
            #expect(missing.stderr.hasSuffix("(check the path)\n"))

            let noMapping = try await CommandLineTests.run(["seed", path("a.json"), "-m", path("nope.json"), "--database", path("app.sqlite")])
            #expect(noMapping.status == 1)
            #expect(noMapping.stderr.hasPrefix("rk: error: \(path("nope.json")): "))

            let noDatabase = try await CommandLineTests.run(["query", path("none.sqlite"), "Article", "-m", path("mapping.json")])
            #expect(noDatabase.status == 1)
            #expect(noDatabase.stderr.hasPrefix("rk: error: \(path("none.sqlite")): no such database file (create it with `rk seed"))
            #expect(!FileManager.default.fileExists(atPath: path("none.sqlite")))

            let unknownEntity = try await CommandLineTests.run(["seed", path("a.json"), "-m", path("mapping.json"), "--database", path("app.sqlite"), "--entity", "Post"])
            #expect(unknownEntity.status == 2)
            #expect(unknownEntity.stderr == "rk: error: --entity: no entity 'Post' in the mapping; it declares Article (table articles), Tag (table tags)\n")

            let unknownType = try await CommandLineTests.run(["seed", path("mapping.json"), path("b.xml"), "-m", path("mapping.json"), "--database", path("app.sqlite"), "--type", "text/x-nope"])
            #expect(unknownType.status == 1)
            #expect(unknownType.stderr.hasPrefix("rk: error: \(path("mapping.json")): no parser registered for text/x-nope; registered: "))

            let unknownExtension = try await CommandLineTests.run(["seed", path("mapping.csv"), "-m", path("mapping.json"), "--database", path("app.sqlite")])
            #expect(unknownExtension.status == 1)
            #expect(unknownExtension.stderr == """
                rk: error: \(path("mapping.csv")): no media type registered for '.csv' (registered: .json, .xml); \
                say which media type the file is with --type MIME (`rk parsers` lists them)

                """)

            let noObjects = try await CommandLineTests.run(["seed", path("mapping.json"), "-m", path("mapping.json"), "--database", path("app.sqlite")])
            #expect(noObjects.status == 1)
            #expect(noObjects.stderr.hasPrefix("rk: error: \(path("mapping.json")): no objects for Article at 'articles', Tag at 'tags'"))

            let badSearch = try await CommandLineTests.run(["seed", path("a.json"), "-m", path("mapping.json"), "--database", path("app.sqlite")])
            #expect(badSearch.status == 0)
            let query = try await CommandLineTests.run(["query", path("app.sqlite"), "Article", "-m", path("mapping.json"), "--search", "cafe OR"])
            #expect(query.status == 2)
            #expect(query.stderr == "rk: error: --search: 'OR' needs a term after it (at character 6)\n")
            let notSearchable = try await CommandLineTests.run(["query", path("app.sqlite"), "Tag", "-m", path("mapping.json"), "--search", "food"])
            #expect(notSearchable.status == 2)
            let badLimit = try await CommandLineTests.run(["query", path("app.sqlite"), "Article", "-m", path("mapping.json"), "--limit", "0"])
            #expect(badLimit.status == 2)

            // A mapping with one more attribute: the query says so, and does not add the column.
            let wider = Self.mapping.replacingOccurrences(of: #""id": "integer", "title": "text""#, with: #""id": "integer", "title": "text", "rating": "real""#)
            try Data(wider.utf8).write(to: URL(fileURLWithPath: path("wider.json")))
            let changed = try await CommandLineTests.run(["query", path("app.sqlite"), "Article", "-m", path("wider.json")])
            #expect(changed.status == 1)
            #expect(changed.stderr.hasPrefix("rk: error: \(path("app.sqlite")): table 'articles' has no column 'rating' (seeding with this mapping adds it"))
            let again = try await CommandLineTests.run(["query", path("app.sqlite"), "Article", "-m", path("wider.json")])
            #expect(again.status == 1)
        }
    }
}
