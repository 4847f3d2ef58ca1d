internal import GRDB
import RestKitMapping

extension PostgreSQLStore {
    /// Creates `entity`'s table (`CREATE TABLE` with the declared columns, a row-order identity
    /// column, and a UNIQUE index on the identification columns), or checks the existing table
    /// against it, adding columns declared since; the entities its relationships and
    /// connections reach are registered too, with their foreign-key columns and join tables.
    /// Searchable columns get a full-text index (see ``search(_:matching:limit:options:)``);
    /// the first one in a schema creates its text search configuration, `restkit_search`, and
    /// installs the `unaccent` extension (into the schema `restkit_extensions`) when the
    /// server has it and the user may.
    ///
    /// Each change runs once per database, recorded in `restkit_migrations` under the same
    /// identifiers as ``SQLiteStore``'s migrations, and under an advisory lock, so processes
    /// registering at once do not race. With `changingSchema: false` nothing is created or
    /// changed: the tables must already match.
    ///
    /// ```swift
    /// try await store.register(articles)
    /// ```
    ///
    /// - Throws: ``StoreError`` `.schemaMismatch` naming the missing table or the first
    ///   missing or mismatched column (or the missing UNIQUE index); `.notRegistered` when
    ///   another mapping with a different schema was registered for the same table;
    ///   `.database` for server and connection errors.
    public func register<Model>(_ entity: EntityMapping<Model>, changingSchema: Bool = true) async throws(StoreError) {
        let schemas = entity.schema.reachable()
        let known = registered.withLock { registered in schemas.map { registered[$0.table] } }
        for (schema, signature) in zip(schemas, known) where signature != nil && signature != schema.signature {
            throw StoreError(.notRegistered, "another mapping with a different schema is registered for this table", entity: schema.table)
        }
        guard known.contains(where: { $0 == nil }) else { return }
        if let schema = configuration.schema { try SQLName.validate(schema, what: "schema", entity: nil) }
        let namespace = configuration.schema
        if changingSchema {
            try await transaction(.schema, entity: entity.table, doing: "creating or checking the tables") { session in
                if let namespace { try session.execute("CREATE SCHEMA IF NOT EXISTS \(SQLName.quoted(namespace))", []) }
                try Self.migrate(schemas, in: session)
                try Self.check(schemas, in: session)
            }
        } else {
            try await transaction(.read, entity: entity.table, doing: "checking the tables") { session in
                try Self.check(schemas, in: session)
            }
        }
        registered.withLock { registered in
            for schema in schemas { registered[schema.table] = schema.signature }
        }
    }

    /// Runs the changes `schemas` need that this database has not recorded.
    private static func migrate(_ schemas: [EntitySchema], in session: PostgresSession) throws {
        try session.execute(
            "CREATE TABLE IF NOT EXISTS restkit_migrations (identifier TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())", [])
        var applied = Set(try session.rows("SELECT identifier FROM restkit_migrations", []).compactMap { $0.first.flatMap(String.fromDatabaseValue) })
        func once(_ identifier: String, _ change: () throws -> Void) throws {
            guard applied.insert(identifier).inserted else { return }
            try change()
            try session.execute("INSERT INTO restkit_migrations (identifier) VALUES (?)", [identifier.databaseValue])
        }
        for schema in schemas.reversed() {
            let table = schema.postgresSQL
            try once("RestKitStore.\(schema.table).v1") {
                if try !session.tableExists(schema.table) {
                    try session.execute(table.createTable, [])
                    try session.execute(table.createIndex, [])
                }
            }
            for column in schema.storedColumns where !schema.identificationColumns.contains(column) {
                try once("RestKitStore.\(schema.table).\(column.name).add") {
                    if try session.columnTypes(of: schema.table)[column.name.lowercased()] == nil {
                        try session.execute(table.addColumn(column), [])
                    }
                }
            }
        }
        for schema in schemas where !schema.searchableColumns.isEmpty {
            try once(SearchIndexSchema(schema).migrationIdentifier) {
                try PostgresSearchIndex(schema).createOrReplace(in: session)
            }
        }
        for schema in schemas {
            for relationship in schema.relationships where relationship.needsCreation {
                try once(relationship.migrationIdentifier) {
                    if let table = relationship.checkedTable {
                        switch relationship.storage {
                        case .joinTable:
                            guard try !session.tableExists(table) else { return }
                        default:
                            let existing = try session.columnTypes(of: table)
                            guard !relationship.foreignKeys.contains(where: { existing[$0.name.lowercased()] != nil }) else { return }
                        }
                    }
                    for statement in relationship.statements(.postgres).creation { try session.execute(statement, []) }
                }
            }
        }
    }

    /// Checks the tables, indexes and link columns of `schemas` against the catalog.
    private static func check(_ schemas: [EntitySchema], in session: PostgresSession) throws {
        for schema in schemas {
            guard try session.tableExists(schema.table) else {
                throw StoreError(.schemaMismatch, "no table '\(schema.table)'", entity: schema.table)
            }
            try schema.postgresSQL.check(columnTypes: session.columnTypes(of: schema.table), uniqueIndexes: session.uniqueIndexes(of: schema.table))
            if !schema.searchableColumns.isEmpty { try PostgresSearchIndex(schema).check(in: session) }
            for relationship in schema.relationships {
                guard let table = relationship.checkedTable else { continue }
                guard try session.tableExists(table) else { throw relationship.missingJoinTable() }
                try relationship.check(columnTypes: session.columnTypes(of: table), dialect: .postgres)
            }
        }
    }

    /// Throws unless `entity` (this very schema) was registered.
    func checkRegistered<Model>(_ entity: EntityMapping<Model>) throws(StoreError) {
        let existing = registered.withLock { $0[entity.table] }
        guard existing == entity.schema.signature else {
            throw StoreError(.notRegistered, "register the entity mapping with the store first", entity: entity.table)
        }
    }
}

extension PostgresSession {
    /// The columns of `table` in the current schema: lowercased name → type, uppercased as
    /// ``SQLDialect/declaredType(_:)`` writes it (`BIGINT`, `DOUBLE PRECISION`, …).
    func columnTypes(of table: String) throws -> [String: String] {
        let sql = "SELECT column_name::text, upper(data_type::text) FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?"
        var types: [String: String] = [:]
        for row in try rows(sql, [table.databaseValue]) where row.count == 2 {
            if let name = String.fromDatabaseValue(row[0]), let type = String.fromDatabaseValue(row[1]) { types[name.lowercased()] = type }
        }
        return types
    }

    /// The column sets (lowercased) of `table`'s unique indexes.
    func uniqueIndexes(of table: String) throws -> [Set<String>] {
        let sql = """
            SELECT string_agg(a.attname::text, ',') FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid \
            JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY(i.indkey) \
            WHERE c.relname = ? AND n.nspname = current_schema() AND i.indisunique GROUP BY i.indexrelid
            """
        return try rows(sql, [table.databaseValue]).compactMap { row in
            row.first.flatMap(String.fromDatabaseValue).map { Set($0.lowercased().split(separator: ",").map(String.init)) }
        }
    }
}
