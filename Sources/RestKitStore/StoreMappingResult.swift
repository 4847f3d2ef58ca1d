internal import GRDB

/// What one ``SQLiteStore/map(_:with:options:deletingOrphansIn:caching:)`` did: the objects, and how many rows were
/// inserted, updated and left unchanged.
///
/// ```swift
/// let result = try await store.map(document, with: articles)
/// result.objects.count   // distinct objects, in the order first seen
/// result.inserted        // new rows
/// result.updated         // rows that existed before
/// result.unchanged       // stored objects skipped: not newer by the modification attribute
/// result.deleted         // orphans deleted (with a scope)
/// ```
public struct StoreMappingResult<Model>: Sendable where Model: Sendable {
    /// The stored objects, one per identity, in the order first seen in the payload, with the
    /// values of the last element that named them (as stored, for skipped ones).
    public var objects: [Model]
    /// Rows that did not exist before this operation.
    public var inserted: Int
    /// Rows that existed before this operation and were updated.
    public var updated: Int
    /// Stored objects that were not mapped nor written because their element was not newer
    /// (``EntityMapping/modificationColumn``); they are in ``objects`` as stored.
    public var unchanged: Int
    /// Stored objects deleted as orphans (``SQLiteStore/map(_:with:options:deletingOrphansIn:caching:)``).
    public var deleted: Int = 0
}
