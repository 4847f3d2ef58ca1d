internal import GRDB
import RestKitCore
import RestKitMapping

/// Deletes the stored objects of one entity in a ``StoreScope`` that a mapping did not list.
struct OrphanDeletion {
    let schema: EntitySchema
    /// `SELECT rowid, <identification> FROM t WHERE <scope>`.
    let select: String
    let arguments: [DatabaseValue]

    init(_ scope: StoreScope, entity schema: EntitySchema, options: MappingOptions) throws(StoreError) {
        self.schema = schema
        var conditions: [String] = []
        var arguments: [DatabaseValue] = []
        for (keyPath, value) in scope.conditions {
            guard let column = schema.columns.first(where: { $0.keyPath == keyPath }) else {
                throw StoreError(.invalidScope, "the scope names '\(keyPath)', which is not a declared column", entity: schema.table, keyPath: keyPath)
            }
            let bound: DatabaseValue
            do {
                bound = try ColumnValues.databaseValue(value, for: column, options: options, entity: schema.table, keyPath: keyPath)
            } catch {
                throw StoreError(.invalidScope, "the scope's value for '\(keyPath)': \(error.reason)", entity: schema.table, keyPath: keyPath, column: column.name)
            }
            if bound.isNull {
                conditions.append("\(SQLName.quoted(column.name)) IS NULL")
            } else {
                conditions.append("\(SQLName.quoted(column.name)) = ?")
                arguments.append(bound)
            }
        }
        let identification = schema.identificationColumns.map { SQLName.quoted($0.name) }.joined(separator: ", ")
        select = "SELECT rowid, \(identification) FROM \(SQLName.quoted(schema.table))"
            + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
        self.arguments = arguments
    }

    /// Deletes the objects in the scope whose identity is not in `kept`, with their join-table
    /// links; returns how many.
    func delete(keeping kept: Set<[DatabaseValue]>, in db: Database) throws -> Int {
        var orphans: [(rowid: Int64, identity: [DatabaseValue])] = []
        let rows = try Row.fetchCursor(db.cachedStatement(sql: select), arguments: StatementArguments(arguments))
        while let row = try rows.next() {
            let identity = (1..<row.count).map { row[$0] as DatabaseValue }
            if !kept.contains(identity), let rowid: Int64 = row[0] { orphans.append((rowid, identity)) }
        }
        guard !orphans.isEmpty else { return 0 }
        let delete = try db.cachedStatement(sql: "DELETE FROM \(SQLName.quoted(schema.table)) WHERE rowid = ?")
        let unlinks = try schema.relationships.compactMap { relationship -> Statement? in
            guard case .joinTable = relationship.storage else { return nil }
            return try db.cachedStatement(sql: relationship.deleteLinks)
        }
        for orphan in orphans {
            for unlink in unlinks { try unlink.execute(arguments: StatementArguments(orphan.identity)) }
            try delete.execute(arguments: [orphan.rowid])
        }
        return orphans.count
    }
}
