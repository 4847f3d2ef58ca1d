public import RestKitCore
public import RestKitMapping

/// What every object store does — ``SQLiteStore`` (one file, embedded) and
/// ``PostgreSQLStore`` (a server several processes share) — so that code written against a
/// store runs on either.
///
/// ```swift
/// func sync(_ page: Representation, into store: some PersistentObjectStore) async throws -> Int {
///     try await store.register(articles)
///     return try await store.map(page, with: articles, options: MappingOptions(), deletingOrphansIn: nil, caching: nil).inserted
/// }
/// let inserted = try await sync(page, into: try SQLiteStore.inMemory())
/// ```
public protocol PersistentObjectStore: Sendable {
    /// Creates or checks `entity`'s tables (see ``SQLiteStore/register(_:changingSchema:)``).
    func register<Model>(_ entity: EntityMapping<Model>, changingSchema: Bool) async throws(StoreError)

    /// Maps a payload into `entity`'s table in one transaction (see
    /// ``SQLiteStore/map(_:with:options:deletingOrphansIn:caching:)``).
    func map<Model: Sendable>(
        _ representation: Representation, with entity: EntityMapping<Model>, options: MappingOptions,
        deletingOrphansIn scope: StoreScope?, caching response: CachedResponse?
    ) async throws(StoreError) -> StoreMappingResult<Model>

    /// Imports a payload and returns counts (see ``SQLiteStore/importElements(of:with:options:deletingOrphansIn:)``).
    func importElements<Model: Sendable>(
        of representation: Representation, with entity: EntityMapping<Model>, options: MappingOptions, deletingOrphansIn scope: StoreScope?
    ) async throws(StoreError) -> StoreImportSummary

    /// Every stored object of `entity`, in the order first stored.
    func objects<Model: Sendable>(of entity: EntityMapping<Model>, options: MappingOptions) async throws(StoreError) -> [Model]

    /// The stored object with this identity, or `nil`.
    func object<Model: Sendable>(
        of entity: EntityMapping<Model>, identifiedBy identity: Representation, options: MappingOptions
    ) async throws(StoreError) -> Model?

    /// How many objects of `entity` are stored.
    func count<Model>(of entity: EntityMapping<Model>) async throws(StoreError) -> Int

    /// The cache entry stored for `path`, or `nil`.
    func cachedResponse(for path: String) async throws(StoreError) -> CachedResponse?

    /// The objects the cache entry for `path` listed, or `nil`.
    func cachedObjects<Model: Sendable>(
        for path: String, of entity: EntityMapping<Model>, options: MappingOptions
    ) async throws(StoreError) -> [Model]?

    /// The stored objects of `entity` matching a full-text `query`, best first, at most
    /// `limit` (see ``SQLiteStore/search(_:matching:limit:options:)``; the same query syntax on
    /// both stores).
    func search<Model: Sendable>(
        _ entity: EntityMapping<Model>, matching query: String, limit: Int, options: MappingOptions
    ) async throws(StoreError) -> [Model]

    /// The columns of `entity`'s table as the database has them, or `nil` without the table,
    /// changing nothing (see ``SQLiteStore/existingColumns(for:)``).
    func existingColumns<Model>(for entity: EntityMapping<Model>) async throws(StoreError) -> [String]?

    /// Imports documents into several declared entities in one transaction (see
    /// `seed(_:from:)` with declared entities); the other `seed` methods build on it.
    func seed(_ entities: [DeclaredEntity], from documents: [SeedDocument]) async throws(SeedError) -> [SeedResult<StoredObject>]
}

extension PersistentObjectStore {
    /// ``register(_:changingSchema:)``, creating what is missing.
    ///
    /// ```swift
    /// try await store.register(articles)
    /// ```
    public func register<Model>(_ entity: EntityMapping<Model>) async throws(StoreError) {
        try await register(entity, changingSchema: true)
    }

    /// ``map(_:with:options:deletingOrphansIn:caching:)`` with default options, deleting no
    /// orphans and caching nothing.
    ///
    /// ```swift
    /// let result = try await store.map(page, with: articles)
    /// ```
    public func map<Model: Sendable>(
        _ representation: Representation, with entity: EntityMapping<Model>, options: MappingOptions = MappingOptions(),
        deletingOrphansIn scope: StoreScope? = nil
    ) async throws(StoreError) -> StoreMappingResult<Model> {
        try await map(representation, with: entity, options: options, deletingOrphansIn: scope, caching: nil)
    }

    /// ``map(_:with:options:deletingOrphansIn:caching:)`` keeping the response's cache entry,
    /// deleting no orphans.
    ///
    /// ```swift
    /// let result = try await store.map(page, with: articles, caching: CachedResponse(path: "/articles", etag: etag, lastModified: nil))
    /// ```
    public func map<Model: Sendable>(
        _ representation: Representation, with entity: EntityMapping<Model>, options: MappingOptions = MappingOptions(),
        caching response: CachedResponse
    ) async throws(StoreError) -> StoreMappingResult<Model> {
        try await map(representation, with: entity, options: options, deletingOrphansIn: nil, caching: response)
    }

    /// ``importElements(of:with:options:deletingOrphansIn:)`` with default options.
    ///
    /// ```swift
    /// let summary = try await store.importElements(of: page, with: articles)
    /// ```
    public func importElements<Model: Sendable>(
        of representation: Representation, with entity: EntityMapping<Model>, deletingOrphansIn scope: StoreScope? = nil
    ) async throws(StoreError) -> StoreImportSummary {
        try await importElements(of: representation, with: entity, options: MappingOptions(), deletingOrphansIn: scope)
    }

    /// ``objects(of:options:)`` with default options.
    ///
    /// ```swift
    /// let all = try await store.objects(of: articles)
    /// ```
    public func objects<Model: Sendable>(of entity: EntityMapping<Model>) async throws(StoreError) -> [Model] {
        try await objects(of: entity, options: MappingOptions())
    }

    /// ``object(of:identifiedBy:options:)`` with default options.
    ///
    /// ```swift
    /// let article = try await store.object(of: articles, identifiedBy: 42)
    /// ```
    public func object<Model: Sendable>(of entity: EntityMapping<Model>, identifiedBy identity: Representation) async throws(StoreError) -> Model? {
        try await object(of: entity, identifiedBy: identity, options: MappingOptions())
    }

    /// ``search(_:matching:limit:options:)`` with default options, at most 20 objects.
    ///
    /// ```swift
    /// let hits = try await store.search(articles, matching: "swift OR linux")
    /// ```
    public func search<Model: Sendable>(_ entity: EntityMapping<Model>, matching query: String, limit: Int = 20) async throws(StoreError) -> [Model] {
        try await search(entity, matching: query, limit: limit, options: MappingOptions())
    }

    /// ``cachedObjects(for:of:options:)`` with default options.
    ///
    /// ```swift
    /// let offline = try await store.cachedObjects(for: "/articles", of: articles)
    /// ```
    public func cachedObjects<Model: Sendable>(for path: String, of entity: EntityMapping<Model>) async throws(StoreError) -> [Model]? {
        try await cachedObjects(for: path, of: entity, options: MappingOptions())
    }
}

extension SQLiteStore: PersistentObjectStore {}
extension PostgreSQLStore: PersistentObjectStore {}
