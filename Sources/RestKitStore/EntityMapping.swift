public import RestKitMapping

/// Binds an `ObjectMapping` to a SQLite table: the columns that store the values of its
/// representation, and the columns that identify an object.
///
/// The mapping is used in both directions: a model is stored by mapping it back into a
/// representation (`ObjectMapping/representation(of:options:)`) and reading each column's
/// key path from it; a row is loaded by building a representation from its columns and
/// mapping it. So only attributes whose source key paths are plain keys can be stored.
///
/// Identification comes from the mapping's `ObjectMapping/identificationAttributes`; when
/// it names none, the first declared column among `<entity>ID`, `<entity>_id`, `identifier`,
/// `id`, `ID`, `URL` and `url` is used (RestKit's order; `<entity>` is ``entityName`` with a
/// lowercase first letter, then in snake case).
///
/// ```swift
/// let articles = try EntityMapping(articleMapping, table: "articles", columns: [
///     Column("id", .integer),
///     Column("title", .text),
///     Column("author.name", .text),            // column "author_name"
///     Column("published_at", .dateText),
/// ])
/// articles.identificationColumns.map(\.name)   // ["id"], inferred
/// ```
///
/// A modification attribute makes a re-import skip objects whose stored version is not older
/// (see ``modificationColumn``):
///
/// ```swift
/// let articles = try EntityMapping(articleMapping, table: "articles", columns: [
///     Column("id", .integer), Column("title", .text), Column("updated_at", .dateText),
/// ], modificationAttribute: "updated_at")
/// ```
///
/// Text columns named in `searchable` get a full-text index (SQLite FTS5), queried with
/// ``SQLiteStore/search(_:matching:limit:options:)``:
///
/// ```swift
/// let articles = try EntityMapping(articleMapping, table: "articles", columns: [
///     Column("id", .integer), Column("title", .text), Column("body", .text),
/// ], searchable: ["title", "body"], stopWords: ["the", "a", "of"])
/// ```
/// Related objects are kept in their own entities' tables (``Relationship``) or found by
/// attribute values (``Connection``):
///
/// ```swift
/// let articles = try EntityMapping(articleMapping, table: "articles", columns: [
///     Column("id", .integer), Column("title", .text),
/// ], relationships: [.toOne("author", authors), .manyToMany("tags", tags)])
/// ```
public struct EntityMapping<Model>: Sendable {
    /// The object mapping.
    public let mapping: ObjectMapping<Model>
    /// The table.
    public var table: String { schema.table }
    /// The entity's name, for identification inference (by default the model type's name).
    public var entityName: String { schema.entityName }
    /// The declared columns, in table order.
    public var columns: [Column] { schema.columns }
    /// The columns whose values identify an object (a UNIQUE index covers them).
    public var identificationColumns: [Column] { schema.identificationColumns }
    /// The column holding the modification attribute, or `nil`. When set, an element whose
    /// identity is already stored is skipped by ``SQLiteStore/map(_:with:options:deletingOrphansIn:caching:)`` (not
    /// mapped, not written, counted in ``StoreMappingResult/unchanged``) unless its value is
    /// newer than the stored one: for a `text` column, when the two strings are equal; for
    /// numbers and dates, unless the incoming value is greater (RestKit's rules). A missing or
    /// `null` incoming value, or a `NULL` stored one, maps as usual.
    public var modificationColumn: Column? { schema.modificationColumn }
    /// The `text` columns indexed for full-text search (FTS5, case- and diacritic-folding), in
    /// the order given; empty for none.
    public var searchableColumns: [Column] { schema.searchableColumns }
    /// Words left out of search queries (folded: lower case, no diacritics), as `the`, `a`,
    /// `of`: `the cat` searches `cat`. Phrases and prefixes keep them. Empty by default.
    public let stopWords: Set<String>
    /// The relationships kept in other entities' tables (see ``Relationship``).
    public let relationships: [Relationship]
    /// The relationships found by attribute values (see ``Connection``).
    public let connections: [Connection]
    /// Whether an element skipped by the modification attribute still has its relationships
    /// mapped (RestKit's `shouldMapRelationshipsIfObjectIsUnmodified`); `false` by default.
    public var mapsRelationshipsWhenUnchanged: Bool { schema.mapsRelationshipsWhenUnchanged }
    /// The same, without the model type.
    let schema: EntitySchema

