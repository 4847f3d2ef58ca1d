import Foundation
import Logging
import NIOPosix
import PostgresNIO
import RestKitStore
import Synchronization

/// One postgres-nio connection of rkbench's own (not the store's): the hand-written baseline
/// writes through it, and setup and the checks read and drop schemas with it.
///
/// ```swift
/// let connection = try await PostgresBenchConnection.open(configuration, searchPath: "rkbench_1_a_1")
/// let rows = try await connection.rows("SELECT count(*) FROM articles")
/// await connection.close()
/// ```
final class PostgresBenchConnection: Sendable {
    let connection: PostgresConnection

    /// postgres-nio logs nothing of ours.
    static let logger = Logger(label: "rkbench.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
    private static let nextID = Atomic<Int>(0)

    private init(connection: PostgresConnection) {
        self.connection = connection
    }

    /// A connection to the server `configuration` names (no TLS), with `searchPath` as its
    /// schema when given (a startup parameter, as the store sets it).
    static func open(_ configuration: PostgreSQLStore.Configuration, searchPath: String? = nil) async throws -> PostgresBenchConnection {
        var options = PostgresConnection.Configuration(
            host: configuration.host, port: configuration.port, username: configuration.username,
            password: configuration.password, database: configuration.database, tls: .disable)
        if let searchPath { options.options.additionalStartupParameters = [("search_path", quoted(searchPath))] }
        let connection = try await PostgresConnection.connect(
            configuration: options, id: nextID.add(1, ordering: .relaxed).newValue, logger: logger)
        return PostgresBenchConnection(connection: connection)
    }

    /// Runs `sql` (placeholders `$1`, `$2`, …) and discards any rows.
    func execute(_ sql: String, _ binds: PostgresBindings = PostgresBindings()) async throws {
        try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: Self.logger).consume()
    }

    /// Runs `sql` and returns every row.
    func rows(_ sql: String, _ binds: PostgresBindings = PostgresBindings()) async throws -> [PostgresRow] {
        try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: Self.logger).collect()
    }

    /// Closes the connection (errors ignored: it is not used again).
    func close() async {
        try? await connection.close()
    }

    /// `"name"`, with inner quotes doubled.
    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `error`'s description on one line (a server's message and detail may span several), for the report's tables.
    static func oneLine(_ error: any Error) -> String {
        oneLine("\(error)")
    }

    /// `text` with its line breaks made spaces.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// A postgres-nio error as a line of text: the server's message and SQLSTATE, or the
    /// connection's trouble (PSQLError's own description hides both).
    static func describe(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return "\(error)" }
        if let info = error.serverInfo {
            var text = "\(info[.message] ?? "server error") (SQLSTATE \(info[.sqlState] ?? "?"))"
            if let detail = info[.detail] { text += ": \(detail)" }
            return oneLine(text)
        }
        if let failed = error.underlying as? NIOConnectionError {
            let causes = failed.connectionErrors.map { "\($0.error)" } + (failed.dnsAAAAError.map { ["\($0)"] } ?? [])
            return "cannot connect (\(causes.isEmpty ? "\(failed)" : causes.joined(separator: "; "))); is PostgreSQL running and listening there?"
        }
        if let underlying = error.underlying { return oneLine("\(error.code): \(underlying)") }
        return "\(error.code)"
    }
}

extension PostgresRowSequence {
    /// Reads and drops every row (a statement's result must be read before the next one runs).
    func consume() async throws {
        for try await _ in self {}
    }
}
