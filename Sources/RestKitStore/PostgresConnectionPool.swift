import Foundation
internal import Logging
internal import NIOCore
internal import PostgresNIO
import RestKitCore

/// The connections of one ``PostgreSQLStore``: idle ones kept for the next transaction, new
/// ones opened when none is idle. Used from the store's thread-pool threads only (it waits).
/// At most as many connections are open as the thread pool has threads.
final class PostgresConnectionPool: Sendable {
    private let configuration: PostgresConnection.Configuration
    private let eventLoopGroup: any EventLoopGroup
    private let logger: Logger
    private let idle = LockedValue<[PostgresConnection]>([])
    private let nextID = LockedValue(0)

    init(configuration: PostgresConnection.Configuration, eventLoopGroup: any EventLoopGroup, logger: Logger) {
        self.configuration = configuration
        self.eventLoopGroup = eventLoopGroup
        self.logger = logger
    }

    /// An open connection: an idle one, or a new one (waits for the server).
    func take() throws -> PostgresConnection {
        while let connection = idle.withLock({ $0.popLast() }) {
            if !connection.isClosed { return connection }
        }
        let id = nextID.withLock { id in
            id += 1
            return id
        }
        do {
            return try PostgresConnection.connect(on: eventLoopGroup.next(), configuration: configuration, id: id, logger: logger).wait()
        } catch let error as PSQLError where error.code == .server {
            throw error   // the server answered: authentication, a missing database…
        } catch {
            throw Unreachable(underlying: error)
        }
    }

    /// Opening a connection failed before the server answered (refused, timed out, lost).
    struct Unreachable: Error {
        let underlying: any Error
    }

    /// Keeps `connection` for the next transaction (unless it closed).
    func give(_ connection: PostgresConnection) {
        guard !connection.isClosed else { return }
        idle.withLock { $0.append(connection) }
    }

    /// Closes `connection` (after an error that may have left it in an unknown state).
    func discard(_ connection: PostgresConnection) {
        // The callback keeps the connection until it has closed (one released open traps).
        connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
    }

    deinit {
        for connection in idle.withLock({ $0 }) { discard(connection) }
    }

    /// Closes every idle connection.
    func closeAll() async {
        let connections = idle.withLock { idle in
            defer { idle.removeAll() }
            return idle
        }
        for connection in connections { try? await connection.close() }
    }
}
