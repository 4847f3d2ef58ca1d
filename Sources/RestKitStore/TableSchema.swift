internal import GRDB

/// The SQL of one entity's table (its stored columns: attributes and to-one foreign keys),
/// and the check of an existing table against it.
struct TableSchema: Sendable {
    let table: String
    let columns: [Column]
    let identificationColumns: [Column]
    /// `SELECT "a", "b" FROM "t"`.
    let select: String
    /// `WHERE "id" = ?` (and more for a composite identity).
    let whereIdentified: String
    /// `SELECT … WHERE "id" = ?`: the stored row with a bound identity.
    let selectIdentified: String
    /// The upsert of one row: every column bound, identification columns in the conflict target.
    let upsert: String

    init(table: String, columns: [Column], identificationColumns: [Column]) {
        self.table = table
        self.columns = columns
        self.identificationColumns = identificationColumns
        select = "SELECT \(columns.map { SQLName.quoted($0.name) }.joined(separator: ", ")) FROM \(SQLName.quoted(table))"
        whereIdentified = "WHERE " + identificationColumns.map { SQLName.quoted($0.name) + " = ?" }.joined(separator: " AND ")
        selectIdentified = select + " " + whereIdentified
        let names = columns.map { SQLName.quoted($0.name) }
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        let target = identificationColumns.map { SQLName.quoted($0.name) }.joined(separator: ", ")
        let identifying = Set(identificationColumns.map(\.name))
        let updates = columns.filter { !identifying.contains($0.name) }.map { "\(SQLName.quoted($0.name)) = excluded.\(SQLName.quoted($0.name))" }
        let action = updates.isEmpty ? "DO NOTHING" : "DO UPDATE SET " + updates.joined(separator: ", ")
        upsert = "INSERT INTO \(SQLName.quoted(table)) (\(names.joined(separator: ", "))) VALUES (\(placeholders)) ON CONFLICT(\(target)) \(action)"
    }

    /// Deletes the row with a bound identity.
    var deleteIdentified: String { "DELETE FROM \(SQLName.quoted(table)) \(whereIdentified)" }

    var isIdentification: (Column) -> Bool {
        let names = Set(identificationColumns.map(\.name))
        return { names.contains($0.name) }
    }

    var createTable: String {
        let isIdentification = self.isIdentification
        let definitions = columns.map { column in
            SQLName.quoted(column.name) + " " + column.type.declaredType + (isIdentification(column) ? " NOT NULL" : "")
        }
        return "CREATE TABLE \(SQLName.quoted(table)) (\(definitions.joined(separator: ", ")))"
    }

    var indexName: String { table + "_identification" }

    var createIndex: String {
        let names = identificationColumns.map { SQLName.quoted($0.name) }.joined(separator: ", ")
        return "CREATE UNIQUE INDEX \(SQLName.quoted(indexName)) ON \(SQLName.quoted(table)) (\(names))"
    }

    /// Throws `.schemaMismatch` naming the first declared column the table lacks or declares
    /// with another type, or the missing UNIQUE index on the identification columns.
    func check(_ db: Database) throws {
        let existing = try db.columns(in: table)
        var types: [String: String] = [:]
        for column in existing { types[column.name.lowercased()] = column.type.uppercased() }
        for column in columns {
            guard let type = types[column.name.lowercased()] else {
                throw StoreError(
                    .schemaMismatch, "the table has no column '\(column.name)' (declared \(column.type.declaredType) for '\(column.keyPath)')",
                    entity: table, column: column.name)
            }
            guard type == column.type.declaredType else {
                throw StoreError(
                    .schemaMismatch, "column '\(column.name)' is \(type.isEmpty ? "untyped" : type), the mapping declares \(column.type.declaredType)",
                    entity: table, column: column.name)
            }
        }
        let wanted = Set(identificationColumns.map { $0.name.lowercased() })
        let indexes = try db.indexes(on: table)
        guard indexes.contains(where: { $0.isUnique && Set($0.columns.map { $0.lowercased() }) == wanted }) else {
            throw StoreError(
                .schemaMismatch,
                "no UNIQUE index on the identification columns (\(identificationColumns.map(\.name).joined(separator: ", ")))",
                entity: table, column: identificationColumns.first?.name)
        }
    }
}
