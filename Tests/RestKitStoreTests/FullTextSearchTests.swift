import Foundation
import GRDB
import RestKitCore
import RestKitMapping
@testable import RestKitStore
import Testing

/// Full-text search: an FTS5 index over the searchable columns, kept in sync by triggers, and
/// the user's query translated into quoted FTS5 terms.
struct FullTextSearchTests {
    static func entity() throws -> EntityMapping<StoredArticle> {
        try EntityMapping(articleMapping, table: "articles", columns: articleColumns, searchable: ["title", "body"])
    }

    /// A store of `kind` with the searchable entity registered and `payload` mapped into it.
    static func withSearchableStore<T>(
        _ kind: StoreBackend, _ payload: String, _ body: (any TestedStore, EntityMapping<StoredArticle>) async throws -> T
    ) async throws -> T {
        try await withStore(kind) { store in
            let articles = try entity()
            try await store.register(articles)
            _ = try await store.map(json(payload), with: articles)
            return try await body(store, articles)
        }
    }

    static func ids(_ store: any TestedStore, _ entity: EntityMapping<StoredArticle>, _ query: String) async throws -> [Int] {
        try await store.search(entity, matching: query).map(\.id)
    }

    static let languages = """
        [{"id": 1, "title": "Swift on Linux", "body": "server side swift"},
         {"id": 2, "title": "Rust on Linux", "body": "systems programming"},
         {"id": 3, "title": "Swift for iOS", "body": "apps"},
         {"id": 4, "title": "Objective-C", "body": "an object store for iOS"},
         {"id": 5, "title": "Le café near the station", "body": "CRÈME brûlée"}]
        """

    @Test(arguments: StoreBackend.available)
    func foldsCaseAndDiacritics(kind: StoreBackend) async throws {
        try await Self.withSearchableStore(kind, Self.languages) { (store, articles) async throws in
            #expect(try await Self.ids(store, articles, "Cafe") == [5])
            #expect(try await Self.ids(store, articles, "café") == [5])
            #expect(try await Self.ids(store, articles, "CAFÉ") == [5])
            #expect(try await Self.ids(store, articles, "creme BRULEE") == [5])
            #expect(try await Self.ids(store, articles, "crème") == [5])
        }
    }

    @Test(arguments: StoreBackend.available)
    func andOrNotPhrasesAndPrefixes(kind: StoreBackend) async throws {
        try await Self.withSearchableStore(kind, Self.languages) { (store, articles) async throws in
            #expect(Set(try await Self.ids(store, articles, "swift linux")) == [1])            // implicit AND
            #expect(Set(try await Self.ids(store, articles, "swift AND linux")) == [1])
            #expect(Set(try await Self.ids(store, articles, "swift OR rust")) == [1, 2, 3])
            #expect(Set(try await Self.ids(store, articles, "linux NOT rust")) == [1])
            #expect(Set(try await Self.ids(store, articles, "linux AND NOT rust")) == [1])
            #expect(Set(try await Self.ids(store, articles, "ios OR rust NOT systems")) == [3, 4])   // NOT binds tighter than OR
            #expect(Set(try await Self.ids(store, articles, #""on linux""#)) == [1, 2])
            #expect(Set(try await Self.ids(store, articles, #""linux on""#)) == [])
            #expect(Set(try await Self.ids(store, articles, "obj*")) == [4])                    // objective, object
            #expect(Set(try await Self.ids(store, articles, "sys*")) == [2])
            #expect(Set(try await Self.ids(store, articles, #""object sto"*"#)) == [4])
            #expect(Set(try await Self.ids(store, articles, "and or not")) == [])               // lower case: plain words
            #expect(Set(try await Self.ids(store, articles, "swift AND ios")) == [3])
        }
    }

