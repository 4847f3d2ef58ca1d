import Foundation
import GRDB
import RestKitMapping
import RestKitStore
import Testing

/// Tables created through a versioned migration, reopened, and checked against the mapping;
/// the files are inspected with GRDB directly.
struct SQLiteStoreSchemaTests {
    @Test func createsTheSchemaAndReopens() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(path: "articles.sqlite").path
            let articles = try articleEntity()
            do {
                let store = try SQLiteStore(path: path)
                try await store.register(articles)
                _ = try await store.map(json(#"[{"id": 1, "title": "One", "published_at": "2024-05-01T10:00:00Z"}, {"id": 2, "title": "Two"}]"#), with: articles)
            }
            // The file, read independently.
            let queue = try DatabaseQueue(path: path)
            try await queue.read { db in
                let columns = try db.columns(in: "articles").map { "\($0.name) \($0.type)" }
                #expect(columns == [
                    "id INTEGER", "title TEXT", "body TEXT", "author_name TEXT", "published_at TEXT", "rating REAL", "featured BOOLEAN",
                ])
                let unique = try db.indexes(on: "articles").filter(\.isUnique).map(\.columns)
                #expect(unique == [["id"]])
                // The table's migration, and one per column that a later mapping could add.
                let migrations = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
                #expect(migrations.first == "RestKitStore.articles.v1")
                #expect(Set(migrations.dropFirst()) == Set(["title", "body", "author_name", "published_at", "rating", "featured"].map { "RestKitStore.articles.\($0).add" }))
                #expect(try String.fetchOne(db, sql: "SELECT published_at FROM articles WHERE id = 1") == "2024-05-01T10:00:00Z")
                #expect(try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal")
            }
            // Reopened: the table is checked, not recreated, and the rows are there.
            let reopened = try SQLiteStore(path: path)
            try await reopened.register(articles)
            #expect(try await reopened.objects(of: articles).map(\.title) == ["One", "Two"])
            _ = try await reopened.map(json(#"{"id": 2, "title": "Two, again"}"#), with: articles)
            #expect(try await reopened.count(of: articles) == 2)
        }
    }

    @Test func aTableThatDoesNotMatchTheMappingIsAnErrorNamingTheColumn() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(path: "old.sqlite").path
            do {
                let store = try SQLiteStore(path: path)
                let narrow = try EntityMapping(articleMapping, table: "articles", columns: [Column("id", .integer), Column("title", .text)])
                try await store.register(narrow)
            }
            // A table made elsewhere without a declared column (not one the store can add).
            let bare = try DatabaseQueue(path: directory.appending(path: "bare.sqlite").path)
            try await bare.write { db in
                try db.execute(sql: "CREATE TABLE articles (title TEXT)")
            }
            let store = try SQLiteStore(path: directory.appending(path: "bare.sqlite").path)
            let missing = try await #require(throws: StoreError.self) { try await store.register(articleEntity()) }
            #expect(missing.errorType == .schemaMismatch)
            #expect(missing.column == "id")
            #expect(missing.entity == "articles")
            #expect("\(missing)".contains("no column 'id'"))

            // A column of another type, and a table without the UNIQUE index.
            let queue = try DatabaseQueue(path: directory.appending(path: "made-elsewhere.sqlite").path)
            try await queue.write { db in
                try db.execute(sql: "CREATE TABLE articles (id INTEGER, title BLOB)")
                try db.execute(sql: "CREATE TABLE notes (id INTEGER, title TEXT)")
            }
            let elsewhere = try SQLiteStore(path: directory.appending(path: "made-elsewhere.sqlite").path)
            let narrow = try EntityMapping(articleMapping, table: "articles", columns: [Column("id", .integer), Column("title", .text)])
            let mismatched = try await #require(throws: StoreError.self) { try await elsewhere.register(narrow) }
            #expect(mismatched.errorType == .schemaMismatch)
            #expect(mismatched.column == "title")
            #expect("\(mismatched)".contains("BLOB"))
            let notes = try EntityMapping(articleMapping, table: "notes", columns: [Column("id", .integer), Column("title", .text)])
            let noIndex = try await #require(throws: StoreError.self) { try await elsewhere.register(notes) }
            #expect(noIndex.errorType == .schemaMismatch)
            #expect("\(noIndex)".contains("UNIQUE"))
        }
    }

    @Test func columnsDeclaredLaterAreAddedToTheExistingTable() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(path: "grown.sqlite").path
            do {
                let store = try SQLiteStore(path: path)
                let narrow = try EntityMapping(articleMapping, table: "articles", columns: [Column("id", .integer), Column("title", .text)])
                try await store.register(narrow)
                _ = try await store.map(json(#"[{"id": 1, "title": "One", "body": "not stored yet"}]"#), with: narrow)
            }
            // The mapping grew columns since the file was made: they are added, NULL in old rows.
            let store = try SQLiteStore(path: path)
            let articles = try articleEntity()
            try await store.register(articles)
            #expect(try await store.object(of: articles, identifiedBy: 1) == StoredArticle(id: 1, title: "One"))
            _ = try await store.map(json(#"{"id": 1, "body": "now stored", "rating": 4.5}"#), with: articles)
            #expect(try await store.object(of: articles, identifiedBy: 1)?.body == "now stored")
            let queue = try DatabaseQueue(path: path)
            try await queue.read { db in
                let columns = try db.columns(in: "articles").map(\.name)
                #expect(columns == ["id", "title", "body", "author_name", "published_at", "rating", "featured"])
            }
        }
    }

    @Test func registeringWithoutChangingTheSchemaOnlyChecks() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(path: "checked.sqlite").path
            let articles = try articleEntity()
            let reader = try SQLiteStore(path: path)
            let missing = try await #require(throws: StoreError.self) { try await reader.register(articles, changingSchema: false) }
            #expect(missing.errorType == .schemaMismatch)
            #expect(missing.reason == "no table 'articles'")
            try await SQLiteStore(path: path).register(articles)
            let again = try SQLiteStore(path: path)
            try await again.register(articles, changingSchema: false)
            #expect(try await again.count(of: articles) == 0)
            // A searchable mapping over the same table would add an index: refused, not made.
            let searchable = try EntityMapping(articleMapping, table: "articles", columns: articleColumns, searchable: ["title"])
            let noIndex = try await #require(throws: StoreError.self) {
                try await SQLiteStore(path: path).register(searchable, changingSchema: false)
            }
            #expect(noIndex.reason.contains("no full-text index"))
            let queue = try DatabaseQueue(path: path)
            let tables = try await queue.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'articles%'") }
            #expect(tables == ["articles"])
        }
    }

    @Test func aFileThatIsNotADatabaseIsAnError() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "garbage.sqlite")
            try Data(repeating: 0x41, count: 4096).write(to: url)
            let error = try await #require(throws: StoreError.self) {
                let store = try SQLiteStore(path: url.path)
                try await store.register(articleEntity())
            }
            #expect(error.errorType == .database)
        }
    }
}
