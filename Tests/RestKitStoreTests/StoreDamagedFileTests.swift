import Foundation
import GRDB
import RestKitCore
import RestKitMapping
import RestKitTestSupport
@testable import RestKitStore   // the full-database test sets a limit on the store's own connection
import Testing

/// Damaged files and full disks, on real files: each gives a `StoreError` `.database` whose
/// reason names the problem (and the file, when opening), never a crash; a failed import
/// leaves the rows as they were.
struct StoreDamagedFileTests {
    /// Makes a store file at `path` holding `count` articles, and closes it.
    private func makeStoreFile(at path: String, count: Int) async throws {
        let store = try SQLiteStore(path: path)
        let articles = try articleEntity()
        try await store.register(articles)
        _ = try await store.map(generatedArticles(count), with: articles)
    }

    /// Opens `path` and registers the articles entity, expecting a `StoreError`.
    private func openAndRegisterError(_ path: String) async throws -> StoreError {
        do {
            let store = try SQLiteStore(path: path)
            try await store.register(articleEntity())
        } catch let error as StoreError {
            return error
        }
        Issue.record("opening and registering '\(path)' succeeded")
        return StoreError(.invalidEntity, "no error")
    }

    @Test func aFileThatIsNotSQLiteIsAClearDatabaseError() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(path: "notes.sqlite").path
            try Data(String(repeating: "These are my notes, not a database.\n", count: 200).utf8).write(to: URL(fileURLWithPath: path))
            let error = try await openAndRegisterError(path)
            #expect(error.errorType == .database)
            #expect(error.reason.contains(path), "the reason names the file: \(error.reason)")
            #expect(error.reason.contains("not a database"), "\(error.reason)")
            // The file is left alone.
            #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("These are my notes"))
        }
    }

    @Test func garbageOverAStoreFilesHeaderIsAClearDatabaseError() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(path: "store.sqlite").path
            try await makeStoreFile(at: path, count: 10)
            #expect(fileSize(path + "-wal") == 0, "the store was closed and checkpointed")
            let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try file.write(contentsOf: Data((0..<100).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }))
            try file.close()
            let error = try await openAndRegisterError(path)
            #expect(error.errorType == .database)
            #expect(error.reason.contains(path), "the reason names the file: \(error.reason)")
            #expect(error.reason.contains("not a database"), "\(error.reason)")
        }
    }

    @Test func garbageOverATablePageIsAClearDatabaseErrorWhenRead() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(path: "store.sqlite").path
            try await makeStoreFile(at: path, count: 200)
            // Where the articles table's first page is, asked independently.
            let queue = try DatabaseQueue(path: path)
            let (rootPage, pageSize) = try await queue.read { db in
                (try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'articles'") ?? 0,
                 try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0)
            }
            try queue.close()
            try #require(rootPage > 1 && pageSize > 0)
            let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try file.seek(toOffset: UInt64((rootPage - 1) * pageSize))
            try file.write(contentsOf: Data(repeating: 0xA5, count: pageSize))
            try file.close()

            let store = try SQLiteStore(path: path)   // the header and schema are intact
            let articles = try articleEntity()
            try await store.register(articles)
            let read = await #expect(throws: StoreError.self) { try await store.objects(of: articles) }
            #expect(read?.errorType == .database)
            #expect(read?.entity == "articles")
            #expect(read?.reason.contains("malformed") == true, "\(read?.reason ?? "")")
            let write = await #expect(throws: StoreError.self) {
                try await store.map(generatedArticles(5, firstID: 150), with: articles)
            }
            #expect(write?.errorType == .database)
            #expect(write?.reason.contains("malformed") == true, "\(write?.reason ?? "")")
        }
    }

    @Test(.hangLimit)
    func aFullDiskFailsTheImportAndRollsItBack() async throws {
        try await withTmpfs(size: "1m") { directory in
            let path = directory.appending(path: "store.sqlite").path
            let store = try SQLiteStore(path: path)
            let articles = try articleEntity()
            try await store.register(articles)
            _ = try await store.map(generatedArticles(20), with: articles)
            let before = try await store.objects(of: articles)
            // About 5 MB of rows for a 1 MB file system.
            let error = await #expect(throws: StoreError.self) {
                try await store.map(generatedArticles(20_000, firstID: 1_000), with: articles)
            }
            #expect(error?.errorType == .database)
            #expect(error?.entity == "articles")
            #expect(error?.reason.contains("full") == true, "\(error?.reason ?? "")")
            #expect(try await store.count(of: articles) == 20)
            #expect(try await store.objects(of: articles) == before)
            // Still usable for what fits.
            _ = try await store.map(generatedArticles(1, firstID: 21), with: articles)
            #expect(try await store.count(of: articles) == 21)
        }
    }

    @Test func aFullDatabaseFailsTheImportAndRollsItBack() async throws {
        // Without a small file system: the same SQLITE_FULL, from a page limit set on the
        // store's own write connection (`max_page_count` is per connection).
        try await withTemporaryDirectory { directory in
            let path = directory.appending(path: "store.sqlite").path
            let store = try SQLiteStore(path: path)
            let articles = try articleEntity()
            try await store.register(articles)
            _ = try await store.map(generatedArticles(20), with: articles)
            let before = try await store.objects(of: articles)
            try await store.writer.writeWithoutTransaction { db in
                let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
                try db.execute(sql: "PRAGMA max_page_count = \(pages + 20)")
            }
            let error = await #expect(throws: StoreError.self) {
                try await store.map(generatedArticles(20_000, firstID: 1_000), with: articles)
            }
            #expect(error?.errorType == .database)
            #expect(error?.reason.contains("full") == true, "\(error?.reason ?? "")")
            #expect(try await store.count(of: articles) == 20)
            #expect(try await store.objects(of: articles) == before)
            #expect(try FileSnapshot(path: path).integrity == "ok")
        }
    }
}
