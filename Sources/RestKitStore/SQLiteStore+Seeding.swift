internal import GRDB
public import RestKitCore
public import RestKitDefaults
public import RestKitMapping

extension SQLiteStore {
    /// Imports the objects of several documents into `entity`'s table in **one** transaction,
    /// like RestKit's `RKManagedObjectSeeder`: an error in any document stores nothing from
    /// any of them, and names the document and the key path in it.
    ///
    /// The objects are the value at `rootKeyPath` in each document (the whole document for
    /// `nil`): an object, or an array of objects; in a document that is an array, the value at
    /// `rootKeyPath` in each element (`[{"human": {…}}, …]` with `"human"`). A document with
    /// nothing there contributes no objects and is listed in
    /// ``SeedResult/filesWithoutObjects``. Objects are found or created by their identity,
    /// as ``map(_:with:options:)`` does; one named in two documents ends with the later values.
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

    /// Imports the documents into several declared entities — each at its root key path —
    /// in **one** transaction: an error for any entity in any document stores nothing at all.
    /// Each object is normalized first, as ``seed(_:from:)`` does. The results are in the
    /// order of `entities`.
    ///
    /// ```swift
    /// let declared = try DeclaredMapping(contentsOf: "mapping.json")
    /// for entity in declared.entities { try await store.register(entity.entity) }
    /// let results = try await store.seed(declared.entities.filter { $0.rootKeyPath != nil }, from: documents)
    /// results[0].inserted
    /// ```
    ///
    /// - Throws: ``SeedError`` `.noObjects`, `.store` (``StoreError`` `.notRegistered` for an
    ///   entity not registered, and whatever the store refuses).
    public func seed(_ entities: [DeclaredEntity], from documents: [SeedDocument]) async throws(SeedError) -> [SeedResult<StoredObject>] {
        var batches: [SeedBatch] = []
        let options = MappingOptions()
        for declared in entities {
            do {
                try checkRegistered(declared.entity)
            } catch {
                throw SeedError(.store, [error.entity, error.reason].compactMap { $0 }.joined(separator: ": "), storeError: error)
            }
            var batch = SeedBatch(rootKeyPath: declared.rootKeyPath)
            for document in documents { try batch.add(document) }
            try batch.transform(entity: declared.table) { element throws(MappingError) in try declared.normalized(element, options: options) }
            batches.append(batch)
        }
        let mappings = entities.map(\.entity)
        let ready = batches
        let results: [StoreMappingResult<StoredObject>]
        do {
            results = try await writer.write { db in
                var results: [StoreMappingResult<StoredObject>] = []
                for (index, (entity, batch)) in zip(mappings, ready).enumerated() {
                    do {
                        results.append(try StoreTransaction.map(.array(batch.elements), with: entity, options: options, in: SQLiteSession(db)))
                    } catch {
                        // Thrown out of the transaction, which rolls it back.
                        throw EntityFailure(index: index, error: Self.databaseError(error, entity: entity.table, doing: "seeding"))
                    }
                }
                return results
            }
        } catch let failure as EntityFailure {
            throw ready[failure.index].locate(failure.error)
        } catch {
            let located = Self.databaseError(error, entity: nil, doing: "seeding")
            throw SeedError(.store, located.reason, storeError: located)
        }
        return zip(results, ready).map { result, batch in
            SeedResult(mapping: result, objectCounts: batch.counts, filesWithoutObjects: batch.empty)
        }
    }

    /// Which entity's import failed, out of a multi-entity seeding transaction.
    private struct EntityFailure: Error {
        let index: Int
        let error: StoreError
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
