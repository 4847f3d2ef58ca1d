import Foundation
import RestKitCore
import RestKitMapping
import RestKitTestSupport
@testable import RestKitStore
import Testing

// What only the PostgreSQL store has: a URL, a server that can refuse, fail or restart, batches
// of rows, and concurrent writers. (The behaviour it shares with SQLite is in the suites that
// run on every `StoreBackend`.)

struct PostgreSQLConfigurationTests {
    @Test func aURLNamesServerUserPasswordAndDatabase() throws {
        let configuration = try PostgreSQLStore.Configuration(url: "postgres://app:s%40cret@db.internal:5433/orders")
        #expect(configuration.host == "db.internal")
        #expect(configuration.port == 5433)
        #expect(configuration.username == "app")
        #expect(configuration.password == "s@cret")
        #expect(configuration.database == "orders")
        let defaults = try PostgreSQLStore.Configuration(url: "postgresql://app@localhost/app")
        #expect(defaults.port == 5432)
        #expect(defaults.password == nil)
        #expect(defaults.schema == nil)
        let withSchema = try PostgreSQLStore.Configuration(url: "postgres://app:secret@db/app?schema=catalog")
        #expect(withSchema.schema == "catalog")
        #expect(withSchema.location == "postgres://app@db:5432/app?schema=catalog")
    }

    @Test(arguments: [
        ("http://app@host/db", "the scheme must be postgres://"),
        ("postgres://host/db", "no user name"),
        ("postgres://app:secret@host", "no database name"),
        ("postgres://app@/db", "no host"),
        ("postgres://app:secret@host/db?sslmode=require", "unknown parameter 'sslmode'"),
        ("postgres://app:secret@host/db?schema=", "schema= needs a name"),
    ])
    func aURLLackingAPartSaysWhichWithoutItsPassword(url: String, reason: String) throws {
        let error = #expect(throws: StoreError.self) { try PostgreSQLStore.Configuration(url: url) }
        #expect(error?.errorType == .invalidName)
        #expect(error?.reason.contains(reason) == true, "\(String(describing: error))")
        #expect(error?.reason.contains("secret") == false)
    }
}

@Suite(.enabled(if: PostgresTestServer.url != nil, PostgresTestServer.skipReason))
struct PostgreSQLStoreTests {
    /// Items with four independent fields, for concurrent writers that each set one.
    struct Item: Equatable, Sendable {
        var id = 0
        var a: String?
        var b: String?
        var c: String?
        var d: String?
    }

    static func items() throws -> EntityMapping<Item> {
        var mapping = ObjectMapping(Item.init) { item in
            item.map("id", to: \.id)
            item.map("a", to: \.a)
            item.map("b", to: \.b)
            item.map("c", to: \.c)
            item.map("d", to: \.d)
        }
        mapping.identificationAttributes = ["id"]
        return try EntityMapping(mapping, table: "items", columns: [
            Column("id", .integer), Column("a", .text), Column("b", .text), Column("c", .text), Column("d", .text),
        ])
    }

    static func payload(_ ids: Range<Int>, field: String, value: String) -> Representation {
        .array(ids.map { id in .object(["id": .int(Int64(id)), OrderedDictionary<String, Representation>.Key(field): .string("\(value)\(id)")]) })
    }

