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
        do {
            return try await writer.read { db in try StoreTransaction.objects(of: entity, options: options, in: SQLiteSession(db)) }
        } catch {
            throw databaseError(error, entity: entity.table, doing: "fetching")
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
        let values = try StoreTransaction.identityValues(identity, of: entity, options: options)
        do {
            return try await writer.read { db in
                try StoreTransaction.object(of: entity, identifiedBy: values, options: options, in: SQLiteSession(db))
            }
        } catch {
            throw databaseError(error, entity: entity.table, doing: "fetching")
        }
    }

    /// The models of the rows `sql` selects with `arguments`, read in one consistent read.
    func fetch<Model: Sendable>(
        _ sql: String, arguments: [DatabaseValue], entity: EntityMapping<Model>, options: MappingOptions, doing activity: String
    ) async throws(StoreError) -> [Model] {
        do {
            return try await writer.read { db in
                try StoreTransaction.fetch(sql, arguments: arguments, entity: entity, options: options, in: SQLiteSession(db))
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
            return try await writer.read { db in try ResponseCacheTable.entry(for: path, in: SQLiteSession(db))?.response }
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
        do {
            return try await writer.read { db in
                try StoreTransaction.cachedObjects(for: path, of: entity, options: options, in: SQLiteSession(db))
            }
        } catch {
            throw databaseError(error, entity: entity.table, doing: "reading the cached objects of '\(path)'")
        }
    }
}
