internal import GRDB

/// One backend's access to its database inside one transaction (or one consistent read): what
/// the import, the stored-row reader, orphan deletion and the response cache run their SQL
/// through, so that the same code serves SQLite and PostgreSQL.
///
/// SQL is written with `?` placeholders, numbered in order (PostgreSQL's session turns them into
/// `$1`, `$2`, …); what differs in the SQL itself (column types, the row-order column, full-text
/// search) comes from ``dialect``. Values are GRDB's `DatabaseValue` (NULL, 64-bit integer,
/// double, text, bytes), whatever the backend: a backend's session converts at its boundary.
protocol StoreSession: AnyObject {
    var dialect: SQLDialect { get }

    /// Runs `sql` with `arguments` bound, to its end.
    func execute(_ sql: String, _ arguments: [DatabaseValue]) throws

    /// The rows `sql` selects with `arguments` bound, each in column order.
    func rows(_ sql: String, _ arguments: [DatabaseValue]) throws -> [[DatabaseValue]]

    /// The first row `sql` selects with `arguments` bound, or `nil`.
    func firstRow(_ sql: String, _ arguments: [DatabaseValue]) throws -> [DatabaseValue]?

    /// Whether a table named `table` exists.
    func tableExists(_ table: String) throws -> Bool

    /// Whether `table` holds no row.
    func isEmpty(_ table: String) throws -> Bool

    /// The stored row (`table`'s stored columns) with `identity`, or `nil`.
    func storedRow(of table: TableSchema, identifiedBy identity: [DatabaseValue]) throws -> [DatabaseValue]?

    /// Whether ``prefetchRows(of:identifiedBy:)`` reads anything (an embedded backend, for which
    /// a lookup costs less than gathering the identities, does not).
    var readsAhead: Bool { get }

    /// Reads the stored rows of many identities ahead, so that ``storedRow(of:identifiedBy:)``
    /// answers them without a query each (a backend across a network reads them in a few
    /// statements; an embedded one may do nothing).
    func prefetchRows(of table: TableSchema, identifiedBy identities: [[DatabaseValue]]) throws

    /// Inserts `values` (`table`'s stored columns, in order), or updates the row with the same
    /// identification. A backend may send several upserts as one statement, before any other
    /// statement of the session runs.
    func upsert(_ values: [DatabaseValue], into table: TableSchema) throws

    /// Removes every link of `parent` in `relationship`'s join table. A backend may send it
    /// later, with other link writes, but before any other statement runs.
    func deleteLinks(of parent: [DatabaseValue], in relationship: RelationshipSchema) throws

    /// Links `parent` to `child` at `position` in `relationship`'s join table (kept as it is
    /// when the two are linked already). A backend may send it later, as ``deleteLinks(of:in:)``.
    func insertLink(parent: [DatabaseValue], child: [DatabaseValue], position: Int, in relationship: RelationshipSchema) throws
}

extension StoreSession {
    func firstRow(_ sql: String, _ arguments: [DatabaseValue]) throws -> [DatabaseValue]? {
        try rows(sql, arguments).first
    }
}

/// What differs between the SQL of the backends.
struct SQLDialect: Sendable, Hashable {
    enum Kind: Sendable, Hashable { case sqlite, postgres }
    let kind: Kind

    static let sqlite = SQLDialect(kind: .sqlite)
    static let postgres = SQLDialect(kind: .postgres)

    /// The column giving a table's rows in insertion order: SQLite's `rowid`; on PostgreSQL, an
    /// identity column the store adds to each entity table.
    var rowOrder: String {
        switch kind {
        case .sqlite: "rowid"
        case .postgres: SQLName.quoted(Self.rowOrderColumn)
        }
    }

    /// The PostgreSQL row-order column's name.
    static let rowOrderColumn = "restkit_row"

    /// The type `type` is declared with in `CREATE TABLE` (and reported by the catalog).
    func declaredType(_ type: ColumnType) -> String {
        switch kind {
        case .sqlite: return type.declaredType
        case .postgres:
            switch type {
            case .integer: return "BIGINT"
            case .real, .dateEpoch: return "DOUBLE PRECISION"
            case .text, .dateText: return "TEXT"
            case .blob: return "BYTEA"
            case .boolean: return "BOOLEAN"
            }
        }
    }

    /// Why the database cannot store `value`, or `nil` when it can: PostgreSQL's text holds no
    /// NUL character (SQLite's does).
    func refusal(of value: DatabaseValue) -> String? {
        guard kind == .postgres, case .string(let text) = value.storage, text.utf8.contains(0) else { return nil }
        return "PostgreSQL text cannot hold a NUL character (U+0000); remove it, or store the value as a blob column"
    }

    /// `INSERT … VALUES (?, …)` that does nothing when the row's unique index already holds it.
    func insertIgnoringConflicts(into table: String, columns: String, count: Int) -> String {
        let placeholders = Array(repeating: "?", count: count).joined(separator: ", ")
        switch kind {
        case .sqlite: return "INSERT OR IGNORE INTO \(table) (\(columns)) VALUES (\(placeholders))"
        case .postgres: return "INSERT INTO \(table) (\(columns)) VALUES (\(placeholders)) ON CONFLICT DO NOTHING"
        }
    }
}
