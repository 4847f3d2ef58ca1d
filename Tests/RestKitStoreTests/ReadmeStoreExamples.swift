import Foundation
import RestKitCore
import RestKitDefaults
import RestKitMapping
import RestKitStore
import Testing

// The README's "Store (SQLite)" example, compiled and checked.

struct Article: Equatable, Sendable { var id = 0; var title = ""; var authorName = ""; var publishedAt: Date? }

struct ReadmeStoreExamples {
    @Test func articlesInSQLite() async throws {
        try await withTemporaryDirectory { directory in
            let body = Array(#"""
                [{"id": 1, "title": "RestKit for Swift", "author": {"name": "Blake"}, "published_at": "2026-11-22T09:00:00Z"},
                 {"id": 2, "title": "Object stores", "author": {"name": "Rachit"}}]
                """#.utf8)
            let path = directory.appending(path: "articles.sqlite").path

            // README begins
            let article = ObjectMapping(Article.init) { article in
                article.map(["id": \Article.id, "title": \Article.title])
                article.map("author.name", to: \.authorName)
                article.map("published_at", to: \.publishedAt)
            }
            let articles = try EntityMapping(article, table: "articles", columns: [
                Column("id", .integer),                            // identifies an article (inferred: `id`)
                Column("title", .text),
                Column("author.name", .text),                      // column author_name
                Column("published_at", .dateText),
            ])
            let store = try SQLiteStore(path: path)                // or SQLiteStore.inMemory()
            try await store.register(articles)                     // creates the table, or checks it
            let result = try await store.map(Registry.default.parse(body, as: .json), with: articles)  // one transaction
            // result.inserted == 2; mapping the same page again updates them (result.updated == 2)
            let all = try await store.objects(of: articles)
            let first = try await store.object(of: articles, identifiedBy: 1)
            // README ends

            #expect(result.inserted == 2)
            #expect(all.map(\.authorName) == ["Blake", "Rachit"])
            #expect(first?.publishedAt == Date(timeIntervalSince1970: 1_795_338_000))
            let again = try await store.map(Registry.default.parse(body, as: .json), with: articles)
            #expect(again.updated == 2)
            #expect(try await store.count(of: articles) == 2)
        }
    }

    @Test func searchingArticles() async throws {
        let article = ObjectMapping(Article.init) { article in
            article.map(["id": \Article.id, "title": \Article.title])
            article.map("author.name", to: \.authorName)
        }
        let store = try SQLiteStore.inMemory()
        let body = Array(#"""
            [{"id": 1, "title": "Le café de Flore", "author": {"name": "Blake"}},
             {"id": 2, "title": "Cafe racer motorbikes", "author": {"name": "Rachit"}},
             {"id": 3, "title": "Tea rooms of Paris", "author": {"name": "Blake"}}]
            """#.utf8)

        // README search begins
        let articles = try EntityMapping(article, table: "articles", columns: [
            Column("id", .integer), Column("title", .text), Column("author.name", .text),
        ], searchable: ["title", "author.name"])               // an FTS5 index over these columns
        try await store.register(articles)
        _ = try await store.map(Registry.default.parse(body, as: .json), with: articles)
        let cafes = try await store.search(articles, matching: "cafe NOT motor*")             // "Le café de Flore"
        let either = try await store.search(articles, matching: #""tea rooms" OR racer"#, limit: 10)
        // README search ends

        #expect(cafes.map(\.title) == ["Le café de Flore"])
        #expect(Set(either.map(\.id)) == [2, 3])
        let error = try await #require(throws: StoreError.self) { try await store.search(articles, matching: #"cafe ""#) }
        #expect(error.errorType == .invalidQuery)
        #expect(error.position == 6)
    }
}

// The README's relationships example (models and mappings from RelationshipTests.swift).
struct ReadmeRelationshipExamples {
    @Test func postsWithAuthorsAndTags() async throws {
        let store = try SQLiteStore.inMemory()
        let page = try json("""
            [{"id": 1, "title": "Hello", "author": {"id": 7, "name": "Ada", "email": "ada@example.com"}, "tags": [{"id": 1, "name": "swift"}]},
             {"id": 2, "title": "Again", "author": {"id": 7, "name": "Ada L."}, "tags": [{"id": 2, "name": "sql"}, {"id": 1}]}]
            """)
        // README begins
        let authors = try EntityMapping(authorMapping, table: "authors", columns: [
            Column("id", .integer), Column("name", .text), Column("email", .text),
        ])
        let tags = try EntityMapping(tagMapping, table: "tags", columns: [Column("id", .integer), Column("name", .text)])
        let posts = try EntityMapping(postMapping, table: "posts", columns: [Column("id", .integer), Column("title", .text)],
            relationships: [
                .toOne("author", authors),                   // column posts.author_id
                .manyToMany("tags", tags, policy: .union),   // join table posts_tags, in payload order
            ])
        try await store.register(posts)                      // and the authors and tags tables
        let result = try await store.map(page, with: posts)  // one transaction for the three tables
        // result.objects[1].author == Author(id: 7, name: "Ada L.", email: "ada@example.com"): one row, merged
        // README ends
        #expect(result.objects[1].author == PostAuthor(id: 7, name: "Ada L.", email: "ada@example.com"))
        #expect(result.objects.map { $0.tags.map(\.name) } == [["swift"], ["sql", "swift"]])
        #expect(try await store.count(of: authors) == 1)
        #expect(try await store.count(of: tags) == 2)
    }
}
