// store-import-child: a test helper for RestKitStoreTests (not a product).
//
//     store-import-child <store> <count> [<first id>]
//     store-import-child <store> <count> <first id> --field <key path> --rounds <n>
//
// Opens the store — a SQLite file path, or a `postgres://…?schema=…` URL — registers the
// articles entity of the store tests' fixtures (Tests/RestKitStoreTests/StoreFixtures.swift:
// the same table and columns, so the registration checks the table the test made), generates
// <count> articles with ids from <first id> (default 1,000,000), prints "started" on stdout
// just before the import's transaction, imports them in one `map`, and prints "imported <n>".
// A test kills it with SIGKILL in the middle of the import and checks that the store is
// exactly as before.
//
// With --field, each article holds only its id and that attribute (`title`, `body`,
// `author.name` or `rating`; the text is "<key path> <id>", the rating id / 10), imported
// <n> times, each a transaction of its own: several of these processes, one per field, on
// overlapping ids, must leave every article with every field and no article twice.
//
// Exit status: 0 imported, 1 a store error (printed on stderr), 2 bad arguments.

import Foundation
import RestKitCore
import RestKitMapping
import RestKitStore

struct Article: Sendable {
    var id = 0
    var title = ""
    var body: String?
    var authorName = ""
    var publishedAt: Date?
    var rating = 0.0
    var featured = false
}

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("store-import-child: \(message)\n".utf8))
    exit(status)
}

let usage = "usage: store-import-child <store path or postgres:// URL> <count> [<first id> [--field <key path> --rounds <n>]]"
var arguments = Array(CommandLine.arguments.dropFirst())
var field: String?
var rounds = 1
if arguments.count == 7, arguments[3] == "--field", arguments[5] == "--rounds", let value = Int(arguments[6]), value >= 1,
   ["title", "body", "author.name", "rating"].contains(arguments[4]) {
    field = arguments[4]
    rounds = value
    arguments.removeLast(4)
}
guard arguments.count == 2 || arguments.count == 3, let location = arguments.first,
      let count = Int(arguments[1]), count >= 0,
      let firstID = arguments.count == 3 ? Int64(arguments[2]) : 1_000_000
else {
    fail(usage, status: 2)
}

let mapping = ObjectMapping(Article.init) { article in
    article.map("id", to: \.id)
    article.map("title", to: \.title)
    article.map("body", to: \.body)
    article.map("author.name", to: \.authorName)
    article.map("published_at", to: \.publishedAt)
    article.map("rating", to: \.rating)
    article.map("featured", to: \.featured)
}

do throws(StoreError) {
    let articles = try EntityMapping(mapping, table: "articles", columns: [
        Column("id", .integer), Column("title", .text), Column("body", .text), Column("author.name", .text),
        Column("published_at", .dateText), Column("rating", .real), Column("featured", .boolean),
    ])
    let store: any PersistentObjectStore
    var postgres: PostgreSQLStore?
    if location.hasPrefix("postgres://") {
        let opened = PostgreSQLStore(configuration: try PostgreSQLStore.Configuration(url: location))
        postgres = opened
        store = opened
    } else {
        store = try SQLiteStore(path: location)
    }
    try await store.register(articles)
    // The payload is built before "started", so that the child is inside the import (its one
    // transaction) from then on.
    let elements: [Representation] = (0..<Int64(count)).map { offset in
        let id = firstID + offset
        switch field {
        case "title"?: return ["id": .int(id), "title": .string("title \(id)")]
        case "body"?: return ["id": .int(id), "body": .string("body \(id)")]
        case "author.name"?: return ["id": .int(id), "author": ["name": .string("author.name \(id)")]]
        case "rating"?: return ["id": .int(id), "rating": .double(Double(id) / 10)]
        default:
            return [
                "id": .int(id),
                "title": .string("Imported article \(offset)"),
                "body": .string(String(repeating: "Lorem ipsum dolor sit amet. ", count: 4)),
                "author": ["name": .string("Author \(offset % 97)")],
                "published_at": "2024-05-01T10:00:00Z",
                "rating": .double(Double(offset % 50) / 10),
                "featured": .bool(offset % 2 == 0),
            ]
        }
    }
    FileHandle.standardOutput.write(Data("started\n".utf8))
    var inserted = 0
    for _ in 0..<rounds {
        inserted += try await store.map(.array(elements), with: articles).inserted
    }
    await postgres?.close()
    FileHandle.standardOutput.write(Data("imported \(inserted)\n".utf8))
} catch {
    fail("\(error.errorType): \(error)", status: 1)
}
