import Foundation
import RestKitCore
import RestKitDefaults
import RestKitMapping
import RestKitStore
import Testing

// The README's "Declared mappings and seeding" example, compiled and checked (its files are
// written to a temporary directory, so paths are built from it).

struct ReadmeSeedingExamples {
    /// `id,title,featured` lines as `{"articles": [{"id": …, "title": …, "featured": …}]}`.
    struct CSVParser: RepresentationParser {
        var name: String { "csv" }
        func parse(_ input: UnsafeRawBufferPointer) throws -> Representation {
            let lines = String(decoding: input, as: UTF8.self).split(separator: "\n")
            let rows = lines.map { line -> Representation in
                let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { Representation.string(String($0)) }
                return ["id": fields.first ?? .null, "title": fields.dropFirst().first ?? .null, "featured": fields.dropFirst(2).first ?? .null]
            }
            return ["articles": .array(rows)]
        }
    }

    static let files: KeyValuePairs<String, String> = [
        "mapping.json": """
            {"entities": [
              {"name": "Article", "table": "articles", "rootKeyPath": "articles",
               "attributes": {"id": "integer", "title": "text", "featured": "boolean",
                              "published_at": "dateText"},
               "modificationAttribute": "published_at",
               "searchable": ["title"],
               "relationships": {"author": {"entity": "Author", "kind": "toOne"},
                                 "tags": {"entity": "Tag", "kind": "manyToMany", "policy": "union"}}},
              {"name": "Author", "table": "authors", "attributes": {"id": "integer", "name": "text"}},
              {"name": "Tag", "table": "tags", "attributes": {"id": "integer", "label": "text"}}
            ]}
            """,
        "articles.json": """
            {"articles": [
              {"id": 1, "title": "Le Café de Flore", "featured": true, "published_at": "2024-05-01T10:00:00Z",
               "author": {"id": 7, "name": "Zoé"}, "tags": [{"id": 1, "label": "paris"}]},
              {"id": 2, "title": "Tea rooms of London", "featured": false, "published_at": "05/02/2024",
               "author": {"id": 8, "name": "Bo"}, "tags": [{"id": 2, "label": "london"}]}
            ]}
            """,
        "more.xml": """
            <articles>
              <id>3</id><title>CAFÉ racer</title><featured>yes</featured><published_at>2024-05-03T08:00:00Z</published_at>
              <author><id>7</id><name>Zoé</name></author>
              <tags><id>1</id><label>paris</label></tags>
            </articles>
            """,
        "more.csv": "4,Café society,no\n",
    ]

    @Test func declaredMappingAndSeeding() async throws {
        try await withTemporaryDirectory { directory in
            for (name, text) in Self.files { try Data(text.utf8).write(to: directory.appending(path: name)) }
            let file = { (name: String) in directory.appending(path: name).path }
            let store = try SQLiteStore.inMemory()

            // README begins (paths through `file`)
            let declared = try DeclaredMapping(contentsOf: file("mapping.json"))
            let articles = try #require(declared.entity(named: "Article"))
            try await store.register(articles.entity)                      // and the authors and tags tables
            let result = try await store.seed(articles, fromFiles: [file("articles.json"), file("more.xml")])
            // result.inserted == 3, result.objectCounts == [2, 1]
            var registry = Registry.default
            registry.register(CSVParser(), for: "text/csv", fileExtensions: ["csv"])
            _ = try await store.seed(articles, fromFiles: [file("more.csv")], registry: registry)  // your own format
            let hits = try await store.search(articles.entity, matching: "cafe")             // [StoredObject]
            // README ends

            #expect(result.inserted == 3)
            #expect(result.objectCounts == [2, 1])
            #expect(Set(hits.compactMap { $0["id"]?.int64Value }) == [1, 3, 4])
            let authors = try #require(declared.entity(named: "Author"))
            #expect(try await store.count(of: authors.entity) == 2)
            let csv = try await store.object(of: articles.entity, identifiedBy: 4)
            #expect(csv?.representation == ["id": 4, "title": "Café society", "featured": false, "tags": []])  // no author; no tags
            let second = try await store.object(of: articles.entity, identifiedBy: 2)
            #expect(second?["published_at"] == "2024-05-02T00:00:00Z")
        }
    }
}
