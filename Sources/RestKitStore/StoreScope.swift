public import RestKitCore

/// Which stored objects of an entity a response is the complete list of, for deleting the
/// ones it no longer lists (RestKit's orphan deletion with a fetch request): all of them, or
/// those whose attributes have given values (the articles of one author).
///
/// ```swift
/// _ = try await store.map(page, with: articles, deletingOrphansIn: .all)
/// _ = try await store.map(page, with: articles, deletingOrphansIn: .matching(["author_id": 7]))
/// ```
public struct StoreScope: Sendable, Hashable {
    /// Attribute key paths (declared columns) and the values they must have; empty for all.
    public var conditions: [(keyPath: String, value: Representation)] {
        storage.map { ($0.keyPath, $0.value) }
    }

    private struct Condition: Sendable, Hashable {
        let keyPath: String
        let value: Representation
    }
    private let storage: [Condition]

    /// Every stored object of the entity.
    public static let all = StoreScope(storage: [])

    /// The stored objects whose attributes (declared columns, by key path) have these values.
    ///
    /// ```swift
    /// .matching(["author_id": 7, "status": "published"])
    /// ```
    public static func matching(_ conditions: KeyValuePairs<String, Representation>) -> StoreScope {
        StoreScope(storage: conditions.map { Condition(keyPath: $0.key, value: $0.value) })
    }

    /// The same, from a dictionary (for conditions built at run time, as from path parameters).
    public static func matching(_ conditions: [String: Representation]) -> StoreScope {
        StoreScope(storage: conditions.sorted { $0.key < $1.key }.map { Condition(keyPath: $0.key, value: $0.value) })
    }
}