    /// Binds `mapping` to `table`.
    ///
    /// - Throws: ``StoreError`` `.invalidName` for a table or column name that is not a plain
    ///   identifier, `.invalidEntity` for no columns, a duplicate column or key path, a key path
    ///   that is not plain keys, no identification attribute among the columns, or a
    ///   `modificationAttribute` that is not the key path of a declared `text`, number or date
    ///   column, or a `searchable` key path that is not a declared `text` column (or is named twice),
    ///   or a relationship or connection whose key path overlaps a column's or whose columns
    ///   are not declared.
    public init(
        _ mapping: ObjectMapping<Model>, table: String, entityName: String? = nil, columns: [Column],
        modificationAttribute: String? = nil, searchable: [String] = [], stopWords: Set<String> = [], relationships: [Relationship] = [],
        connections: [Connection] = [], mapsRelationshipsWhenUnchanged: Bool = false
    ) throws(StoreError) {
        try SQLName.validate(table, what: "table", entity: table)
        guard !columns.isEmpty else { throw StoreError(.invalidEntity, "no columns declared", entity: table) }
        var names: Set<String> = []
        var keyPaths: Set<String> = []
        for column in columns {
            try SQLName.validate(column.name, what: "column", entity: table)
            guard names.insert(column.name.lowercased()).inserted else {
                throw StoreError(.invalidEntity, "column '\(column.name)' is declared twice", entity: table, column: column.name)
            }
            guard keyPaths.insert(column.keyPath).inserted else {
                throw StoreError(.invalidEntity, "key path '\(column.keyPath)' is declared twice", entity: table, keyPath: column.keyPath)
            }
            guard column.keys.allSatisfy({ !$0.isEmpty && !$0.hasPrefix("@") }) else {
                throw StoreError(
                    .invalidEntity, "key path '\(column.keyPath)' is not plain keys (no empty keys, no @operators)",
                    entity: table, keyPath: column.keyPath)
            }
        }
        let entityName = entityName ?? String(describing: Model.self)
        let identification: [Column]
        if mapping.identificationAttributes.isEmpty {
            let candidates = Self.inferredIdentificationCandidates(for: entityName)
            guard let inferred = candidates.lazy.compactMap({ candidate in columns.first { $0.keyPath == candidate } }).first else {
                throw StoreError(
                    .invalidEntity,
                    "no identification attribute: set identificationAttributes or declare one of \(candidates.joined(separator: ", "))",
                    entity: table)
            }
            identification = [inferred]
        } else {
            var found: [Column] = []
            for attribute in mapping.identificationAttributes {
                guard let column = columns.first(where: { $0.keyPath == attribute }) else {
                    throw StoreError(
                        .invalidEntity, "identification attribute '\(attribute)' is not a declared column", entity: table, keyPath: attribute)
                }
                found.append(column)
            }
            identification = found
        }
        var modification: Column?
        if let modificationAttribute {
            guard let column = columns.first(where: { $0.keyPath == modificationAttribute }) else {
                throw StoreError(
                    .invalidEntity, "modification attribute '\(modificationAttribute)' is not a declared column",
                    entity: table, keyPath: modificationAttribute)
            }
            guard column.type != .boolean, column.type != .blob else {
                throw StoreError(
                    .invalidEntity,
                    "modification attribute '\(modificationAttribute)' must be a text, number or date column, not \(column.type)",
                    entity: table, keyPath: modificationAttribute, column: column.name)
            }
            modification = column
        }
        var searchableColumns: [Column] = []
        for keyPath in searchable {
            guard let column = columns.first(where: { $0.keyPath == keyPath }) else {
                throw StoreError(.invalidEntity, "searchable attribute '\(keyPath)' is not a declared column", entity: table, keyPath: keyPath)
            }
            guard column.type == .text else {
                throw StoreError(
                    .invalidEntity, "searchable attribute '\(keyPath)' must be a text column, not \(column.type)",
                    entity: table, keyPath: keyPath, column: column.name)
            }
            guard !searchableColumns.contains(column) else {
                throw StoreError(.invalidEntity, "searchable attribute '\(keyPath)' is named twice", entity: table, keyPath: keyPath)
            }
            searchableColumns.append(column)
        }
        self.mapping = mapping
        self.stopWords = Set(stopWords.map(SearchQuery.folded))
        self.relationships = relationships
        self.connections = connections
        schema = try EntitySchema(
            table: table, entityName: entityName, columns: columns, identificationColumns: identification,
            modificationColumn: modification, searchableColumns: searchableColumns, relationships: relationships,
            connections: connections, mapsRelationshipsWhenUnchanged: mapsRelationshipsWhenUnchanged,
            validate: { representation, options throws(MappingError) in _ = try mapping.map(representation, options: options) })
    }

    /// `<entity>ID`, `<entity>_id`, `identifier`, `id`, `ID`, `URL`, `url`.
    static func inferredIdentificationCandidates(for entityName: String) -> [String] {
        var candidates: [String] = []
        if let first = entityName.first {
            candidates.append(first.lowercased() + entityName.dropFirst() + "ID")
            candidates.append(EntitySchema.snakeCase(entityName) + "_id")
        }
        candidates += ["identifier", "id", "ID", "URL", "url"]
        return candidates
    }

}
