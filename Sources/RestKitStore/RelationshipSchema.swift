internal import GRDB
import RestKitMapping

/// A ``Relationship`` resolved against its parent: the columns and tables that keep it, and
/// their SQL.
struct RelationshipSchema: Sendable {
    let keyPath: String
    let keys: [String]
    let storage: Relationship.Storage
    let policy: AssignmentPolicy
    let destination: EntitySchema
    /// Whether the relationship holds many objects.
    var isToMany: Bool { storage.isToMany }
    /// `.foreignKey`: the parent's columns holding the destination's identification (in the
    /// order of its identification columns), at ``foreignKeyOffset`` in the parent's stored row.
    /// `.foreignKeyInDestination`: the destination's columns holding the parent's identification.
    let foreignKeys: [Column]
    let foreignKeyOffset: Int
    /// `.joinTable`: its name and columns.
    let joinTable: String
    let joinParentColumns: [Column]
    let joinChildColumns: [Column]
    let signature: String
    /// The statements (see the `make…` functions), built once.
    private(set) var linkedIdentities = ""
    private(set) var linkedRows = ""
    private(set) var link = ""
    private(set) var unlink = ""
    private(set) var deleteLinks = ""
    private(set) var deleteLinksToDestination = ""
    private(set) var insertLink = ""
    private(set) var nextPosition = ""

    init(
        _ relationship: Relationship, parentTable: String, parentEntityName: String, parentIdentification: [Column], foreignKeyOffset: Int
    ) throws(StoreError) {
        keyPath = relationship.keyPath
        keys = relationship.keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        storage = relationship.storage
        policy = relationship.policy
        destination = relationship.destination
        self.foreignKeyOffset = foreignKeyOffset
        let underscored = relationship.keyPath.replacingOccurrences(of: ".", with: "_")
        func column(_ name: String, like identification: Column, in table: String) throws(StoreError) -> Column {
            try SQLName.validate(name, what: "column", entity: table)
            return Column("\(relationship.keyPath).\(identification.keyPath)", identification.type, name: name)
        }
        var foreignKeys: [Column] = []
        var joinParent: [Column] = []
        var joinChild: [Column] = []
        var joinTable = ""
        switch relationship.storage {
        case .foreignKey(let prefix):
            for identification in destination.identificationColumns {
                foreignKeys.append(try column("\(prefix ?? underscored)_\(identification.name)", like: identification, in: parentTable))
            }
        case .foreignKeyInDestination(let prefix):
            let prefix = prefix ?? EntitySchema.snakeCase(parentEntityName).lowercased()
            let taken = Set(destination.storedColumns.map { $0.name.lowercased() })
            for identification in parentIdentification {
                let foreignKey = try column("\(prefix)_\(identification.name)", like: identification, in: destination.table)
                guard !taken.contains(foreignKey.name.lowercased()) else {
                    throw StoreError(
                        .invalidEntity,
                        "the foreign key column '\(foreignKey.name)' of relationship '\(relationship.keyPath)' is already a column of '\(destination.table)'",
                        entity: parentTable, keyPath: relationship.keyPath, column: foreignKey.name)
                }
                foreignKeys.append(foreignKey)
            }
        case .joinTable(let name):
            joinTable = name ?? "\(parentTable)_\(underscored)"
            try SQLName.validate(joinTable, what: "table", entity: parentTable)
            for identification in parentIdentification {
                joinParent.append(try column("parent_\(identification.name)", like: identification, in: joinTable))
            }
            for identification in destination.identificationColumns {
                joinChild.append(try column("child_\(identification.name)", like: identification, in: joinTable))
            }
        }
        self.foreignKeys = foreignKeys
        self.joinTable = joinTable
        joinParentColumns = joinParent
        joinChildColumns = joinChild
        let names = (foreignKeys + joinParent + joinChild).map(\.name).joined(separator: ",")
        signature = "rel(\(keyPath)->\(destination.table) \(relationship.storage) \(policy) \(joinTable) \(names))"
        linkedIdentities = makeLinkedIdentities()
        linkedRows = makeLinkedRows()
        link = makeLink()
        unlink = makeUnlink()
        deleteLinks = makeDeleteLinks()
        deleteLinksToDestination = makeDeleteLinksToDestination()
        insertLink = makeInsertLink()
        nextPosition = makeNextPosition()
    }

    // MARK: SQL

    private static func list(_ columns: [Column], qualifiedBy table: String? = nil) -> String {
        columns.map { column in (table.map { SQLName.quoted($0) + "." } ?? "") + SQLName.quoted(column.name) }.joined(separator: ", ")
    }

    private static func conditions(_ columns: [Column], qualifiedBy table: String? = nil) -> String {
        columns.map { column in (table.map { SQLName.quoted($0) + "." } ?? "") + SQLName.quoted(column.name) + " = ?" }
            .joined(separator: " AND ")
    }

