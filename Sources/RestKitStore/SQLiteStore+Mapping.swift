internal import GRDB
public import RestKitCore
public import RestKitMapping

extension SQLiteStore {
    /// Maps each element of an array (or one object) into `entity`'s table: find-or-create by
    /// the identification columns, in one transaction.
    ///
    /// An element whose identity is already stored is mapped onto the stored object (keys the
    /// element lacks keep their stored values); a payload naming the same object twice yields
    /// one row with the later values. With a modification attribute
    /// (``EntityMapping/modificationColumn``), a stored object whose element is not newer is
    /// skipped: returned as stored and counted in ``StoreMappingResult/unchanged``. Any mapping or SQL error rolls the whole operation back
    /// and names the element's key path (`"3.id"`) and the entity.
    ///
    /// ```swift
    /// let result = try await store.map(Registry.default.parse(body, as: .json), with: articles)
    /// result.inserted   // 2
    /// result.unchanged  // 0 (objects skipped by the modification attribute)
    /// ```
    ///
    /// - Throws: ``StoreError``: `.mapping` (with the `MappingError`), `.typeMismatch`,
    ///   `.missingIdentification`, `.notRegistered` or `.database`.
    ///
    /// With a `scope` (orphan deletion), the stored objects in that scope that the payload does
    /// not list are deleted in the same transaction (with their join-table links), counted in
    /// ``StoreMappingResult/deleted``. With `caching`, the response's validators and the list of
    /// its objects are kept for its path in the same transaction (see ``cachedObjects(for:of:options:)``).
    ///
    /// ```swift
    /// let result = try await store.map(page, with: articles, deletingOrphansIn: .matching(["author_id": 7]))
    /// result.deleted   // articles of author 7 the page no longer lists
    /// ```
    public func map<Model: Sendable>(
        _ representation: Representation, with entity: EntityMapping<Model>, options: MappingOptions = MappingOptions(),
        deletingOrphansIn scope: StoreScope? = nil, caching response: CachedResponse? = nil
    ) async throws(StoreError) -> StoreMappingResult<Model> {
        try await log.recording("map", entity: entity.table) { () async throws(StoreError) in
            try checkRegistered(entity)
            let orphans = try scope.map { scope throws(StoreError) in try OrphanDeletion(scope, entity: entity.schema, options: options) }
            do {
                return try await writer.write { db in
                    try StoreTransaction.map(
                        representation, with: entity, options: options, deletingOrphans: orphans, caching: response, in: SQLiteSession(db))
                }
            } catch {
                throw databaseError(error, entity: entity.table, doing: "mapping into the table")
            }
        }
    }

    /// Maps each element of an array (or one object) into `entity`'s table as
    /// ``map(_:with:options:deletingOrphansIn:caching:)`` does, in one transaction, but returns
    /// counts instead of models: for syncing, where nobody reads the objects back at once.
    /// Elements skipped by the modification attribute are then only found and compared —
    /// not read into models — and each element written is mapped once, to check it.
    ///
    /// ```swift
    /// let summary = try await store.importElements(of: page, with: articles, deletingOrphansIn: .all)
    /// print(summary.inserted, summary.updated, summary.unchanged, summary.deleted)
    /// ```
    ///
    /// - Throws: as ``map(_:with:options:deletingOrphansIn:caching:)``.
    public func importElements<Model: Sendable>(
        of representation: Representation, with entity: EntityMapping<Model>, options: MappingOptions = MappingOptions(),
        deletingOrphansIn scope: StoreScope? = nil
    ) async throws(StoreError) -> StoreImportSummary {
        try await log.recording("import", entity: entity.table) { () async throws(StoreError) in
            try checkRegistered(entity)
            let orphans = try scope.map { scope throws(StoreError) in try OrphanDeletion(scope, entity: entity.schema, options: options) }
            do {
                return try await writer.write { db in
                    try StoreTransaction.importElements(
                        of: representation, with: entity, options: options, deletingOrphans: orphans, in: SQLiteSession(db))
                }
            } catch {
                throw databaseError(error, entity: entity.table, doing: "importing into the table")
            }
        }
    }
}
