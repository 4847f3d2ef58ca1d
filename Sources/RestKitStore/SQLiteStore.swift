import Foundation
internal import GRDB
public import Logging
import RestKitMapping
import RestKitCore

/// A SQLite object store: mapped objects kept in tables, found and updated by their
/// identification attributes.
///
/// Open a file (a WAL-mode pool: readers never wait for the writer) or an in-memory database,
/// register each ``EntityMapping`` (which creates or checks its table), then map payloads into
/// it. Each ``map(_:with:options:deletingOrphansIn:caching:)`` is one transaction.
///
/// ```swift
/// let store = try SQLiteStore(path: "/tmp/articles.sqlite")
/// try await store.register(articles)
/// let result = try await store.map(document, with: articles)   // find-or-create, one transaction
/// let all = try await store.objects(of: articles)
/// ```
public final class SQLiteStore: Sendable {
    let writer: any DatabaseWriter
    /// Where the store lives (`":memory:"` for an in-memory store).
    public let path: String
    /// The signature of the schema registered per table, so that only registered mappings
    /// are used.
    private let registered = LockedValue<[String: String]>([:])
    /// Where operations are logged.
    let log: StoreLog

    /// How a file store opens its database.
    ///
    /// ```swift
    /// let store = try SQLiteStore(path: path, configuration: .init(busyTimeout: .seconds(30)))
    /// ```
    public struct Configuration: Sendable {
        /// How long an operation waits for another connection (another process, or another
        /// `SQLiteStore` on the same file) that holds the database's write lock before it
        /// fails with ``StoreError`` `.database` ("database is locked"). The default, 5
        /// seconds, rides out another writer's transaction without hanging on a stuck one;
        /// `.zero` fails at once. Readers of a file store never wait for a writer (WAL).
        public var busyTimeout: Duration
        /// Where the store logs (default: nowhere): at `debug`, each write operation's counts
        /// and duration, or its error type (keys: ``StoreLogKey``).
        ///
        /// ```swift
        /// var logger = Logger(label: "com.example.store")
        /// logger.logLevel = .debug
        /// let store = try SQLiteStore(path: path, configuration: .init(logger: logger))
        /// ```
        public var logger: Logger

        /// A configuration; by default, a 5-second busy timeout and no logging.
        ///
        /// ```swift
        /// let impatient = SQLiteStore.Configuration(busyTimeout: .milliseconds(100))
        /// ```
        public init(busyTimeout: Duration = .seconds(5), logger: Logger? = nil) {
            self.busyTimeout = busyTimeout
            self.logger = logger ?? .silent
        }
    }

    /// Opens (or creates) the database file at `path`, in WAL mode.
    ///
    /// ```swift
    /// let store = try SQLiteStore(path: FileManager.default.temporaryDirectory.appending(path: "app.sqlite").path)
    /// let patient = try SQLiteStore(path: path, configuration: .init(busyTimeout: .seconds(30)))
    /// ```
    ///
    /// - Throws: ``StoreError`` `.database` when the file cannot be opened as a SQLite database
    ///   (the reason names the path: `opening '/tmp/app.sqlite': file is not a database`).
    public init(path: String, configuration: Configuration = Configuration()) throws(StoreError) {
        var grdbConfiguration = GRDB.Configuration()
        let timeout = configuration.busyTimeout.components
        let seconds = Double(timeout.seconds) + Double(timeout.attoseconds) / 1e18
        grdbConfiguration.busyMode = seconds > 0 ? .timeout(seconds) : .immediateError
        do {
            writer = try DatabasePool(path: path, configuration: grdbConfiguration)
        } catch {
            throw Self.databaseError(error, entity: nil, doing: "opening '\(path)'")
        }
        self.path = path
        log = StoreLog(logger: configuration.logger, system: "sqlite")
    }

    /// An in-memory store (gone when the store is released); the same behavior as a file store.
    ///
    /// ```swift
    /// let store = try SQLiteStore.inMemory()
    /// ```
    public static func inMemory(configuration: Configuration = Configuration()) throws(StoreError) -> SQLiteStore {
        do {
            return SQLiteStore(writer: try DatabaseQueue(), path: ":memory:", configuration: configuration)
        } catch {
            throw databaseError(error, entity: nil, doing: "opening an in-memory database")
        }
    }

    private init(writer: any DatabaseWriter, path: String, configuration: Configuration) {
        self.writer = writer
        self.path = path
        log = StoreLog(logger: configuration.logger, system: "sqlite")
    }

