internal import GRDB

extension PostgreSQLStore {
    /// The columns of `entity`'s table in the store's schema as the server has them, or `nil`
    /// when there is no such table — read without creating or changing anything
    /// (``register(_:changingSchema:)`` would), for read-only tools.
    ///
    /// ```swift
    /// guard let columns = try await store.existingColumns(for: articles) else { return }   // no table
    /// let missing = articles.columns.map(\.name).filter { !columns.contains($0) }
    /// ```
    ///
    /// - Throws: ``StoreError`` `.database`.
    public func existingColumns<Model>(for entity: EntityMapping<Model>) async throws(StoreError) -> [String]? {
        let table = entity.table
        let sql = """
            SELECT column_name::text FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? \
            AND column_name <> '\(SQLDialect.rowOrderColumn)' ORDER BY ordinal_position
            """
        return try await transaction(.read, entity: table, doing: "reading the table's columns") { session in
            guard try session.tableExists(table) else { return nil }
            return try session.rows(sql, [table.databaseValue]).compactMap { $0.first.flatMap(String.fromDatabaseValue) }
        }
    }
}
