import Foundation
import GRDB
import RestKit
import RestKitStore

/// The rows of one article element, written by hand with GRDB's cached prepared statements:
/// what the store writes for it, in the store's order.
///
/// 1. the author: `INSERT INTO authors … ON CONFLICT(id) DO UPDATE` (every article naming
///    it upserts it again, as the store does);
/// 2. each tag: the same into `tags`;
/// 3. the article's links: `DELETE FROM articles_tags WHERE parent_id = ?`, then one
///    `INSERT OR IGNORE INTO articles_tags (parent_id, child_id, position)` per tag (so that the
///    same code re-imports correctly; into an empty table the delete finds nothing);
/// 4. the article: `INSERT INTO articles (…, author_id) … ON CONFLICT(id) DO UPDATE` (the
///    FTS triggers the store's `register` created index title and body).
///
/// Values are read straight out of the parsed element (no model, no mapping) and bound as
/// they are: the payload's date text is already the ISO 8601 the store writes.
///
/// ```swift
/// try pool.write { db in
///     let writer = try GRDBArticleWriter(db)
///     for element in elements { try writer.write(element) }
/// }
/// ```
struct GRDBArticleWriter {
    static let authorSQL = """
        INSERT INTO "authors" ("id", "name") VALUES (?, ?) ON CONFLICT("id") DO UPDATE SET "name" = excluded."name"
        """
    static let tagSQL = """
        INSERT INTO "tags" ("id", "name") VALUES (?, ?) ON CONFLICT("id") DO UPDATE SET "name" = excluded."name"
        """
    static let deleteLinksSQL = #"DELETE FROM "articles_tags" WHERE "parent_id" = ?"#
    static let insertLinkSQL = #"INSERT OR IGNORE INTO "articles_tags" ("parent_id", "child_id", "position") VALUES (?, ?, ?)"#
    static let articleSQL = """
        INSERT INTO "articles" ("id", "title", "body", "score", "views", "published", "published_at", "author_id") \
        VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT("id") DO UPDATE SET "title" = excluded."title", \
        "body" = excluded."body", "score" = excluded."score", "views" = excluded."views", \
        "published" = excluded."published", "published_at" = excluded."published_at", "author_id" = excluded."author_id"
        """

    let author: Statement
    let tag: Statement
    let deleteLinks: Statement
    let insertLink: Statement
    let article: Statement

    init(_ db: Database) throws {
        author = try db.cachedStatement(sql: Self.authorSQL)
        tag = try db.cachedStatement(sql: Self.tagSQL)
        deleteLinks = try db.cachedStatement(sql: Self.deleteLinksSQL)
        insertLink = try db.cachedStatement(sql: Self.insertLinkSQL)
        article = try db.cachedStatement(sql: Self.articleSQL)
    }

    /// Writes one element's rows.
    func write(_ element: Representation) throws {
        guard let id = element["id"]?.int64Value else { throw BaselineError("an element has no integer id") }
        var authorID: Int64?
        if let author = element["author"], !author.isNull {
            guard let value = author["id"]?.int64Value else { throw BaselineError("an author has no integer id") }
            try self.author.execute(arguments: [value, author["name"]?.stringValue])
            authorID = value
        }
        var tagIDs: [Int64] = []
        if let tags = element["tags"]?.arrayValue {
            tagIDs.reserveCapacity(tags.count)
            for tag in tags {
                guard let value = tag["id"]?.int64Value else { throw BaselineError("a tag has no integer id") }
                try self.tag.execute(arguments: [value, tag["name"]?.stringValue])
                tagIDs.append(value)
            }
            try deleteLinks.execute(arguments: [id])
            for (position, tagID) in tagIDs.enumerated() {
                try insertLink.execute(arguments: [id, tagID, position])
            }
        }
        try article.execute(arguments: [
            id,
            element["title"]?.stringValue,
            element["body"]?.stringValue,
            element["score"]?.doubleValue,
            element["views"]?.int64Value,
            element["published"]?.boolValue,
            element["published_at"]?.stringValue,
            authorID,
        ])
    }
}

/// The baseline of `store/<n>`: hand-written GRDB. The same rows, read straight out of the
/// same parsed document by ``GRDBArticleWriter`` (articles with `author_id`, authors and tags
/// upserted, join rows, the full-text index through the store's triggers), in one
/// `DatabasePool.write` transaction, into empty tables created by the store's own `register`
/// (so schema, UNIQUE indexes and FTS5 triggers are the store's).
///
/// ```swift
/// let baseline = GRDBPreparedWorkload(payload: payload, samples: 5)
/// ```
final class GRDBPreparedWorkload: Workload {
    let name = "grdb-prepared"
    let payload: StorePayload
    let fixedSamples: Int?
    private var pool: DatabasePool?
    private var path: String?
    private var memory = ImportMemory()

    init(payload: StorePayload, samples: Int) {
        self.payload = payload
        self.fixedSamples = samples
    }

    var metrics: [String: Double] { memory.metrics }
    /// The payload's check (on the first ``prepare()``) already ran every code path once.
    var runsUntimedFirst: Bool { false }

    /// Waits up to 10 s for a lock: the store that created the table may still be closing.
    static var configuration: Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        return configuration
    }

    /// A pool on a new file at `path` whose tables the store created.
    static func emptyDatabase(path: String, entity: EntityMapping<StoreArticle>) throws -> DatabasePool {
        do { _ = try StoreImportWorkload.emptyStore(path: path, entity: entity) }  // released: closed
        return try DatabasePool(path: path, configuration: configuration)
    }

    /// Writes every element's rows, in one transaction; returns the articles written.
    static func upsert(_ elements: [Representation], into pool: DatabasePool) throws -> Int {
        try pool.write { db in
            let writer = try GRDBArticleWriter(db)
            for element in elements { try writer.write(element) }
            return elements.count
        }
    }

    func prepare() throws {
        pool = nil
        if let path { StoreDatabaseFiles.remove(path) }
        let input = try payload.input()
        let path = try StoreDatabaseFiles.fresh(name)
        self.path = path
        pool = try Self.emptyDatabase(path: path, entity: input.entity)
        memory.start()
    }

    func run() throws -> Int {
        guard let pool else { throw BaselineError("not prepared") }
        let written = try Self.upsert(try payload.input().elements, into: pool)
        memory.finish()
        return written
    }
}
