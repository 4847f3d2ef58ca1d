public import RestKitHTTP
public import RestKitStore

/// How the responses to GETs of a path pattern are mapped into a store: the entity, where its
/// objects are in the document, and which stored objects a response is the complete list of
/// (orphan deletion, RestKit's fetch request blocks).
///
/// ```swift
/// // GET /articles lists every article: those it no longer lists are deleted.
/// let all = StoreResponseDescriptor(articles, pathPattern: "/articles", keyPath: "articles", orphans: { _ in .all })
/// // GET /authors/7/articles lists the articles of author 7.
/// let byAuthor = StoreResponseDescriptor(articles, pathPattern: "/authors/:authorID/articles", keyPath: "articles",
///     orphans: { parameters in parameters["authorID"].flatMap(Int64.init).map { .matching(["author_id": .int($0)]) } })
/// ```
public struct StoreResponseDescriptor<Model: Sendable>: Sendable {
    /// The entity the objects are mapped into.
    public var entity: EntityMapping<Model>
    /// The path pattern of the requests (relative to the manager's base URL); `nil`: any path.
    public var pathPattern: PathPattern?
    /// Where the objects are in the document; `nil`: the document itself.
    public var keyPath: String?
    /// The scope of the stored objects a response lists completely, from the path pattern's
    /// parameters; `nil` (or a `nil` scope) deletes nothing.
    public var orphans: (@Sendable ([String: String]) -> StoreScope?)?

    /// A descriptor.
    public init(
        _ entity: EntityMapping<Model>, pathPattern: PathPattern? = nil, keyPath: String? = nil,
        orphans: (@Sendable ([String: String]) -> StoreScope?)? = nil
    ) {
        self.entity = entity
        self.pathPattern = pathPattern
        self.keyPath = keyPath
        self.orphans = orphans
    }
}
