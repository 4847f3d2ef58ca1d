internal import GRDB

extension SQLiteStore {
    /// Whether the database has `entity`'s table, without creating it (``register(_:)``
    /// would): for read-only tools that must not change a file they only query.
    ///
    /// ```swift
    /// if try await store.hasTable(for: articles) { try await store.register(articles) }
    /// ```
    ///
    /// - Throws: ``StoreError`` `.database`.
    public func hasTable<Model>(for entity: EntityMapping<Model>) async throws(StoreError) -> Bool {
        let table = entity.table
        do {
            return try await writer.read { db in try db.tableExists(table) }
        } catch {
            throw Self.databaseError(error, entity: table, doing: "looking for the table")
        }
    }
}
