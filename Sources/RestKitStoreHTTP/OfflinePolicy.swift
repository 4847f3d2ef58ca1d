/// What a store-backed GET does when the server cannot be reached.
///
/// ```swift
/// let result = try await manager.getObjects(at: "/articles", into: store, with: descriptor, offline: .useStoredObjects)
/// if case .stale(let error) = result.source { print("offline:", error) }
/// ```
public enum OfflinePolicy: Sendable, Hashable {
    /// The error is thrown (the default).
    case fail
    /// A transport failure or timeout returns the objects stored for the path by its last
    /// response, marked ``StoreObjectResult/Source/stale(_:)``; without any, the error is thrown.
    /// Server errors (4xx, 5xx) are still thrown: the server answered.
    case useStoredObjects
}