    /// README, "The same store on PostgreSQL" (with the test server's URL).
    @Test func readmeExample() async throws {
        let url = try #require(PostgresTestServer.url)
        let articles = try articleEntity()
        let page = try json(#"[{"id": 1, "title": "One", "author": {"name": "Ann"}}, {"id": 2, "title": "Two"}]"#)
        var configuration = try PostgreSQLStore.Configuration(url: url)
        configuration.schema = "catalog"                        // optional: tables in a schema of their own
        let store = PostgreSQLStore(configuration: configuration)
        try await store.register(articles)                     // CREATE TABLE …, or checks the table
        let result = try await store.map(page, with: articles)  // one SERIALIZABLE transaction
        #expect(result.inserted + result.updated == 2)
        #expect(try await store.object(of: articles, identifiedBy: 1)?.authorName == "Ann")
        await store.close()
    }

    @Test func moreRowsThanOneBatchAreWrittenFoundAndUpdated() async throws {
        try await withStore(.postgres) { store in
            let entity = try Self.items()
            try await store.register(entity)
            // 2,345 objects (three batches of upserts, at most 1,000 rows each), one of them twice in the same batch.
            var elements = (0..<2_345).map { id in Representation.object(["id": .int(Int64(id)), "a": .string("a\(id)")]) }
            elements.insert(["id": 7, "a": "seven, later"], at: 300)
            let first = try await store.map(.array(elements), with: entity)
            #expect(first.inserted == 2_345)
            #expect(try await store.count(of: entity) == 2_345)
            #expect(try await store.object(of: entity, identifiedBy: 7)?.a == "seven, later")
            // Again, onto stored rows (read ahead in batches): merged, nothing duplicated.
            let second = try await store.map(Self.payload(0..<2_345, field: "b", value: "b"), with: entity)
            #expect(second.updated == 2_345)
            #expect(second.inserted == 0)
            let all = try await store.objects(of: entity)
            #expect(all.count == 2_345)
            #expect(all.map(\.id) == Array(0..<2_345))
            #expect(all.allSatisfy { $0.b == "b\($0.id)" && $0.a != nil })
            #expect(all[7].a == "seven, later")
        }
    }

    @Test func concurrentWritersOfTheSameObjectsLoseNoUpdateAndCreateNoDuplicate() async throws {
        let entity = try Self.items()
        // Several rounds of overlapping objects; the last round of each writer covers every object.
        let all = try await Self.fourWritersAtOnce(of: entity, configuration: PostgresTestServer.freshConfiguration()) { store, index, field in
            for round in 0..<5 {
                let start = (index * 37 + round * 11) % 60
                _ = try await store.map(Self.payload(start..<(start + 120), field: field, value: "\(field)\(round)-"), with: entity)
            }
            _ = try await store.map(Self.payload(0..<200, field: field, value: "\(field)-final-"), with: entity)
        }
        #expect(all.count == 200)
        #expect(all.map(\.id).sorted() == Array(0..<200))   // in the order first stored, which the writers raced for
        for item in all {
            #expect(item.a == "a-final-\(item.id)" && item.b == "b-final-\(item.id)" && item.c == "c-final-\(item.id)" && item.d == "d-final-\(item.id)",
                "\(item)")
        }
    }

