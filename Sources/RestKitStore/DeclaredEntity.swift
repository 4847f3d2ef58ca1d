public import RestKitMapping

/// One entity of a ``DeclaredMapping``: its name, where its objects sit in a payload, and the
/// ``EntityMapping`` of ``StoredObject``s it declares.
///
/// ```swift
/// let declared = try DeclaredMapping(contentsOf: "mapping.json")
/// let articles = try #require(declared.entity(named: "Article"))
/// try await store.register(articles.entity)
/// let result = try await store.seed(articles, fromFiles: ["articles.json"])
/// ```
public struct DeclaredEntity: Sendable {
    /// The entity's name (`"Article"`), also used to infer the identification attribute.
    public let name: String
    /// Where the entity's objects are in a payload (`"articles"`), or `nil` for the whole
    /// payload. In an array of objects, the value at this key path in each element
    /// (`[{"human": {…}}, {"human": {…}}]` with `"human"`).
    public let rootKeyPath: String?
    /// The entity mapping: columns, identification, modification attribute, search index.
    public let entity: EntityMapping<StoredObject>
    /// The date formats declared for the entity's date attributes (empty: the defaults).
    public let dateFormats: [DateFormat]

    /// An entity from its parts.
    ///
    /// ```swift
    /// let columns = [Column("id", .integer), Column("title", .text)]
    /// let articles = DeclaredEntity(name: "Article", rootKeyPath: "articles", entity: try EntityMapping(
    ///     StoredObject.mapping(for: columns), table: "articles", entityName: "Article", columns: columns))
    /// ```
    public init(name: String, rootKeyPath: String?, entity: EntityMapping<StoredObject>, dateFormats: [DateFormat] = []) {
        self.name = name
        self.rootKeyPath = rootKeyPath
        self.entity = entity
        self.dateFormats = dateFormats
    }

    /// The table.
    public var table: String { entity.table }
}
