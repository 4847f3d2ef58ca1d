import Foundation
import RestKitCore
import RestKitMapping
import RestKitStore
import Testing

/// A process killed in the middle of an import: the `store-import-child` helper (built by
/// `swift build --build-tests`) imports into a store file and is killed with SIGKILL while its
/// one transaction runs. The file must be exactly as before: same rows, same content, intact.
struct StoreCrashTests {
    @Test(.timeLimit(.minutes(5)))
    func aProcessKilledMidImportLeavesTheDatabaseAsBefore() async throws {
        guard let child = importChildExecutable else {
            try Test.cancel("store-import-child is not built next to the test bundle: run `swift build --build-tests` first")
        }
        try await withTemporaryDirectory { directory in
            let path = directory.appending(path: "store.sqlite").path
            do {
                let store = try SQLiteStore(path: path)
                let articles = try articleEntity()
                try await store.register(articles)
                _ = try await store.map(generatedArticles(300), with: articles)
                // An edit too, so that the checksum covers updated rows.
                _ = try await store.map(json(#"{"id": 7, "title": "Edited before the crash"}"#), with: articles)
            }
            let before = try FileSnapshot(path: path)
            #expect(before.rows == 300)
            #expect(before.integrity == "ok")

            let killed = try await killImportChild(child, path: path, count: 200_000, after: .milliseconds(500))
            #expect(killed.wasRunning, "the child was not importing when killed: stdout \(killed.stdout) stderr \(killed.stderr)")
            #expect(killed.terminatedBySignal && killed.status == SIGKILL, "status \(killed.status), stderr \(killed.stderr)")
            #expect(!killed.stdout.contains("imported"), "the import finished before the kill: raise the count")
            // The kill came after the import had written uncommitted pages to the WAL.
            #expect(killed.walBytesAtKill > 0, "nothing reached the WAL before the kill")

            let after = try FileSnapshot(path: path)
            #expect(after == before, "before: \(before); after: \(after)")
            // And the store opens and imports as usual afterwards.
            let store = try SQLiteStore(path: path)
            let articles = try articleEntity()
            try await store.register(articles)
            #expect(try await store.object(of: articles, identifiedBy: 7)?.title == "Edited before the crash")
            let result = try await store.map(generatedArticles(10, firstID: 5_000), with: articles)
            #expect(result.inserted == 10)
            #expect(try await store.count(of: articles) == 310)
        }
    }
}
