internal import GRDB
internal import GRDBSQLite

/// A prepared statement run many times in one session (``SQLiteSession``) with values bound straight to SQLite
/// (GRDB's own binding of each ``DatabaseValue``, without building `StatementArguments` and
/// `Row`s per run): the find and upsert of every imported element.
///
/// The statement is made for this use only (not GRDB's statement cache), reset before each run.
struct BoundStatement {
    let statement: Statement
    private let connection: SQLiteConnection?

    init(_ db: Database, sql: String) throws {
        statement = try db.makeStatement(sql: sql)
        connection = db.sqliteConnection
    }

    private func bind(_ values: [DatabaseValue]) throws {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        for (index, value) in values.enumerated() {
            let code = value.bind(to: handle, at: CInt(index + 1))
            guard code == SQLITE_OK else { throw error(code) }
        }
    }

    private func error(_ code: CInt) -> DatabaseError {
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
    }

    /// Runs the statement to its end with `values` bound.
    func execute(_ values: [DatabaseValue]) throws {
        try bind(values)
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        var code = sqlite3_step(handle)
        while code == SQLITE_ROW { code = sqlite3_step(handle) }
        guard code == SQLITE_DONE else { throw error(code) }
    }

    /// The first row's values with `values` bound, or `nil`.
    func fetchOne(_ values: [DatabaseValue]) throws -> [DatabaseValue]? {
        try bind(values)
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        let code = sqlite3_step(handle)
        if code == SQLITE_DONE { return nil }
        guard code == SQLITE_ROW else { throw error(code) }
        return currentRow()
    }

    /// Every row's values with `values` bound.
    func fetchAll(_ values: [DatabaseValue]) throws -> [[DatabaseValue]] {
        try bind(values)
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        var rows: [[DatabaseValue]] = []
        var code = sqlite3_step(handle)
        while code == SQLITE_ROW {
            rows.append(currentRow())
            code = sqlite3_step(handle)
        }
        guard code == SQLITE_DONE else { throw error(code) }
        return rows
    }

    /// The values of the row the statement stands on.
    private func currentRow() -> [DatabaseValue] {
        let handle = statement.sqliteStatement
        let count = sqlite3_column_count(handle)
        var row: [DatabaseValue] = []
        row.reserveCapacity(Int(count))
        for index in 0..<count { row.append(DatabaseValue(sqliteStatement: handle, index: index)) }
        return row
    }
}
