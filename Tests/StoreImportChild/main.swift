// store-import-child: a test helper for RestKitStoreTests (not a product).
//
//     store-import-child <store path> <count> [<first id>]
//
// Opens the SQLite store at <store path>, registers the articles entity of the store tests'
// fixtures (Tests/RestKitStoreTests/StoreFixtures.swift: the same table and columns, so the
// registration checks the table the test made), generates <count> articles with ids from
// <first id> (default 1,000,000), prints "started" on stdout just before the import's
// transaction, imports them in one `map`, and prints "imported <n>". A test kills it with
// SIGKILL in the middle of the import and checks that the file is exactly as before.
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

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2 || arguments.count == 3, let path = arguments.first,
      let count = Int(arguments[arguments.startIndex + 1]), count >= 0,
      let firstID = arguments.count == 3 ? Int64(arguments[arguments.startIndex + 2]) : 1_000_000
else {
    fail("usage: store-import-child <store path> <count> [<first id>]", status: 2)
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
    let store = try SQLiteStore(path: path)
    try await store.register(articles)
    // The payload is built before "started", so that the child is inside the import (its one
    // transaction) from then on.
    let elements: [Representation] = (0..<Int64(count)).map { offset in
        [
            "id": .int(firstID + offset),
            "title": .string("Imported article \(offset)"),
            "body": .string(String(repeating: "Lorem ipsum dolor sit amet. ", count: 4)),
            "author": ["name": .string("Author \(offset % 97)")],
            "published_at": "2024-05-01T10:00:00Z",
            "rating": .double(Double(offset % 50) / 10),
            "featured": .bool(offset % 2 == 0),
        ]
    }
    FileHandle.standardOutput.write(Data("started\n".utf8))
    let result = try await store.map(.array(elements), with: articles)
    FileHandle.standardOutput.write(Data("imported \(result.inserted)\n".utf8))
} catch {
    fail("\(error.errorType): \(error)", status: 1)
}
