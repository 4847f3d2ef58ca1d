import RestKitCore
import RestKitMapping

/// An entity mapping without its model type: what the store needs to create, write and read
/// its table, and to follow its relationships into other entities' tables.
final class EntitySchema: Sendable {
    let table: String
    let entityName: String
    /// The attribute columns, in table order.
    let columns: [Column]
    /// Each attribute column's key path split into keys.
    let columnKeys: [[String]]
    let identificationColumns: [Column]
    /// Positions of the identification and modification columns in ``columns``.
    let identificationIndices: [Int]
    let modificationColumn: Column?
    let modificationIndex: Int?
    let searchableColumns: [Column]
    let mapsRelationshipsWhenUnchanged: Bool
    let relationships: [RelationshipSchema]
    let connections: [ConnectionSchema]
    /// The attribute columns, then the to-one relationships' foreign-key columns: a stored row.
    let storedColumns: [Column]
    /// The SQL of the table on SQLite.
    let sql: TableSchema
    /// The SQL of the table on PostgreSQL.
    let postgresSQL: TableSchema

    /// The SQL of the table in `dialect`.
    func sql(_ dialect: SQLDialect) -> TableSchema {
        dialect.kind == .sqlite ? sql : postgresSQL
    }
    /// Maps a representation with the entity's object mapping, to check it.
    let validate: @Sendable (Representation, MappingOptions) throws(MappingError) -> Void
    /// Everything that shapes the tables, as text: two schemas with the same signature use
    /// the same tables the same way.
    let signature: String

    init(
        table: String, entityName: String, columns: [Column], identificationColumns: [Column], modificationColumn: Column?,
        searchableColumns: [Column], relationships: [Relationship], connections: [Connection], mapsRelationshipsWhenUnchanged: Bool,
        validate: @escaping @Sendable (Representation, MappingOptions) throws(MappingError) -> Void
    ) throws(StoreError) {
        self.table = table
        self.entityName = entityName
        self.columns = columns
        self.identificationColumns = identificationColumns
        self.modificationColumn = modificationColumn
        self.searchableColumns = searchableColumns
        self.mapsRelationshipsWhenUnchanged = mapsRelationshipsWhenUnchanged
        self.validate = validate
        columnKeys = columns.map { $0.keys.map(String.init) }
        identificationIndices = identificationColumns.compactMap { columns.firstIndex(of: $0) }
        modificationIndex = modificationColumn.flatMap { columns.firstIndex(of: $0) }

        var resolved: [RelationshipSchema] = []
        var usedKeyPaths: Set<String> = []
        var columnNames = Set(columns.map { $0.name.lowercased() })
        var foreignKeyOffset = columns.count
        for relationship in relationships {
            try Self.checkRelationshipKeyPath(relationship.keyPath, columns: columns, used: &usedKeyPaths, table: table)
            let schema = try RelationshipSchema(
                relationship, parentTable: table, parentEntityName: entityName, parentIdentification: identificationColumns,
                foreignKeyOffset: foreignKeyOffset)
            if case .foreignKey = schema.storage {
                for column in schema.foreignKeys {
                    guard columnNames.insert(column.name.lowercased()).inserted else {
                        throw StoreError(
                            .invalidEntity, "the foreign key column '\(column.name)' of relationship '\(relationship.keyPath)' is already a column",
                            entity: table, keyPath: relationship.keyPath, column: column.name)
                    }
                }
                foreignKeyOffset += schema.foreignKeys.count
            }
            resolved.append(schema)
        }
        var resolvedConnections: [ConnectionSchema] = []
        for connection in connections {
            try Self.checkRelationshipKeyPath(connection.keyPath, columns: columns, used: &usedKeyPaths, table: table)
            resolvedConnections.append(try ConnectionSchema(connection, parentColumns: columns, parentTable: table, parentIdentification: identificationColumns))
        }
        self.relationships = resolved
        self.connections = resolvedConnections
        storedColumns = columns + resolved.flatMap { relationship -> [Column] in
            if case .foreignKey = relationship.storage { return relationship.foreignKeys }
            return []
        }
        sql = TableSchema(table: table, columns: storedColumns, identificationColumns: identificationColumns, dialect: .sqlite)
        postgresSQL = TableSchema(table: table, columns: storedColumns, identificationColumns: identificationColumns, dialect: .postgres)

        var signature = "\(table)(\(storedColumns.map { "\($0.name):\($0.type):\($0.keyPath)" }.joined(separator: ",")))"
        signature += " id(\(identificationColumns.map(\.name).joined(separator: ",")))"
        signature += " search(\(searchableColumns.map(\.name).joined(separator: ",")))"
        for relationship in resolved { signature += " " + relationship.signature }
        for connection in resolvedConnections { signature += " " + connection.signature }
        self.signature = signature
    }

    /// A relationship's or connection's key path: plain keys, named once, neither inside an
    /// attribute column's key path nor containing one.
    private static func checkRelationshipKeyPath(
        _ keyPath: String, columns: [Column], used: inout Set<String>, table: String
    ) throws(StoreError) {
        let keys = keyPath.split(separator: ".", omittingEmptySubsequences: false)
        guard keys.allSatisfy({ !$0.isEmpty && !$0.hasPrefix("@") }) else {
            throw StoreError(.invalidEntity, "relationship key path '\(keyPath)' is not plain keys", entity: table, keyPath: keyPath)
        }
        guard used.insert(keyPath).inserted else {
            throw StoreError(.invalidEntity, "relationship key path '\(keyPath)' is declared twice", entity: table, keyPath: keyPath)
        }
        for column in columns where column.keyPath == keyPath || column.keyPath.hasPrefix(keyPath + ".") || keyPath.hasPrefix(column.keyPath + ".") {
            throw StoreError(
                .invalidEntity, "relationship key path '\(keyPath)' overlaps attribute column '\(column.keyPath)'",
                entity: table, keyPath: keyPath, column: column.name)
        }
    }

    /// Every entity this one reaches through relationships, and through connections unless
    /// `followingConnections` is false (only the entities an import writes), itself first,
    /// each table once.
    func reachable(followingConnections: Bool = true) -> [EntitySchema] {
        var found: [EntitySchema] = []
        var tables: Set<String> = []
        func visit(_ schema: EntitySchema) {
            guard tables.insert(schema.table).inserted else { return }
            found.append(schema)
            for relationship in schema.relationships { visit(relationship.destination) }
            guard followingConnections else { return }
            for connection in schema.connections { if let destination = connection.destination { visit(destination) } }
        }
        visit(self)
        return found
    }

    /// `BlogPost` → `blog_post`.
    static func snakeCase(_ name: String) -> String {
        var result = ""
        for (index, character) in name.enumerated() {
            if character.isUppercase {
                if index > 0 { result.append("_") }
                result += character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }
}
