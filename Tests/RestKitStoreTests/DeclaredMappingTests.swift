import Foundation
import RestKitCore
import RestKitMapping
import RestKitStore
import Testing

/// Declared mappings: entities read from JSON, each an `EntityMapping<StoredObject>`; every
/// error names the field by its JSON path.
struct DeclaredMappingTests {
    static let articles = """
        {"entities": [{
            "name": "Article", "table": "articles", "rootKeyPath": "articles",
            "attributes": {"id": "integer", "title": "text", "author.name": {"type": "text", "column": "author"},
                           "published_at": "dateText", "rating": "real", "featured": "boolean"},
            "modificationAttribute": "published_at", "searchable": ["title", "author.name"],
            "dateFormats": ["monthDayYear"]
        }]}
        """

    /// The error thrown by reading `text`, as a `DeclarationError`.
    static func error(_ text: String) throws -> DeclarationError {
        do {
            _ = try DeclaredMapping(json: Array(text.utf8))
        } catch {
            return error
        }
        Issue.record("no error for \(text)")
        return DeclarationError(.invalidField, "none")
    }

    static func entity(_ fields: String) -> String {
        #"{"entities": [{"name": "Article", "attributes": {"id": "integer", "title": "text"}\#(fields)}]}"#
    }

    @Test func readsAnEntity() throws {
        let declared = try DeclaredMapping(json: Array(Self.articles.utf8))
        let article = try #require(declared.entity(named: "Article"))
        #expect(declared.entity(named: "articles")?.name == "Article")
        #expect(article.rootKeyPath == "articles")
        #expect(article.entity.columns.map(\.name) == ["id", "title", "author", "published_at", "rating", "featured"])
        #expect(article.entity.columns.map(\.type) == [.integer, .text, .text, .dateText, .real, .boolean])
        #expect(article.entity.identificationColumns.map(\.name) == ["id"])  // inferred
        #expect(article.entity.modificationColumn?.name == "published_at")
        #expect(article.entity.searchableColumns.map(\.keyPath) == ["title", "author.name"])
    }

