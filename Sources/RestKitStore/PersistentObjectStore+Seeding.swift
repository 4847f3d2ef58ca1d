public import RestKitCore
public import RestKitDefaults
public import RestKitMapping

extension PersistentObjectStore {
    /// Imports the objects of several documents into `entity`'s table in **one** transaction,
    /// like RestKit's `RKManagedObjectSeeder`: an error in any document stores nothing from
    /// any of them, and names the document and the key path in it.
    ///
    /// The objects are the value at `rootKeyPath` in each document (the whole document for
    /// `nil`): an object, or an array of objects; in a document that is an array, the value at
    /// `rootKeyPath` in each element (`[{"human": {…}}, …]` with `"human"`). A document with
    /// nothing there contributes no objects and is listed in
    /// ``SeedResult/filesWithoutObjects``. Objects are found or created by their identity,
    /// as ``PersistentObjectStore/map(_:with:options:deletingOrphansIn:caching:)`` does; one named in two documents ends with the later values.
    ///
    /// ```swift
    /// let documents = [try SeedDocument(contentsOf: "humans.json"), try SeedDocument(contentsOf: "more-humans.xml")]
    /// let result = try await store.seed(humans, from: documents, at: "human")
    /// result.inserted   // 3
    /// ```
    ///
    /// - Throws: ``SeedError`` `.noObjects` for a value that is not an object or an array,
    ///   `.store` (with the ``StoreError``) for anything the store refuses.
    public func seed<Model: Sendable>(
        _ entity: EntityMapping<Model>, from documents: [SeedDocument], at rootKeyPath: String? = nil,
        options: MappingOptions = MappingOptions()
    ) async throws(SeedError) -> SeedResult<Model> {
        var batch = SeedBatch(rootKeyPath: rootKeyPath)
        for document in documents { try batch.add(document) }
        return try await seed(entity, batch: batch, options: options)
    }

    /// Maps the gathered elements in one operation, errors located in their documents.
    private func seed<Model: Sendable>(
        _ entity: EntityMapping<Model>, batch: SeedBatch, options: MappingOptions
    ) async throws(SeedError) -> SeedResult<Model> {
        let result: StoreMappingResult<Model>
        do {
            result = try await map(.array(batch.elements), with: entity, options: options)
        } catch {
            throw batch.locate(error)
        }
        return SeedResult(mapping: result, objectCounts: batch.counts, filesWithoutObjects: batch.empty)
    }

    /// Reads and parses the files (see ``SeedDocument/init(contentsOf:as:registry:)``), then
    /// imports them in one transaction (see ``seed(_:from:at:options:)``).
    ///
    /// ```swift
    /// var registry = Registry.default
    /// registry.register(CSVParser(), for: "text/csv", fileExtensions: ["csv"])
    /// let result = try await store.seed(people, fromFiles: ["people.csv", "more.json"], registry: registry)
    /// ```
    ///
    /// - Throws: ``SeedError``: `.unreadable`, `.unknownType`, `.parse`, `.noObjects`, `.store`.
    public func seed<Model: Sendable>(
        _ entity: EntityMapping<Model>, fromFiles paths: [String], at rootKeyPath: String? = nil, as mediaType: MediaType? = nil,
        registry: Registry = .default, options: MappingOptions = MappingOptions()
    ) async throws(SeedError) -> SeedResult<Model> {
        var documents: [SeedDocument] = []
        for path in paths { documents.append(try SeedDocument(contentsOf: path, as: mediaType, registry: registry)) }
        return try await seed(entity, from: documents, at: rootKeyPath, options: options)
    }

    /// Imports the documents into a declared entity, at its ``DeclaredEntity/rootKeyPath``,
    /// in one transaction. Each object is first normalized (``DeclaredEntity/normalized(_:options:)``):
    /// its values converted to their column types, so that XML's and forms' text fits
    /// `integer`, `boolean` and date columns.
    ///
    /// ```swift
    /// let articles = try #require(DeclaredMapping(contentsOf: "mapping.json").entity(named: "Article"))
    /// try await store.register(articles.entity)
    /// let result = try await store.seed(articles, from: [try SeedDocument(contentsOf: "articles.json")])
    /// ```
    ///
    /// - Throws: ``SeedError`` `.noObjects`, `.store`.
    public func seed(_ declared: DeclaredEntity, from documents: [SeedDocument]) async throws(SeedError) -> SeedResult<StoredObject> {
        let results = try await seed([declared], from: documents)
        guard let result = results.first else { throw SeedError(.store, "no result for \(declared.name)") }
        return result
    }

    /// Reads, parses and imports the files into a declared entity, in one transaction.
    ///
    /// ```swift
    /// let result = try await store.seed(articles, fromFiles: ["a.json", "b.xml"])
    /// ```
    ///
    /// - Throws: ``SeedError``: `.unreadable`, `.unknownType`, `.parse`, `.noObjects`, `.store`.
    public func seed(
        _ declared: DeclaredEntity, fromFiles paths: [String], as mediaType: MediaType? = nil, registry: Registry = .default
    ) async throws(SeedError) -> SeedResult<StoredObject> {
        var documents: [SeedDocument] = []
        for path in paths { documents.append(try SeedDocument(contentsOf: path, as: mediaType, registry: registry)) }
        return try await seed(declared, from: documents)
    }
}
