import Foundation
internal import GRDB
internal import Logging
internal import NIOConcurrencyHelpers
internal import NIOCore
internal import PostgresNIO

/// ``StoreSession`` over one PostgreSQL connection inside one transaction, run on a thread of
/// the store's thread pool: each statement is sent and waited for (the event loops do the I/O;
/// this thread only waits, as GRDB's threads wait on SQLite).
///
/// A statement is a round trip to the server, so writes are gathered into multi-row statements
/// (``PostgresPendingWrites``: upserts per table, link deletions and insertions per join
/// table), sent when one is full and before any other statement runs, so reads see them, and
/// not waited for until then (the next batch is made while the server writes this one); and
/// the stored rows of many identities are read ahead in a few `SELECT … WHERE (…) IN (…)`.
/// Every value is bound as text of unspecified type, which the server reads as the type of the
/// column it meets (`BOOLEAN` accepts `1`/`0`, `BYTEA` `\x…`).
final class PostgresSession: StoreSession {
    private let connection: PostgresConnection
    private let logger: Logger
    /// The writes not sent yet.
    private var pending = PostgresPendingWrites()
    /// Stored rows read ahead, per table and identity (`nil`: known not to be stored), kept
    /// up to date by this session's upserts.
    private var prefetched: [String: [[DatabaseValue]: [DatabaseValue]?]] = [:]
    /// Statements with their placeholders numbered, by their `?` form (multi-row statements
    /// are built again for each batch; numbering them once is enough).
    private var numbered: [String: String] = [:]

