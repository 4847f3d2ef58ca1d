internal import GRDB

/// The SQL of one entity's full-text index: an external-content FTS5 table over the
/// entity's searchable columns (`<table>_search`, content `<table>`, tokenizer
/// `unicode61 remove_diacritics 2`: case- and diacritic-folding), kept in sync by triggers on
/// insert, update and delete, and the check of an existing index against the mapping.
struct SearchIndexSchema: Sendable {
    let table: String
    /// The indexed columns.
    let columns: [Column]
    /// All the entity's columns (what a search returns).
    let entityColumns: [Column]

    init(_ schema: EntitySchema) {
        table = schema.table
        columns = schema.searchableColumns
        entityColumns = schema.storedColumns
    }

    /// `<table>_search`.
    var name: String { table + "_search" }

    /// The migration that creates the index (separate from the table's, so that a table
    /// created without an index gets one later).
    /// Named by the indexed columns, so that indexing other columns later runs it again.
    var migrationIdentifier: String { "RestKitStore.\(table).search(\(columns.map(\.name).joined(separator: ",")))" }

    /// Creates the index, or replaces one over other columns (dropping it and its triggers).
    func createOrReplace(_ db: Database) throws {
        if try db.tableExists(name) {
            let existing = try db.columns(in: name).map { $0.name.lowercased() }
            if existing == columns.map({ $0.name.lowercased() }) { return }
            for suffix in ["_insert", "_delete", "_update"] {
                try db.execute(sql: "DROP TRIGGER IF EXISTS \(SQLName.quoted(name + suffix))")
            }
            try db.execute(sql: "DROP TABLE \(SQLName.quoted(name))")
        }
        for statement in create { try db.execute(sql: statement) }
    }

    private var quotedColumns: String { columns.map { SQLName.quoted($0.name) }.joined(separator: ", ") }

    private func values(_ prefix: String, of columns: [Column]? = nil) -> String {
        (columns ?? self.columns).map { "\(prefix).\(SQLName.quoted($0.name))" }.joined(separator: ", ")
    }

    /// The statements creating the index and its triggers, then indexing the rows already stored.
    var create: [String] {
        let index = SQLName.quoted(name)
        let content = SQLName.quoted(table)
        // `content=` takes a string; the validated table name holds no quote.
        let insertNew = "INSERT INTO \(index)(rowid, \(quotedColumns)) VALUES (new.rowid, \(values("new")));"
        let deleteOld = "INSERT INTO \(index)(\(index), rowid, \(quotedColumns)) VALUES ('delete', old.rowid, \(values("old")));"
        return [
            "CREATE VIRTUAL TABLE \(index) USING fts5(\(quotedColumns), content='\(table)', tokenize = 'unicode61 remove_diacritics 2')",
            "CREATE TRIGGER \(SQLName.quoted(name + "_insert")) AFTER INSERT ON \(content) BEGIN \(insertNew) END",
            "CREATE TRIGGER \(SQLName.quoted(name + "_delete")) AFTER DELETE ON \(content) BEGIN \(deleteOld) END",
            "CREATE TRIGGER \(SQLName.quoted(name + "_update")) AFTER UPDATE OF \(quotedColumns) ON \(content) BEGIN \(deleteOld) \(insertNew) END",
            "INSERT INTO \(index)(\(index)) VALUES ('rebuild')",
        ]
    }

    /// The entity's columns (qualified by its table) of the rows matching a bound FTS5 query,
    /// best bm25 rank first, at most a bound limit. The index alone ranks and limits the hits
    /// (FTS5's `rank`, bm25); only those are read from the table — not every match, whose
    /// rows a sort over the join would carry.
    var search: String {
        let index = SQLName.quoted(name)
        let content = SQLName.quoted(table)
        return "SELECT \(values(content, of: entityColumns)) FROM"
            + " (SELECT rowid AS hit, rank AS score FROM \(index) WHERE \(index) MATCH ? ORDER BY rank LIMIT ?) AS hits"
            + " JOIN \(content) ON \(content).rowid = hits.hit ORDER BY hits.score, \(content).rowid"
    }

    /// Throws `.schemaMismatch` unless the index exists over exactly the searchable columns.
    func check(_ db: Database) throws {
        let wanted = columns.map { $0.name.lowercased() }
        guard try db.tableExists(name) else {
            throw StoreError(.schemaMismatch, "no full-text index '\(name)'", entity: table, column: columns.first?.name)
        }
        let existing = try db.columns(in: name).map { $0.name.lowercased() }
        guard existing == wanted else {
            throw StoreError(
                .schemaMismatch,
                "the full-text index covers (\(existing.joined(separator: ", "))), the mapping declares (\(wanted.joined(separator: ", ")))",
                entity: table, column: columns.first?.name)
        }
    }
}
