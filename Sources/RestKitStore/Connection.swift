/// A relationship found by attribute values instead of nested objects (RestKit's
/// `RKConnectionDescription`): a payload that carries `"author_id": 7` is connected to the
/// stored author whose `id` is 7.
///
/// Connections are resolved whenever objects are read from the store, and for the objects of
/// an import after all its rows are written — so an object can connect to one that comes later
/// in the same payload. Nothing is stored for a connection but the attributes themselves.
///
/// ```swift
/// let articles = try EntityMapping(articleMapping, table: "articles", columns: [
///     Column("id", .integer), Column("author_id", .integer),
/// ], connections: [
///     .toOne("author", authors, where: ["author_id": "id"]),      // author.id == article.author_id
///     .toMany("comments", comments, where: ["id": "article_id"]),  // every comment.article_id == article.id
/// ])
/// ```
public struct Connection: Sendable {
    /// The key path in the parent's representation that receives the connected object or array
    /// (the parent's `ObjectMapping` maps it as any relationship).
    public let keyPath: String
    /// Whether all matching objects are connected (an array) or the first one.
    public let isToMany: Bool
    /// The parent's attribute key paths and the related entity's attribute key paths whose
    /// values must be equal, in the order given.
    public let attributes: [(source: String, destination: String)]
    /// The related entity, without its model type (`nil`: the entity itself).
    let destination: EntitySchema?

    /// A connection to the one stored object whose attributes equal the parent's.
    ///
    /// ```swift
    /// .toOne("author", authors, where: ["author_id": "id"])
    /// ```
    public static func toOne<Child>(_ keyPath: String, _ entity: EntityMapping<Child>, where attributes: KeyValuePairs<String, String>) -> Connection {
        Connection(keyPath: keyPath, isToMany: false, attributes: attributes.map { ($0.key, $0.value) }, destination: entity.schema)
    }

    /// A connection to every stored object whose attributes equal the parent's, in row order.
    ///
    /// ```swift
    /// .toMany("comments", comments, where: ["id": "article_id"])
    /// ```
    public static func toMany<Child>(_ keyPath: String, _ entity: EntityMapping<Child>, where attributes: KeyValuePairs<String, String>) -> Connection {
        Connection(keyPath: keyPath, isToMany: true, attributes: attributes.map { ($0.key, $0.value) }, destination: entity.schema)
    }

    /// A connection to the one stored object of the same entity whose attributes equal the
    /// parent's (an employee's manager), possibly later in the same payload.
    ///
    /// ```swift
    /// .toOne("manager", where: ["manager_id": "id"])
    /// ```
    public static func toOne(_ keyPath: String, where attributes: KeyValuePairs<String, String>) -> Connection {
        Connection(keyPath: keyPath, isToMany: false, attributes: attributes.map { ($0.key, $0.value) }, destination: nil)
    }

    /// A connection to every stored object of the same entity whose attributes equal the
    /// parent's (a manager's reports).
    ///
    /// ```swift
    /// .toMany("reports", where: ["id": "manager_id"])
    /// ```
    public static func toMany(_ keyPath: String, where attributes: KeyValuePairs<String, String>) -> Connection {
        Connection(keyPath: keyPath, isToMany: true, attributes: attributes.map { ($0.key, $0.value) }, destination: nil)
    }
}
