import Logging
import Foundation
import RestKitCore
import RestKitDefaults
import RestKitMapping
import RestKitStore
import Testing

// Models, mappings and stores shared by the store tests.

struct StoredArticle: Equatable, Sendable {
    var id = 0
    var title = ""
    var body: String?
    var authorName = ""
    var publishedAt: Date?
    var rating = 0.0
    var featured = false
}

let articleMapping = ObjectMapping(StoredArticle.init) { article in
    article.map("id", to: \.id)
    article.map("title", to: \.title)
    article.map("body", to: \.body)
    article.map("author.name", to: \.authorName)
    article.map("published_at", to: \.publishedAt)
    article.map("rating", to: \.rating)
    article.map("featured", to: \.featured)
}

let articleColumns = [
    Column("id", .integer), Column("title", .text), Column("body", .text), Column("author.name", .text),
    Column("published_at", .dateText), Column("rating", .real), Column("featured", .boolean),
]

func articleEntity() throws -> EntityMapping<StoredArticle> {
    try EntityMapping(articleMapping, table: "articles", columns: articleColumns)
}

/// Parses JSON text with the default registry.
func json(_ text: String) throws -> Representation {
    try Registry.default.parse(Array(text.utf8), as: .json)
}

/// A file store (a WAL pool in a fresh temporary directory) or an in-memory store: the suite
/// runs against both.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case file, memory
    var testDescription: String { rawValue }
}

/// A fresh temporary directory, removed after `body`.
func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory.appending(path: "RestKitStoreTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
}

/// Runs `body` with a new store of `kind` (a file store's directory is removed afterwards),
/// logging to `logger` when one is given.
func withStore<T>(_ kind: StoreKind, logger: Logger? = nil, _ body: (SQLiteStore) async throws -> T) async throws -> T {
    let configuration = SQLiteStore.Configuration(logger: logger)
    switch kind {
    case .memory:
        return try await body(SQLiteStore.inMemory(configuration: configuration))
    case .file:
        return try await withTemporaryDirectory { directory in
            try await body(SQLiteStore(path: directory.appending(path: "store.sqlite").path, configuration: configuration))
        }
    }
}
