import Logging
import Foundation
@testable import RestKitStore
import Testing

// The PostgreSQL server the store tests run against: the private cluster `make test` starts
// (scripts/postgres-server.sh run), named by RESTKIT_POSTGRES_URL. Without it the PostgreSQL
// cases are left out and `postgresServerIsAvailable` says why, skipped.

enum PostgresTestServer {
    /// The server's URL, or `nil` when no server was started for this run.
    static let url: String? = ProcessInfo.processInfo.environment["RESTKIT_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    /// The cluster's directory (for restarting it), when `make test` started it.
    static let directory: String? = ProcessInfo.processInfo.environment["RESTKIT_POSTGRES_DIR"]

    static let skipReason: Comment =
        "no PostgreSQL server: run the tests through `make test` (which starts a private one with scripts/postgres-server.sh), or set RESTKIT_POSTGRES_URL"

    /// The configuration of a store in a schema of its own (fresh for each call), so tests
    /// do not see each other's tables.
    static func freshConfiguration() throws -> PostgreSQLStore.Configuration {
        guard let url else { throw SkipError() }
        var configuration = try PostgreSQLStore.Configuration(url: url)
        configuration.schema = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        return configuration
    }

    struct SkipError: Error {}

    /// Runs `scripts/postgres-server.sh` with `arguments`; its exit status.
    @discardableResult
    static func script(_ arguments: [String]) throws -> Int32 {
        try run(arguments).status
    }

    /// Starts a private server of a test's own (`scripts/postgres-server.sh start`); its directory.
    static func startPrivateServer() throws -> String {
        let (status, output) = try run(["start"])
        let directory = output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard status == 0, !directory.isEmpty else { throw SkipError() }
        return directory
    }

    /// The URL of the server in `directory`.
    static func url(of directory: String) throws -> String {
        try run(["url", directory]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let process = Process()
        let pipe = Pipe()
        process.executableURL = root.appending(path: "scripts/postgres-server.sh")
        process.arguments = arguments
        process.standardOutput = pipe
        try process.run()
        // Not read to its end: the server the script starts keeps a copy of the pipe open.
        process.waitUntilExit()
        let output = pipe.fileHandleForReading.availableData
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}

@Suite struct PostgresServerAvailability {
    @Test(.enabled(if: PostgresTestServer.url != nil, PostgresTestServer.skipReason))
    func postgresServerIsAvailable() async throws {
        let store = PostgreSQLStore(configuration: try PostgresTestServer.freshConfiguration())
        let entity = try articleEntity()
        try await store.register(entity)
        #expect(try await store.count(of: entity) == 0)
        await store.close()
    }
}

/// The stores the store suites run against: SQLite on a file and in memory, and PostgreSQL
/// when a server is available.
enum StoreBackend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case file, memory, postgres
    var testDescription: String { rawValue }

    /// The backends of this run (PostgreSQL only with a server).
    static var available: [StoreBackend] {
        PostgresTestServer.url == nil ? [.file, .memory] : allCases
    }
}

/// A store as the suites see it: what every store does, and a row count of any table.
protocol TestedStore: PersistentObjectStore {
    func rowCount(_ table: String) async throws -> Int
}

extension SQLiteStore: TestedStore {}
extension PostgreSQLStore: TestedStore {}

/// Runs `body` with a new store of `backend` (a file store's directory removed, a PostgreSQL
/// store in a fresh schema, closed, afterwards).
func withStore<T>(_ backend: StoreBackend, logger: Logger? = nil, _ body: (any TestedStore) async throws -> T) async throws -> T {
    switch backend {
    case .memory:
        return try await withStore(.memory, logger: logger) { (store: SQLiteStore) in try await body(store) }
    case .file:
        return try await withStore(.file, logger: logger) { (store: SQLiteStore) in try await body(store) }
    case .postgres:
        var configuration = try PostgresTestServer.freshConfiguration()
        if let logger { configuration.logger = logger }
        let store = PostgreSQLStore(configuration: configuration)
        do {
            let result = try await body(store)
            await store.close()
            return result
        } catch {
            await store.close()
            throw error
        }
    }
}
