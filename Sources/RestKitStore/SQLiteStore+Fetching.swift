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
        return try await fetch(entity.schema.sql.select + " ORDER BY rowid", arguments: [], entity: entity, options: options, doing: "fetching")
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
        let schema = entity.schema.sql
        return try await fetch(
            schema.select + " " + schema.whereIdentified, arguments: values, entity: entity, options: options,
            doing: "fetching"
        ).first
    }

    /// The models of the rows `sql` selects (the columns of ``TableSchema/select``), read on
    /// a reader; errors say what was being done.
    func fetch<Model: Sendable>(
        _ sql: String, arguments: [DatabaseValue], entity: EntityMapping<Model>, options: MappingOptions, doing activity: String
    ) async throws(StoreError) -> [Model] {
        let loading = Self.loadingOptions(options)
        do {
            return try await writer.read { db in
                let rows = StoredRows(db: db)
                return try rows.rows(sql, arguments).map { values in
                    try Self.load(values, entity: entity, rows: rows, loading: loading)
                }
            }
        } catch {
            throw databaseError(error, entity: entity.table, doing: activity)
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
            throw databaseError(error, entity: entity.table, doing: "counting")
        }
    }
}

extension SQLiteStore {
    /// How many rows `table` holds (any table, a join table too; for tests and diagnostics).
    func rowCount(_ table: String) async throws -> Int {
        try SQLName.validate(table, what: "table", entity: table)
        let sql = "SELECT COUNT(*) FROM \(SQLName.quoted(table))"
        return try await writer.read { db in try Int.fetchOne(db, sql: sql) ?? 0 }
    }
}

extension SQLiteStore {
    /// The cache entry kept for `path` by a mapping with `caching:`, or `nil`.
    ///
    /// ```swift
    /// if let cached = try await store.cachedResponse(for: "/articles") {
    ///     request.headers["If-None-Match"] = cached.etag
    /// }
    /// ```
    public func cachedResponse(for path: String) async throws(StoreError) -> CachedResponse? {
        do {
            return try await writer.read { db in try ResponseCacheTable.entry(for: path, in: db)?.response }
        } catch {
            throw databaseError(error, entity: ResponseCacheTable.name, doing: "reading the cache entry of '\(path)'")
        }
    }

    /// The stored objects the response cached for `path` listed, in its order (objects deleted
    /// since are left out), read as they are stored now; `nil` when nothing is cached for
    /// `path` or it was cached for another entity.
    ///
    /// ```swift
    /// let offline = try await store.cachedObjects(for: "/articles", of: articles) ?? []
    /// ```
    public func cachedObjects<Model: Sendable>(
        for path: String, of entity: EntityMapping<Model>, options: MappingOptions = MappingOptions()
    ) async throws(StoreError) -> [Model]? {
        try checkRegistered(entity)
        let loading = Self.loadingOptions(options)
        let columns = entity.schema.storedColumns.map { "t." + SQLName.quoted($0.name) }.joined(separator: ", ")
        let sql = ResponseCacheTable.rowsSQL(select: columns, table: entity.table)
        do {
            return try await writer.read { db -> [Model]? in
                guard let entry = try ResponseCacheTable.entry(for: path, in: db), entry.entity == entity.table else { return nil }
                let rows = StoredRows(db: db)
                return try rows.rows(sql, [path.databaseValue]).map { values in
                    try Self.load(values, entity: entity, rows: rows, loading: loading)
                }
            }
        } catch {
            throw databaseError(error, entity: entity.table, doing: "reading the cached objects of '\(path)'")
        }
    }
}
