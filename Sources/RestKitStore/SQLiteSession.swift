internal import GRDB

/// ``StoreSession`` over one GRDB `Database` (inside `write` or `read`): every statement
/// prepared once per session and run with its values bound straight to SQLite
/// (``BoundStatement``). Upserts and link writes run at once; reading ahead does nothing (an indexed lookup in
/// an embedded database costs less than gathering a batch).
final class SQLiteSession: StoreSession {
    let db: Database
    private var statements: [String: BoundStatement] = [:]

    init(_ db: Database) {
        self.db = db
    }

    var dialect: SQLDialect { .sqlite }

    private func statement(_ sql: String) throws -> BoundStatement {
        if let known = statements[sql] { return known }
        let made = try BoundStatement(db, sql: sql)
        statements[sql] = made
        return made
    }

    func execute(_ sql: String, _ arguments: [DatabaseValue]) throws {
        if Self.changesSchema(sql) {
            // Through GRDB, which then forgets the schema it cached (`tableExists`, `columns`).
            try db.execute(sql: sql, arguments: StatementArguments(arguments))
        } else {
            try statement(sql).execute(arguments)
        }
    }

    /// Whether `sql` creates, alters or drops something.
    private static func changesSchema(_ sql: String) -> Bool {
        sql.hasPrefix("CREATE ") || sql.hasPrefix("ALTER ") || sql.hasPrefix("DROP ")
    }

    func rows(_ sql: String, _ arguments: [DatabaseValue]) throws -> [[DatabaseValue]] {
        try statement(sql).fetchAll(arguments)
    }

    func firstRow(_ sql: String, _ arguments: [DatabaseValue]) throws -> [DatabaseValue]? {
        try statement(sql).fetchOne(arguments)
    }

    func tableExists(_ table: String) throws -> Bool {
        try db.tableExists(table)
    }

    func isEmpty(_ table: String) throws -> Bool {
        try statement("SELECT EXISTS (SELECT 1 FROM \(SQLName.quoted(table)))").fetchOne([])?.first == false.databaseValue
    }

    func storedRow(of table: TableSchema, identifiedBy identity: [DatabaseValue]) throws -> [DatabaseValue]? {
        try statement(table.selectIdentified).fetchOne(identity)
    }

    var readsAhead: Bool { false }

    func prefetchRows(of table: TableSchema, identifiedBy identities: [[DatabaseValue]]) throws {}

    func upsert(_ values: [DatabaseValue], into table: TableSchema) throws {
        try statement(table.upsert).execute(values)
    }

    func deleteLinks(of parent: [DatabaseValue], in relationship: RelationshipSchema) throws {
        try statement(relationship.statements(dialect).deleteLinks).execute(parent)
    }

    func insertLink(parent: [DatabaseValue], child: [DatabaseValue], position: Int, in relationship: RelationshipSchema) throws {
        try statement(relationship.statements(dialect).insertLink).execute(parent + child + [position.databaseValue])
    }
}
