public import RestKitCore
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
    /// The entities of the relationships, by key path: their nested objects are normalized
    /// with their own columns (``normalized(_:)``).
    let related: [Related]

    struct Related: Sendable {
        let keyPath: String
        let entity: DeclaredEntity
    }

    /// An entity from its parts.
    ///
    /// ```swift
    /// let columns = [Column("id", .integer), Column("title", .text)]
    /// let articles = DeclaredEntity(name: "Article", rootKeyPath: "articles", entity: try EntityMapping(
    ///     StoredObject.mapping(for: columns), table: "articles", entityName: "Article", columns: columns))
    /// ```
    public init(name: String, rootKeyPath: String?, entity: EntityMapping<StoredObject>, dateFormats: [DateFormat] = []) {
        self.init(name: name, rootKeyPath: rootKeyPath, entity: entity, dateFormats: dateFormats, related: [])
    }

    init(name: String, rootKeyPath: String?, entity: EntityMapping<StoredObject>, dateFormats: [DateFormat], related: [Related]) {
        self.name = name
        self.rootKeyPath = rootKeyPath
        self.entity = entity
        self.dateFormats = dateFormats
        self.related = related
    }

    /// The table.
    public var table: String { entity.table }
}

extension DeclaredEntity {
    /// `element` with each attribute converted to its column type, as the entity's mapping
    /// reads it (`"yes"` → `true` for a boolean, `12` → `"12"` for text, `"11/27/1982"` → ISO
    /// 8601 text with the declared date formats), and the objects of its relationships
    /// likewise with their entities': what ``SQLiteStore/seed(_:from:)`` stores, so that XML
    /// and forms, whose values are all text, fit typed columns.
    ///
    /// ```swift
    /// try articles.normalized(["id": "7", "featured": "yes"])   // {"id": 7, "featured": true}
    /// ```
    ///
    /// - Throws: `MappingError` naming the key path, for a value its column type cannot hold.
    public func normalized(_ element: Representation, options: MappingOptions = MappingOptions()) throws(MappingError) -> Representation {
        var result = try StoredObject.normalized(element, columns: entity.columns, dateFormats: dateFormats, options: options)
        guard !related.isEmpty, var members = result.objectValue else { return result }
        for relationship in related {
            guard let value = result[keyPath: relationship.keyPath], !value.isNull else { continue }
            let keys = relationship.keyPath.split(separator: ".", omittingEmptySubsequences: false)
            if let elements = value.arrayValue {
                var converted: [Representation] = []
                for (index, child) in elements.enumerated() {
                    do {
                        converted.append(try relationship.entity.normalized(child, options: options))
                    } catch {
                        var located = error
                        located.keyPath = [relationship.keyPath, String(index), error.keyPath].filter { !$0.isEmpty }.joined(separator: ".")
                        throw located
                    }
                }
                Representation.set(.array(converted), at: keys, in: &members)
            } else {
                do {
                    Representation.set(try relationship.entity.normalized(value, options: options), at: keys, in: &members)
                } catch {
                    var located = error
                    located.keyPath = [relationship.keyPath, error.keyPath].filter { !$0.isEmpty }.joined(separator: ".")
                    throw located
                }
            }
        }
        result = .object(members)
        return result
    }
}
