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
/// etag, last_modified, stored_at, rowids)`, the listed objects as their row-order values
/// (``SQLDialect/rowOrder``) in payload order — a JSON array on SQLite, a `BIGINT[]` on
/// PostgreSQL (an upsert keeps a row's value).
enum ResponseCacheTable {
    static let name = "restkit_response_cache"

    static func create(in session: any StoreSession) throws {
        let dialect = session.dialect
        let list = dialect.kind == .sqlite ? "TEXT" : "BIGINT[]"
        try session.execute("""
            CREATE TABLE IF NOT EXISTS \(name) (path TEXT PRIMARY KEY NOT NULL, entity TEXT NOT NULL, etag TEXT, \
            last_modified TEXT, stored_at \(dialect.declaredType(.real)) NOT NULL, rowids \(list) NOT NULL)
            """, [])
    }

    /// Records `response` as listing the objects of `schema` with `identities` (those still
    /// stored), replacing the path's earlier entry.
    static func record(_ response: CachedResponse, schema: EntitySchema, identities: [[DatabaseValue]], in session: any StoreSession) throws {
        try create(in: session)
        let dialect = session.dialect
        let find = "SELECT \(dialect.rowOrder) FROM \(SQLName.quoted(schema.table)) \(schema.sql(dialect).whereIdentified)"
        var rows: [Int64] = []
        for identity in identities {
            if let value = try session.firstRow(find, identity)?.first, let row = Int64.fromDatabaseValue(value) { rows.append(row) }
        }
        let numbers = rows.map(String.init).joined(separator: ",")
        let list = dialect.kind == .sqlite ? "[" + numbers + "]" : "{" + numbers + "}"
        let columns = "path, entity, etag, last_modified, stored_at, rowids"
        let values: [DatabaseValue] = [
            response.path.databaseValue, schema.table.databaseValue, response.etag.databaseValue, response.lastModified.databaseValue,
            response.storedAt.timeIntervalSince1970.databaseValue, list.databaseValue,
        ]
        switch dialect.kind {
        case .sqlite:
            try session.execute("INSERT OR REPLACE INTO \(name) (\(columns)) VALUES (?, ?, ?, ?, ?, ?)", values)
        case .postgres:
            try session.execute("""
                INSERT INTO \(name) (\(columns)) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (path) DO UPDATE SET entity = excluded.entity, \
                etag = excluded.etag, last_modified = excluded.last_modified, stored_at = excluded.stored_at, rowids = excluded.rowids
                """, values)
        }
    }

    /// The entry for `path` and its entity's table, or `nil`.
    static func entry(for path: String, in session: any StoreSession) throws -> (response: CachedResponse, entity: String)? {
        guard try session.tableExists(name) else { return nil }
        guard let row = try session.firstRow("SELECT etag, last_modified, stored_at, entity FROM \(name) WHERE path = ?", [path.databaseValue]),
            row.count == 4
        else { return nil }
        let response = CachedResponse(
            path: path, etag: String.fromDatabaseValue(row[0]), lastModified: String.fromDatabaseValue(row[1]),
            storedAt: Date(timeIntervalSince1970: Double.fromDatabaseValue(row[2]) ?? 0))
        return (response, String.fromDatabaseValue(row[3]) ?? "")
    }

    /// The stored rows (`select`'s columns, the table aliased `t`) listed by `path`'s entry, in
    /// the order listed; objects deleted since are left out.
    static func rowsSQL(select columns: String, table: String, dialect: SQLDialect) -> String {
        switch dialect.kind {
        case .sqlite:
            "SELECT \(columns) FROM \(name) c, json_each(c.rowids) j JOIN \(SQLName.quoted(table)) t ON t.rowid = j.value WHERE c.path = ? ORDER BY j.key"
        case .postgres:
            "SELECT \(columns) FROM \(name) c CROSS JOIN LATERAL unnest(c.rowids) WITH ORDINALITY AS j(row, position) "
                + "JOIN \(SQLName.quoted(table)) t ON t.\(dialect.rowOrder) = j.row WHERE c.path = ? ORDER BY j.position"
        }
    }
}
