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
    /// - Throws: ``StoreError``: `.mapping` (with the ``MappingError``), `.typeMismatch`,
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
        try checkRegistered(entity)
        let orphans = try scope.map { scope throws(StoreError) in try OrphanDeletion(scope, entity: entity.schema, options: options) }
        do {
            return try await writer.write { db in
                var result = try Self.map(representation, with: entity, options: options, in: db) { identities in
                    if let orphans { try orphans.delete(keeping: Set(identities.map(\.identity)), in: db) } else { 0 }
                }
                if let response {
                    let find = try db.cachedStatement(sql: "SELECT rowid FROM \(SQLName.quoted(entity.table)) \(entity.schema.sql.whereIdentified)")
                    var rowids: [Int64] = []
                    for identity in result.identities {
                        if let rowid = try Int64.fetchOne(find, arguments: StatementArguments(identity)) { rowids.append(rowid) }
                    }
                    try ResponseCacheTable.record(response, entity: entity.table, rowids: rowids, in: db)
                }
                result.identities = []
                return result
            }
        } catch {
            throw databaseError(error, entity: entity.table, doing: "mapping into the table")
        }
    }

    /// The import inside a write transaction (which a thrown error rolls back).
    static func map<Model>(
        _ representation: Representation, with entity: EntityMapping<Model>, options: MappingOptions, in db: Database,
        afterWriting: ([(identity: [DatabaseValue], index: Int)]) throws -> Int = { _ in 0 }
    ) throws -> StoreMappingResult<Model> {
        let schema = entity.schema
        let (elements, inArray) = Self.elements(of: representation)
        var importing = StoreImport(db: db, options: options)
        // The distinct objects in the order first seen, with the element that first named them.
        var order: [(identity: [DatabaseValue], index: Int)] = []

        for (index, element) in elements.enumerated() {
            let location = StoreImport.Location(parent: nil, index: inArray ? index : nil)
            let (identity, _, isFirst) = try importing.importElement(element, schema: schema, at: location, validates: false)
            if isFirst { order.append((identity, index)) }
        }
        let deleted = try afterWriting(order)
        // Now that every row is written, connections (to objects later in the payload too),
        // then the models.
        var objects: [Model] = []
        objects.reserveCapacity(order.count)
        var counts = (inserted: 0, updated: 0, unchanged: 0)
        let imported = importing.seen[schema.table] ?? [:]
        for (identity, index) in order {
            guard let object = imported[identity] else { continue }
            switch object.status {
            case .inserted: counts.inserted += 1
            case .updated: counts.updated += 1
            case .unchanged: counts.unchanged += 1
            }
            let representation = try importing.rows.connecting(
                importing.representation(of: object, schema: schema), values: object.values, schema: schema)
            do {
                objects.append(try entity.mapping.map(representation, options: importing.loading))
            } catch {
                var located = StoreImport.mappingError(error, entity: schema.table, at: StoreImport.Location(parent: nil, index: inArray ? index : nil))
                located.object = StoreImport.describe(identity, schema: schema)
                throw located
            }
        }
        var result = StoreMappingResult(
            objects: objects, inserted: counts.inserted, updated: counts.updated, unchanged: counts.unchanged, deleted: deleted)
        result.identities = order.map(\.identity)
        return result
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
        try checkRegistered(entity)
        let orphans = try scope.map { scope throws(StoreError) in try OrphanDeletion(scope, entity: entity.schema, options: options) }
        let schema = entity.schema
        do {
            return try await writer.write { db in
                var importing = StoreImport(db: db, options: options)
                var summary = StoreImportSummary()
                var order: [[DatabaseValue]] = []
                let (elements, inArray) = Self.elements(of: representation)
                for (index, element) in elements.enumerated() {
                    let location = StoreImport.Location(parent: nil, index: inArray ? index : nil)
                    let (identity, _, isFirst) = try importing.importElement(element, schema: schema, at: location, validates: true)
                    summary.elements += 1
                    if isFirst { order.append(identity) }
                }
                let imported = importing.seen[schema.table] ?? [:]
                for identity in order {
                    switch imported[identity]?.status {
                    case .inserted: summary.inserted += 1
                    case .updated: summary.updated += 1
                    case .unchanged: summary.unchanged += 1
                    case nil: break
                    }
                }
                if let orphans { summary.deleted = try orphans.delete(keeping: Set(order), in: db) }
                return summary
            }
        } catch {
            throw databaseError(error, entity: entity.table, doing: "importing into the table")
        }
    }

    /// The elements of a payload (an array's, one object, none for `null`), and whether they
    /// are an array's (their key paths then start with the index).
    static func elements(of representation: Representation) -> (elements: [Representation], inArray: Bool) {
        if representation.isNull { return ([], false) }
        if let array = representation.arrayValue { return (array, true) }
        return ([representation], false)
    }

    /// `options` for reading stored rows: stored dates are ISO 8601 text or epoch seconds,
    /// whatever the payload's formats were, so those are tried first.
    static func loadingOptions(_ options: MappingOptions) -> MappingOptions {
        var loading = options
        loading.dateFormats = [.iso8601, .epochSeconds] + options.dateFormats
        return loading
    }

    /// The model of a stored row (the entity's stored columns), with its related objects, read
    /// with ``loadingOptions(_:)``.
    static func load<Model>(_ values: [DatabaseValue], entity: EntityMapping<Model>, rows: StoredRows, loading: MappingOptions) throws -> Model {
        let object = try rows.representation(values, schema: entity.schema)
        do {
            return try entity.mapping.map(object, options: loading)
        } catch {
            let identity = zip(entity.identificationColumns, StoredRows.identity(values, schema: entity.schema)).map { column, value in
                "\(column.name)=\(value)"
            }
            throw StoreError(
                .mapping, "the stored row (\(identity.joined(separator: ", "))) cannot be mapped: \(error)",
                entity: entity.table, keyPath: error.keyPath, mappingError: error)
        }
    }
}
