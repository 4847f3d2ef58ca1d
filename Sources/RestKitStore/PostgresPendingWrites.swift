internal import GRDB

/// The writes a ``PostgresSession`` has not sent yet, gathered into multi-row statements (each
/// column's values as one array, ``PostgresArrays``): a statement is a round trip to the
/// server, and an import writes several rows per object (its row, its related objects' rows,
/// its links).
///
/// Sending the statements ``drain()`` returns has the same effect as running each write when
/// it was made, provided nothing is read in between (the session drains before any read and
/// before any other statement):
/// - upserts of one table and the link writes of one join table touch no other table, so the
///   groups commute;
/// - a table's upserts of different objects commute; of the same object, the last one wins
///   (one statement cannot update a row twice, so it keeps only that one);
/// - a join table's deletions are sent before its insertions. Deleting the links of a parent
///   whose links were inserted since the last send first returns those insertions to be sent,
///   so a deletion never overtakes an insertion made before it.
///
/// ```swift
/// var pending = PostgresPendingWrites()
/// let due = pending.upsert(row, into: table)   // empty until a statement is full
/// let rest = pending.drain()                    // everything else, before a read
/// ```
struct PostgresPendingWrites {
    /// One statement to send: SQL with one `?` placeholder per column of its rows, each bound
    /// to the array of that column's values.
    struct Statement {
        let sql: String
        let rows: [[DatabaseValue]]
        let width: Int

        /// The arrays bound, as text.
        var arguments: [DatabaseValue] { PostgresArrays.arguments(rows, width: width) }
    }

    /// At most this many rows per statement.
    static let maximumRows = 1_000

    /// Upserts of one table, by identity.
    private struct Upserts {
        let table: TableSchema
        var rows: [[DatabaseValue]] = []
        var positions: [[DatabaseValue]: Int] = [:]

        mutating func add(_ values: [DatabaseValue]) {
            let identity = table.identity(ofRow: values)
            if let position = positions[identity] {
                rows[position] = values
            } else {
                positions[identity] = rows.count
                rows.append(values)
            }
        }

        var statement: Statement {
            Statement(sql: table.upsertRows, rows: rows, width: table.columns.count)
        }
    }

    /// Link writes of one join table.
    private struct Links {
        let relationship: RelationshipSchema
        /// Parents whose links are deleted, in order.
        var deletions: [[DatabaseValue]] = []
        var deleted: Set<[DatabaseValue]> = []
        /// Links inserted (parent, child and position values), and their parents.
        var insertions: [[DatabaseValue]] = []
        var insertedParents: Set<[DatabaseValue]> = []

        var deletionStatement: Statement? {
            guard !deletions.isEmpty else { return nil }
            return Statement(sql: relationship.deleteLinksOfParents, rows: deletions, width: relationship.joinParentColumns.count)
        }

        var insertionStatement: Statement? {
            guard !insertions.isEmpty else { return nil }
            let width = relationship.joinParentColumns.count + relationship.joinChildColumns.count + 1
            return Statement(sql: relationship.insertLinks, rows: insertions, width: width)
        }

        /// Both statements, deletions first; empties the group.
        mutating func take() -> [Statement] {
            let statements = [deletionStatement, insertionStatement].compactMap { $0 }
            deletions = []
            deleted = []
            insertions = []
            insertedParents = []
            return statements
        }
    }

    private var upserts: [String: Upserts] = [:]
    private var links: [String: Links] = [:]
    /// The groups' keys in the order first used (so statements go out in a stable order).
    private var order: [Key] = []

    private enum Key: Hashable {
        case table(String), joinTable(String)
    }

    var isEmpty: Bool { order.isEmpty }

    /// Queues the upsert of `values` into `table`; returns the statement to send now when
    /// the table's group is full.
    mutating func upsert(_ values: [DatabaseValue], into table: TableSchema) -> [Statement] {
        var group = upserts.removeValue(forKey: table.table) ?? begin(Upserts(table: table), key: .table(table.table))
        group.add(values)
        guard group.rows.count >= Self.maximumRows else {
            upserts[table.table] = group
            return []
        }
        order.removeAll { $0 == .table(table.table) }
        return [group.statement]
    }

    /// Queues the deletion of every link of `parent` in `relationship`'s join table.
    mutating func deleteLinks(of parent: [DatabaseValue], in relationship: RelationshipSchema) -> [Statement] {
        var due: [Statement] = []
        var group = links.removeValue(forKey: relationship.joinTable) ?? begin(Links(relationship: relationship), key: .joinTable(relationship.joinTable))
        if group.insertedParents.contains(parent) { due += group.take() }
        if group.deleted.insert(parent).inserted { group.deletions.append(parent) }
        if group.deletions.count >= Self.maximumRows, let statement = group.deletionStatement {
            // Every deletion queued was made before every insertion queued for the same parent.
            due.append(statement)
            group.deletions = []
            group.deleted = []
        }
        links[relationship.joinTable] = group
        return due
    }

    /// Queues the link of `parent` to `child` at `position` in `relationship`'s join table
    /// (kept as it is when the two are linked already).
    mutating func insertLink(
        parent: [DatabaseValue], child: [DatabaseValue], position: Int, in relationship: RelationshipSchema
    ) -> [Statement] {
        var group = links.removeValue(forKey: relationship.joinTable) ?? begin(Links(relationship: relationship), key: .joinTable(relationship.joinTable))
        group.insertions.append(parent + child + [position.databaseValue])
        group.insertedParents.insert(parent)
        guard group.insertions.count >= Self.maximumRows else {
            links[relationship.joinTable] = group
            return []
        }
        order.removeAll { $0 == .joinTable(relationship.joinTable) }
        return group.take()
    }

    /// Every queued write as statements, in an order with the same effect; empties the queue.
    mutating func drain() -> [Statement] {
        var statements: [Statement] = []
        for key in order {
            switch key {
            case .table(let name):
                if let group = upserts[name], !group.rows.isEmpty { statements.append(group.statement) }
            case .joinTable(let name):
                if var group = links[name] { statements += group.take() }
            }
        }
        upserts = [:]
        links = [:]
        order = []
        return statements
    }

    private mutating func begin<Group>(_ group: Group, key: Key) -> Group {
        if !order.contains(key) { order.append(key) }
        return group
    }
}
