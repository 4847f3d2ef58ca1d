/// What one ``SQLiteStore/map(_:with:options:)`` did: the objects, and how many rows were
/// inserted and updated.
///
/// ```swift
/// let result = try await store.map(document, with: articles)
/// result.objects.count   // distinct objects, in the order first seen
/// result.inserted        // new rows
/// result.updated         // rows that existed before
/// ```
public struct StoreMappingResult<Model>: Sendable where Model: Sendable {
    /// The stored objects, one per identity, in the order first seen in the payload, with the
    /// values of the last element that named them.
    public var objects: [Model]
    /// Rows that did not exist before this operation.
    public var inserted: Int
    /// Rows that existed before this operation and were updated.
    public var updated: Int
}