    /// Four stores (four connection pools, as four processes would have) on `configuration`,
    /// each running `writes` with its index and its field (`a`…`d`) at the same time; returns
    /// every stored object afterwards.
    static func fourWritersAtOnce(
        of entity: EntityMapping<Item>, configuration: PostgreSQLStore.Configuration,
        _ writes: @escaping @Sendable (PostgreSQLStore, Int, String) async throws -> Void
    ) async throws -> [Item] {
        let stores = (0..<4).map { _ in PostgreSQLStore(configuration: configuration) }
        for store in stores { try await store.register(entity) }
        let fields = ["a", "b", "c", "d"]
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, store) in stores.enumerated() {
                    group.addTask { try await writes(store, index, fields[index]) }
                }
                try await group.waitForAll()
            }
            let all = try await stores[0].objects(of: entity)
            for store in stores { await store.close() }
            return all
        } catch {
            for store in stores { await store.close() }
            throw error
        }
    }

    /// Large imports of the same objects at once conflict again on every plain retry (rkbench's
    /// four importers of 10,000 articles gave up after 20 attempts), and a retry that only
    /// waits for other retries can still lose to first attempts, again and again while pages
    /// keep coming (rkbench's importers of 100,000 did, after 20 attempts). First attempts share
    /// the schema's write lock and a retry holds it alone, so among stores every operation ends
    /// by its second attempt.
    @Test func largeOverlappingImportsAtOnceEndByTheirSecondAttempt() async throws {
        var configuration = try PostgresTestServer.freshConfiguration()
        configuration.maximumAttempts = 2
        let entity = try Self.items()
        let all = try await Self.fourWritersAtOnce(of: entity, configuration: configuration) { store, _, field in
            for round in 0..<2 {
                for page in 0..<6 {
                    let ids = (page * 500)..<((page + 1) * 500)
                    _ = try await store.map(Self.payload(ids, field: field, value: "\(field)\(round)-"), with: entity)
                }
            }
        }
        #expect(all.count == 3_000)
        #expect(all.allSatisfy { $0.a == "a1-\($0.id)" && $0.b == "b1-\($0.id)" && $0.c == "c1-\($0.id)" && $0.d == "d1-\($0.id)" })
    }

    /// Four processes (the `store-import-child` helper), each writing one field of overlapping
    /// articles in four rounds of transactions, all at once, registering the table at once too:
    /// none fails (conflicts are run again, not surfaced), every article is inserted exactly once
    /// across them all, and each ends with every field its writers set.
    @Test(.timeLimit(.minutes(5)))
    func processesImportingOverlappingObjectsAtOnceLoseNoUpdateAndCreateNoDuplicate() async throws {
        guard let child = importChildExecutable else {
            try Test.cancel("store-import-child is not built next to the test bundle: run `swift build --build-tests` first")
        }
        let configuration = try PostgresTestServer.freshConfiguration()
        let url = try #require(PostgresTestServer.url) + "?schema=" + (try #require(configuration.schema))
        let fields = ["title", "body", "author.name", "rating"]
        let ranges = fields.indices.map { index in (1 + 50 * index)..<(301 + 50 * index) }
        // The children run at once; waiting for them happens on a GCD thread (`blockingWork`).
        let endings = try await blockingWork { () throws -> [(status: Int32, stdout: String, stderr: String)] in
            let processes = try zip(fields, ranges).map { field, range in
                let process = Process()
                process.executableURL = child
                process.arguments = [url, "\(range.count)", "\(range.lowerBound)", "--field", field, "--rounds", "4"]
                let output = Pipe(), error = Pipe()
                process.standardOutput = output
                process.standardError = error
                try process.run()
                return (process, output, error)
            }
            return processes.map { process, output, error in
                let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                let stderr = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                return (process.terminationStatus, stdout, stderr)
            }
        }
        var inserted = 0
        for (status, stdout, stderr) in endings {
            #expect(status == 0, "\(stderr)")
            let count = stdout.split(separator: "\n").last.flatMap { $0.hasPrefix("imported ") ? Int($0.dropFirst(9)) : nil }
            inserted += try #require(count, "stdout: \(stdout) stderr: \(stderr)")
        }
        #expect(inserted == 450)   // ids 1 to 450, each inserted by exactly one process
        let store = PostgreSQLStore(configuration: configuration)
        let articles = try articleEntity()
        try await store.register(articles, changingSchema: false)
        let stored = try await store.objects(of: articles)
        #expect(stored.count == 450)
        #expect(Set(stored.map(\.id)) == Set(1...450))
        for article in stored {
            if ranges[0].contains(article.id) { #expect(article.title == "title \(article.id)") }
            if ranges[1].contains(article.id) { #expect(article.body == "body \(article.id)") }
            if ranges[2].contains(article.id) { #expect(article.authorName == "author.name \(article.id)") }
            if ranges[3].contains(article.id) { #expect(article.rating == Double(article.id) / 10) }
        }
        await store.close()
    }

    /// A process killed with SIGKILL in the middle of its import (its connection dropped with
    /// the transaction open): the server rolls it back, and the table is exactly as before.
    @Test(.timeLimit(.minutes(5)))
    func aProcessKilledMidImportLeavesTheTablesAsBefore() async throws {
        guard let child = importChildExecutable else {
            try Test.cancel("store-import-child is not built next to the test bundle: run `swift build --build-tests` first")
        }
        let configuration = try PostgresTestServer.freshConfiguration()
        let url = try #require(PostgresTestServer.url) + "?schema=" + (try #require(configuration.schema))
        let store = PostgreSQLStore(configuration: configuration)
        let articles = try articleEntity()
        try await store.register(articles)
        _ = try await store.map(generatedArticles(300), with: articles)
        _ = try await store.map(json(#"{"id": 7, "title": "Edited before the crash"}"#), with: articles)
        let before = try await store.objects(of: articles)
        let killed = try await killImportChild(child, path: url, count: 200_000, after: .milliseconds(1_500))
        #expect(killed.wasRunning, "the child was not importing when killed: stdout \(killed.stdout) stderr \(killed.stderr)")
        #expect(killed.terminatedBySignal && killed.status == SIGKILL, "status \(killed.status), stderr \(killed.stderr)")
        #expect(!killed.stdout.contains("imported"), "the import finished before the kill: raise the count")
        // The server notices the dropped connection and rolls its transaction back; until then
        // a reader sees the state before it anyway.
        #expect(try await store.objects(of: articles) == before)
        let result = try await store.map(generatedArticles(10, firstID: 5_000), with: articles)
        #expect(result.inserted == 10)
        #expect(try await store.count(of: articles) == 310)
        await store.close()
    }

    @Test func aWrongPasswordSaysToCheckTheCredentialsWithoutShowingThem() async throws {
        var configuration = try PostgresTestServer.freshConfiguration()
        configuration.password = "not-the-password"
        let store = PostgreSQLStore(configuration: configuration)
        let error = await #expect(throws: StoreError.self) { try await store.register(try Self.items()) }
        #expect(error?.errorType == .database)
        #expect(error?.reason.contains("password authentication failed") == true, "\(String(describing: error))")
        #expect(error?.reason.contains("check the user name and password") == true)
        #expect(error?.reason.contains("not-the-password") == false)
        await store.close()
    }

    @Test func noServerListeningSaysSo() async throws {
        var configuration = try PostgresTestServer.freshConfiguration()
        configuration.port = try Self.unusedPort()
        configuration.connectTimeout = .seconds(5)
        let store = PostgreSQLStore(configuration: configuration)
        let error = await #expect(throws: StoreError.self) { try await store.register(try Self.items()) }
        #expect(error?.errorType == .database)
        #expect(error?.reason.contains("cannot reach the server") == true, "\(String(describing: error))")
        #expect(error?.reason.contains("127.0.0.1:\(configuration.port)") == true)
        await store.close()
    }

    @Test func aTextWithANULIsRefusedAtItsKeyPathAndNothingIsWritten() async throws {
        try await withStore(.postgres) { store in
            let entity = try Self.items()
            try await store.register(entity)
            _ = try await store.map(Self.payload(0..<3, field: "a", value: "kept"), with: entity)
            // PostgreSQL text holds no NUL character (SQLite's does).
            let error = await #expect(throws: StoreError.self) {
                try await store.map(.array([["id": 1, "a": "changed"], ["id": 9, "a": .string("nul\u{0}inside")]]), with: entity)
            }
            #expect(error?.errorType == .typeMismatch)
            #expect(error?.keyPath == "1.a", "\(String(describing: error))")
            #expect(error?.reason.contains("NUL character") == true)
            #expect(try await store.objects(of: entity).map(\.a) == ["kept0", "kept1", "kept2"])
        }
    }

    /// Batches are sent without waiting for the one before: a batch the server refuses, with
    /// later ones already sent, fails the import with the server's reason, writes nothing, and
    /// leaves the connection ready for the next operation.
    @Test func aBatchTheServerRefusesMidImportFailsItWithTheReasonAndWritesNothing() async throws {
        try await withStore(.postgres) { store in
            let store = try #require(store as? PostgreSQLStore)
            let entity = try Self.items()
            try await store.register(entity)
            _ = try await store.map(Self.payload(0..<3, field: "a", value: "kept"), with: entity)
            try await store.transaction(.write, entity: nil, doing: "constraining") { session in
                try session.execute("ALTER TABLE items ADD CONSTRAINT short_b CHECK (length(b) < 12)", [])
            }
            // 6,000 rows: the refused one (id 4,321) is in the fifth batch of 1,000.
            let rows: [Representation] = (0..<6_000).map { id in
                .object(["id": .int(Int64(id)), "b": .string(id == 4_321 ? "far too long for b" : "b\(id)")])
            }
            let error = await #expect(throws: StoreError.self) { try await store.map(.array(rows), with: entity) }
            #expect(error?.errorType == .database)
            #expect(error?.reason.contains("short_b") == true, "\(String(describing: error))")
            #expect(try await store.count(of: entity) == 3)
            #expect(try await store.objects(of: entity).map(\.b) == [nil, nil, nil])
            // The same connections serve the next import.
            let written = try await store.map(.array(Array(rows.prefix(4_000))), with: entity)
            #expect(written.inserted == 3_997 && written.updated == 3)
            #expect(try await store.count(of: entity) == 4_000)
        }
    }

    /// Full-text search: a GIN expression index that the search uses, indexing a table made
    /// before, following changes made outside the store, replaced for other columns; the
    /// `unaccent` extension lives in a schema of its own, so dropping one store's schema leaves
    /// another's search (and its diacritic folding) intact.
    @Test func theSearchIndexIsUsedFollowsOutsideChangesAndOutlivesAnotherStoresSchema() async throws {
        let firstConfiguration = try PostgresTestServer.freshConfiguration()
        let first = PostgreSQLStore(configuration: firstConfiguration)
        let configuration = try PostgresTestServer.freshConfiguration()
        let before = PostgreSQLStore(configuration: configuration)
        let store = PostgreSQLStore(configuration: configuration)
        let byAuthorStore = PostgreSQLStore(configuration: configuration)
        let articles = try FullTextSearchTests.entity()
        let languages = try json(FullTextSearchTests.languages)
        try await first.register(articles)
        _ = try await first.map(languages, with: articles)
        #expect(try await first.search(articles, matching: "creme").map(\.id) == [5])
        // A table made before the entity was searchable gets an index of its rows.
        let plain = try articleEntity()
        try await before.register(plain)
        _ = try await before.map(languages, with: plain)
        try await store.register(articles)
        #expect(try await store.search(articles, matching: "cafe").map(\.id) == [5])
        // Rows changed behind the store's back: the expression index follows them.
        try await store.transaction(.write, entity: nil, doing: "changing rows") { session in
            try session.execute("UPDATE articles SET title = 'Tea room' WHERE id = 5", [])
            try session.execute("DELETE FROM articles WHERE id = 1", [])
        }
        #expect(try await store.search(articles, matching: "cafe").isEmpty)
        #expect(try await store.search(articles, matching: "tea room").map(\.id) == [5])
        #expect(try await store.search(articles, matching: "swift").map(\.id) == [3])
        // The search's expression is the index's: with sequential scans off, the plan uses it.
        let sql = PostgresSearchIndex(articles.schema).search
        let plan = try await store.transaction(.read, entity: nil, doing: "explaining") { session in
            try session.command("SET LOCAL enable_seqscan = off")
            return try session.rows("EXPLAIN " + sql, ["'swift'".databaseValue, 20.databaseValue]).compactMap { $0.first.flatMap(String.fromDatabaseValue) }
        }
        #expect(plan.contains { $0.contains("Bitmap Index Scan on articles_search") }, "\(plan)")
        let migrations = try await store.transaction(.read, entity: nil, doing: "reading") { session in
            try session.rows("SELECT identifier FROM restkit_migrations WHERE identifier LIKE '%search%'", []).compactMap { $0.first.flatMap(String.fromDatabaseValue) }
        }
        #expect(migrations == ["RestKitStore.articles.search(title,body)"])
        // Another store's schema dropped, extension and all it holds: this one still folds diacritics.
        let firstSchema = try #require(firstConfiguration.schema)
        try await store.transaction(.schema, entity: nil, doing: "dropping") { session in
            try session.execute("DROP SCHEMA \(SQLName.quoted(firstSchema)) CASCADE", [])
        }
        #expect(try await store.search(articles, matching: "CREME brulee").map(\.id) == [5])
        // Indexing other columns later replaces the index, once.
        let byAuthor = try EntityMapping(articleMapping, table: "articles", columns: articleColumns, searchable: ["author.name"])
        try await byAuthorStore.register(byAuthor)
        #expect(try await byAuthorStore.search(byAuthor, matching: "tea").isEmpty)
        let comment = try await store.transaction(.read, entity: nil, doing: "reading") { session in
            try session.firstRow("SELECT obj_description('articles_search'::regclass, 'pg_class')", [])?.first.flatMap(String.fromDatabaseValue)
        }
        #expect(comment == "author_name")
        // A store still holding the old mapping finds the index changed.
        let stale = PostgreSQLStore(configuration: configuration)
        let mismatch = await #expect(throws: StoreError.self) { try await stale.register(articles, changingSchema: false) }
        #expect(mismatch?.errorType == .schemaMismatch)
        #expect(mismatch?.reason.contains("covers (author_name), the mapping declares (title, body)") == true, "\(String(describing: mismatch))")
        for store in [first, before, store, byAuthorStore, stale] { await store.close() }
    }

    @Test func aServerRestartDuringAnImportLeavesAllOrNothingAndTheStoreRecovers() async throws {
        // A server of its own: restarting the shared one would break the tests running beside.
        let directory = try PostgresTestServer.startPrivateServer()
        defer { _ = try? PostgresTestServer.script(["stop", directory]) }
        var configuration = try PostgreSQLStore.Configuration(url: PostgresTestServer.url(of: directory))
        configuration.maximumAttempts = 1
        let store = PostgreSQLStore(configuration: configuration)
        let entity = try Self.items()
        try await store.register(entity)
        let payload = Self.payload(0..<60_000, field: "a", value: "a")
        let importing = Task { try await store.map(payload, with: entity) }
        try await Task.sleep(for: .milliseconds(300))
        #expect(try PostgresTestServer.script(["restart", directory]) == 0)
        let outcome = await importing.result
        // The restart either cut the import (an error saying nothing was committed) or came
        // after its commit; never a part of it.
        var count = -1
        for _ in 0..<50 {   // the server may still be starting
            do {
                count = try await store.count(of: entity)
                break
            } catch {
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        switch outcome {
        case .success(let result):
            #expect(result.inserted == 60_000)
            #expect(count == 60_000)
        case .failure(let error):
            let failure = try #require(error as? StoreError)
            #expect(failure.errorType == .database)
            #expect(failure.reason.contains("lost") || failure.reason.contains("terminat") || failure.reason.contains("shut"), "\(failure)")
            #expect(count == 0)
        }
        // The store goes on with new connections.
        _ = try await store.map(Self.payload(0..<3, field: "b", value: "b"), with: entity)
        #expect(try await store.object(of: entity, identifiedBy: 2)?.b == "b2")
        await store.close()
    }

    /// A loopback port nothing listens on (bound, then released).
    static func unusedPort() throws -> Int {
        let socket = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw PostgresTestServer.SkipError() }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