    /// Creates `entity`'s table (through a versioned migration, `RestKitStore.<table>.v1`: the
    /// declared columns and a UNIQUE index on the identification columns), or checks the
    /// existing table against it, adding columns declared since (`RestKitStore.<table>.<column>.add`).
    /// With searchable columns, another migration (`RestKitStore.<table>.search(<columns>)`)
    /// adds the full-text index `<table>_search` and its triggers and indexes the rows already
    /// stored. The entities its relationships and connections reach are registered too, with
    /// their foreign-key columns and join tables.
    ///
    /// With `changingSchema: false` nothing is created or changed: the tables must already
    /// match (for a reader, such as `rk query`).
    ///
    /// ```swift
    /// try await store.register(articles)
    /// try await readOnly.register(articles, changingSchema: false)
    /// ```
    ///
    /// - Throws: ``StoreError`` `.schemaMismatch` naming the missing table or the first missing
    ///   or mismatched column (or the missing UNIQUE index); `.notRegistered` when another
    ///   mapping with a different schema was registered for the same table; `.database` for
    ///   SQLite errors.
    public func register<Model>(_ entity: EntityMapping<Model>, changingSchema: Bool = true) async throws(StoreError) {
        // The entity and every entity its relationships and connections reach.
        let schemas = entity.schema.reachable()
        let known = registered.withLock { registered in schemas.map { registered[$0.table] } }
        for (schema, signature) in zip(schemas, known) where signature != nil && signature != schema.signature {
            throw StoreError(.notRegistered, "another mapping with a different schema is registered for this table", entity: schema.table)
        }
        guard known.contains(where: { $0 == nil }) || entity.schema.relationships.contains(where: \.needsCreation) else { return }
        if !changingSchema {
            do {
                try await writer.read { db in try Self.check(schemas, in: db) }
            } catch {
                throw databaseError(error, entity: entity.table, doing: "checking the tables")
            }
            registered.withLock { registered in
                for schema in schemas { registered[schema.table] = schema.signature }
            }
            return
        }
        var migrator = DatabaseMigrator()
        var identifiers: Set<String> = []
        for schema in schemas.reversed() {
            let table = schema.sql
            if identifiers.insert("RestKitStore.\(schema.table).v1").inserted {
                migrator.registerMigration("RestKitStore.\(schema.table).v1") { db in
                    if try !db.tableExists(table.table) {
                        try db.execute(sql: table.createTable)
                        try db.execute(sql: table.createIndex)
                    }
                }
            }
            // Columns declared after the table was made: added (NULL in existing rows), once.
            for column in schema.storedColumns where !schema.identificationColumns.contains(column) {
                let identifier = "RestKitStore.\(schema.table).\(column.name).add"
                guard identifiers.insert(identifier).inserted else { continue }
                migrator.registerMigration(identifier) { db in
                    let existing = Set(try db.columns(in: table.table).map { $0.name.lowercased() })
                    if !existing.contains(column.name.lowercased()) {
                        try db.execute(sql: table.addColumn(column))
                    }
                }
            }
            let search = SearchIndexSchema(schema)
            if !search.columns.isEmpty, identifiers.insert(search.migrationIdentifier).inserted {
                migrator.registerMigration(search.migrationIdentifier) { db in try search.createOrReplace(db) }
            }
        }
        for schema in schemas {
            for relationship in schema.relationships where relationship.needsCreation {
                guard identifiers.insert(relationship.migrationIdentifier).inserted else { continue }
                migrator.registerMigration(relationship.migrationIdentifier) { db in
                    try relationship.create(db)
                }
            }
        }
        let finalMigrator = migrator
        let writer = self.writer
        let outcome: Result<Void, any Error> = await withCheckedContinuation { continuation in
            finalMigrator.asyncMigrate(writer) { result in
                continuation.resume(returning: result.flatMap { db in Result { try Self.check(schemas, in: db) } })
            }
        }
        if case .failure(let error) = outcome {
            throw Self.databaseError(error, entity: entity.table, doing: "creating or checking the table in '\(path)'")
        }
        registered.withLock { registered in
            for schema in schemas { registered[schema.table] = schema.signature }
        }
    }

    /// Checks the tables, indexes and link columns of `schemas` against the database.
    private static func check(_ schemas: [EntitySchema], in db: Database) throws {
        for schema in schemas {
            guard try db.tableExists(schema.table) else {
                throw StoreError(.schemaMismatch, "no table '\(schema.table)'", entity: schema.table)
            }
            try schema.sql.check(db)
            let search = SearchIndexSchema(schema)
            if !search.columns.isEmpty { try search.check(db) }
            for relationship in schema.relationships { try relationship.check(db) }
        }
    }

    /// Throws unless `entity` (this very schema) was registered.
    func checkRegistered<Model>(_ entity: EntityMapping<Model>) throws(StoreError) {
        let existing = registered.withLock { $0[entity.table] }
        guard existing == entity.schema.signature else {
            throw StoreError(.notRegistered, "register the entity mapping with the store first", entity: entity.table)
        }
    }

    /// A ``StoreError`` as is; anything else (a SQLite error) as `.database`.
    /// The same, naming the store's file (not for an in-memory store).
    func databaseError(_ error: any Error, entity: String?, doing what: String) -> StoreError {
        Self.databaseError(error, entity: entity, doing: path == ":memory:" ? what : "\(what) (\(path))")
    }

    static func databaseError(_ error: any Error, entity: String?, doing what: String) -> StoreError {
        if let error = error as? StoreError { return error }
        if let error = error as? DatabaseError {
            var message = error.message ?? "SQLite error \(error.resultCode)"
            if error.resultCode == .SQLITE_BUSY {
                message += " (another connection held its lock past the busy timeout, Configuration.busyTimeout)"
            }
            return StoreError(.database, "\(what): \(message)", entity: entity)
        }
        return StoreError(.database, "\(what): \(error)", entity: entity)
    }
}
