import Foundation
import Logging
import RestKitCore
import RestKitJSON
import RestKitMapping
import RestKitStore
import RestKitTestSupport
import Testing

/// What the stores log through their configured `Logger`: each write operation's counts and
/// duration or its error type, at debug; never the values stored.
@Suite("Store logging")
struct StoreLoggingTests {
    static func items() throws -> EntityMapping<SuiteItem> {
        try EntityMapping(suiteItemMapping, table: "items", columns: [
            Column("id", .integer), Column("title", .text), Column("body", .text), Column("rating", .real),
        ])
    }

    @Test("maps and imports log their counts and durations; failures their error type; values never", arguments: StoreBackend.available)
    func writeOperations(backend: StoreBackend) async throws {
        let log = LogRecording()
        try await withStore(backend, logger: log.logger()) { store in
            let items = try Self.items()
            try await store.register(items)
            _ = try await store.map(json(#"[{"id": 1, "title": "BODY-SECRET one"}, {"id": 2, "title": "two"}]"#), with: items)
            _ = try await store.importElements(
                of: json(#"[{"id": 2, "title": "two again"}, {"id": 3, "title": "three"}]"#), with: items, options: MappingOptions(),
                deletingOrphansIn: nil)
            await #expect(throws: StoreError.self) {
                try await store.map(json(#"[{"id": "not a number", "title": "BODY-SECRET"}]"#), with: items)
            }
        }
        let system = backend == .postgres ? "postgresql" : "sqlite"
        #expect(log.entries.map(\.message) == ["store map finished", "store import finished", "store map failed"], "\(log.text)")
        #expect(log.entries.allSatisfy { $0.level == .debug })
        #expect(log.entries.allSatisfy { $0.metadata[StoreLogKey.system] == system && $0.metadata[StoreLogKey.entity] == "items" })
        let mapped = try #require(log.entries("store map finished").first)
        #expect(mapped.metadata[StoreLogKey.operation] == "map")
        #expect(mapped.metadata[StoreLogKey.inserted] == "2")
        #expect(mapped.metadata[StoreLogKey.updated] == "0")
        #expect(mapped.metadata[StoreLogKey.duration].flatMap(Double.init) != nil)
        let imported = try #require(log.entries("store import finished").first)
        #expect(imported.metadata[StoreLogKey.elements] == "2")
        #expect(imported.metadata[StoreLogKey.inserted] == "1")
        #expect(imported.metadata[StoreLogKey.updated] == "1")
        let failed = try #require(log.entries("store map failed").first)
        #expect(failed.metadata[StoreLogKey.errorType] == "typeMismatch" || failed.metadata[StoreLogKey.errorType] == "mapping")
        #expect(!log.text.contains("BODY-SECRET"))
        #expect(!log.text.contains("not a number"))
    }

    @Test("a file import logs the bytes it read", arguments: StoreBackend.available)
    func fileImport(backend: StoreBackend) async throws {
        let log = LogRecording()
        let text = #"{"items": [{"id": 1, "title": "a"}, {"id": 2, "title": "b"}, {"id": 3, "title": "c"}]}"#
        let path = FileManager.default.temporaryDirectory.appending(path: "restkit-store-log-\(UUID().uuidString).json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await withStore(backend, logger: log.logger()) { store in
            let items = try Self.items()
            try await store.register(items)
            let summary: StoreImportSummary
            if let sqlite = store as? SQLiteStore {
                summary = try await sqlite.importElements(ofFile: path, parser: { JSONElementStreamParser(keyPath: "items") }, with: items)
            } else {
                let postgres = try #require(store as? PostgreSQLStore)
                summary = try await postgres.importElements(ofFile: path, parser: { JSONElementStreamParser(keyPath: "items") }, with: items)
            }
            #expect(summary.inserted == 3)
        }
        let entry = try #require(log.entries("store import-file finished").first)
        #expect(entry.metadata[StoreLogKey.elements] == "3")
        #expect(entry.metadata[StoreLogKey.bytes] == "\(text.utf8.count)")
    }

    @Test("the stores log nothing by default")
    func silentByDefault() {
        #expect(SQLiteStore.Configuration().logger.handler is SwiftLogNoOpLogHandler)
        #expect(PostgreSQLStore.Configuration(host: "127.0.0.1", username: "u", password: nil, database: "d").logger.handler
            is SwiftLogNoOpLogHandler)
    }
}