    init(_ connection: PostgresConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    var dialect: SQLDialect { .postgres }

    // MARK: Statements

    /// Sends `sql` (with `?` placeholders) and waits for every row.
    private func send(_ sql: String, _ arguments: [DatabaseValue]) throws -> PostgresQueryResult {
        var binds = PostgresBindings(capacity: arguments.count)
        for value in arguments {
            if let text = Self.text(value) {
                binds.append(TextParameter(text: text))
            } else {
                binds.appendNull()
            }
        }
        return try send(sql, binds)
    }

    /// Sends `statement`, each column of its rows bound as one array, and waits for every row.
    private func send(_ statement: PostgresPendingWrites.Statement) throws -> PostgresQueryResult {
        try send(statement.sql, Self.binds(of: statement))
    }

    private static func binds(of statement: PostgresPendingWrites.Statement) -> PostgresBindings {
        var binds = PostgresBindings(capacity: statement.width)
        for column in 0..<statement.width { binds.append(ArrayParameter(rows: statement.rows, column: column)) }
        return binds
    }

    /// Sends `sql` after the writes in flight have ended (throwing the first one's error), and
    /// waits for its rows.
    private func send(_ sql: String, _ binds: PostgresBindings) throws -> PostgresQueryResult {
        try settle()
        let query = PostgresQuery(unsafeSQL: numberingPlaceholders(sql), binds: binds)
        return try Self.wait(for: connection.query(query, logger: logger), on: connection)
    }

    // MARK: Writes in flight

    /// Sends a gathered write without waiting for it: the server runs a connection's
    /// statements in order, so the next batch is made while it writes this one. At most
    /// ``maximumInFlight`` are outstanding (the oldest is waited for first); every one has
    /// ended, its error thrown, before any other statement is sent (``settle()``).
    private func write(_ statement: PostgresPendingWrites.Statement) throws {
        let query = PostgresQuery(unsafeSQL: numberingPlaceholders(statement.sql), binds: Self.binds(of: statement))
        inFlight.append(connection.query(query, logger: logger))
        if inFlight.count > Self.maximumInFlight { try settle(keeping: Self.maximumInFlight) }
    }

    /// Writes sent and not waited for yet, oldest first.
    private var inFlight: [EventLoopFuture<PostgresQueryResult>] = []
    static let maximumInFlight = 4

    /// Waits for the writes in flight until `keeping` remain; the first that failed is thrown
    /// (and the others forgotten: after a failure the server refuses the transaction's
    /// statements until `ROLLBACK`).
    private func settle(keeping: Int = 0) throws {
        while inFlight.count > keeping {
            let oldest = inFlight.removeFirst()
            do {
                _ = try Self.wait(for: oldest, on: connection)
            } catch {
                inFlight.removeAll()
                throw error
            }
        }
    }

    /// ``numberingPlaceholders(_:)``, remembered for statements sent again.
    private func numberingPlaceholders(_ sql: String) -> String {
        if let known = numbered[sql] { return known }
        let made = Self.numberingPlaceholders(sql)
        if numbered.count < 256 { numbered[sql] = made }
        return made
    }

    /// The connection closed under a statement whose result never came.
    struct ConnectionLost: Error {}

    /// Waits for `future`, checking every second that `connection` is still open: a connection
    /// cut at the wrong moment (a server restarting) can close without failing the statement
    /// sent on it, and a thread waiting on it alone would wait for ever.
    static func wait<T: Sendable>(for future: EventLoopFuture<T>, on connection: PostgresConnection) throws -> T {
        let done = DispatchSemaphore(value: 0)
        let outcome = NIOLockedValueBox<Result<T, any Error>?>(nil)
        future.whenComplete { result in
            outcome.withLockedValue { $0 = result }
            done.signal()
        }
        var closedChecks = 0
        while done.wait(timeout: .now() + .seconds(1)) == .timedOut {
            guard connection.isClosed else { continue }
            closedChecks += 1   // a second's grace for the failure already on its way
            if closedChecks > 1 { throw ConnectionLost() }
        }
        guard let result = outcome.withLockedValue({ $0 }) else { throw ConnectionLost() }
        return try result.get()
    }

    func execute(_ sql: String, _ arguments: [DatabaseValue]) throws {
        try flush()
        prefetched.removeAll()   // a write may change or delete rows read ahead
        _ = try send(sql, arguments)
    }

    /// Runs `sql` outside the batching (`BEGIN`, `COMMIT`): nothing may be pending.
    func command(_ sql: String) throws {
        _ = try send(sql, [])
    }

    func rows(_ sql: String, _ arguments: [DatabaseValue]) throws -> [[DatabaseValue]] {
        try flush()
        return try send(sql, arguments).map { row in try Self.values(row) }
    }

    func firstRow(_ sql: String, _ arguments: [DatabaseValue]) throws -> [DatabaseValue]? {
        try rows(sql, arguments).first
    }

    func tableExists(_ table: String) throws -> Bool {
        let sql = "SELECT EXISTS (SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ?)"
        return try firstRow(sql, [table.databaseValue])?.first == true.databaseValue
    }

    func isEmpty(_ table: String) throws -> Bool {
        try firstRow("SELECT NOT EXISTS (SELECT 1 FROM \(SQLName.quoted(table)))", [])?.first == true.databaseValue
    }

    // MARK: Rows by identity

    func storedRow(of table: TableSchema, identifiedBy identity: [DatabaseValue]) throws -> [DatabaseValue]? {
        if let known = prefetched[table.table]?[identity] { return known }
        return try firstRow(table.selectIdentified, identity)
    }

    var readsAhead: Bool { true }

    /// Reads the rows of `identities` ahead, replacing what was read ahead for `table` before
    /// (a streaming import reads each chunk's, in flat memory).
    func prefetchRows(of table: TableSchema, identifiedBy identities: [[DatabaseValue]]) throws {
        var found: [[DatabaseValue]: [DatabaseValue]?] = [:]
        found.reserveCapacity(identities.count)
        var start = 0
        while start < identities.count {
            let batch = Array(identities[start..<min(start + PostgresPendingWrites.maximumRows, identities.count)])
            start += batch.count
            for identity in batch { found[identity] = .some(nil) }
            let statement = PostgresPendingWrites.Statement(sql: table.selectIdentifiedAmong, rows: batch, width: table.identificationColumns.count)
            try flush()
            for row in try send(statement) {
                let values = try Self.values(row)
                found[table.identity(ofRow: values)] = .some(values)
            }
        }
        prefetched[table.table] = found
    }

    // MARK: Batched writes

    func upsert(_ values: [DatabaseValue], into table: TableSchema) throws {
        // The row as it will be stored (every column is set): what a read would find.
        let identity = table.identity(ofRow: values)
        if prefetched[table.table]?[identity] != nil { prefetched[table.table]?[identity] = .some(values) }
        try send(pending.upsert(values, into: table))
    }

    func deleteLinks(of parent: [DatabaseValue], in relationship: RelationshipSchema) throws {
        try send(pending.deleteLinks(of: parent, in: relationship))
    }

    func insertLink(parent: [DatabaseValue], child: [DatabaseValue], position: Int, in relationship: RelationshipSchema) throws {
        try send(pending.insertLink(parent: parent, child: child, position: position, in: relationship))
    }

    /// Sends every write not sent yet (the next statement sent waits for them to end).
    func flush() throws {
        guard !pending.isEmpty else { return }
        try send(pending.drain())
    }

    private func send(_ statements: [PostgresPendingWrites.Statement]) throws {
        for statement in statements { try write(statement) }
    }

    // MARK: Values

    /// A parameter sent as text, of a type the server infers from where it is used.
    private struct TextParameter: PostgresDynamicTypeEncodable {
        let text: String
        var psqlType: PostgresDataType { .null }   // OID 0: unspecified
        var psqlFormat: PostgresFormat { .text }
        func encode<JSONEncoder: PostgresJSONEncoder>(into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
            byteBuffer.writeString(text)
        }
    }

    /// One column of many rows, as a PostgreSQL array in text form (``PostgresArrays``).
    private struct ArrayParameter: PostgresDynamicTypeEncodable {
        let rows: [[DatabaseValue]]
        let column: Int
        var psqlType: PostgresDataType { .null }   // OID 0: cast where used (`?::BIGINT[]`)
        var psqlFormat: PostgresFormat { .text }
        func encode<JSONEncoder: PostgresJSONEncoder>(into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
            PostgresArrays.write(column: column, of: rows, into: &byteBuffer)
        }
    }

    /// The text form of a value (`nil` for NULL).
    static func text(_ value: DatabaseValue) -> String? {
        switch value.storage {
        case .null: return nil
        case .int64(let integer): return String(integer)
        case .double(let double):
            if double.isNaN { return "NaN" }
            if double.isInfinite { return double < 0 ? "-Infinity" : "Infinity" }
            return "\(double)"
        case .string(let text): return text
        case .blob(let data):
            var hex = "\\x"
            hex.reserveCapacity(2 + data.count * 2)
            let digits = Array("0123456789abcdef".utf8)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(data.count * 2)
            for byte in data {
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 0x0F)])
            }
            hex += String(decoding: bytes, as: UTF8.self)
            return hex
        }
    }

    /// A row's values: integers, doubles, text and bytes as SQLite would hold them (a boolean
    /// as 0 or 1).
    static func values(_ row: PostgresRow) throws -> [DatabaseValue] {
        var values: [DatabaseValue] = []
        for cell in row {
            guard cell.bytes != nil else {
                values.append(.null)
                continue
            }
            switch cell.dataType {
            case .int8, .int4, .int2:
                values.append(try cell.decode(Int64.self).databaseValue)
            case .float8, .float4:
                values.append(try cell.decode(Double.self).databaseValue)
            case .bool:
                values.append((try cell.decode(Bool.self) ? 1 : 0 as Int64).databaseValue)
            case .bytea:
                var buffer = try cell.decode(ByteBuffer.self)
                values.append(Data(buffer.readBytes(length: buffer.readableBytes) ?? []).databaseValue)
            case .text, .varchar, .name, .bpchar, .unknown:
                values.append(try cell.decode(String.self).databaseValue)
            default:
                throw StoreError(.database, "column '\(cell.columnName)' has a type the store does not read (OID \(cell.dataType.rawValue))")
            }
        }
        return values
    }

    /// `sql` with its `?` placeholders numbered `$1`, `$2`, … (outside quoted names and strings).
    static func numberingPlaceholders(_ sql: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(sql.utf8.count + 16)
        var number = 0
        var quote: UInt8?
        for byte in sql.utf8 {
            if let open = quote {
                if byte == open { quote = nil }   // a doubled quote closes and reopens: same result
                result.append(byte)
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                quote = byte
                result.append(byte)
            } else if byte == UInt8(ascii: "?") {
                number += 1
                result.append(UInt8(ascii: "$"))
                result.append(contentsOf: String(number).utf8)
            } else {
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
