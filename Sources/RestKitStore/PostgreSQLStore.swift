import Foundation
internal import GRDB
public import Logging
internal import NIOCore
internal import NIOPosix
internal import PostgresNIO
import RestKitCore
import RestKitMapping

/// A PostgreSQL object store: the same entity mappings, identification, relationships,
/// connections, orphan deletion and response cache as ``SQLiteStore``, in a database that
/// several processes and machines share.
///
/// Each operation is one `SERIALIZABLE` transaction on one of the store's connections. When
/// concurrent writers conflict (a serialization failure, a deadlock, a unique-index conflict
/// between two new rows), the whole operation runs again, so concurrent importers lose no
/// update and create no duplicate; a failed operation leaves nothing written.
///
/// ```swift
/// let store = try PostgreSQLStore(url: "postgres://app:secret@127.0.0.1:5432/app")
/// try await store.register(articles)
/// let result = try await store.map(document, with: articles)   // one transaction
/// let all = try await store.objects(of: articles)
/// await store.close()
/// ```
public final class PostgreSQLStore: Sendable {
    /// Where the server is and how the store uses it.
    ///
    /// ```swift
    /// var configuration = try PostgreSQLStore.Configuration(url: "postgres://app@127.0.0.1:5433/app")
    /// configuration.maximumConnections = 8
    /// ```
    public struct Configuration: Sendable {
        /// The server's host name or address.
        public var host: String
        /// The server's port (5432 by default).
        public var port: Int
        /// The user the store connects as.
        public var username: String
        /// The user's password; `nil` for trust or peer authentication.
        public var password: String?
        /// The database holding the store's tables.
        public var database: String
        /// The schema holding the store's tables (created by ``PostgreSQLStore/register(_:changingSchema:)``
        /// when missing); `nil`, the default, for the server's search path (usually `public`).
        /// Stores on different schemas of one database are independent.
        public var schema: String?
        /// At most this many connections (and operations at once); default 4.
        public var maximumConnections: Int = 4
        /// How many times an operation runs when concurrent writers conflict; default 20.
        public var maximumAttempts: Int = 20
        /// How long opening a connection may take; default 10 seconds.
        public var connectTimeout: Duration = .seconds(10)
        /// Where the store logs (default: nowhere): at `debug`, each write operation's counts
        /// and duration, or its error type, and each write retried after a conflict (keys:
        /// ``StoreLogKey``). postgres-nio's own entries are not passed on (they may quote SQL).
        ///
        /// ```swift
        /// var configuration = try PostgreSQLStore.Configuration(url: "postgres://app@127.0.0.1:5433/app")
        /// configuration.logger = Logger(label: "com.example.store")
        /// ```
        public var logger: Logger = .silent

        /// A configuration for a server without TLS (a server on loopback or a private network).
        ///
        /// ```swift
        /// let configuration = PostgreSQLStore.Configuration(host: "127.0.0.1", username: "app", password: nil, database: "app")
        /// ```
        public init(host: String, port: Int = 5432, username: String, password: String?, database: String) {
            self.host = host
            self.port = port
            self.username = username
            self.password = password
            self.database = database
        }

        /// A configuration from a URL: `postgres://user[:password]@host[:port]/database[?schema=name]`
        /// (`postgresql://` too; user and password percent-decoded; `schema` sets ``schema``).
        ///
        /// ```swift
        /// let configuration = try PostgreSQLStore.Configuration(url: "postgres://app:secret@db.internal/app?schema=catalog")
        /// ```
        ///
        /// - Throws: ``StoreError`` `.invalidName` naming what the URL lacks, or a query
        ///   parameter other than `schema`.
        public init(url: String) throws(StoreError) {
            func invalid(_ why: String) -> StoreError {
                StoreError(.invalidName, "invalid PostgreSQL URL '\(Self.redacted(url))': \(why) (postgres://user:password@host:port/database)")
            }
            guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased() else { throw invalid("not a URL") }
            guard scheme == "postgres" || scheme == "postgresql" else { throw invalid("the scheme must be postgres://") }
            guard let host = components.host, !host.isEmpty else { throw invalid("no host") }
            guard let user = components.percentEncodedUser?.removingPercentEncoding, !user.isEmpty else { throw invalid("no user name") }
            let database = String(components.path.drop(while: { $0 == "/" }))
            guard !database.isEmpty, !database.contains("/") else { throw invalid("no database name after the host") }
            self.init(
                host: host, port: components.port ?? 5432, username: user,
                password: components.percentEncodedPassword?.removingPercentEncoding, database: database)
            for item in components.queryItems ?? [] {
                guard item.name == "schema" else { throw invalid("unknown parameter '\(item.name)' (the only one is schema=name)") }
                guard let value = item.value, !value.isEmpty else { throw invalid("schema= needs a name") }
                schema = value
            }
        }

        /// `url` with its password replaced by `***`, for messages.
        static func redacted(_ url: String) -> String {
            guard var components = URLComponents(string: url), components.password != nil else { return url }
            components.password = "***"
            return components.string ?? url
        }

