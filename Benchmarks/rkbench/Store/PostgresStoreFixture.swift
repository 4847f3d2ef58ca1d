import Foundation
import PostgresNIO
import RestKit
import RestKitStore

/// What the `store-postgres` rows share, made on first use (untimed): the server
/// (``PostgresBenchServer``, started or reached), the parsed payload (the `store` group's own
/// ``StorePayload``, same seed), and a check that the store and the hand-written baseline
/// write identical tables.
///
/// The check imports the whole payload once each way into a fresh schema — `PostgreSQLStore.map`
/// and ``PostgresBatchImport`` — and compares every table of the two schemas (the store's
/// migrations table aside): the same tables, and in each the same rows, value for value,
/// in the order first stored (`restkit_row`, the store's row-order column) — compared as one
/// md5 per table computed by the server, and row by row to name the first difference when the
/// digests differ. It keeps each table's digest in identity order (``expected``), which the
/// concurrent case's checks compare with.
///
/// ```swift
/// let fixture = PostgresStoreFixture(payload: payload, server: server)
/// let prepared = try fixture.prepared()   // reached, parsed and checked on the first call
/// ```
final class PostgresStoreFixture: @unchecked Sendable {
    struct Prepared: Sendable {
        let input: StorePayload.Input
        let connected: PostgresBenchServer.Connected
        /// Per table, the rows of the whole payload imported once, in identity order.
        let expected: [String: TableDigest]
        /// Per table, its columns as `register` makes them (the same in every sample's schema).
        let layouts: [String: TableLayout]
    }

    /// A table's columns but `restkit_row`, in table order, and whether it has `restkit_row`.
    struct TableLayout: Sendable {
        let names: [String]
        let hasRowOrder: Bool
    }

    /// A table's row count and the md5 of its rows' text (`restkit_row` left out), in a given order.
    struct TableDigest: Equatable, Sendable, CustomStringConvertible {
        let rows: Int
        let md5: String
        var description: String { "\(rows) rows, md5 \(md5)" }
    }

    /// The order a digest reads rows in.
    enum RowOrder {
        /// `restkit_row`: the order first stored (join tables, which have none: all columns).
        case firstStored
        /// All columns but `restkit_row`, in table order: by identity (identification columns come first).
        case identity
    }

    /// The tables the entity's `register` makes and the imports fill.
    static let tables = ["articles", "articles_tags", "authors", "tags"]

    let payload: StorePayload
    let server: PostgresBenchServer
    private let lock = NSLock()
    private var built: Result<Prepared, any Error>?

    init(payload: StorePayload, server: PostgresBenchServer) {
        self.payload = payload
        self.server = server
    }

    /// Everything, made and checked on the first call; the same error on every call after a failure.
    func prepared() throws -> Prepared {
        try lock.withLock {
            let result = built ?? Result { try build() }
            built = result
            return try result.get()
        }
    }

    private func build() throws -> Prepared {
        let connected = try server.connected()
        let input = try payload.parsedInput()
        let count = payload.count
        let storeSchema = try server.freshSchema("the check's store import")
        let batchSchema = try server.freshSchema("the check's postgres-batch import")
        defer {
            try? server.drop(storeSchema)
            try? server.drop(batchSchema)
        }
        let store = try Self.registeredStore(connected, schema: storeSchema, entity: input.entity)
        let document = input.document
        let entity = input.entity
        let inserted = try AsyncBridge.wait {
            do {
                let inserted = try await store.map(document, with: entity).inserted
                await store.close()
                return inserted
            } catch {
                await store.close()
                throw error
            }
        }
        guard inserted == count else { throw BaselineError("check: the store inserted \(inserted) of \(count) articles") }
        let rows = try PostgresBatchImport(input.elements)
        let connection = try Self.baselineConnection(connected, schema: batchSchema, entity: input.entity)
        try AsyncBridge.wait {
            do {
                try await rows.write(on: connection)
                await connection.close()
            } catch {
                await connection.close()
                throw BaselineError("check: postgres-batch: \(PostgresBenchConnection.describe(error))")
            }
        }

        let admin = connected.admin
        let storeTables = try Self.tables(in: storeSchema, admin: admin)
        let batchTables = try Self.tables(in: batchSchema, admin: admin)
        guard storeTables == batchTables else {
            throw BaselineError("check: the store made tables \(storeTables), postgres-batch's schema has \(batchTables)")
        }
        for table in Self.tables where !storeTables.contains(table) {
            throw BaselineError("check: no table \(table) (tables: \(storeTables))")
        }
        var counts: [String] = []
        for table in storeTables {
            let layout = try Self.layout(of: table, in: storeSchema, admin: admin)
            let stored = try Self.digest(of: table, in: storeSchema, order: .firstStored, layout: layout, admin: admin)
            let written = try Self.digest(of: table, in: batchSchema, order: .firstStored, layout: try Self.layout(of: table, in: batchSchema, admin: admin), admin: admin)
            guard stored == written else {
                throw BaselineError("check: \(table) differs: " + (try Self.firstDifference(in: table, storeSchema, batchSchema, admin: admin)))
            }
            counts.append("\(table) \(stored.rows)")
        }
        var expected: [String: TableDigest] = [:]
        var layouts: [String: TableLayout] = [:]
        for table in Self.tables {
            let layout = try Self.layout(of: table, in: storeSchema, admin: admin)
            layouts[table] = layout
            expected[table] = try Self.digest(of: table, in: storeSchema, order: .identity, layout: layout, admin: admin)
        }
        guard expected["articles"]?.rows == count else {
            throw BaselineError("check: \(expected["articles"]?.rows ?? 0) articles stored, \(count) expected")
        }
        print("store-postgres/\(count): the store and postgres-batch wrote identical tables on \(connected.location) (rows: \(counts.joined(separator: ", ")))")
        print("store-postgres/\(count): the goal is the store within 1.5× of postgres-batch's time (a ratio of at least 0.67)")
        return Prepared(input: input, connected: connected, expected: expected, layouts: layouts)
    }

