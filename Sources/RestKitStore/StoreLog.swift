import Logging
import RestKitCore

/// The metadata keys of what the stores log (``SQLiteStore/Configuration/logger``,
/// ``PostgreSQLStore/Configuration/logger``): one `debug` entry per write operation (its
/// counts and duration, or its error type), one per write retried after a conflict. Values
/// of the stored objects are never logged.
///
/// ```swift
/// // debug: store import finished db.system.name=sqlite rk.store.operation=import
/// //        rk.store.entity=articles rk.store.elements=1000 rk.store.inserted=998 rk.store.updated=2 …
/// ```
public enum StoreLogKey {
    /// `sqlite` or `postgresql` (OpenTelemetry's database system names).
    public static let system = "db.system.name"
    /// `map`, `import`, `import-file` or `seed`.
    public static let operation = "rk.store.operation"
    /// The table (or tables, comma-separated, for a seed of several entities).
    public static let entity = "rk.store.entity"
    /// Elements read (imports).
    public static let elements = "rk.store.elements"
    /// Rows inserted.
    public static let inserted = "rk.store.inserted"
    /// Rows updated.
    public static let updated = "rk.store.updated"
    /// Stored objects left as they were (not newer by the modification attribute).
    public static let unchanged = "rk.store.unchanged"
    /// Orphans deleted.
    public static let deleted = "rk.store.deleted"
    /// Bytes read (file imports).
    public static let bytes = "rk.store.bytes"
    /// Milliseconds the operation took (from its call, waits for the database included).
    public static let duration = "rk.duration_ms"
    /// The attempt about to run, for a write retried after a conflict (PostgreSQL).
    public static let attempt = "rk.store.attempt"
    /// The ``StoreError/ErrorType`` (or ``SeedError/ErrorType``) an operation failed with.
    public static let errorType = "error.type"
}

extension Logger {
    /// A logger that discards everything: the stores' default (swift-log's convention for
    /// libraries: the application decides what is logged, and where).
    static var silent: Logger {
        Logger(label: "restkit.store") { _ in SwiftLogNoOpLogHandler() }
    }
}

/// The result of a store operation, as its log entry counts it.
protocol StoreLogged {
    var loggedCounts: Logger.Metadata { get }
}

extension StoreMappingResult: StoreLogged {
    var loggedCounts: Logger.Metadata {
        [
            StoreLogKey.elements: "\(objects.count)", StoreLogKey.inserted: "\(inserted)", StoreLogKey.updated: "\(updated)",
            StoreLogKey.unchanged: "\(unchanged)", StoreLogKey.deleted: "\(deleted)",
        ]
    }
}

extension StoreImportSummary: StoreLogged {
    var loggedCounts: Logger.Metadata {
        var counts: Logger.Metadata = [
            StoreLogKey.elements: "\(elements)", StoreLogKey.inserted: "\(inserted)", StoreLogKey.updated: "\(updated)",
            StoreLogKey.unchanged: "\(unchanged)", StoreLogKey.deleted: "\(deleted)",
        ]
        if bytes > 0 { counts[StoreLogKey.bytes] = "\(bytes)" }
        return counts
    }
}

extension Array: StoreLogged where Element == SeedResult<StoredObject> {
    var loggedCounts: Logger.Metadata {
        [
            StoreLogKey.elements: "\(reduce(0) { $0 + $1.mapping.objects.count })",
            StoreLogKey.inserted: "\(reduce(0) { $0 + $1.inserted })", StoreLogKey.updated: "\(reduce(0) { $0 + $1.updated })",
            StoreLogKey.unchanged: "\(reduce(0) { $0 + $1.unchanged })",
        ]
    }
}

/// Where a store logs, and how: see ``StoreLogKey``.
struct StoreLog: Sendable {
    let logger: Logger
    /// ``StoreLogKey/system``'s value.
    let system: String

    /// Runs `body`, then logs its counts and duration (`store <operation> finished`) or its
    /// error type (`store <operation> failed`).
    func recording<Outcome: StoreLogged, Failure: Error>(
        _ operation: String, entity: String, _ body: () async throws(Failure) -> Outcome
    ) async throws(Failure) -> Outcome {
        let start = ContinuousClock.now
        var metadata: Logger.Metadata = [
            StoreLogKey.system: "\(system)", StoreLogKey.operation: "\(operation)", StoreLogKey.entity: "\(entity)",
        ]
        do {
            let outcome = try await body()
            metadata.merge(outcome.loggedCounts) { _, count in count }
            metadata[StoreLogKey.duration] = "\(elapsedMilliseconds(since: start))"
            logger.debug("store \(operation) finished", metadata: metadata)
            return outcome
        } catch {
            metadata[StoreLogKey.errorType] = "\(Self.errorType(of: error))"
            metadata[StoreLogKey.duration] = "\(elapsedMilliseconds(since: start))"
            logger.debug("store \(operation) failed", metadata: metadata)
            throw error
        }
    }

    /// Logs a write about to run again after a conflict with a concurrent writer.
    func retrying(attempt: Int) {
        logger.debug(
            "store write retried after a conflict",
            metadata: [StoreLogKey.system: "\(system)", StoreLogKey.attempt: "\(attempt)"])
    }

    private static func errorType(of error: any Error) -> String {
        switch error {
        case let error as StoreError: "\(error.errorType)"
        case let error as SeedError: "\(error.errorType)"
        default: "\(type(of: error))"
        }
    }
}
