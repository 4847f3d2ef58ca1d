internal import GRDB
import RestKitCore
import RestKitMapping

/// Reads stored rows back into representations: an entity's attribute columns at their key
/// paths, with its related objects (relationships and connections) nested at theirs, as the
/// entity's object mapping reads them.
///
/// Related objects are followed to ``maximumDepth`` levels; an object already being read
/// further up the same path (a cycle) is left out there.
struct StoredRows {
    let session: any StoreSession
    /// How many levels of related objects are read below the object asked for.
    static let maximumDepth = 8

    /// One stored object on the path being read, to stop at cycles.
    private struct Visit: Hashable {
        let table: String
        let identity: [DatabaseValue]
    }

    /// The stored rows `sql` selects with `arguments`.
    func rows(_ sql: String, _ arguments: [DatabaseValue]) throws -> [[DatabaseValue]] {
        try session.rows(sql, arguments)
    }

    /// The attribute columns of a stored row as an object (NULL columns left out).
    static func attributes(_ values: [DatabaseValue], schema: EntitySchema) -> OrderedDictionary<String, Representation> {
        var object = OrderedDictionary<String, Representation>(minimumCapacity: schema.columns.count)
        for (index, column) in schema.columns.enumerated() where index < values.count {
            guard let value = ColumnValues.representation(values[index], for: column) else { continue }
            let keys = schema.columnKeys[index]
            if keys.count == 1 {
                object[keys[0]] = value
            } else {
                Representation.set(value, at: keys, in: &object)
            }
        }
        return object
    }

    /// The identity of a stored row.
    static func identity(_ values: [DatabaseValue], schema: EntitySchema) -> [DatabaseValue] {
        schema.identificationIndices.map { $0 < values.count ? values[$0] : .null }
    }

    /// A stored row as its entity's representation, with its related objects; the
    /// relationships whose key paths are in `skipping` are left out, and connections too
    /// unless `connections`.
    func representation(
        _ values: [DatabaseValue], schema: EntitySchema, skipping: Set<String> = [], connections: Bool = true
    ) throws -> Representation {
        var visiting: Set<Visit> = []
        return try representation(values, schema: schema, skipping: skipping, connections: connections, depth: 0, visiting: &visiting)
    }

    private func representation(
        _ values: [DatabaseValue], schema: EntitySchema, skipping: Set<String>, connections: Bool, depth: Int, visiting: inout Set<Visit>
    ) throws -> Representation {
        var object = Self.attributes(values, schema: schema)
        guard depth < Self.maximumDepth, !(schema.relationships.isEmpty && (schema.connections.isEmpty || !connections)) else {
            return .object(object)
        }
        let visit = Visit(table: schema.table, identity: Self.identity(values, schema: schema))
        guard visiting.insert(visit).inserted else { return .object(object) }
        defer { visiting.remove(visit) }
        func nested(_ rows: [[DatabaseValue]], of destination: EntitySchema, visiting: inout Set<Visit>) throws -> [Representation] {
            var found: [Representation] = []
            for row in rows {
                let child = Visit(table: destination.table, identity: Self.identity(row, schema: destination))
                guard !visiting.contains(child) else { continue }
                found.append(try representation(row, schema: destination, skipping: [], connections: true, depth: depth + 1, visiting: &visiting))
            }
            return found
        }
        for relationship in schema.relationships where !skipping.contains(relationship.keyPath) {
            let arguments: [DatabaseValue]
            switch relationship.storage {
            case .foreignKey:
                let range = relationship.foreignKeyOffset..<(relationship.foreignKeyOffset + relationship.foreignKeys.count)
                guard range.upperBound <= values.count else { continue }
                arguments = Array(values[range])
                guard !arguments.contains(where: \.isNull) else { continue }
            case .foreignKeyInDestination, .joinTable:
                arguments = visit.identity
            }
            let linked = relationship.statements(session.dialect).linkedRows
            let related = try nested(rows(linked, arguments), of: relationship.destination, visiting: &visiting)
            if relationship.isToMany {
                Representation.set(.array(related), at: relationship.keys, in: &object)
            } else if let first = related.first {
                Representation.set(first, at: relationship.keys, in: &object)
            }
        }
        if connections {
            for connection in schema.connections {
                if let connected = try self.connection(connection, of: schema, values: values, visiting: &visiting, depth: depth) {
                    Representation.set(connected, at: connection.keys, in: &object)
                }
            }
        }
        return .object(object)
    }

    /// The objects `connection` finds for a stored row (`nil`: none for a to-one connection).
    private func connection(
        _ connection: ConnectionSchema, of schema: EntitySchema, values: [DatabaseValue], visiting: inout Set<Visit>, depth: Int
    ) throws -> Representation? {
        let destination = connection.destination ?? schema
        let arguments = connection.sourceIndices.map { $0 < values.count ? values[$0] : .null }
        guard !arguments.contains(where: \.isNull) else { return connection.isToMany ? .array([]) : nil }
        var found: [Representation] = []
        for row in try rows(destination.sql(session.dialect).select + " " + connection.condition(session.dialect), arguments) {
            let child = Visit(table: destination.table, identity: Self.identity(row, schema: destination))
            guard !visiting.contains(child) else { continue }
            found.append(try representation(row, schema: destination, skipping: [], connections: true, depth: depth + 1, visiting: &visiting))
        }
        return connection.isToMany ? .array(found) : found.first
    }

    /// Adds `schema`'s connections to a representation of one of its stored rows.
    func connecting(_ representation: Representation, values: [DatabaseValue], schema: EntitySchema) throws -> Representation {
        guard !schema.connections.isEmpty, var object = representation.objectValue else { return representation }
        var visiting: Set<Visit> = [Visit(table: schema.table, identity: Self.identity(values, schema: schema))]
        for connection in schema.connections {
            if let connected = try self.connection(connection, of: schema, values: values, visiting: &visiting, depth: 0) {
                Representation.set(connected, at: connection.keys, in: &object)
            }
        }
        return .object(object)
    }
}
