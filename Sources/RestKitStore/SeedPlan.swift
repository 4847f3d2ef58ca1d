import Foundation
internal import GRDB
import RestKitCore
import RestKitMapping

/// A seeding of several declared entities in one transaction (see
/// ``PersistentObjectStore/seed(_:from:)-(DeclaredEntity,_)``): the documents gathered and
/// normalized per entity before the transaction, then every entity imported in it.
struct SeedPlan: Sendable {
    let entities: [DeclaredEntity]
    let batches: [SeedBatch]

    /// Gathers each entity's objects from `documents`; `checkRegistered` throws for an
    /// entity the store does not know.
    init(
        _ entities: [DeclaredEntity], from documents: [SeedDocument],
        checkRegistered: (EntityMapping<StoredObject>) throws(StoreError) -> Void
    ) throws(SeedError) {
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
        self.entities = entities
        self.batches = batches
    }

    /// Imports every entity's objects inside one transaction (a thrown error rolls it back).
    func run(in session: any StoreSession) throws -> [StoreMappingResult<StoredObject>] {
        var results: [StoreMappingResult<StoredObject>] = []
        for (index, (declared, batch)) in zip(entities, batches).enumerated() {
            do {
                results.append(try StoreTransaction.map(.array(batch.elements), with: declared.entity, options: MappingOptions(), in: session))
            } catch {
                throw EntityFailure(index: index, error: error)
            }
        }
        return results
    }

    /// The results, or the failure located in its document (`locate` makes a store's error
    /// of anything thrown).
    func finish(
        _ outcome: Result<[StoreMappingResult<StoredObject>], any Error>, storeError: (any Error, String?) -> StoreError
    ) throws(SeedError) -> [SeedResult<StoredObject>] {
        switch outcome {
        case .success(let results):
            return zip(results, batches).map { result, batch in
                SeedResult(mapping: result, objectCounts: batch.counts, filesWithoutObjects: batch.empty)
            }
        case .failure(let failure as EntityFailure):
            throw batches[failure.index].locate(storeError(failure.error, entities[failure.index].table))
        case .failure(let error):
            let located = storeError(error, nil)
            throw SeedError(.store, located.reason, storeError: located)
        }
    }

    /// Which entity's import failed, out of a multi-entity seeding transaction.
    struct EntityFailure: Error {
        let index: Int
        let error: any Error
    }
}
