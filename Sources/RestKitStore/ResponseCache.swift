import Foundation
internal import GRDB

/// What the store remembers of the last response stored for one resource path: its validators
/// for a conditional request (`ETag`, `Last-Modified`) and which objects it listed, so that a
/// `304 Not Modified` — or, by choice, a failed request — can be answered from the store.
///
/// ```swift
/// let cached = CachedResponse(path: "/articles", etag: #""v7""#, lastModified: nil)
/// _ = try await store.map(body, with: articles, caching: cached)
/// try await store.cachedResponse(for: "/articles")?.etag       // "\"v7\""
/// try await store.cachedObjects(for: "/articles", of: articles) // the articles it listed
/// ```
public struct CachedResponse: Sendable, Hashable {
    /// The resource path (with its query, as requested).
    public var path: String
    /// The response's `ETag`, sent back as `If-None-Match`.
    public var etag: String?
    /// The response's `Last-Modified`, sent back as `If-Modified-Since`.
    public var lastModified: String?
    /// When it was stored (set by the store).
    public var storedAt: Date

    /// A cache entry to store with a mapping.
    public init(path: String, etag: String?, lastModified: String?, storedAt: Date = Date()) {
        self.path = path
        self.etag = etag
        self.lastModified = lastModified
        self.storedAt = storedAt
    }
}

/// The table behind ``CachedResponse``: `restkit_response_cache(path PRIMARY KEY, entity,
/// etag, last_modified, stored_at, rowids)`, the listed objects as a JSON array of row ids in
/// payload order (an upsert keeps a row's id).
enum ResponseCacheTable {
    static let name = "restkit_response_cache"
    static let migration = "RestKitStore.responseCache.v1"

    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE IF NOT EXISTS \(name) (path TEXT PRIMARY KEY NOT NULL, entity TEXT NOT NULL, etag TEXT, \
            last_modified TEXT, stored_at REAL NOT NULL, rowids TEXT NOT NULL)
            """)
    }

    static func record(_ response: CachedResponse, entity: String, rowids: [Int64], in db: Database) throws {
        try create(db)
        let list = "[" + rowids.map(String.init).joined(separator: ",") + "]"
        try db.execute(
            sql: "INSERT OR REPLACE INTO \(name) (path, entity, etag, last_modified, stored_at, rowids) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [response.path, entity, response.etag, response.lastModified, response.storedAt.timeIntervalSince1970, list])
    }

    /// The entry for `path` and its entity's table, or `nil`.
    static func entry(for path: String, in db: Database) throws -> (response: CachedResponse, entity: String)? {
        guard try db.tableExists(name) else { return nil }
        guard let row = try Row.fetchOne(
            db, sql: "SELECT etag, last_modified, stored_at, entity FROM \(name) WHERE path = ?", arguments: [path])
        else { return nil }
        let response = CachedResponse(
            path: path, etag: row[0], lastModified: row[1], storedAt: Date(timeIntervalSince1970: row[2] ?? 0))
        return (response, row[3] ?? "")
    }

    /// The stored rows (`select`'s columns, the table aliased `t`) listed by `path`'s entry, in
    /// the order listed; objects deleted since are left out.
    static func rowsSQL(select columns: String, table: String) -> String {
        "SELECT \(columns) FROM \(name) c, json_each(c.rowids) j JOIN \(SQLName.quoted(table)) t ON t.rowid = j.value WHERE c.path = ? ORDER BY j.key"
    }
}
