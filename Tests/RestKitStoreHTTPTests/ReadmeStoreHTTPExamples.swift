import Foundation
import RestKitHTTP
import RestKitStore
import RestKitStoreHTTP
import Testing

// The README's orphan deletion and offline cache example, against BookServer.
struct ReadmeStoreHTTPExamples {
    @Test func booksFromTheServerIntoTheStore() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "ReadmeStoreHTTP-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = BookServer()
        server.set([Book(id: 1, title: "A", shelf: "x"), Book(id: 2, title: "B", shelf: "x"), Book(id: 3, title: "C", shelf: "y")])
        let store = try SQLiteStore(path: directory.appending(path: "books.sqlite").path)
        try await server.run { baseURL in
            // README begins
            let books = try EntityMapping(bookMapping, table: "books", columns: [
                Column("id", .integer), Column("title", .text), Column("shelf", .text),
            ])
            try await store.register(books)
            // GET /books lists every book; GET /shelves/x/books every book on shelf x.
            let everything = StoreResponseDescriptor(books, pathPattern: "/books", keyPath: "books", orphans: { _ in .all })
            let oneShelf = StoreResponseDescriptor(books, pathPattern: "/shelves/:shelf/books", keyPath: "books",
                orphans: { parameters in parameters["shelf"].map { .matching(["shelf": .string($0)]) } })
            let manager = ObjectManager(baseURL: baseURL)
            let first = try await manager.getObjects(at: "/books", into: store, with: everything, offline: .useStoredObjects)
            // first.source is .network, first.inserted == 3; the ETag is kept for "/books"
            let again = try await manager.getObjects(at: "/books", into: store, with: everything, offline: .useStoredObjects)
            // sent If-None-Match, got 304: again.source is .notModified, the same 3 books, as stored
            server.set([Book(id: 1, title: "A", shelf: "x"), Book(id: 3, title: "C", shelf: "y")])
            let shelf = try await manager.getObjects(at: "/shelves/x/books", into: store, with: oneShelf)
            // shelf.deleted == 1: book 2 is gone; book 3 (shelf y) is outside the scope
            // README ends
            #expect(first.inserted == 3)
            #expect(again.response?.status == 304)
            #expect(again.objects.map(\.id) == [1, 2, 3])
            #expect(shelf.deleted == 1)
            #expect(try await store.objects(of: books).map(\.id) == [1, 3])
        }
    }
}
