internal import GRDB
public import RestKitCore
public import RestKitMapping

extension SQLiteStore {
    /// Every stored object of `entity`, in row order (the order first inserted).
    ///
    /// ```swift
    /// let all = try await store.objects(of: articles)
    /// ```
    ///
    /// - Throws: ``StoreError`` `.notRegistered`, `.mapping` (a row the mapping cannot read),
    ///   `.database`.
    public func objects<Model: Sendable>(of entity: EntityMapping<Model>, options: MappingOptions = MappingOptions()) async throws(StoreError) -> [Model] {
        try checkRegistered(entity)
        let sql = TableSchema(entity).select + " ORDER BY rowid"
        do {
            return try await writer.read { db in
                try Row.fetchAll(db.cachedStatement(sql: sql)).map { row throws(StoreError) in try Self.load(row, entity: entity, options: options) }
            }
        } catch {
            throw Self.databaseError(error, entity: entity.table, doing: "fetching")
        }
    }

    /// The stored object with this identity, or `nil`: a single value for one identification
    /// column, or an object keyed by the identification key paths for a composite key.
    ///
    /// ```swift
    /// let article = try await store.object(of: articles, identifiedBy: 42)
    /// let member = try await store.object(of: memberships, identifiedBy: ["team": "core", "user": 7])
    /// ```
    ///
    /// - Throws: ``StoreError`` `.invalidIdentity` for an identity of the wrong shape or
    ///   type, `.notRegistered`, `.mapping`, `.database`.
    public func object<Model: Sendable>(
        of entity: EntityMapping<Model>, identifiedBy identity: Representation, options: MappingOptions = MappingOptions()
    ) async throws(StoreError) -> Model? {
        try checkRegistered(entity)
        var values: [DatabaseValue] = []
        for column in entity.identificationColumns {
            let value: Representation?
            if entity.identificationColumns.count == 1, identity.kind != .object {
                value = identity
            } else {
                value = identity.kind == .object ? identity[keyPath: column.keyPath] : nil
            }
            let databaseValue: DatabaseValue
            do {
                databaseValue = try ColumnValues.databaseValue(value, for: column, options: options, entity: entity.table, keyPath: column.keyPath)
            } catch {
                throw StoreError(.invalidIdentity, error.reason, entity: entity.table, keyPath: column.keyPath, column: column.name)
            }
            guard !databaseValue.isNull else {
                throw StoreError(
                    .invalidIdentity, "the identity has no value for '\(column.keyPath)'", entity: entity.table,
                    keyPath: column.keyPath, column: column.name)
            }
            values.append(databaseValue)
        }
        let schema = TableSchema(entity)
        let sql = schema.select + " " + schema.whereIdentified
        let arguments = StatementArguments(values)
        do {
            return try await writer.read { db in
                try Row.fetchOne(db.cachedStatement(sql: sql), arguments: arguments).map { row throws(StoreError) in
                    try Self.load(row, entity: entity, options: options)
                }
            }
        } catch {
            throw Self.databaseError(error, entity: entity.table, doing: "fetching")
        }
    }

    /// How many objects of `entity` are stored.
    ///
    /// ```swift
    /// try await store.count(of: articles)   // 3
    /// ```
    public func count<Model>(of entity: EntityMapping<Model>) async throws(StoreError) -> Int {
        try checkRegistered(entity)
        let sql = "SELECT COUNT(*) FROM \(SQLName.quoted(entity.table))"
        do {
            return try await writer.read { db in try Int.fetchOne(db, sql: sql) ?? 0 }
        } catch {
            throw Self.databaseError(error, entity: entity.table, doing: "counting")
        }
    }
}
