import Foundation
import Logging
import RestKitStore

/// The database `rk seed` and `rk query` work on: a SQLite file, or a PostgreSQL server named
/// by its URL (`postgres://user[:password]@host[:port]/database[?schema=name]`; without a
/// password in the URL, the `PGPASSWORD` environment variable's, as `psql` takes it).
///
/// ```swift
/// let database = try StoreDatabase("postgres://app@127.0.0.1/app?schema=catalog")
/// try await database.withStore { store in try await store.register(articles) }
/// ```
enum StoreDatabase: CustomStringConvertible {
    case file(String)
    case postgres(PostgreSQLStore.Configuration)

    /// Reads the argument: a `postgres://` or `postgresql://` URL, else a file path.
    init(_ argument: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(CommandFailure) {
        let lowered = argument.lowercased()
        guard lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") else {
            self = .file(argument)
            return
        }
        do {
            var configuration = try PostgreSQLStore.Configuration(url: argument)
            if configuration.password == nil, let password = environment["PGPASSWORD"] { configuration.password = password }
            self = .postgres(configuration)
        } catch {
            throw CommandFailure.usage(error.reason)
        }
    }

    /// The path, or the server's URL without its password: for messages.
    var description: String {
        switch self {
        case .file(let path): path
        case .postgres(let configuration): configuration.location
        }
    }

    /// Whether the database can only be a file that is missing (a query has nothing to read).
    var isMissingFile: Bool {
        guard case .file(let path) = self else { return false }
        var isDirectory: ObjCBool = false
        return !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) || isDirectory.boolValue
    }

    /// Opens the store (a file is created when missing), runs `body`, and closes a server's
    /// connections whatever `body` did.
    func withStore<T>(
        logger: Logger? = nil, _ body: (any PersistentObjectStore) async throws(CommandFailure) -> T
    ) async throws(CommandFailure) -> T {
        switch self {
        case .file(let path):
            let store: SQLiteStore
            do {
                store = try SQLiteStore(path: path, configuration: .init(logger: logger))
            } catch {
                throw CommandFailure.input("\(path): \(error)")
            }
            return try await body(store)
        case .postgres(var configuration):
            if let logger { configuration.logger = logger }
            let store = PostgreSQLStore(configuration: configuration)
            let result: Result<T, CommandFailure>
            do {
                result = .success(try await body(store))
            } catch {
                result = .failure(error)
            }
            await store.close()
            return try result.get()
        }
    }
}
