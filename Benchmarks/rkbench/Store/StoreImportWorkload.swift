import Foundation
import GRDB
import RestKit
import RestKitResidentMemory
import RestKitStore

/// The subjects of `store/<n>`: `SQLiteStore.map(document, with: entity)`, one transaction,
/// on a file store (WAL `DatabasePool`); the entity has a to-one author, many-to-many tags
/// and a full-text index (``StoreArticle/entity(modificationAttribute:)``).
///
/// - `store`: into an empty database (table registered, no rows);
/// - `store re-import`: the same document again into a database that already holds it (filled
///   untimed with the same rows). Every row is found, mapped and upserted again;
/// - `store re-import (unchanged)`: the same, with `published_at` as the entity's modification
///   attribute: every article is found and skipped as not newer (its author and tags are not
///   visited), nothing is written.
///
/// Each sample is one run on a fresh file (``prepare()``, untimed: open, register, and for the
/// re-import fill it with the baseline's statement, which writes the same rows). The
/// run's peak resident memory above what the process held before it is kept as a metric.
///
/// ```swift
/// let subject = StoreImportWorkload(payload: payload, mode: .empty, samples: 5)
/// ```
final class StoreImportWorkload: Workload {
    /// What the database holds before the timed import, and how the entity identifies changes.
    enum Mode {
        case empty, reImport, unchangedReImport
    }

    let name: String
    let payload: StorePayload
    let mode: Mode
    let fixedSamples: Int?
    private var store: SQLiteStore?
    private var path: String?
    private var memory = ImportMemory()

    init(payload: StorePayload, mode: Mode, samples: Int) {
        switch mode {
        case .empty: name = "store"
        case .reImport: name = "store re-import"
        case .unchangedReImport: name = "store re-import (unchanged)"
        }
        self.payload = payload
        self.mode = mode
        self.fixedSamples = samples
    }

    var metrics: [String: Double] { memory.metrics }
    /// The payload's check (on the first ``prepare()``) already ran every code path once.
    var runsUntimedFirst: Bool { false }

    /// A store on a new file at `path` with `entity` registered.
    static func emptyStore(path: String, entity: EntityMapping<StoreArticle>) throws -> SQLiteStore {
        let store = try SQLiteStore(path: path)
        try AsyncBridge.wait { try await store.register(entity) }
        return store
    }

    func prepare() throws {
        store = nil  // closes the previous sample's database (possibly a moment later, on GRDB's queue)
        if let path { StoreDatabaseFiles.remove(path) }
        let input = try payload.input()
        let path = try StoreDatabaseFiles.fresh(name)
        self.path = path
        let store = try Self.emptyStore(path: path, entity: entity(of: input))
        self.store = store
        if mode != .empty {
            // Filled with the baseline's statements: the payload's check showed they write the
            // store's rows (every table, the FTS index included) value for value, in less time.
            let pool = try DatabasePool(path: path, configuration: GRDBPreparedWorkload.configuration)
            let rows = try GRDBPreparedWorkload.upsert(input.elements, into: pool)
            guard rows == payload.count else { throw BaselineError("filling: \(rows) rows written") }
        }
        memory.start()
    }

    func run() throws -> Int {
        guard let store else { throw BaselineError("not prepared") }
        let input = try payload.input()
        let entity = entity(of: input)
        let result = try AsyncBridge.wait { try await store.map(input.document, with: entity) }
        memory.finish()
        let count = payload.count
        let expected = switch mode {
        case .empty: (inserted: count, updated: 0, unchanged: 0)
        case .reImport: (inserted: 0, updated: count, unchanged: 0)
        case .unchangedReImport: (inserted: 0, updated: 0, unchanged: count)
        }
        guard result.inserted == expected.inserted, result.updated == expected.updated, result.unchanged == expected.unchanged else {
            throw BaselineError(
                "\(result.inserted) inserted, \(result.updated) updated, \(result.unchanged) unchanged; expected \(expected)")
        }
        return result.objects.count
    }

    private func entity(of input: StorePayload.Input) -> EntityMapping<StoreArticle> {
        mode == .unchangedReImport ? input.versionedEntity : input.entity
    }
}

/// A run's peak resident memory: the kernel's peak (`VmHWM`) is reset before the run where
/// `/proc/self/clear_refs` allows it, read after it, and compared with the resident size before.
///
/// The process holds the parsed document (and the other workloads' state) throughout, so
/// `import_rss_growth_bytes` (peak during the run − resident before it; the largest over the
/// samples) is the import's own cost; `peak_rss_bytes` is the whole process's.
struct ImportMemory {
    private var before: Int?
    private var growth: Int?
    private var peak: Int?
    private var resetWorks = false

    mutating func start() {
        resetWorks = (try? ResidentMemory.resetPeak()) != nil
        before = try? ResidentMemory.currentBytes()
    }

    mutating func finish() {
        guard let before, let now = try? ResidentMemory.peakBytes() else { return }
        peak = max(peak ?? 0, now)
        if resetWorks { growth = max(growth ?? 0, now - before) }
    }

    var metrics: [String: Double] {
        var metrics: [String: Double] = [:]
        if let peak { metrics["peak_rss_bytes"] = Double(peak) }
        if let growth { metrics["import_rss_growth_bytes"] = Double(growth) }
        return metrics
    }
}