    private var destinationTable: String { SQLName.quoted(destination.table) }

    /// The identities of the objects linked to a bound parent identity, in link order.
    private func makeLinkedIdentities() -> String {
        switch storage {
        case .foreignKey:
            return ""
        case .foreignKeyInDestination:
            return "SELECT \(Self.list(destination.identificationColumns)) FROM \(destinationTable) WHERE \(Self.conditions(foreignKeys)) ORDER BY rowid"
        case .joinTable:
            return "SELECT \(Self.list(joinChildColumns)) FROM \(SQLName.quoted(joinTable)) WHERE \(Self.conditions(joinParentColumns)) ORDER BY \"position\""
        }
    }

    /// The stored rows (the destination's stored columns) linked to a bound parent identity.
    private func makeLinkedRows() -> String {
        switch storage {
        case .foreignKey:
            return destination.sql.select + " " + destination.sql.whereIdentified
        case .foreignKeyInDestination:
            return destination.sql.select + " WHERE \(Self.conditions(foreignKeys)) ORDER BY rowid"
        case .joinTable:
            let join = SQLName.quoted(joinTable)
            let on = zip(destination.identificationColumns, joinChildColumns).map { target, link in
                "\(destinationTable).\(SQLName.quoted(target.name)) = \(join).\(SQLName.quoted(link.name))"
            }.joined(separator: " AND ")
            let selected = destination.storedColumns.map { "\(destinationTable).\(SQLName.quoted($0.name))" }.joined(separator: ", ")
            return "SELECT \(selected) FROM \(join) JOIN \(destinationTable) ON \(on) WHERE \(Self.conditions(joinParentColumns, qualifiedBy: joinTable)) ORDER BY \(join).\"position\""
        }
    }

    /// `.foreignKeyInDestination`: sets the bound parent identity on the object with the bound identity.
    private func makeLink() -> String {
        let assignments = foreignKeys.map { SQLName.quoted($0.name) + " = ?" }.joined(separator: ", ")
        return "UPDATE \(destinationTable) SET \(assignments) \(destination.sql.whereIdentified)"
    }

    /// `.foreignKeyInDestination`: clears the parent identity on the object with the bound identity.
    private func makeUnlink() -> String {
        let assignments = foreignKeys.map { SQLName.quoted($0.name) + " = NULL" }.joined(separator: ", ")
        return "UPDATE \(destinationTable) SET \(assignments) \(destination.sql.whereIdentified)"
    }

    /// `.joinTable`: removes every link of a bound parent identity.
    private func makeDeleteLinks() -> String { "DELETE FROM \(SQLName.quoted(joinTable)) WHERE \(Self.conditions(joinParentColumns))" }

    /// `.joinTable`: removes every link to a bound destination identity (before deleting it).
    private func makeDeleteLinksToDestination() -> String { "DELETE FROM \(SQLName.quoted(joinTable)) WHERE \(Self.conditions(joinChildColumns))" }

    /// `.joinTable`: links a bound parent identity to a bound destination identity at a bound position.
    private func makeInsertLink() -> String {
        let columns = joinParentColumns + joinChildColumns
        let placeholders = Array(repeating: "?", count: columns.count + 1).joined(separator: ", ")
        return "INSERT OR IGNORE INTO \(SQLName.quoted(joinTable)) (\(Self.list(columns)), \"position\") VALUES (\(placeholders))"
    }

    /// `.joinTable`: the next free position for a bound parent identity.
    private func makeNextPosition() -> String {
        "SELECT COALESCE(MAX(\"position\") + 1, 0) FROM \(SQLName.quoted(joinTable)) WHERE \(Self.conditions(joinParentColumns))"
    }

    /// The statements that create what the relationship needs beyond the two entities' own
    /// tables, when it is missing (run in a migration).
    var creation: [String] {
        switch storage {
        case .foreignKey:
            return []
        case .foreignKeyInDestination:
            let index = SQLName.quoted("\(destination.table)_\(foreignKeys.map(\.name).joined(separator: "_"))")
            return foreignKeys.map { "ALTER TABLE \(destinationTable) ADD COLUMN \(SQLName.quoted($0.name)) \($0.type.declaredType)" }
                + ["CREATE INDEX IF NOT EXISTS \(index) ON \(destinationTable) (\(Self.list(foreignKeys)))"]
        case .joinTable:
            let join = SQLName.quoted(joinTable)
            let definitions = (joinParentColumns + joinChildColumns).map { "\(SQLName.quoted($0.name)) \($0.type.declaredType) NOT NULL" }
            return [
                "CREATE TABLE \(join) (\(definitions.joined(separator: ", ")), \"position\" INTEGER NOT NULL)",
                "CREATE UNIQUE INDEX \(SQLName.quoted(joinTable + "_link")) ON \(join) (\(Self.list(joinParentColumns + joinChildColumns)))",
                "CREATE INDEX \(SQLName.quoted(joinTable + "_destination")) ON \(join) (\(Self.list(joinChildColumns)))",
            ]
        }
    }

