internal import GRDB

/// The SQL of one entity's full-text index on PostgreSQL: a GIN index (`<table>_search`) over
/// the `tsvector` of the searchable columns, and the query that ranks matches with `ts_rank`.
///
/// Words are split by PostgreSQL's default parser and folded by the text search
/// configuration `restkit_search` of the store's schema: `simple` (lower case, no stemming,
/// no stop words — as SQLite's `unicode61` tokenizer), with the `unaccent` dictionary first
/// where the extension is available (then `Cafe` finds `café`, as on SQLite). The index is
/// an expression index: it follows every insert, update and delete of the table without
/// triggers, and the rows need no extra column. The indexed columns are recorded in the
/// index's comment, so that a mapping indexing other columns replaces it.
struct PostgresSearchIndex: Sendable {
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

    /// The text search configuration every index of a schema uses.
    static let configuration = "restkit_search"

    /// The schema `unaccent` is installed into when no schema of the database has it yet:
    /// one of its own, so that dropping a store's schema does not take the extension (and
    /// every other store's configuration that uses it) along.
    static let extensionSchema = "restkit_extensions"

    /// `<table>_search`.
    var name: String { table + "_search" }

    /// Recorded in the index's comment: the indexed columns, comma-separated, lower case.
    var signature: String { columns.map { $0.name.lowercased() }.joined(separator: ",") }

    /// The `tsvector` of a row: each column's vector, concatenated (`||` continues the
    /// positions, so a phrase may run from the end of one column into the next).
    var vector: String {
        columns.map { "to_tsvector('\(Self.configuration)'::regconfig, coalesce(\(SQLName.quoted(table)).\(SQLName.quoted($0.name)), ''))" }
            .joined(separator: " || ")
    }

    /// The entity's columns of the rows matching a bound `tsquery` text, best `ts_rank` first
    /// (rank divided by 1 + the log of the row's length, so that a short row with the word
    /// outranks a long one that mentions it once, as bm25 ranks them), then in the order
    /// first stored; at most a bound limit.
    var search: String {
        let content = SQLName.quoted(table)
        let row = "\(content).\(SQLDialect.postgres.rowOrder)"
        return "SELECT \(entityColumns.map { "\(content).\(SQLName.quoted($0.name))" }.joined(separator: ", "))"
            + " FROM \(content), to_tsquery('\(Self.configuration)'::regconfig, ?) AS query"
            + " WHERE (\(vector)) @@ query ORDER BY ts_rank(\(vector), query, 1) DESC, \(row) LIMIT ?"
    }

    /// Creates the index, or replaces one over other columns; creates the schema's text
    /// search configuration first when it is missing.
    func createOrReplace(in session: PostgresSession) throws {
        try Self.createConfiguration(in: session)
        if let existing = try comment(in: session) {
            if existing == signature { return }
            try session.execute("DROP INDEX \(SQLName.quoted(name))", [])
        }
        try session.execute("CREATE INDEX \(SQLName.quoted(name)) ON \(SQLName.quoted(table)) USING GIN ((\(vector)))", [])
        // COMMENT takes a literal, not a parameter; the validated column names hold no quote.
        try session.execute("COMMENT ON INDEX \(SQLName.quoted(name)) IS '\(signature)'", [])
    }

    /// Throws `.schemaMismatch` unless the index exists over exactly the searchable columns.
    func check(in session: PostgresSession) throws {
        guard let existing = try comment(in: session) else {
            throw StoreError(.schemaMismatch, "no full-text index '\(name)'", entity: table, column: columns.first?.name)
        }
        guard existing == signature else {
            throw StoreError(
                .schemaMismatch,
                "the full-text index covers (\(existing.replacingOccurrences(of: ",", with: ", "))), the mapping declares (\(signature.replacingOccurrences(of: ",", with: ", ")))",
                entity: table, column: columns.first?.name)
        }
    }

    /// The comment of the index in the current schema ("" without one), or `nil` without the index.
    private func comment(in session: PostgresSession) throws -> String? {
        let sql = """
            SELECT coalesce(obj_description(c.oid, 'pg_class'), '') FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace \
            WHERE c.relname = ? AND n.nspname = current_schema() AND c.relkind = 'i'
            """
        return try session.firstRow(sql, [name.databaseValue])?.first.flatMap(String.fromDatabaseValue)
    }

    /// Creates `restkit_search` in the current schema unless it exists: a copy of `simple`,
    /// with `unaccent` before it for words when the extension is installed or can be (in a
    /// savepoint: a refusal leaves the transaction usable; then the configuration folds case
    /// only).
    static func createConfiguration(in session: PostgresSession) throws {
        let exists = """
            SELECT 1 FROM pg_ts_config c JOIN pg_namespace n ON n.oid = c.cfgnamespace WHERE c.cfgname = ? AND n.nspname = current_schema()
            """
        guard try session.firstRow(exists, [configuration.databaseValue]) == nil else { return }
        let installed = "SELECT n.nspname::text FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'unaccent'"
        var unaccentSchema = try session.firstRow(installed, [])?.first.flatMap(String.fromDatabaseValue)
        if unaccentSchema == nil {
            try session.command("SAVEPOINT restkit_unaccent")
            do {
                try session.command("CREATE SCHEMA IF NOT EXISTS \(SQLName.quoted(extensionSchema))")
                try session.command("CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA \(SQLName.quoted(extensionSchema))")
                try session.command("RELEASE SAVEPOINT restkit_unaccent")
                unaccentSchema = extensionSchema
            } catch {
                // Not installed on the server (postgresql-contrib), or not allowed: fold case only.
                try session.command("ROLLBACK TO SAVEPOINT restkit_unaccent")
            }
        }
        try session.command("CREATE TEXT SEARCH CONFIGURATION \(configuration) (COPY = pg_catalog.simple)")
        guard let unaccentSchema else { return }
        try session.command(
            "ALTER TEXT SEARCH CONFIGURATION \(configuration) ALTER MAPPING FOR hword, hword_part, word WITH \(SQLName.quoted(unaccentSchema)).unaccent, pg_catalog.simple")
    }
}