    // MARK: Schemas for a sample

    /// A store on `schema` with `entity` registered (its tables created: untimed setup).
    static func registeredStore(
        _ connected: PostgresBenchServer.Connected, schema: String, entity: EntityMapping<StoreArticle>
    ) throws -> PostgreSQLStore {
        var configuration = connected.configuration
        configuration.schema = schema
        let store = PostgreSQLStore(configuration: configuration)
        do {
            try AsyncBridge.wait { try await store.register(entity) }
        } catch {
            try? AsyncBridge.wait { await store.close() }
            throw error
        }
        return store
    }

    /// The baseline's connection to `schema` (its search path), whose tables the store's
    /// `register` created (same schema, indexes and full-text index on both sides).
    static func baselineConnection(
        _ connected: PostgresBenchServer.Connected, schema: String, entity: EntityMapping<StoreArticle>
    ) throws -> PostgresBenchConnection {
        let store = try registeredStore(connected, schema: schema, entity: entity)
        try AsyncBridge.wait { await store.close() }
        let configuration = connected.configuration
        do {
            return try AsyncBridge.wait { try await PostgresBenchConnection.open(configuration, searchPath: schema) }
        } catch {
            throw BaselineError("connecting to \(connected.location): \(PostgresBenchConnection.describe(error))")
        }
    }

    // MARK: Reading tables

    /// The base tables of `schema` but the store's migrations, by name.
    static func tables(in schema: String, admin: PostgresBenchConnection) throws -> [String] {
        var binds = PostgresBindings()
        binds.append(schema)
        let sql = """
            SELECT table_name::text FROM information_schema.tables WHERE table_schema::text = $1 \
            AND table_type = 'BASE TABLE' AND table_name::text <> 'restkit_migrations' ORDER BY 1
            """
        return try query(sql, binds, admin: admin).map { try $0.decode(String.self) }
    }

    /// The columns of `table` in `schema`.
    static func layout(of table: String, in schema: String, admin: PostgresBenchConnection) throws -> TableLayout {
        var binds = PostgresBindings()
        binds.append(schema)
        binds.append(table)
        let sql = """
            SELECT column_name::text FROM information_schema.columns WHERE table_schema::text = $1 AND table_name::text = $2 \
            ORDER BY ordinal_position
            """
        let names = try query(sql, binds, admin: admin).map { try $0.decode(String.self) }
        guard !names.isEmpty else { throw BaselineError("no table \(schema).\(table)") }
        return TableLayout(names: names.filter { $0 != "restkit_row" }, hasRowOrder: names.contains("restkit_row"))
    }

    /// Every column of `table` but `restkit_row` as one row's text, the ORDER BY list, and the qualified table.
    private static func rowText(of table: String, in schema: String, order: RowOrder, layout: TableLayout) -> (
        text: String, order: String, from: String
    ) {
        let quoted = layout.names.map(PostgresBenchConnection.quoted)
        let ordering = order == .firstStored && layout.hasRowOrder ? PostgresBenchConnection.quoted("restkit_row") : quoted.joined(separator: ", ")
        return ("ROW(\(quoted.joined(separator: ", ")))::text", ordering,
                "\(PostgresBenchConnection.quoted(schema)).\(PostgresBenchConnection.quoted(table))")
    }

    /// The row count and md5 of `table`'s rows in `order`, computed by the server.
    static func digest(of table: String, in schema: String, order: RowOrder, layout: TableLayout, admin: PostgresBenchConnection) throws -> TableDigest {
        let parts = rowText(of: table, in: schema, order: order, layout: layout)
        let sql = "SELECT count(*)::int8, coalesce(md5(string_agg(\(parts.text), chr(10) ORDER BY \(parts.order))), '') FROM \(parts.from)"
        guard let row = try query(sql, PostgresBindings(), admin: admin).first else { throw BaselineError("no digest of \(schema).\(table)") }
        let (rows, md5) = try row.decode((Int64, String).self)
        return TableDigest(rows: Int(rows), md5: md5)
    }

    /// The first row where `table` differs between two schemas, as text (read only when the digests differ).
    static func firstDifference(in table: String, _ first: String, _ second: String, admin: PostgresBenchConnection) throws -> String {
        func rows(_ schema: String) throws -> [String] {
            let parts = rowText(of: table, in: schema, order: .firstStored, layout: try layout(of: table, in: schema, admin: admin))
            return try query("SELECT \(parts.text) FROM \(parts.from) ORDER BY \(parts.order)", PostgresBindings(), admin: admin)
                .map { try $0.decode(String.self) }
        }
        let left = try rows(first)
        let right = try rows(second)
        if let index = zip(left, right).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            return "row \(index) (in the order first stored): store \(left[index]), postgres-batch \(right[index])"
        }
        return "the store has \(left.count) rows, postgres-batch \(right.count)"
    }

    /// Runs `sql` on the admin connection and returns its rows.
    static func query(_ sql: String, _ binds: PostgresBindings, admin: PostgresBenchConnection) throws -> [PostgresRow] {
        do {
            return try AsyncBridge.wait { try await admin.rows(sql, binds) }
        } catch {
            throw BaselineError("\(sql.prefix(120)): \(PostgresBenchConnection.describe(error))")
        }
    }
}