    /// Runs ``creation`` for what is missing.
    func create(_ db: Database) throws {
        switch storage {
        case .foreignKey:
            return
        case .foreignKeyInDestination:
            let existing = Set(try db.columns(in: destination.table).map { $0.name.lowercased() })
            guard !foreignKeys.contains(where: { existing.contains($0.name.lowercased()) }) else { return }
        case .joinTable:
            guard try !db.tableExists(joinTable) else { return }
        }
        for statement in creation { try db.execute(sql: statement) }
    }

    /// Throws `.schemaMismatch` unless the columns or join table keeping the relationship exist
    /// with the declared types.
    func check(_ db: Database) throws {
        let table: String
        let wanted: [Column]
        switch storage {
        case .foreignKey: return   // part of the parent's table
        case .foreignKeyInDestination: (table, wanted) = (destination.table, foreignKeys)
        case .joinTable:
            guard try db.tableExists(joinTable) else {
                throw StoreError(.schemaMismatch, "no join table '\(joinTable)' for relationship '\(keyPath)'", entity: joinTable)
            }
            (table, wanted) = (joinTable, joinParentColumns + joinChildColumns)
        }
        var types: [String: String] = [:]
        for column in try db.columns(in: table) { types[column.name.lowercased()] = column.type.uppercased() }
        for column in wanted where types[column.name.lowercased()] != column.type.declaredType {
            throw StoreError(
                .schemaMismatch,
                "relationship '\(keyPath)' needs column '\(column.name)' \(column.type.declaredType) in '\(table)', "
                    + (types[column.name.lowercased()].map { "which is \($0.isEmpty ? "untyped" : $0)" } ?? "which it lacks"),
                entity: table, column: column.name)
        }
    }

    /// The migration creating ``creation``.
    var migrationIdentifier: String {
        switch storage {
        case .foreignKey: ""
        case .foreignKeyInDestination: "RestKitStore.\(destination.table).\(foreignKeys.map(\.name).joined(separator: ",")).v1"
        case .joinTable: "RestKitStore.\(joinTable).v1"
        }
    }
}

/// A ``Connection`` resolved against its parent.
struct ConnectionSchema: Sendable {
    let keyPath: String
    let keys: [String]
    let isToMany: Bool
    /// The connected entity; `nil` for the parent's own.
    let destination: EntitySchema?
    /// The connected entity's table.
    let destinationTable: String
    /// The positions of the parent's attribute columns whose values are matched.
    let sourceIndices: [Int]
    /// The destination's columns that must equal them.
    let destinationColumns: [Column]
    let signature: String

    /// `WHERE … ORDER BY rowid`, selecting the connected rows by bound values.
    let condition: String

    init(
        _ connection: Connection, parentColumns: [Column], parentTable: String, parentIdentification: [Column]
    ) throws(StoreError) {
        keyPath = connection.keyPath
        keys = connection.keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        isToMany = connection.isToMany
        destination = connection.destination
        let candidates = connection.destination?.columns ?? parentColumns
        let destinationTable = connection.destination?.table ?? parentTable
        self.destinationTable = destinationTable
        guard !connection.attributes.isEmpty else {
            throw StoreError(.invalidEntity, "connection '\(connection.keyPath)' names no attributes", entity: parentTable, keyPath: connection.keyPath)
        }
        var sources: [Int] = []
        var targets: [Column] = []
        for (source, target) in connection.attributes {
            guard let index = parentColumns.firstIndex(where: { $0.keyPath == source }) else {
                throw StoreError(
                    .invalidEntity, "connection '\(connection.keyPath)': '\(source)' is not a declared column", entity: parentTable, keyPath: source)
            }
            guard let column = candidates.first(where: { $0.keyPath == target }) else {
                throw StoreError(
                    .invalidEntity, "connection '\(connection.keyPath)': '\(target)' is not a declared column of '\(destinationTable)'",
                    entity: parentTable, keyPath: target)
            }
            guard parentColumns[index].type.declaredType == column.type.declaredType else {
                throw StoreError(
                    .invalidEntity,
                    "connection '\(connection.keyPath)': '\(source)' is \(parentColumns[index].type), '\(destinationTable).\(target)' is \(column.type)",
                    entity: parentTable, keyPath: source)
            }
            sources.append(index)
            targets.append(column)
        }
        sourceIndices = sources
        destinationColumns = targets
        signature = "conn(\(keyPath)->\(destinationTable) \(isToMany ? "many" : "one") \(sources) \(targets.map(\.name)))"
        let conditions = targets.map { SQLName.quoted($0.name) + " = ?" }.joined(separator: " AND ")
        condition = "WHERE \(conditions) ORDER BY rowid" + (isToMany ? "" : " LIMIT 1")
    }
}
