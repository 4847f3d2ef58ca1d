import Foundation
import GRDB
import RestKit
import RestKitStore

/// The input of the `store` group, built on first use (so a run filtered to other groups does
/// not pay for it): an ``ArticlePageDocument`` of `count` articles (fixed seed), parsed once
/// with `Registry.default` (parsing is timed on neither side), the entity, and a check that
/// the store and the hand-written GRDB import write identical rows in every table (articles,
/// authors, tags, the join table, the FTS5 index's shadow tables, GRDB's migrations).
///
/// ```swift
/// let payload = StorePayload(count: 100_000)
/// let input = try payload.input()   // generated, parsed and checked on the first call
/// ```
final class StorePayload: @unchecked Sendable {
    /// What the workloads import.
    struct Input: Sendable {
        /// The JSON text's size.
        let bytes: Int
        /// The parsed document (an array of `count` objects).
        let document: Representation
        /// Its elements, for the baseline (taken out of the array once, untimed).
        let elements: [Representation]
        let entity: EntityMapping<StoreArticle>
        /// The same entity with `published_at` as its modification attribute.
        let versionedEntity: EntityMapping<StoreArticle>
    }

    /// Objects in the document.
    let count: Int
    private let lock = NSLock()
    private var generated: Result<Input, any Error>?
    private var built: Result<Input, any Error>?

    init(count: Int) {
        self.count = count
    }

    /// The input, built (and checked) on the first call; the same error on every call after a failure.
    func input() throws -> Input {
        try lock.withLock {
            let result = built ?? Result { try check(try generate()) }
            built = result
            return try result.get()
        }
    }

    /// The input without the SQLite check (for the PostgreSQL rows, which check their own
    /// tables): generated and parsed on the first call, shared with ``input()``.
    func parsedInput() throws -> Input {
        try lock.withLock { try generate() }
    }

    /// The document's size once built, else `nil`.
    var inputBytes: Int? {
        lock.withLock { try? generated?.get().bytes }
    }

    /// The generated and parsed input, made on the first call (under `lock`).
    private func generate() throws -> Input {
        let result = generated ?? Result { try build() }
        generated = result
        return try result.get()
    }

    private func build() throws -> Input {
        var random = SplitMix64(seed: GeneratedDocuments.seed &+ 100)
        let bytes = ArticlePageDocument.generate(count: count, &random)
        let document = try Registry.default.parse(bytes, as: .json)
        guard let elements = document.arrayValue, elements.count == count else {
            throw BaselineError("the generated document is not an array of \(count) objects")
        }
        let input = Input(
            bytes: bytes.count, document: document, elements: elements, entity: try StoreArticle.entity(),
            versionedEntity: try StoreArticle.entity(modificationAttribute: "published_at"))
        return input
    }

    /// Imports the document once each way (the store; the hand-written statement) and throws
    /// unless both files hold the same rows, value for value; returns `input`.
    private func check(_ input: Input) throws -> Input {
        let storePath = try StoreDatabaseFiles.fresh("check-store")
        let baselinePath = try StoreDatabaseFiles.fresh("check-grdb")
        defer {
            StoreDatabaseFiles.remove(storePath)
            StoreDatabaseFiles.remove(baselinePath)
        }
        do {
            let store = try StoreImportWorkload.emptyStore(path: storePath, entity: input.entity)
            let result = try AsyncBridge.wait { try await store.map(input.document, with: input.entity) }
            guard result.inserted == count else { throw BaselineError("the store inserted \(result.inserted) of \(count) rows") }
        }
        do {
            let pool = try GRDBPreparedWorkload.emptyDatabase(path: baselinePath, entity: input.entity)
            _ = try GRDBPreparedWorkload.upsert(input.elements, into: pool)
        }
        let configuration = GRDBPreparedWorkload.configuration
        let stored = try DatabaseQueue(path: storePath, configuration: configuration)
        let written = try DatabaseQueue(path: baselinePath, configuration: configuration)
        let tables = try Self.tables(in: stored)
        let writtenTables = try Self.tables(in: written)
        guard tables == writtenTables else {
            throw BaselineError("check: the store has tables \(tables), GRDB \(writtenTables)")
        }
        for table in ["articles", "authors", "tags", "articles_tags", "articles_search_data"] where !tables.contains(table) {
            throw BaselineError("check: no table \(table) (tables: \(tables))")
        }
        var counts: [String] = []
        for table in tables {
            let storeRows = try Self.rows(of: table, in: stored)
            let baselineRows = try Self.rows(of: table, in: written)
            guard storeRows.count == baselineRows.count else {
                throw BaselineError("check: \(table): \(storeRows.count) rows from the store, \(baselineRows.count) from GRDB")
            }
            if let index = storeRows.indices.first(where: { storeRows[$0] != baselineRows[$0] }) {
                throw BaselineError("check: \(table): row \(index) differs: store \(storeRows[index]), GRDB \(baselineRows[index])")
            }
            counts.append("\(table) \(storeRows.count)")
        }
        let articles = try Self.rows(of: "articles", in: stored).count
        guard articles == count else { throw BaselineError("check: \(articles) articles stored, \(count) expected") }
        print("store/\(count): the store and grdb-prepared wrote identical tables (rows: \(counts.joined(separator: ", ")))")
        return input
    }

    /// Every table of the database (FTS5 shadow tables and GRDB's migrations table included;
    /// SQLite's own excluded), by name.
    static func tables(in database: DatabaseQueue) throws -> [String] {
        try database.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        }
    }

    /// Every row of `table`, ordered by all its columns (rowids are compared too, where the
    /// table has them: the FTS index refers to articles by rowid).
    static func rows(of table: String, in database: DatabaseQueue) throws -> [Row] {
        try database.read { db in
            let quoted = "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            let columns = try db.columns(in: table).count
            let hasRowID = (try? db.execute(sql: "SELECT rowid FROM \(quoted) LIMIT 0")) != nil
            let order = (1...max(columns, 1)).map(String.init).joined(separator: ", ")
            let sql = hasRowID
                ? "SELECT *, rowid FROM \(quoted) ORDER BY rowid"
                : "SELECT * FROM \(quoted) ORDER BY \(order)"
            return try Row.fetchAll(db, sql: sql)
        }
    }
}