        /// `postgres://user@host:port/database[?schema=name]` (no password), for messages.
        ///
        /// ```swift
        /// try PostgreSQLStore.Configuration(url: "postgres://app:secret@db/app").location   // postgres://app@db:5432/app
        /// ```
        public var location: String { "postgres://\(username)@\(host):\(port)/\(database)" + (schema.map { "?schema=\($0)" } ?? "") }
    }

    /// Where the server is and how the store uses it, as given.
    public let configuration: Configuration
    let connections: PostgresConnectionPool
    private let threadPool: NIOThreadPool
    /// postgres-nio's logger: silent (its entries may quote SQL, and a store's entries are `log`'s).
    let driverLogger: Logger
    /// Where operations are logged.
    let log: StoreLog
    /// The signature of the schema registered per table, as ``SQLiteStore`` keeps it.
    let registered = LockedValue<[String: String]>([:])

    /// A store on the server `configuration` names. Nothing is sent until the first
    /// operation (``register(_:changingSchema:)``, which creates the tables).
    ///
    /// ```swift
    /// let store = PostgreSQLStore(configuration: .init(host: "127.0.0.1", port: 5433, username: "app", password: nil, database: "app"))
    /// ```
    public init(configuration: Configuration) {
        self.configuration = configuration
        var connection = PostgresConnection.Configuration(
            host: configuration.host, port: configuration.port, username: configuration.username, password: configuration.password,
            database: configuration.database, tls: .disable)
        let timeout = configuration.connectTimeout.components
        if let schema = configuration.schema {
            connection.options.additionalStartupParameters = [("search_path", SQLName.quoted(schema))]
        }
        connection.options.connectTimeout = .nanoseconds(timeout.seconds * 1_000_000_000 + timeout.attoseconds / 1_000_000_000)
        driverLogger = .silent
        log = StoreLog(logger: configuration.logger, system: "postgresql")
        connections = PostgresConnectionPool(
            configuration: connection, eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: driverLogger)
        threadPool = NIOThreadPool(numberOfThreads: max(configuration.maximumConnections, 1))
        threadPool.start()
    }

    /// A store on the server a `postgres://user:password@host:port/database` URL names.
    ///
    /// ```swift
    /// let store = try PostgreSQLStore(url: "postgres://app:secret@127.0.0.1:5432/app")
    /// ```
    ///
    /// - Throws: ``StoreError`` `.invalidName` for a URL that does not name a server, user and database.
    public convenience init(url: String) throws(StoreError) {
        self.init(configuration: try Configuration(url: url))
    }

    deinit {
        threadPool.shutdownGracefully { _ in }
    }

    /// Closes the store's connections. Operations after it fail.
    ///
    /// ```swift
    /// await store.close()
    /// ```
    public func close() async {
        await connections.closeAll()
        try? await threadPool.shutdownGracefully()
    }

    // MARK: Transactions

    /// How an operation's transaction begins.
    enum Access {
        /// `SERIALIZABLE`, run again on conflicts with concurrent writers.
        case write
        /// A consistent snapshot, read only.
        case read
        /// `READ COMMITTED` under the store's advisory lock: creating tables, one process at a time.
        case schema

        var begin: String {
            switch self {
            case .write: "BEGIN ISOLATION LEVEL SERIALIZABLE"
            case .read: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
            case .schema: "BEGIN"
            }
        }
    }

    /// Runs `body` in one transaction on a thread of the store's pool; what it throws rolls
    /// the transaction back and comes out as a ``StoreError`` naming `entity` and `activity`.
    func transaction<T: Sendable>(
        _ access: Access, entity: String?, doing activity: String, _ body: @escaping @Sendable (PostgresSession) throws -> T
    ) async throws(StoreError) -> T {
        do {
            return try await retrying(access, body)
        } catch {
            throw databaseError(error, entity: entity, doing: activity)
        }
    }

    /// Runs `body` in one transaction on a thread of the store's pool, and again — in a new
    /// transaction — while a write conflicts with a concurrent one (up to
    /// `Configuration.maximumAttempts`); rethrows what `body` or the server throws, as it is.
    func retrying<T: Sendable>(_ access: Access, _ body: @escaping @Sendable (PostgresSession) throws -> T) async throws -> T {
        let maximumAttempts = max(configuration.maximumAttempts, 1)
        return try await threadPool.runIfActive { [self] in
            var attempt = 1
            while true {
                do {
                    return try runOnce(access, serialized: attempt > 1, body)
                } catch where access == .write && Self.isConflict(error) && attempt < maximumAttempts {
                    // Another writer won: wait (a random time up to 10 ms, doubling with each
                    // attempt up to 2 s: "full jitter", so writers fall out of step) and
                    // run the whole operation again — holding the schema's write lock alone
                    // from now on, so that large overlapping imports, which would conflict
                    // again each time, take turns instead (see `runOnce`).
                    Thread.sleep(forTimeInterval: Double.random(in: 0...min(2.0, 0.010 * Double(1 << min(attempt, 10)))))
                    attempt += 1
                    log.retrying(attempt: attempt)
                }
            }
        }
    }

