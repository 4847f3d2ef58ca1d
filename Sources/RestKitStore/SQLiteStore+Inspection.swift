internal import GRDB

extension SQLiteStore {
    /// The columns of `entity`'s table as the database has them, or `nil` when there is no such
    /// table — read without creating or changing anything (``register(_:)`` would), for
    /// read-only tools that must not alter a file they only query.
    ///
    /// ```swift
    /// guard let columns = try await store.existingColumns(for: articles) else { return }   // no table
    /// let missing = articles.columns.map(\.name).filter { !columns.contains($0) }
    /// ```
    ///
    /// - Throws: ``StoreError`` `.database`.
    public func existingColumns<Model>(for entity: EntityMapping<Model>) async throws(StoreError) -> [String]? {
        let table = entity.table
        do {
            return try await writer.read { db in
                guard try db.tableExists(table) else { return nil }
                return try db.columns(in: table).map(\.name)
            }
        } catch {
            throw Self.databaseError(error, entity: table, doing: "reading the table's columns")
        }
    }
}
