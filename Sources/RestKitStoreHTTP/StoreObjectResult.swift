public import RestKitHTTP

/// What a store-backed GET produced: the objects (as stored), where they came from, and what
/// the store did.
///
/// ```swift
/// let result = try await manager.getObjects(at: "/articles", into: store, with: descriptor)
/// switch result.source {
/// case .network: print(result.inserted, result.updated, result.deleted)
/// case .notModified: print("304: \(result.objects.count) stored objects")
/// case .stale(let error): print("offline (\(error)): \(result.objects.count) stored objects")
/// }
/// ```
public struct StoreObjectResult<Model: Sendable>: Sendable {
    /// Where the objects come from.
    public enum Source: Sendable {
        /// A response with a body, mapped into the store.
        case network
        /// A `304 Not Modified`: the objects the path's last response listed, as stored.
        case notModified
        /// The request failed (``OfflinePolicy/useStoredObjects``): the objects the path's last
        /// response listed, as stored, and the error.
        case stale(ObjectManagerError)
    }

    /// The objects, in the response's order.
    public var objects: [Model]
    /// Where they come from.
    public var source: Source
    /// The response (`nil` when the request failed).
    public var response: TransportResponse?
    /// Rows inserted (zero unless ``source`` is `.network`, as for the next three).
    public var inserted = 0
    /// Rows updated.
    public var updated = 0
    /// Stored objects skipped as unchanged (not newer by the modification attribute).
    public var unchanged = 0
    /// Stored objects deleted as orphans.
    public var deleted = 0

    /// Whether the objects are from the store only (a 304 or an offline fallback).
    public var isFromStore: Bool {
        if case .network = source { return false }
        return true
    }
}
