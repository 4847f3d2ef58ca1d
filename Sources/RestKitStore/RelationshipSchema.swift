internal import GRDB
import RestKitMapping

/// A ``Relationship`` resolved against its parent: the columns and tables that keep it, and
/// their SQL.
final class RelationshipSchema: Sendable {
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
    /// The statements in each dialect (see ``Statements``), built once.
    let sqlite: Statements
    let postgres: Statements

    /// The statements in `dialect`.
    func statements(_ dialect: SQLDialect) -> Statements {
        dialect.kind == .sqlite ? sqlite : postgres
    }

    /// The SQL that reads and writes the relationship's links, in one dialect.
    struct Statements: Sendable {
        /// The identities of the objects linked to a bound parent identity, in link order.
        var linkedIdentities = ""
        /// The stored rows (the destination's stored columns) linked to a bound parent identity.
        var linkedRows = ""
        /// `.foreignKeyInDestination`: sets the bound parent identity on the object with the bound identity.
        var link = ""
        /// `.foreignKeyInDestination`: clears the parent identity on the object with the bound identity.
        var unlink = ""
        /// `.joinTable`: removes every link of a bound parent identity.
        var deleteLinks = ""
        /// `.joinTable`: removes every link to a bound destination identity (before deleting it).
        var deleteLinksToDestination = ""
        /// `.joinTable`: links a bound parent identity to a bound destination identity at a bound position.
        var insertLink = ""
        /// `.joinTable`: the next free position for a bound parent identity.
        var nextPosition = ""
        /// What creates the relationship's columns or join table, when missing (run in a migration).
        var creation: [String] = []
    }

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
        sqlite = Self.makeStatements(
            .sqlite, storage: storage, destination: destination, joinTable: joinTable, foreignKeys: foreignKeys,
            joinParentColumns: joinParent, joinChildColumns: joinChild)
        postgres = Self.makeStatements(
            .postgres, storage: storage, destination: destination, joinTable: joinTable, foreignKeys: foreignKeys,
            joinParentColumns: joinParent, joinChildColumns: joinChild)
    }

    // MARK: SQL

    private static func list(_ columns: [Column], qualifiedBy table: String? = nil) -> String {
        columns.map { column in (table.map { SQLName.quoted($0) + "." } ?? "") + SQLName.quoted(column.name) }.joined(separator: ", ")
    }

    private static func conditions(_ columns: [Column], qualifiedBy table: String? = nil) -> String {
        columns.map { column in (table.map { SQLName.quoted($0) + "." } ?? "") + SQLName.quoted(column.name) + " = ?" }
            .joined(separator: " AND ")
    }


    private static func makeStatements(
        _ dialect: SQLDialect, storage: Relationship.Storage, destination: EntitySchema, joinTable: String, foreignKeys: [Column],
        joinParentColumns: [Column], joinChildColumns: [Column]
    ) -> Statements {
        let destinationTable = SQLName.quoted(destination.table)
        let table = destination.sql(dialect)
        let join = SQLName.quoted(joinTable)
        var made = Statements()
        switch storage {
        case .foreignKey:
            made.linkedRows = table.select + " " + table.whereIdentified
        case .foreignKeyInDestination:
            made.linkedIdentities = "SELECT \(Self.list(destination.identificationColumns)) FROM \(destinationTable) WHERE \(Self.conditions(foreignKeys)) ORDER BY \(dialect.rowOrder)"
            made.linkedRows = table.select + " WHERE \(Self.conditions(foreignKeys)) ORDER BY \(dialect.rowOrder)"
        case .joinTable:
            made.linkedIdentities = "SELECT \(Self.list(joinChildColumns)) FROM \(join) WHERE \(Self.conditions(joinParentColumns)) ORDER BY \"position\""
            let on = zip(destination.identificationColumns, joinChildColumns).map { target, link in
                "\(destinationTable).\(SQLName.quoted(target.name)) = \(join).\(SQLName.quoted(link.name))"
            }.joined(separator: " AND ")
            let selected = destination.storedColumns.map { "\(destinationTable).\(SQLName.quoted($0.name))" }.joined(separator: ", ")
            made.linkedRows = "SELECT \(selected) FROM \(join) JOIN \(destinationTable) ON \(on) WHERE \(Self.conditions(joinParentColumns, qualifiedBy: joinTable)) ORDER BY \(join).\"position\""
        }
        made.link = "UPDATE \(destinationTable) SET \(foreignKeys.map { SQLName.quoted($0.name) + " = ?" }.joined(separator: ", ")) \(table.whereIdentified)"
        made.unlink = "UPDATE \(destinationTable) SET \(foreignKeys.map { SQLName.quoted($0.name) + " = NULL" }.joined(separator: ", ")) \(table.whereIdentified)"
        made.deleteLinks = "DELETE FROM \(join) WHERE \(Self.conditions(joinParentColumns))"
        made.deleteLinksToDestination = "DELETE FROM \(join) WHERE \(Self.conditions(joinChildColumns))"
        let linkColumns = joinParentColumns + joinChildColumns
        made.insertLink = dialect.insertIgnoringConflicts(into: join, columns: Self.list(linkColumns) + ", \"position\"", count: linkColumns.count + 1)
        made.nextPosition = "SELECT COALESCE(MAX(\"position\") + 1, 0) FROM \(join) WHERE \(Self.conditions(joinParentColumns))"
        switch storage {
        case .foreignKey:
            break
        case .foreignKeyInDestination:
            let index = SQLName.quoted("\(destination.table)_\(foreignKeys.map(\.name).joined(separator: "_"))")
            made.creation = foreignKeys.map { "ALTER TABLE \(destinationTable) ADD COLUMN \(SQLName.quoted($0.name)) \(dialect.declaredType($0.type))" }
                + ["CREATE INDEX IF NOT EXISTS \(index) ON \(destinationTable) (\(Self.list(foreignKeys)))"]
        case .joinTable:
            let definitions = linkColumns.map { "\(SQLName.quoted($0.name)) \(dialect.declaredType($0.type)) NOT NULL" }
            made.creation = [
                "CREATE TABLE \(join) (\(definitions.joined(separator: ", ")), \"position\" \(dialect.declaredType(.integer)) NOT NULL)",
                "CREATE UNIQUE INDEX \(SQLName.quoted(joinTable + "_link")) ON \(join) (\(Self.list(linkColumns)))",
                "CREATE INDEX \(SQLName.quoted(joinTable + "_destination")) ON \(join) (\(Self.list(joinChildColumns)))",
            ]
        }
        return made
    }

    /// Whether the relationship needs more than the two entities' own tables.
    var needsCreation: Bool { !sqlite.creation.isEmpty }

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
        for statement in sqlite.creation { try db.execute(sql: statement) }
    }

    /// Throws `.schemaMismatch` unless the columns or join table keeping the relationship exist
    /// with the declared types.
    func check(_ db: Database) throws {
        guard let table = checkedTable else { return }
        guard try db.tableExists(table) else { throw missingJoinTable() }
        var types: [String: String] = [:]
        for column in try db.columns(in: table) { types[column.name.lowercased()] = column.type.uppercased() }
        try check(columnTypes: types, dialect: .sqlite)
    }

    /// The table holding the relationship's columns (`nil`: the parent's own, checked with it).
    var checkedTable: String? {
        switch storage {
        case .foreignKey: nil
        case .foreignKeyInDestination: destination.table
        case .joinTable: joinTable
        }
    }

    func missingJoinTable() -> StoreError {
        StoreError(.schemaMismatch, "no join table '\(joinTable)' for relationship '\(keyPath)'", entity: joinTable)
    }

    /// The check, given ``checkedTable``'s columns (lowercased name → declared type, uppercased).
    func check(columnTypes types: [String: String], dialect: SQLDialect) throws(StoreError) {
        guard let table = checkedTable else { return }
        let wanted: [Column]
        switch storage {
        case .foreignKey: return
        case .foreignKeyInDestination: wanted = foreignKeys
        case .joinTable: wanted = joinParentColumns + joinChildColumns
        }
        for column in wanted where types[column.name.lowercased()] != dialect.declaredType(column.type) {
            throw StoreError(
                .schemaMismatch,
                "relationship '\(keyPath)' needs column '\(column.name)' \(dialect.declaredType(column.type)) in '\(table)', "
                    + (types[column.name.lowercased()].map { "which is \($0.isEmpty ? "untyped" : $0)" } ?? "which it lacks"),
                entity: table, column: column.name)
        }
    }

    /// `.joinTable`, PostgreSQL: links the rows bound (parent, child and position columns,
    /// each as one array), each kept as it is when already there.
    var insertLinks: String {
        let columns = joinParentColumns + joinChildColumns + [Column("position", .integer)]
        return "INSERT INTO \(SQLName.quoted(joinTable)) (\(Self.list(columns))) \(PostgresArrays.rows(of: columns)) ON CONFLICT DO NOTHING"
    }

    /// `.joinTable`, PostgreSQL: removes every link of the parent identities bound (one array
    /// per parent column).
    var deleteLinksOfParents: String {
        "DELETE FROM \(SQLName.quoted(joinTable)) WHERE \(PostgresArrays.matching(joinParentColumns))"
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
final class ConnectionSchema: Sendable {
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

    /// `WHERE … ORDER BY rowid`, selecting the connected rows by bound values, per dialect.
    private let sqliteCondition: String
    private let postgresCondition: String

    /// The condition in `dialect`.
    func condition(_ dialect: SQLDialect) -> String {
        dialect.kind == .sqlite ? sqliteCondition : postgresCondition
    }

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
        let limit = isToMany ? "" : " LIMIT 1"
        sqliteCondition = "WHERE \(conditions) ORDER BY \(SQLDialect.sqlite.rowOrder)" + limit
        postgresCondition = "WHERE \(conditions) ORDER BY \(SQLDialect.postgres.rowOrder)" + limit
    }
}
