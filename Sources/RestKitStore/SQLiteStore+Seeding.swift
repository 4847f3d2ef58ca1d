internal import GRDB
import RestKitCore
import RestKitMapping

extension SQLiteStore {
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
        try await log.recording("seed", entity: entities.map(\.entity.table).joined(separator: ",")) { () async throws(SeedError) in
            let plan = try SeedPlan(entities, from: documents) { entity throws(StoreError) in try checkRegistered(entity) }
            let outcome: Result<[StoreMappingResult<StoredObject>], any Error>
            do {
                outcome = .success(try await writer.write { db in try plan.run(in: SQLiteSession(db)) })
            } catch {
                outcome = .failure(error)
            }
            return try plan.finish(outcome) { error, entity in Self.databaseError(error, entity: entity, doing: "seeding") }
        }
    }
}
