internal import GRDB
import RestKitCore
import RestKitMapping

/// Deletes the stored objects of one entity in a ``StoreScope`` that a mapping did not list.
struct OrphanDeletion {
    let schema: EntitySchema
    /// `SELECT <identification> FROM t WHERE <scope>`.
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
        select = "SELECT \(identification) FROM \(SQLName.quoted(schema.table))"
            + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
        self.arguments = arguments
    }

    /// Deletes the objects in the scope whose identity is not in `kept`, with their join-table
    /// links; returns how many.
    func delete(keeping kept: Set<[DatabaseValue]>, in session: any StoreSession) throws -> Int {
        let orphans = try session.rows(select, arguments).filter { !kept.contains($0) }
        guard !orphans.isEmpty else { return 0 }
        let delete = schema.sql(session.dialect).deleteIdentified
        let unlinks = schema.relationships.compactMap { relationship -> String? in
            guard case .joinTable = relationship.storage else { return nil }
            return relationship.statements(session.dialect).deleteLinks
        }
        for identity in orphans {
            for unlink in unlinks { try session.execute(unlink, identity) }
            try session.execute(delete, identity)
        }
        return orphans.count
    }
}
