import Foundation
import RestKitCore
import RestKitDefaults
import RestKitMapping
import RestKitStore
import RestKitTestSupport
import Testing

/// Seeding: fixture files of any registered media type imported in one transaction.
struct SeedingTests {
    static let articleDeclaration = """
        {"entities": [{"name": "Article", "table": "articles", "rootKeyPath": "articles",
          "attributes": {"id": "integer", "title": "text", "author.name": "text", "published_at": "dateText"},
          "searchable": ["title"]}]}
        """

    static func articles() throws -> DeclaredEntity {
        try #require(DeclaredMapping(json: Array(articleDeclaration.utf8)).entities.first)
    }

    /// Writes `files` (name → text) into a fresh directory and runs `body` with their paths.
    static func withFiles<T>(_ files: KeyValuePairs<String, String>, _ body: ([String], URL) async throws -> T) async throws -> T {
        try await withTemporaryDirectory { directory in
            var paths: [String] = []
            for (name, text) in files {
                let url = directory.appending(path: name)
                try Data(text.utf8).write(to: url)
                paths.append(url.path)
            }
            return try await body(paths, directory)
        }
    }

    @Test(arguments: StoreBackend.available)
    func seedsSeveralFilesOfSeveralTypes(kind: StoreBackend) async throws {
        try await Self.withFiles([
            "a.json": #"{"articles": [{"id": 1, "title": "Café", "author": {"name": "Ada"}, "published_at": "2024-05-01T10:00:00Z"}]}"#,
            "b.xml": "<articles><id>2</id><title>Tea</title><author><name>Bo</name></author></articles>",
            "c.json": #"{"articles": {"id": 1, "title": "Café au lait"}}"#,
        ]) { paths, _ in
            try await withStore(kind) { store in
                let articles = try Self.articles()
                try await store.register(articles.entity)
                let result = try await store.seed(articles, fromFiles: paths)
                #expect(result.inserted == 2)
                #expect(result.updated == 0)  // id 1 twice in one operation: one row, later values
                #expect(result.objectCounts == [1, 1, 1])
                #expect(result.filesWithoutObjects.isEmpty)
                let stored = try await store.objects(of: articles.entity)
                #expect(stored.map(\.representation) == [
                    ["id": 1, "title": "Café au lait", "author": ["name": "Ada"], "published_at": "2024-05-01T10:00:00Z"],
                    ["id": 2, "title": "Tea", "author": ["name": "Bo"]],
                ])
                let again = try await store.seed(articles, fromFiles: paths)
                #expect(again.updated == 2)
                #expect(try await store.search(articles.entity, matching: "cafe").count == 1)
            }
        }
    }

    /// An error in the third file leaves nothing from the first two, and names the file and
    /// the key path in it.
    @Test(arguments: StoreBackend.available)
    func oneTransactionAcrossFiles(kind: StoreBackend) async throws {
        try await Self.withFiles([
            "1.json": #"{"articles": [{"id": 1, "title": "One"}]}"#,
            "2.json": #"{"articles": [{"id": 2, "title": "Two"}]}"#,
            "3.json": #"{"articles": [{"id": 3, "title": "Three"}, {"id": "four", "title": "Four"}]}"#,
        ]) { paths, _ in
            try await withStore(kind) { store in
                let articles = try Self.articles()
                try await store.register(articles.entity)
                do {
                    _ = try await store.seed(articles, fromFiles: paths)
                    Issue.record("no error")
                } catch let error as SeedError {
                    #expect(error.errorType == .store)
                    #expect(error.file == paths[2])
                    #expect(error.keyPath == "articles.1.id")
                    #expect(error.storeError?.keyPath == "3.id")
                    #expect(error.description.hasPrefix("\(paths[2]): articles.1.id: articles: "))
                }
                #expect(try await store.count(of: articles.entity) == 0)
            }
        }
    }

    /// `[{"human": {…}}, …]` with the root key path `human`: the value in each element, and
    /// errors located as `1.human.id`.
    @Test func rootKeyPathInEachElementOfAnArray() async throws {
        let humans = try #require(DeclaredMapping(json: Array(#"""
            {"entities": [{"name": "Human", "rootKeyPath": "human", "attributes": {"id": "integer", "name": "text"}}]}
            """#.utf8)).entities.first)
        let store = try SQLiteStore.inMemory()
        try await store.register(humans.entity)
        let good = SeedDocument(name: "all.json", value: [["human": ["id": 1, "name": "A"]], ["cat": [:]], ["human": ["id": 2, "name": "B"]]])
        let none = SeedDocument(name: "cats.json", value: ["cats": []])
        let result = try await store.seed(humans, from: [good, none])
        #expect(result.inserted == 2)
        #expect(result.objectCounts == [2, 0])
        #expect(result.filesWithoutObjects == ["cats.json"])
        let bad = SeedDocument(name: "bad.json", value: [["human": ["id": 3]], ["human": ["name": "no id"]]])
        do {
            _ = try await store.seed(humans, from: [bad])
            Issue.record("no error")
        } catch {
            #expect(error.file == "bad.json")
            #expect(error.keyPath == "1.human.id")
            #expect(error.storeError?.errorType == .missingIdentification)
        }
        #expect(try await store.count(of: humans.entity) == 2)
    }

    @Test func refusesAScalarAtTheRootKeyPath() async throws {
        let store = try SQLiteStore.inMemory()
        let articles = try Self.articles()
        try await store.register(articles.entity)
        do {
            _ = try await store.seed(articles, from: [SeedDocument(name: "x.json", value: ["articles": 3])])
            Issue.record("no error")
        } catch {
            #expect(error.errorType == .noObjects)
            #expect(error.description == "x.json: articles: expected an object or an array of objects, found number 3")
        }
    }

    @Test func urlEncodedFixture() async throws {
        try await Self.withFiles(["signup.txt": "id=5&title=Hello+world&author.name=Zo%C3%A9"]) { paths, _ in
            let store = try SQLiteStore.inMemory()
            let declared = try DeclaredMapping(json: Array(#"""
                {"entities": [{"name": "Article", "attributes": {"id": "integer", "title": "text", "author.name": "text"}}]}
                """#.utf8))
            let article = try #require(declared.entities.first)
            try await store.register(article.entity)
            let result = try await store.seed(article, fromFiles: paths, as: .formURLEncoded)
            #expect(result.inserted == 1)
            let stored = try await store.object(of: article.entity, identifiedBy: 5)
            #expect(stored?["title"] == "Hello world")
        }
    }

    /// A parser the user registered (`id|title` lines, extension `.rows`).
    struct RowsParser: RepresentationParser {
        var name: String { "rows" }
        func parse(_ input: UnsafeRawBufferPointer) throws -> Representation {
            var rows: [Representation] = []
            for (number, line) in String(decoding: input, as: UTF8.self).split(separator: "\n").enumerated() {
                let fields = line.split(separator: "|", omittingEmptySubsequences: false)
                guard fields.count == 2 else {
                    throw ParseError(.syntax, "expected id|title", at: SourceLocation(line: number + 1, column: 1, byteOffset: 0), parser: name)
                }
                rows.append(["id": .string(String(fields[0])), "title": .string(String(fields[1]))])
            }
            return ["articles": .array(rows)]
        }
    }

    @Test func customParserFixture() async throws {
        var registry = Registry.default
        registry.register(RowsParser(), for: "text/x-rows", fileExtensions: ["rows"])
        try await Self.withFiles(["a.rows": "1|One\n2|Two\n", "b.rows": "3|Three\nbroken\n"]) { paths, _ in
            let store = try SQLiteStore.inMemory()
            let articles = try Self.articles()
            try await store.register(articles.entity)
            let result = try await store.seed(articles, fromFiles: [paths[0]], registry: registry)
            #expect(result.inserted == 2)
            #expect(try await store.object(of: articles.entity, identifiedBy: 2)?["title"] == "Two")
            do {
                _ = try await store.seed(articles, fromFiles: paths, registry: registry)
                Issue.record("no error")
            } catch let error as SeedError {
                #expect(error.errorType == .parse)
                #expect(error.description == "\(paths[1]):2:1: expected id|title")
            }
            do {
                _ = try await store.seed(articles, fromFiles: paths)  // the default registry knows no .rows
                Issue.record("no error")
            } catch let error as SeedError {
                #expect(error.errorType == .unknownType)
                #expect(error.file == paths[0])
            }
        }
    }

    @Test func missingFile() async throws {
        let store = try SQLiteStore.inMemory()
        let articles = try Self.articles()
        try await store.register(articles.entity)
        do {
            _ = try await store.seed(articles, fromFiles: ["/nonexistent/articles.json"])
            Issue.record("no error")
        } catch {
            #expect(error.errorType == .unreadable)
            #expect(error.file == "/nonexistent/articles.json")
        }
    }

    /// Several entities, several files, one transaction: an error for the second entity
    /// leaves nothing of the first.
    @Test(arguments: StoreBackend.available)
    func oneTransactionAcrossEntities(kind: StoreBackend) async throws {
        let declared = try DeclaredMapping(json: Array(#"""
            {"entities": [
              {"name": "Article", "rootKeyPath": "articles", "attributes": {"id": "integer", "title": "text"}},
              {"name": "Tag", "rootKeyPath": "tags", "attributes": {"id": "integer", "label": "text"}}
            ]}
            """#.utf8))
        try await withStore(kind) { store in
            for entity in declared.entities { try await store.register(entity.entity) }
            let good = SeedDocument(name: "a.json", value: ["articles": [["id": 1, "title": "One"]], "tags": [["id": 1, "label": "x"]]])
            let results = try await store.seed(declared.entities, from: [good])
            #expect(results.map(\.inserted) == [1, 1])
            let bad = SeedDocument(name: "b.json", value: ["articles": [["id": 2, "title": "Two"]], "tags": [["label": "no id"]]])
            do {
                _ = try await store.seed(declared.entities, from: [good, bad])
                Issue.record("no error")
            } catch let error as SeedError {
                #expect(error.file == "b.json")
                #expect(error.keyPath == "tags.0.id")
                #expect(error.storeError?.errorType == .missingIdentification)
            }
            #expect(try await store.count(of: declared.entities[0].entity) == 1)  // article 2 rolled back
            let unregistered = try SQLiteStore.inMemory()
            do {
                _ = try await unregistered.seed(declared.entities, from: [good])
                Issue.record("no error")
            } catch let error as SeedError {
                #expect(error.storeError?.errorType == .notRegistered)
            }
        }
    }

    // MARK: Relationships

    static let postDeclaration = """
        {"entities": [
          {"name": "Post", "table": "posts", "rootKeyPath": "posts",
           "attributes": {"id": "integer", "title": "text", "draft": "boolean", "published": "dateText"},
           "relationships": {"author": {"entity": "Author", "kind": "toOne"},
                             "tags": {"entity": "Tag", "kind": "manyToMany", "policy": "union"}},
           "dateFormats": ["monthDayYear"]},
          {"name": "Author", "table": "authors", "attributes": {"id": "integer", "name": "text", "active": "boolean"}},
          {"name": "Tag", "table": "tags", "attributes": {"id": "integer", "name": "text"}}
        ]}
        """

    /// Nested related objects from JSON and XML (all text) in one transaction: values converted
    /// to their column types in the related entities too.
    @Test(arguments: StoreBackend.available)
    func seedsRelationshipsFromJSONAndXML(kind: StoreBackend) async throws {
        try await Self.withFiles([
            "a.json": #"{"posts": [{"id": 1, "title": "Hello", "draft": false, "published": "11/27/1982", "author": {"id": 7, "name": "Ada", "active": true}, "tags": [{"id": 1, "name": "swift"}]}]}"#,
            "b.xml": """
                <posts><id>2</id><title>Again</title><draft>yes</draft>
                <author><id>7</id><name>Ada L.</name><active>no</active></author>
                <tags><id>2</id><name>sqlite</name></tags></posts>
                """,
        ]) { paths, _ in
            try await withStore(kind) { store in
                let declared = try DeclaredMapping(json: Array(Self.postDeclaration.utf8))
                let posts = try #require(declared.entity(named: "Post"))
                let authors = try #require(declared.entity(named: "Author"))
                try await store.register(posts.entity)
                let result = try await store.seed(posts, fromFiles: paths)
                #expect(result.inserted == 2)
                let stored = try await store.objects(of: posts.entity)
                #expect(stored.map(\.representation) == [
                    ["id": 1, "title": "Hello", "draft": false, "published": "1982-11-27T00:00:00Z",
                     "author": ["id": 7, "name": "Ada L.", "active": false], "tags": [["id": 1, "name": "swift"]]],
                    ["id": 2, "title": "Again", "draft": true,
                     "author": ["id": 7, "name": "Ada L.", "active": false], "tags": [["id": 2, "name": "sqlite"]]],
                ])
                #expect(try await store.count(of: authors.entity) == 1)
            }
        }
    }

    /// A declared connection to the entity itself: a manager found by `manager_id`, even
    /// when the manager comes later in the files.
    @Test func seedsAConnectionToTheEntityItself() async throws {
        let declared = try DeclaredMapping(json: Array(#"""
            {"entities": [{"name": "Employee", "rootKeyPath": "staff",
              "attributes": {"id": "integer", "name": "text", "manager_id": "integer"},
              "connections": {"manager": {"kind": "toOne", "where": {"manager_id": "id"}},
                              "reports": {"kind": "toMany", "where": {"id": "manager_id"}}}}]}
            """#.utf8))
        let staff = try #require(declared.entities.first)
        let store = try SQLiteStore.inMemory()
        try await store.register(staff.entity)
        let first = SeedDocument(name: "a.json", value: ["staff": [["id": 2, "name": "Bo", "manager_id": 1]]])
        let second = SeedDocument(name: "b.json", value: ["staff": [["id": 1, "name": "Ada"], ["id": 3, "name": "Cy", "manager_id": "1"]]])
        let result = try await store.seed(staff, from: [first, second])
        #expect(result.inserted == 3)
        let bo = try await store.object(of: staff.entity, identifiedBy: 2)
        #expect(bo?.representation[keyPath: "manager.name"] == "Ada")
        let ada = try await store.object(of: staff.entity, identifiedBy: 1)
        let reports: [Representation] = ada?["reports"]?.arrayValue ?? []
        #expect(reports.compactMap { $0["id"] } == [2, 3])
    }

    @Test func locatesAnErrorInARelatedObject() async throws {
        let declared = try DeclaredMapping(json: Array(Self.postDeclaration.utf8))
        let posts = try #require(declared.entity(named: "Post"))
        let store = try SQLiteStore.inMemory()
        try await store.register(posts.entity)
        let document = SeedDocument(name: "p.json", value: ["posts": [["id": 1, "title": "ok"], ["id": 2, "tags": [["id": 1], ["id": "x"]]]]])
        do {
            _ = try await store.seed(posts, from: [document])
            Issue.record("no error")
        } catch {
            #expect(error.file == "p.json")
            #expect(error.keyPath == "posts.1.tags.1.id")
            #expect(error.storeError?.mappingError != nil)
        }
        #expect(try await store.count(of: posts.entity) == 0)
    }

    // MARK: RestKit's own fixtures

    static let fixtures = "restkit-fixtures"

    @Test(.enabled(if: SharedCorpus.directory(fixtures) != nil, Comment(rawValue: SharedCorpus.missingMessage(fixtures))))
    func seedsRestKitHumanFixtures() async throws {
        let directory = try #require(SharedCorpus.directory(Self.fixtures))
        let humans = try #require(DeclaredMapping(json: Array(#"""
            {"entities": [{"name": "Human", "rootKeyPath": "human",
              "attributes": {"id": "integer", "name": "text", "age": "integer", "birthday": "dateText",
                             "favorite_cat.name": "text"}}]}
            """#.utf8)).entities.first)
        let store = try SQLiteStore.inMemory()
        try await store.register(humans.entity)
        let files = ["JSON/humans/all.json", "JSON/humans/1.json"].map { directory.appending(path: $0).path }
        let result = try await store.seed(humans, fromFiles: files)
        #expect(result.inserted == 3)
        #expect(result.objectCounts == [2, 1])
        let blake = try await store.object(of: humans.entity, identifiedBy: 1)
        #expect(blake?.representation == ["id": 1, "name": "Blake Watters", "age": 28])
        #expect(try await store.object(of: humans.entity, identifiedBy: 456)?["favorite_cat.name"] == "Roy")
    }

    @Test(.enabled(if: SharedCorpus.directory(fixtures) != nil, Comment(rawValue: SharedCorpus.missingMessage(fixtures))))
    func seedsRestKitXMLFixture() async throws {
        let directory = try #require(SharedCorpus.directory(Self.fixtures))
        let orders = try #require(DeclaredMapping(json: Array(#"""
            {"entities": [{"name": "Order", "rootKeyPath": "Root.Orders",
              "attributes": {"iRepOrderNo": "integer", "iRepId": "integer", "CreatedDate": "text"},
              "identification": ["iRepOrderNo"]}]}
            """#.utf8)).entities.first)
        let store = try SQLiteStore.inMemory()
        try await store.register(orders.entity)
        let result = try await store.seed(orders, fromFiles: [directory.appending(path: "XML/orders.xml").path])
        #expect(result.inserted == 2)
        let stored = try await store.objects(of: orders.entity)
        #expect(stored.map { $0["iRepOrderNo"] } == [1005, 1006])
        #expect(stored.map { $0["iRepId"] } == [400, 400])  // "400" in the XML, an integer in the store
        #expect(stored.first?["CreatedDate"] == "2011-07-18T14:34:06")  // no time zone: not an ISO 8601 date
    }
}