    /// One transaction. Writes hold the write lock of the store's schema: a first attempt
    /// shares it (taken inside its transaction, released when it ends), and a retry
    /// (`serialized`: a write that conflicted before) holds it alone. A retry thus waits for
    /// the writes running, keeps new ones waiting (PostgreSQL queues a shared request behind a
    /// waiting exclusive one), and runs with no other store writer beside it, so it cannot
    /// conflict again: among stores, an operation ends by its second attempt however large the
    /// overlap. The exclusive lock is a session lock taken *before* `BEGIN`, so that the
    /// transaction's snapshot comes after the previous holders' commits (taken inside, the
    /// snapshot would predate them and conflict again); it is released after `COMMIT` or
    /// `ROLLBACK`, or with the connection.
    private func runOnce<T>(_ access: Access, serialized: Bool = false, _ body: (PostgresSession) throws -> T) throws -> T {
        let connection = try connections.take()
        let session = PostgresSession(connection, logger: driverLogger)
        let locks = access == .write && serialized
        let lock = "\(Self.writeLock), hashtext(current_schema())"
        var locked = false
        do {
            if locks {
                try session.command("SELECT pg_advisory_lock(\(lock))")
                locked = true
            }
            try session.command(access.begin)
            if access == .write && !locks { try session.command("SELECT pg_advisory_xact_lock_shared(\(lock))") }
            if access == .schema { try session.command("SELECT pg_advisory_xact_lock(\(Self.schemaLock))") }
            let value = try body(session)
            try session.flush()
            try session.command("COMMIT")
            // Committed: a failure to unlock only closes the connection (which unlocks).
            if locked, (try? session.command("SELECT pg_advisory_unlock(\(lock))")) == nil {
                connections.discard(connection)
            } else {
                connections.give(connection)
            }
            return value
        } catch {
            // Rolled back (an error leaves the server's transaction aborted; ROLLBACK ends it),
            // and unlocked; a connection where either fails is closed, which does both.
            if !connection.isClosed, (try? session.command("ROLLBACK")) != nil,
                !locked || (try? session.command("SELECT pg_advisory_unlock(\(lock))")) != nil
            {
                connections.give(connection)
            } else {
                connections.discard(connection)
            }
            throw error
        }
    }

    /// The advisory lock key under which schema changes run (`RestKit` in ASCII).
    static let schemaLock: Int64 = 0x52_65_73_74_4B_69_74

    /// The first key of the two-key advisory lock retried writes take (`RKwr` in ASCII); the
    /// second is the hash of the schema's name.
    static let writeLock: Int32 = 0x52_4B_77_72

    /// Whether `error` is a conflict with a concurrent transaction, which running the whole
    /// operation again resolves: serialization failure (40001), deadlock (40P01), a unique
    /// index hit by two new rows at once (23505).
    static func isConflict(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError, error.code == .server, let state = error.serverInfo?[.sqlState] else { return false }
        return state == "40001" || state == "40P01" || state == "23505"
    }

    /// `error` as a ``StoreError``: a `StoreError` as is, a server error with its message and
    /// SQLSTATE, a lost or refused connection saying so.
    func databaseError(_ error: any Error, entity: String?, doing activity: String) -> StoreError {
        if let error = error as? StoreError { return error }
        let what = "\(activity) (\(configuration.location))"
        if let error = error as? PostgresConnectionPool.Unreachable {
            var cause = "\(error.underlying)"
            if let underlying = error.underlying as? PSQLError, let nested = underlying.underlying { cause = "\(underlying.code): \(nested)" }
            return StoreError(
                .database, "\(what): cannot reach the server at \(configuration.host):\(configuration.port) (\(cause)); is PostgreSQL running and listening there?",
                entity: entity)
        }
        if error is PostgresSession.ConnectionLost {
            return StoreError(.database, "\(what): the connection to the server was lost; nothing of this operation was committed", entity: entity)
        }
        guard let error = error as? PSQLError else {
            return StoreError(.database, "\(what): \(error)", entity: entity)
        }
        switch error.code {
        case .server:
            let message = error.serverInfo?[.message] ?? "server error"
            let state = error.serverInfo?[.sqlState] ?? "?"
            var reason = "\(what): \(message) (SQLSTATE \(state))"
            if let detail = error.serverInfo?[.detail] { reason += ": \(detail)" }
            if Self.isConflict(error) {
                reason += " (still conflicting with concurrent writers after \(max(configuration.maximumAttempts, 1)) attempts, Configuration.maximumAttempts)"
            }
            if state == "28P01" || state == "28000" {
                reason += "; check the user name and password of the store's configuration"
            } else if state == "3D000" {
                reason += "; create the database first (createdb)"
            }
            return StoreError(.database, reason, entity: entity)
        case .serverClosedConnection, .uncleanShutdown, .connectionError, .clientClosedConnection:
            return StoreError(
                .database, "\(what): the connection to the server was lost (\(error.code)); nothing of this operation was committed", entity: entity)
        case .unsupportedAuthMechanism, .authMechanismRequiresPassword, .saslError:
            return StoreError(.database, "\(what): authentication failed (\(error.code)); check the password", entity: entity)
        default:
            return StoreError(.database, "\(what): \(error.code)", entity: entity)
        }
    }
}
