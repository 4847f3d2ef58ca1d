import Foundation
import GRDB
import RestKit
import RestKitStore

/// The baseline of the `store` group: hand-written GRDB. The same rows, read straight out of
/// the same parsed document (no model, no mapping: each value taken from its key and bound
/// as it is; the date text is bound as is, since the payload already carries the ISO 8601
/// the store writes), inserted with one cached prepared `INSERT … ON CONFLICT(id) DO UPDATE`
/// in one `DatabasePool.write` transaction, into an empty table created by the store's own
/// `register` (so the schema and UNIQUE index are the store's).
///
/// ```swift
/// let baseline = GRDBPreparedWorkload(payload: payload, samples: 5)
/// ```
final class GRDBPreparedWorkload: Workload {
    let name = "grdb-prepared"
    let payload: StorePayload
    let fixedSamples: Int?
    private var pool: DatabasePool?
    private var path: String?
    private var memory = ImportMemory()

    static let upsertSQL = """
        INSERT INTO "articles" ("id", "title", "score", "views", "published", "published_at", "author_name") \
        VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT("id") DO UPDATE SET "title" = excluded."title", \
        "score" = excluded."score", "views" = excluded."views", "published" = excluded."published", \
        "published_at" = excluded."published_at", "author_name" = excluded."author_name"
        """

    init(payload: StorePayload, samples: Int) {
        self.payload = payload
        self.fixedSamples = samples
    }

    var metrics: [String: Double] { memory.metrics }
    /// The payload's check (on the first ``prepare()``) already ran every code path once.
    var runsUntimedFirst: Bool { false }

    /// Waits up to 10 s for a lock: the store that created the table may still be closing.
    static var configuration: Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        return configuration
    }

    /// A pool on a new file at `path` whose table the store created.
    static func emptyDatabase(path: String, entity: EntityMapping<StoreArticle>) throws -> DatabasePool {
        do { _ = try StoreImportWorkload.emptyStore(path: path, entity: entity) }  // released: closed
        return try DatabasePool(path: path, configuration: configuration)
    }

    /// Upserts one row per element, in one transaction; returns the rows written.
    static func upsert(_ elements: [Representation], into pool: DatabasePool) throws -> Int {
        try pool.write { db in
            let statement = try db.cachedStatement(sql: upsertSQL)
            for element in elements {
                guard let id = element["id"]?.int64Value else { throw BaselineError("an element has no integer id") }
                try statement.execute(arguments: [
                    id,
                    element["title"]?.stringValue,
                    element["score"]?.doubleValue,
                    element["views"]?.int64Value,
                    element["published"]?.boolValue,
                    element["published_at"]?.stringValue,
                    element[keyPath: "author.name"]?.stringValue,
                ])
            }
            return elements.count
        }
    }

    func prepare() throws {
        pool = nil
        if let path { StoreDatabaseFiles.remove(path) }
        let input = try payload.input()
        let path = try StoreDatabaseFiles.fresh(name)
        self.path = path
        pool = try Self.emptyDatabase(path: path, entity: input.entity)
        memory.start()
    }

    func run() throws -> Int {
        guard let pool else { throw BaselineError("not prepared") }
        let written = try Self.upsert(try payload.input().elements, into: pool)
        memory.finish()
        return written
    }
}