    @Test(arguments: StoreBackend.available)
    func bestMatchesComeFirst(kind: StoreBackend) async throws {
        try await Self.withSearchableStore(kind, """
            [{"id": 1, "title": "Notes", "body": "a long text about many other things that mentions swift once among many words"},
             {"id": 2, "title": "Swift", "body": "swift, swift"},
             {"id": 3, "title": "Unrelated", "body": "nothing here"},
             {"id": 4, "title": "Swift tips", "body": "some swift and some other words"}]
            """) { store, articles in
            #expect(try await store.search(articles, matching: "swift").map(\.id) == [2, 4, 1])
            #expect(try await store.search(articles, matching: "swift", limit: 2).map(\.id) == [2, 4])
            let error = try await #require(throws: StoreError.self) { try await store.search(articles, matching: "swift", limit: 0) }
            #expect(error.errorType == .invalidQuery)
        }
    }

    @Test(arguments: StoreBackend.available)
    func theIndexFollowsReimports(kind: StoreBackend) async throws {
        try await Self.withSearchableStore(kind, #"[{"id": 1, "title": "Old title", "body": "kept words"}, {"id": 2, "title": "Other"}]"#) { store, articles in
            #expect(try await store.search(articles, matching: "old").map(\.id) == [1])
            _ = try await store.map(json(#"{"id": 1, "title": "New title"}"#), with: articles)
            #expect(try await store.search(articles, matching: "old").isEmpty)
            #expect(try await store.search(articles, matching: "new").map(\.title) == ["New title"])
            #expect(try await store.search(articles, matching: "kept").map(\.id) == [1])   // body unchanged
            _ = try await store.map(json(#"{"id": 1, "body": null}"#), with: articles)
            #expect(try await store.search(articles, matching: "kept").isEmpty)
            #expect(try await store.search(articles, matching: "title").map(\.id) == [1])
        }
    }

    @Test func theIndexFollowsUpdatesAndDeletesAndIndexesAnExistingTable() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(path: "search.sqlite").path
            do {   // A v1 table, made before the entity was searchable.
                let store = try SQLiteStore(path: path)
                let plain = try articleEntity()
                try await store.register(plain)
                _ = try await store.map(json(Self.languages), with: plain)
            }
            let store = try SQLiteStore(path: path)
            let articles = try Self.entity()
            try await store.register(articles)
            #expect(try await store.search(articles, matching: "cafe").map(\.id) == [5])
            // Rows changed behind the store's back: the triggers keep the index in sync.
            let queue = try DatabaseQueue(path: path)
            try await queue.write { db in
                #expect(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations WHERE identifier LIKE '%search%'")
                    == ["RestKitStore.articles.search(title,body)"])
                try db.execute(sql: "UPDATE articles SET title = 'Tea room' WHERE id = 5")
                try db.execute(sql: "DELETE FROM articles WHERE id = 1")
            }
            #expect(try await store.search(articles, matching: "cafe").isEmpty)
            #expect(try await store.search(articles, matching: "tea room").map(\.id) == [5])
            #expect(try await store.search(articles, matching: "creme").map(\.id) == [5])
            #expect(try await store.search(articles, matching: "swift").map(\.id) == [3])
            // The index agrees with its content table.
            try await queue.write { db in
                try db.execute(sql: "INSERT INTO articles_search(articles_search, rank) VALUES ('integrity-check', 1)")
            }
            // Indexing other columns later replaces the index (and its triggers), once.
            let other = try SQLiteStore(path: path)
            let byAuthor = try EntityMapping(articleMapping, table: "articles", columns: articleColumns, searchable: ["author.name"])
            try await other.register(byAuthor)
            #expect(try await other.search(byAuthor, matching: "tea").isEmpty)
            try await queue.write { db in
                let indexed = try db.columns(in: "articles_search").map(\.name)
                #expect(indexed == ["author_name"])
                try db.execute(sql: "INSERT INTO articles_search(articles_search, rank) VALUES ('integrity-check', 1)")
            }
        }
    }

    @Test(arguments: StoreBackend.available)
    func stopWordsAreLeftOutOfQueries(kind: StoreBackend) async throws {
        try await withStore(kind) { store in
            let articles = try EntityMapping(articleMapping, table: "articles", columns: articleColumns, searchable: ["title", "body"],
                stopWords: ["on", "The", "fór"])
            #expect(articles.stopWords == ["on", "the", "for"])
            try await store.register(articles)
            _ = try await store.map(json(Self.languages), with: articles)
            // "on" would only match titles with "on"; left out, "swift on" is "swift".
            #expect(try await store.search(articles, matching: "swift on").map(\.id) == [1, 3])
            #expect(try await store.search(articles, matching: "the swift FOR").map(\.id) == [1, 3])
            #expect(try await store.search(articles, matching: "rust OR on").map(\.id) == [2])
            #expect(try await store.search(articles, matching: "swift AND NOT on").map(\.id) == [1, 3])
            // Phrases and prefixes keep them.
            #expect(try await store.search(articles, matching: #""swift on linux""#).map(\.id) == [1])
            #expect(try await store.search(articles, matching: "on*").map(\.id).contains(1))
            let only = try await #require(throws: StoreError.self) { try await store.search(articles, matching: "the on") }
            #expect(only.errorType == .invalidQuery)
            #expect(only.reason.contains("only stop words"))
            let leadingNot = try await #require(throws: StoreError.self) { try await store.search(articles, matching: "the NOT swift") }
            #expect(leadingNot.reason.contains("'the' is a stop word, so 'NOT' has no term before it"))
            #expect(leadingNot.position == 5)
        }
    }

    @Test(arguments: [
        (#""unclosed"#, 1, "unbalanced quote"),
        (#"swift "on linux"#, 7, "unbalanced quote"),
        ("OR swift", 1, "'OR' needs a term before it"),
        ("swift OR", 7, "'OR' needs a term after it"),
        ("swift AND OR linux", 11, "'OR' follows 'AND' without a term between them"),
        ("NOT swift", 1, "no unary NOT"),
        ("swift NOT", 7, "'NOT' needs a term after it"),
        ("*", 1, "'*' must end a word"),
        ("swift **", 7, "'*' must end a word"),
        (#"swift """#, 7, "empty phrase"),
        ("   ", 1, "no search terms"),
    ])
    func badSyntaxIsAnErrorNamingTheProblemAndPosition(query: String, position: Int, problem: String) async throws {
        try await Self.withSearchableStore(.memory, Self.languages) { (store, articles) async throws in
            let error = try await #require(throws: StoreError.self) { try await store.search(articles, matching: query) }
            #expect(error.errorType == .invalidQuery)
            #expect(error.position == position)
            #expect(error.entity == "articles")
            #expect(error.reason.contains(problem), "\(error)")
            #expect(error.reason.contains("at character \(position)"))
            #expect(!error.reason.localizedCaseInsensitiveContains("fts5"))
        }
    }

    @Test(arguments: StoreBackend.available)
    func hostileQueriesAreSearchedForNotExecuted(kind: StoreBackend) async throws {
        try await Self.withSearchableStore(kind, Self.languages) { (store, articles) async throws in
            #expect(try await Self.ids(store, articles, #""x" OR 1=1"#) == [])             // not "every row"
            #expect(try await Self.ids(store, articles, "NEAR(") == [5])                   // the word "near"
            #expect(try await Self.ids(store, articles, "NEAR(swift linux)") == [])        // three words, not FTS5's NEAR
            #expect(try await Self.ids(store, articles, "title:rust") == [])               // no column filter: the phrase "title rust"
            #expect(try await Self.ids(store, articles, "rust:") == [2])
            #expect(try await Self.ids(store, articles, "^swift -rust +linux") == [])     // three plain words, all required
            #expect(try await Self.ids(store, articles, "^swift +linux") == [1])
            #expect(Set(try await Self.ids(store, articles, "(swift")) == [1, 3])
            #expect(try await Self.ids(store, articles, "'); DROP TABLE articles; --") == [])
            #expect(try await Self.ids(store, articles, "swift\"*\"") == [])            // a phrase without words matches nothing
            #expect(try await Self.ids(store, articles, "swift NOT -") == [1, 3])         // and excludes nothing
            #expect(try await Self.ids(store, articles, "- OR rust") == [2])
            // tsquery's syntax is plain text too.
            #expect(try await Self.ids(store, articles, "swift & linux") == [])           // '&' is a word without letters
            #expect(try await Self.ids(store, articles, "!rust") == [2])
            #expect(try await Self.ids(store, articles, "rust|swift") == [])              // one phrase "rust swift"
            #expect(try await Self.ids(store, articles, "rust <-> linux") == [])
            #expect(Set(try await Self.ids(store, articles, "linux:*")) == [1, 2])        // the prefix "linux"
            #expect(try await Self.ids(store, articles, "rust:A") == [])                  // no weight filter: the phrase "rust a"
            #expect(try await Self.ids(store, articles, "o'brien") == [])
            #expect(try await Self.ids(store, articles, #"back\slash \'"#) == [])
            #expect(try await Self.ids(store, articles, "caf\u{0}e") == [])               // a NUL separates words (FTS5 read it as a string's end)
            #expect(try await Self.ids(store, articles, "\u{0}rust\u{0}") == [2])
            #expect(try await store.count(of: articles) == 5)
        }
    }

    /// One parse, two translations: every word and phrase quoted for FTS5 and for `to_tsquery`,
    /// grouped as FTS5 binds NOT, AND and OR.
    @Test(arguments: [
        ("swift", #""swift""#, "'swift'"),
        ("swift linux", #""swift" AND "linux""#, "( 'swift' & 'linux' )"),
        ("a OR b c NOT d", #""a" OR "b" AND "c" NOT "d""#, "'a' | ( 'b' & 'c' & !'d' )"),
        ("a AND NOT b OR c", #""a" NOT "b" OR "c""#, "( 'a' & !'b' ) | 'c'"),
        (#""new york" caf*"#, #""new york" AND "caf" *"#, "( 'new york' & 'caf':* )"),
        (#""the new yor"*"#, #""the new yor" *"#, "( 'the new' <-> 'yor':* )"),
        (#""yor -"*"#, #""yor -" *"#, "'yor':*"),
        ("o'brien back\\slash", #""o'brien" AND "back\slash""#, #"( 'o''brien' & 'back\\slash' )"#),
        (#"say "he said ""#, #""say" AND "he said ""#, "( 'say' & 'he said ' )"),
        ("- OR x", #""-" OR "x""#, "'x'"),
        ("x - OR y", #""x" AND "-" OR "y""#, "'y'"),
        ("x NOT - OR y", #""x" NOT "-" OR "y""#, "'x' | 'y'"),
    ])
    func queriesTranslateForBothStores(text: String, fts5: String, tsquery: String) throws {
        let query = try SearchQuery(text)
        #expect(query.fts5 == fts5)
        #expect(query.tsquery == tsquery)
    }

    @Test func aQueryOfTermsWithoutWordsMatchesNothingOnPostgreSQL() throws {
        #expect(try SearchQuery("- OR x*").tsquery == "'x':*")
        #expect(try SearchQuery("- OR \"&\"").tsquery == nil)
        #expect(try SearchQuery("x -").tsquery == nil)
        #expect(try SearchQuery("caf\u{0}e").tsquery == "'caf e'")
        #expect(try SearchQuery("caf\u{0}e").fts5 == #""caf e""#)
    }

    @Test func searchableAttributesMustBeDeclaredTextColumns() throws {
        let undeclared = #expect(throws: StoreError.self) {
            try EntityMapping(articleMapping, table: "articles", columns: articleColumns, searchable: ["summary"])
        }
        #expect(undeclared?.errorType == .invalidEntity)
        let notText = #expect(throws: StoreError.self) {
            try EntityMapping(articleMapping, table: "articles", columns: articleColumns, searchable: ["rating"])
        }
        #expect(notText?.column == "rating")
        let twice = #expect(throws: StoreError.self) {
            try EntityMapping(articleMapping, table: "articles", columns: articleColumns, searchable: ["title", "title"])
        }
        #expect(twice?.errorType == .invalidEntity)
        #expect(try Self.entity().searchableColumns.map(\.name) == ["title", "body"])
    }

    @Test(arguments: StoreBackend.available)
    func anEntityWithoutSearchableColumnsCannotBeSearched(kind: StoreBackend) async throws {
        try await withStore(kind) { store in
            let plain = try articleEntity()
            try await store.register(plain)
            let error = try await #require(throws: StoreError.self) { try await store.search(plain, matching: "swift") }
            #expect(error.errorType == .invalidEntity)
        }
    }
}
