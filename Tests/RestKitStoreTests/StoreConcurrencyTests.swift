import Foundation
import GRDB
import RestKitCore
import RestKitMapping
import RestKitStore
import RestKitTestSupport
import Synchronization
import Testing

/// Another connection holding the write lock, and readers during a large import, on a file
/// store (WAL).
struct StoreConcurrencyTests {
    /// A plain GRDB connection to the same file that can hold a transaction open between calls.
    private func otherConnection(_ path: String) throws -> DatabaseQueue {
        var configuration = GRDB.Configuration()
        configuration.allowsUnsafeTransactions = true
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    @Test(.hangLimit)
    func aLockedDatabaseFailsAfterTheBusyTimeoutInsteadOfHanging() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(path: "store.sqlite").path
            let store = try SQLiteStore(path: path, configuration: .init(busyTimeout: .milliseconds(500)))
            let articles = try articleEntity()
            try await store.register(articles)
            _ = try await store.map(generatedArticles(3), with: articles)
            let impatient = try SQLiteStore(path: path, configuration: .init(busyTimeout: .zero))
            try await impatient.register(articles)

            let other = try otherConnection(path)
            try await other.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN EXCLUSIVE; INSERT INTO articles (id, title, author_name, rating, featured) VALUES (99, 'Elsewhere', 'Other', 1, 0)")
            }
            // A zero timeout fails at once.
            let refused = await #expect(throws: StoreError.self) {
                try await impatient.map(generatedArticles(2, firstID: 10), with: articles)
            }
            #expect(refused?.reason.contains("locked") == true, "\(refused?.reason ?? "")")
            // No upper bound on the time: with the whole suite running, the machine starved this
            // task for up to 10 s before the error was seen. The test's time limit catches a hang.
            let start = ContinuousClock.now
            let error = await #expect(throws: StoreError.self) {
                try await store.map(generatedArticles(2, firstID: 10), with: articles)
            }
            let waited = ContinuousClock.now - start
            #expect(error?.errorType == .database)
            #expect(error?.entity == "articles")
            #expect(error?.reason.contains("database is locked") == true, "\(error?.reason ?? "")")
            #expect(error?.reason.contains("busy timeout") == true, "\(error?.reason ?? "")")
            #expect(waited >= .milliseconds(400), "waited \(waited) for the busy timeout")
            // Readers do not wait for the other writer (WAL), and do not see its rows.
            #expect(try await store.count(of: articles) == 3)

            try await other.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
            let result = try await store.map(generatedArticles(2, firstID: 10), with: articles)
            #expect(result.inserted == 2)
            #expect(try await store.count(of: articles) == 5)
            try other.close()
        }
    }

    @Test(.hangLimit)
    func aWriterThatFinishesWithinTheBusyTimeoutIsWaitedFor() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(path: "store.sqlite").path
            // A long timeout: the other writer's commit is a task that a loaded machine may start late.
            let store = try SQLiteStore(path: path, configuration: .init(busyTimeout: .seconds(50)))
            let articles = try articleEntity()
            try await store.register(articles)
            _ = try await store.map(generatedArticles(3), with: articles)

            let other = try otherConnection(path)
            try await other.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN EXCLUSIVE; INSERT INTO articles (id, title, author_name, rating, featured) VALUES (99, 'Elsewhere', 'Other', 1, 0)")
            }
            let start = ContinuousClock.now
            let commit = Task {
                try await Task.sleep(for: .milliseconds(400))
                try await other.writeWithoutTransaction { db in try db.execute(sql: "COMMIT") }
            }
            // Waits for the other writer, then finds its committed row (an update, not a duplicate).
            let result = try await store.map(json(#"[{"id": 99, "title": "Edited here"}, {"id": 100, "title": "New"}]"#), with: articles)
            let waited = ContinuousClock.now - start
            try await commit.value
            #expect(waited >= .milliseconds(300), "waited \(waited)")
            #expect(result.updated == 1)
            #expect(result.inserted == 1)
            #expect(try await store.count(of: articles) == 5)
            let edited = try await store.object(of: articles, identifiedBy: 99)
            #expect(edited?.title == "Edited here")
            #expect(edited?.authorName == "Other")
            try other.close()
        }
    }

    /// The import is held inside its transaction — every row written, nothing committed — by a
    /// mapping that waits there until the readers are done, so the reads during the import do
    /// not depend on how the machine schedules them.
    @Test(.timeLimit(.minutes(5)))
    func readersDuringALargeImportSeeTheCountBeforeOrAfterNeverAPartOne() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(path: "store.sqlite").path
            let store = try SQLiteStore(path: path)
            let articles = try articleEntity()
            try await store.register(articles)
            _ = try await store.map(generatedArticles(100), with: articles)
            let seeded = try await store.objects(of: articles)
            let large = 5_000   // the import is held mid-transaction, so its size does not matter; small, for the memory tests running beside it
            let payload = generatedArticles(large, firstID: 1_000)

            // The same table, mapped by a mapping that pauses once, when the import maps its
            // first object (after writing every row, before committing).
            let pause = ImportPause()
            var pausing = articleMapping
            pausing.map("id", to: \.id, transform: Transform(read: { representation, _ in
                pause.holdOnce()
                return Int(representation.int64Value ?? 0)
            }))
            let pausingArticles = try EntityMapping(pausing, table: "articles", columns: articleColumns)

            let (imported, observations) = try await withThrowingTaskGroup(of: [Int].self) { group in
                group.addTask {
                    _ = try await store.map(payload, with: pausingArticles)
                    return []
                }
                group.addTask {
                    try await pause.waitUntilHeld()
                    var counts: [Int] = []
                    for _ in 0..<5 {
                        let objects = try await store.objects(of: articles)
                        #expect(objects == seeded, "a read during the import saw \(objects.count) objects")
                        counts.append(objects.count)
                        counts.append(try await store.count(of: articles))
                    }
                    pause.release()
                    return counts
                }
                var all: [Int] = []
                for try await counts in group { all += counts }
                return (try await store.count(of: articles), all)
            }
            #expect(pause.wasHeld)
            #expect(observations == Array(repeating: 100, count: 10), "reads during the import saw \(observations)")
            #expect(imported == 100 + large)
            #expect(try FileSnapshot(path: path).integrity == "ok")
        }
    }
}

/// Holds the import's writer thread once, until the readers release it (or 60 s pass).
private final class ImportPause: Sendable {
    private let held = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)
    private let armed = Atomic<Bool>(true)

    var wasHeld: Bool { held.load(ordering: .sequentiallyConsistent) }

    /// Called by the mapping: the first call waits for ``release()``.
    func holdOnce() {
        guard armed.exchange(false, ordering: .sequentiallyConsistent) else { return }
        held.store(true, ordering: .sequentiallyConsistent)
        _ = done.wait(timeout: .now() + 60)
    }

    func waitUntilHeld() async throws {
        while !wasHeld { try await Task.sleep(for: .milliseconds(10)) }
    }

    func release() { done.signal() }
}