    @Test func readsStopWords() throws {
        let declared = try DeclaredMapping(json: Array(#"""
            {"entities": [{"name": "Note", "attributes": {"id": "integer", "text": "text"}, "searchable": ["text"], "stopWords": ["The", "of"]}]}
            """#.utf8))
        #expect(try #require(declared.entities.first).entity.stopWords == ["the", "of"])
        #expect(throws: DeclarationError.self) {
            try DeclaredMapping(json: Array(#"{"entities": [{"name": "Note", "attributes": {"id": "integer"}, "stopWords": ["the"]}]}"#.utf8))
        }
        do {
            _ = try DeclaredMapping(json: Array(#"{"entities": [{"name": "Note", "attributes": {"id": "integer"}, "stopWords": ["the"]}]}"#.utf8))
        } catch {
            #expect("\(error)".contains("entities[0].stopWords: stop words need searchable attributes"), "\(error)")
        }
    }

    @Test func defaultsTheTableAndTakesExplicitIdentification() throws {
        let declared = try DeclaredMapping(json: Array(#"""
            {"entities": [{"name": "BlogPost", "attributes": {"slug": "text", "site": "integer"}, "identification": ["site", "slug"]}]}
            """#.utf8))
        let post = try #require(declared.entities.first)
        #expect(post.table == "blog_post")
        #expect(post.rootKeyPath == nil)
        #expect(post.entity.identificationColumns.map(\.keyPath) == ["site", "slug"])
    }

    /// The mapping is a real ObjectMapping: values converted to the column types, both ways.
    @Test func mapsValuesToTheColumnTypes() throws {
        let declared = try DeclaredMapping(json: Array(Self.articles.utf8))
        let mapping = try #require(declared.entities.first).entity.mapping
        let element: Representation = [
            "id": "7", "title": 12, "author": ["name": "Ada"], "published_at": "11/27/1982", "rating": "4.5", "featured": "yes",
            "ignored": true,
        ]
        let object = try mapping.map(element)
        #expect(object["id"] == 7)
        #expect(object["title"] == "12")
        #expect(object["author.name"] == "Ada")
        #expect(object["published_at"] == "1982-11-27T00:00:00Z")
        #expect(object["rating"] == 4.5)
        #expect(object["featured"] == true)
        #expect(object.values.count == 6)
        let back = try mapping.representation(of: object)
        #expect(back[keyPath: "author.name"] == "Ada")
        #expect(object.representation == [
            "id": 7, "title": "12", "author": ["name": "Ada"], "published_at": "1982-11-27T00:00:00Z", "rating": 4.5, "featured": true,
        ])
        #expect(throws: MappingError(.typeMismatch, #"cannot convert string "seven" to integer"#, keyPath: "id", value: "seven")) {
            try mapping.map(["id": "seven"])
        }
    }

    @Test(arguments: [
        (#"{"entities": [{"name": "A", "attributes": {"id": "integer", "title": "txt"}}]}"#,
         "entities[0].attributes.title", "unknown type 'txt' (expected integer, real, text, blob, boolean, dateText, dateEpoch)"),
        (#"{"entities": [{"name": "A", "attributes": {"id": "integer", "author.name": {"type": "txt"}}}]}"#,
         #"entities[0].attributes["author.name"].type"#, "unknown type 'txt' (expected integer, real, text, blob, boolean, dateText, dateEpoch)"),
        (#"{"entities": [{"name": "A", "attributes": {"id": "integer", "x": {"type": "text", "colum": "y"}}}]}"#,
         "entities[0].attributes.x.colum", "unknown field (expected type, column)"),
        (#"{"entities": [{"name": "A", "atributes": {"id": "integer"}}]}"#,
         "entities[0].atributes", "unknown field (expected name, table, rootKeyPath, attributes, identification, modificationAttribute, searchable, stopWords, dateFormats, relationships, connections)"),
        (#"{"entities": [{"name": "A"}]}"#, "entities[0]", "missing required field 'attributes'"),
        (#"{"entities": [{"attributes": {"id": "integer"}}]}"#, "entities[0]", "missing required field 'name'"),
        (#"{"entitys": []}"#, "entitys", "unknown field (expected entities)"),
        (#"{}"#, "entities", "missing required field"),
        (#"{"entities": []}"#, "entities", "declare at least one entity"),
        (#"{"entities": [{"name": 3, "attributes": {"id": "integer"}}]}"#, "entities[0].name", "expected a string, found number 3"),
        (#"{"entities": [{"name": "A", "attributes": {"id": 1}}]}"#,
         "entities[0].attributes.id", #"expected a type name or {"type": …, "column": …}, found number 1"#),
        (#"{"entities": [{"name": "A", "attributes": {"id": "integer"}, "identification": ["id", "uuid"]}]}"#,
         "entities[0].identification[1]", "'uuid' is not a declared attribute (declared: id)"),
        (#"{"entities": [{"name": "A", "attributes": {"id": "integer", "n": "integer"}, "searchable": ["n"]}]}"#,
         "entities[0].searchable[0]", "'n' is integer: only text attributes are searchable"),
        (#"{"entities": [{"name": "A", "attributes": {"id": "integer", "f": "boolean"}, "modificationAttribute": "f"}]}"#,
         "entities[0].modificationAttribute", "'f' is boolean: use a text, number or date attribute"),
        (#"{"entities": [{"name": "A", "attributes": {"id": "integer"}, "dateFormats": ["iso"]}]}"#,
         "entities[0].dateFormats[0]",
         "unknown date format 'iso' (expected iso8601, epochSeconds, monthDayYear, dateTime, rfc1123, rfc850, asctime, dotNet)"),
        (#"{"entities": [{"name": "A", "table": "my table", "attributes": {"id": "integer"}}]}"#,
         "entities[0].table", "invalid table name 'my table': only ASCII letters, digits and '_' are allowed"),
        (#"{"entities": [{"name": "A", "attributes": {"id": "integer", "a.b": "text", "a_b": "text"}}]}"#,
         "entities[0].attributes.a_b", "column 'a_b' is also the column of 'a.b'"),
        (#"{"entities": [{"name": "A", "attributes": {"id": "integer"}}, {"name": "A", "table": "b", "attributes": {"id": "integer"}}]}"#,
         "entities[1].name", "entity 'A' is declared twice"),
        (#"{"entities": [{"name": "A", "attributes": {"id": "integer"}, "relationships": {"b": {"entity": "B", "kind": "toOne"}}}]}"#,
         "entities[0].relationships.b.entity", "no entity 'B' (declared: A)"),
        (#"{"entities": [{"name": "A", "attributes": {"id": "integer"}, "relationships": {"b": {"entity": "A", "kind": "toMany"}}}]}"#,
         "entities[0].relationships.b.entity",
         "relationships and connections form a cycle (A → A): an entity is built after those it names, so drop one direction"),
        (#"{"entities": [{"name": "A", "attributes": {"id": "integer"}, "relationships": {"b": {"entity": "B", "kind": "toSome"}}}]}"#,
         "entities[0].relationships.b.kind", "unknown kind 'toSome' (expected toOne, toMany, manyToMany)"),
        (#"{"entities": [{"name": "A", "attributes": {"id": "integer"}, "relationships": {"b": {"entity": "B", "kind": "toOne", "policy": "union"}}}]}"#,
         "entities[0].relationships.b.policy", "a toOne relationship has no assignment policy"),
        (#"{"entities": [{"name": "A", "attributes": {"id": "integer"}, "relationships": {"b": {"entity": "B", "kind": "toMany", "policy": "merge"}}}]}"#,
         "entities[0].relationships.b.policy", "unknown policy 'merge' (expected set, replace, union)"),
        (#"{"entities": [{"name": "A", "attributes": {"id": "integer"}, "relationships": {"b": {"entity": "B", "kind": "toMany", "joinTable": "ab"}}}]}"#,
         "entities[0].relationships.b.joinTable", "only a manyToMany relationship has a join table: use foreignKey"),
        (#"{"entities": [{"name": "A", "attributes": {"id": "integer"}, "relationships": {"b": {"kind": "toOne"}}}]}"#,
         "entities[0].relationships.b", "missing required field 'entity'"),
        (#"{"entities": [{"name": "A", "attributes": {"id": "integer", "b_id": "integer"}, "connections": {"b": {"kind": "toOne", "where": {"bid": "id"}}}}]}"#,
         "entities[0].connections.b.where.bid", "'bid' is not a declared attribute (declared: id, b_id)"),
        (#"""
         {"entities": [{"name": "A", "attributes": {"id": "integer"}, "relationships": {"b": {"entity": "B", "kind": "toOne"}}},
                       {"name": "B", "attributes": {"id": "integer"}, "relationships": {"a": {"entity": "A", "kind": "toMany"}}}]}
         """#,
         "entities[1].relationships.a.entity",
         "relationships and connections form a cycle (A → B → A): an entity is built after those it names, so drop one direction"),
    ])
    func namesTheBadField(text: String, field: String, reason: String) throws {
        let error = try Self.error(text)
        #expect(error.errorType == .invalidField)
        #expect(error.field == field)
        #expect(error.reason == reason)
        #expect(error.description == "\(field): \(reason)")
    }

    @Test func readsRelationshipsAndConnections() throws {
        let declared = try DeclaredMapping(json: Array(#"""
            {"entities": [
              {"name": "Post", "rootKeyPath": "posts", "attributes": {"id": "integer", "title": "text", "editor_id": "integer"},
               "relationships": {"author": {"entity": "Author", "kind": "toOne", "foreignKey": "writer"},
                                 "comments": {"entity": "Comment", "kind": "toMany", "policy": "replace"},
                                 "tags": {"entity": "Tag", "kind": "manyToMany", "joinTable": "post_tags", "policy": "union"}},
               "connections": {"editor": {"entity": "Author", "kind": "toOne", "where": {"editor_id": "id"}}}},
              {"name": "Author", "attributes": {"id": "integer", "name": "text"}},
              {"name": "Comment", "attributes": {"id": "integer", "text": "text"}},
              {"name": "Tag", "attributes": {"id": "integer", "name": "text"}}
            ]}
            """#.utf8))
        #expect(declared.entities.map(\.name) == ["Post", "Author", "Comment", "Tag"])  // declaration order, built in dependency order
        let post = try #require(declared.entity(named: "Post")).entity
        #expect(post.relationships.map(\.keyPath) == ["author", "comments", "tags"])
        #expect(post.relationships.map(\.isToMany) == [false, true, true])
        #expect(post.relationships.map(\.storage) == [.foreignKey(prefix: "writer"), .foreignKeyInDestination(prefix: nil), .joinTable(name: "post_tags")])
        #expect(post.relationships.map(\.policy) == [.set, .replace, .union])
        #expect(post.connections.map(\.keyPath) == ["editor"])
        #expect(post.connections.first?.attributes.map(\.source) == ["editor_id"])
    }

    @Test func refusesAnEntityWithoutIdentification() throws {
        let error = try Self.error(#"{"entities": [{"name": "Tag", "attributes": {"label": "text"}}]}"#)
        #expect(error.errorType == .invalidEntity)
        #expect(error.field == "entities[0]")
        #expect(error.reason.hasPrefix("no identification attribute: set identificationAttributes or declare one of tagID, tag_id"))
        #expect(error.storeError?.errorType == .invalidEntity)
    }

    @Test func syntaxErrorsHaveALineAndColumn() throws {
        let error = try Self.error("{\"entities\": [\n  {\"name\": \"A\",,}\n]}")
        #expect(error.errorType == .syntax)
        #expect(error.location?.line == 2)
        #expect(error.location?.column == 16)
        #expect(error.description.hasPrefix("2:16: "))
    }

    @Test func namesTheFile() throws {
        try withTemporaryFile(#"{"entities": [{"name": "A", "attributes": {"id": "intger"}}]}"#) { path in
            do {
                _ = try DeclaredMapping(contentsOf: path)
                Issue.record("no error")
            } catch let error as DeclarationError {
                #expect(error.file == path)
                #expect(error.description.hasPrefix("\(path): entities[0].attributes.id: unknown type 'intger'"))
            }
        }
        do {
            _ = try DeclaredMapping(contentsOf: "/nonexistent/mapping.json")
            Issue.record("no error")
        } catch {
            #expect(error.errorType == .unreadable)
            #expect(error.description.hasPrefix("/nonexistent/mapping.json: "))
        }
    }
}

/// Writes `text` to a temporary file, runs `body` with its path, removes it.
func withTemporaryFile<T>(_ text: String, extension pathExtension: String = "json", _ body: (String) throws -> T) throws -> T {
    let url = FileManager.default.temporaryDirectory.appending(path: "RestKitStoreTests-\(UUID().uuidString).\(pathExtension)")
    try Data(text.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url.path)
}
