import Foundation
internal import GRDB
public import RestKitCore
public import RestKitMapping

extension PostgreSQLStore {
    /// Maps each element of an array (or one object) into `entity`'s table: find-or-create by
    /// the identification columns, in one transaction, exactly as
    /// ``SQLiteStore/map(_:with:options:deletingOrphansIn:caching:)`` does. The stored rows of
    /// the payload's identities are read in batches and the rows written are sent in batches.
    ///
    /// ```swift
    /// let result = try await store.map(Registry.default.parse(body, as: .json), with: articles)
    /// result.inserted   // 2
    /// ```
    ///
    /// - Throws: ``StoreError``: `.mapping` (with the `MappingError`), `.typeMismatch`,
    ///   `.missingIdentification`, `.notRegistered`, `.invalidScope` or `.database`.
    public func map<Model: Sendable>(
        _ representation: Representation, with entity: EntityMapping<Model>, options: MappingOptions = MappingOptions(),
        deletingOrphansIn scope: StoreScope? = nil, caching response: CachedResponse? = nil
    ) async throws(StoreError) -> StoreMappingResult<Model> {
        try await log.recording("map", entity: entity.table) { () async throws(StoreError) in
            try checkRegistered(entity)
            let orphans = try scope.map { scope throws(StoreError) in try OrphanDeletion(scope, entity: entity.schema, options: options) }
            return try await transaction(.write, entity: entity.table, doing: "mapping into the table") { session in
                try StoreTransaction.map(
                    representation, with: entity, options: options, deletingOrphans: orphans, caching: response, in: session)
            }
        }
    }

    /// Maps each element into `entity`'s table as ``map(_:with:options:deletingOrphansIn:caching:)``
    /// does, returning counts instead of models (for syncing).
    ///
    /// ```swift
    /// let summary = try await store.importElements(of: page, with: articles, deletingOrphansIn: .all)
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
            return try await transaction(.write, entity: entity.table, doing: "importing into the table") { session in
                try StoreTransaction.importElements(
                    of: representation, with: entity, options: options, deletingOrphans: orphans, in: session)
            }
        }
    }

    /// Streams the array at the parser's key path in the file at `path` into `entity`'s
    /// table, in one transaction, as ``SQLiteStore/importElements(ofFile:parser:with:options:chunkSize:progress:)`` does.
    ///
    /// ```swift
    /// let summary = try await store.importElements(ofFile: "/tmp/articles.json", parser: { JSONElementStreamParser(keyPath: "articles") }, with: articles)
    /// ```
    ///
    /// - Throws: ``StoreError`` `.file`, `.parse`, and as ``map(_:with:options:deletingOrphansIn:caching:)``.
    public func importElements<Model: Sendable, Parser: ElementStreamParser & ~Copyable>(
        ofFile path: String, parser makeParser: @escaping @Sendable () -> Parser, with entity: EntityMapping<Model>,
        options: MappingOptions = MappingOptions(), chunkSize: Int = 1 << 20, progress: (@Sendable (Int) -> Void)? = nil
    ) async throws(StoreError) -> StoreImportSummary {
        try await log.recording("import-file", entity: entity.table) { () async throws(StoreError) in
            try checkRegistered(entity)
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw StoreError(.file, "cannot open '\(path)' for reading", entity: entity.table)
            }
            let chunkSize = max(chunkSize, 1)
            return try await transaction(.write, entity: entity.table, doing: "importing '\(path)'") { session in
                // Opened per attempt: a conflict runs the import again from the file's start.
                guard let file = FileHandle(forReadingAtPath: path) else {
                    throw StoreError(.file, "cannot open '\(path)' for reading", entity: entity.table)
                }
                defer { try? file.close() }
                var parser = makeParser()
                return try StoreTransaction.importElements(
                    ofFile: file, path: path, parser: &parser, with: entity, options: options, chunkSize: chunkSize,
                    progress: progress, in: session)
            }
        }
    }

    /// Every stored object of `entity`, in the order first stored.
    ///
    /// ```swift
    /// let all = try await store.objects(of: articles)
    /// ```
    ///
    /// - Throws: ``StoreError`` `.notRegistered`, `.mapping`, `.database`.
    public func objects<Model: Sendable>(of entity: EntityMapping<Model>, options: MappingOptions = MappingOptions()) async throws(StoreError) -> [Model] {
        try checkRegistered(entity)
        return try await transaction(.read, entity: entity.table, doing: "fetching") { session in
            try StoreTransaction.objects(of: entity, options: options, in: session)
        }
    }

    /// The stored object with this identity, or `nil` (a single value, or an object keyed by
    /// the identification key paths for a composite key).
    ///
    /// ```swift
    /// let article = try await store.object(of: articles, identifiedBy: 42)
    /// ```
    ///
    /// - Throws: ``StoreError`` `.invalidIdentity`, `.notRegistered`, `.mapping`, `.database`.
    public func object<Model: Sendable>(
        of entity: EntityMapping<Model>, identifiedBy identity: Representation, options: MappingOptions = MappingOptions()
    ) async throws(StoreError) -> Model? {
        try checkRegistered(entity)
        let values = try StoreTransaction.identityValues(identity, of: entity, options: options)
        return try await transaction(.read, entity: entity.table, doing: "fetching") { session in
            try StoreTransaction.object(of: entity, identifiedBy: values, options: options, in: session)
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
        return try await transaction(.read, entity: entity.table, doing: "counting") { session in
            try session.firstRow(sql, [])?.first.flatMap(Int.fromDatabaseValue) ?? 0
        }
    }

    /// How many rows `table` holds (any table, a join table too; for tests and diagnostics).
    func rowCount(_ table: String) async throws(StoreError) -> Int {
        try SQLName.validate(table, what: "table", entity: table)
        let sql = "SELECT COUNT(*) FROM \(SQLName.quoted(table))"
        return try await transaction(.read, entity: table, doing: "counting") { session in
            try session.firstRow(sql, [])?.first.flatMap(Int.fromDatabaseValue) ?? 0
        }
    }

    /// The cache entry stored for `path` by a mapping with `caching:`, or `nil`.
    ///
    /// ```swift
    /// try await store.cachedResponse(for: "/articles")?.etag
    /// ```
    public func cachedResponse(for path: String) async throws(StoreError) -> CachedResponse? {
        try await transaction(.read, entity: ResponseCacheTable.name, doing: "reading the cache entry of '\(path)'") { session in
            try ResponseCacheTable.entry(for: path, in: session)?.response
        }
    }

    /// The objects the cache entry for `path` listed, in the order listed (those deleted since
    /// left out), or `nil` without an entry for `entity`.
    ///
    /// ```swift
    /// let offline = try await store.cachedObjects(for: "/articles", of: articles)
    /// ```
    public func cachedObjects<Model: Sendable>(
        for path: String, of entity: EntityMapping<Model>, options: MappingOptions = MappingOptions()
    ) async throws(StoreError) -> [Model]? {
        try checkRegistered(entity)
        return try await transaction(.read, entity: entity.table, doing: "reading the cached objects of '\(path)'") { session in
            try StoreTransaction.cachedObjects(for: path, of: entity, options: options, in: session)
        }
    }
}
