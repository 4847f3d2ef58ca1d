import Foundation
import GRDB
import RestKit
import RestKitStore

/// The database the `store-search/<n>/<query>` cases read: the payload's `n` articles (with
/// authors, tags and the FTS5 index over title and body), built once on first use, untimed —
/// tables created by the store's `register`, rows written by ``GRDBArticleWriter`` (the
/// payload's check showed it writes the store's rows, index included, value for value) — and
/// opened both ways: a ``SQLiteStore`` and a GRDB `DatabasePool`.
///
/// ```swift
/// let database = StoreSearchDatabase(payload: payload)
/// let opened = try database.opened()
/// ```
final class StoreSearchDatabase: @unchecked Sendable {
    struct Opened {
        let store: SQLiteStore
        let pool: DatabasePool
        let entity: EntityMapping<StoreArticle>
    }

    let payload: StorePayload
    private let lock = NSLock()
    private var built: Result<Opened, any Error>?

    init(payload: StorePayload) {
        self.payload = payload
    }

    /// The database, built on the first call.
    func opened() throws -> Opened {
        try lock.withLock {
            let result = built ?? Result { try build() }
            built = result
            return try result.get()
        }
    }

    private func build() throws -> Opened {
        let input = try payload.input()
        let path = try StoreDatabaseFiles.fresh("search")
        let store = try StoreImportWorkload.emptyStore(path: path, entity: input.entity)
        let pool = try DatabasePool(path: path, configuration: GRDBPreparedWorkload.configuration)
        let written = try GRDBPreparedWorkload.upsert(input.elements, into: pool)
        guard written == payload.count else { throw BaselineError("search database: \(written) articles written") }
        _ = try pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        // Both sides find the same articles in the same order.
        let entity = input.entity
        for query in StoreSearchQuery.all {
            let text = query.text
            let found = try AsyncBridge.wait { try await store.search(entity, matching: text, limit: StoreSearchQuery.limit) }.map(\.id)
            let rows = try pool.read { db in
                try Int.fetchAll(db, sql: GRDBSearchWorkload.sql, arguments: [query.fts5, StoreSearchQuery.limit])
            }
            guard found == rows else { throw BaselineError("search '\(text)': the store found \(found), GRDB \(rows)") }
            let matches = try GRDBSearchWorkload.matches(query, in: pool)
            print("store-search/\(payload.count): '\(text)' matches \(matches) articles; both return the same \(found.count) first")
        }
        return Opened(store: store, pool: pool, entity: entity)
    }
}

/// One two-word AND query of the `store-search` cases: the text given to the store, and the
/// FTS5 query it becomes (each word quoted, joined by `AND`), which the baseline binds.
struct StoreSearchQuery: Sendable {
    let text: String
    let fts5: String

    init(_ first: String, _ second: String) {
        text = "\(first) \(second)"
        fts5 = "\"\(first)\" AND \"\(second)\""
    }

    /// Several selectivities: common word with a mid one, two mid ones, accent-folded ones, rarer ones.
    static let all: [StoreSearchQuery] = [
        StoreSearchQuery("the", "weather"),
        StoreSearchQuery("coffee", "morning"),
        StoreSearchQuery("cafe", "zurich"),
        StoreSearchQuery("swift", "release"),
        StoreSearchQuery("database", "latency"),
    ]

    /// Results per query (the store's default limit).
    static let limit = 20
}

/// `store search` (subject): `SQLiteStore.search(entity, matching: "coffee morning", limit: 20)`
/// — the query translated to FTS5, the same `MATCH … ORDER BY rank LIMIT 20` SQL, each hit
/// mapped into a ``StoreArticle`` with its author and tags read back from their tables.
final class StoreSearchWorkload: Workload {
    let name = "store search"
    let database: StoreSearchDatabase
    let query: StoreSearchQuery
    private var opened: StoreSearchDatabase.Opened?

    init(database: StoreSearchDatabase, query: StoreSearchQuery) {
        self.database = database
        self.query = query
    }

    func prepare() throws {
        if opened == nil { opened = try database.opened() }
    }

    func run() throws -> Int {
        guard let opened else { throw BaselineError("not prepared") }
        let (store, entity, text) = (opened.store, opened.entity, query.text)
        let hits = try AsyncBridge.wait { try await store.search(entity, matching: text, limit: StoreSearchQuery.limit) }
        return hits.count &+ (hits.first?.id ?? 0)
    }
}

/// `grdb-fts` (baseline): the same FTS5 `MATCH` SQL the store runs (the index ranks and
/// limits the hits, bm25 best first, 20 at most; those are joined to their articles by rowid), with the already translated query
/// bound, through one cached GRDB statement on a pool reader: raw rows, no mapping, no
/// related objects.
final class GRDBSearchWorkload: Workload {
    static let sql = """
        SELECT "articles"."id", "articles"."title", "articles"."body", "articles"."score", "articles"."views", \
        "articles"."published", "articles"."published_at", "articles"."author_id" \
        FROM (SELECT rowid AS hit, rank AS score FROM "articles_search" WHERE "articles_search" MATCH ? ORDER BY rank LIMIT ?) AS hits \
        JOIN "articles" ON "articles".rowid = hits.hit ORDER BY hits.score, "articles".rowid
        """

    let name = "grdb-fts"
    let database: StoreSearchDatabase
    let query: StoreSearchQuery
    private var pool: DatabasePool?

    init(database: StoreSearchDatabase, query: StoreSearchQuery) {
        self.database = database
        self.query = query
    }

    func prepare() throws {
        if pool == nil { pool = try database.opened().pool }
    }

    func run() throws -> Int {
        guard let pool else { throw BaselineError("not prepared") }
        let fts5 = query.fts5
        let rows = try pool.read { db in
            try Row.fetchAll(db.cachedStatement(sql: Self.sql), arguments: [fts5, StoreSearchQuery.limit])
        }
        return rows.count &+ ((rows.first?["id"] as Int?) ?? 0)
    }

    /// How many articles match the query (for the report).
    static func matches(_ query: StoreSearchQuery, in pool: DatabasePool) throws -> Int {
        try pool.read { db in
            try Int.fetchOne(db, sql: #"SELECT COUNT(*) FROM "articles_search" WHERE "articles_search" MATCH ?"#, arguments: [query.fts5]) ?? 0
        }
    }
}
