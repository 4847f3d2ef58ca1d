import Foundation
import Hummingbird
import HummingbirdTesting
import RestKitCore
import RestKitDefaults
import RestKitHTTP
import RestKitMapping
import RestKitStore
import RestKitStoreHTTP
import Synchronization
import Testing

struct Book: Equatable, Sendable {
    var id = 0
    var title = ""
    var shelf = ""
}

let bookMapping = ObjectMapping(Book.init) { book in
    book.map("id", to: \.id)
    book.map("title", to: \.title)
    book.map("shelf", to: \.shelf)
}

/// A books API on 127.0.0.1: `GET /books` (ETag = the catalogue's version, 304 on a match),
/// `GET /shelves/:shelf/books`, `GET /broken` (500). `catalogue` is what it lists.
final class BookServer: Sendable {
    let catalogue = Mutex<(version: Int, books: [Book])>((1, []))
    let requests = Mutex<[(path: String, ifNoneMatch: String?)]>([])

    func set(_ books: [Book]) {
        catalogue.withLock { $0 = ($0.version + 1, books) }
    }

    func json(_ books: [Book]) -> String {
        #"{"books": ["# + books.map { #"{"id": \#($0.id), "title": "\#($0.title)", "shelf": "\#($0.shelf)"}"# }.joined(separator: ", ") + "]}"
    }

    func respond(_ text: String, etag: String?) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        if let etag { headers[.eTag] = etag }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    func run<Value: Sendable>(_ body: @escaping @Sendable (String) async throws -> Value) async throws -> Value {
        let router = Hummingbird.Router()
        router.get("/books") { request, _ in
            let (version, books) = self.catalogue.withLock { $0 }
            let etag = "\"v\(version)\""
            let asked = request.headers[.ifNoneMatch]
            self.requests.withLock { $0.append(("/books", asked)) }
            if asked == etag { return Response(status: .notModified, headers: [.eTag: etag]) }
            return self.respond(self.json(books), etag: etag)
        }
        router.get("/shelves/:shelf/books") { _, context in
            let shelf = context.parameters.get("shelf") ?? ""
            self.requests.withLock { $0.append(("/shelves/\(shelf)/books", nil)) }
            return self.respond(self.json(self.catalogue.withLock { $0.books }.filter { $0.shelf == shelf }), etag: nil)
        }
        router.get("/broken") { _, _ in Response(status: .internalServerError) }
        router.get("/malformed") { _, _ in self.respond(#"{"books": [{"id": 5, "title": "E"}, {"id": "five", "title": "F"}]}"#, etag: #""m""#) }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        return try await app.test(.live) { client in
            guard let port = client.port else { throw CancellationError() }
            return try await body("http://127.0.0.1:\(port)")
        }
    }
}

@Suite struct StoreRequestTests {
    func withStore<T>(_ body: (SQLiteStore, EntityMapping<Book>) async throws -> T) async throws -> T {
        let directory = FileManager.default.temporaryDirectory.appending(path: "RestKitStoreHTTPTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteStore(path: directory.appending(path: "books.sqlite").path)
        let books = try EntityMapping(bookMapping, table: "books", columns: [Column("id", .integer), Column("title", .text), Column("shelf", .text)])
        try await store.register(books)
        return try await body(store, books)
    }

    @Test func orphansAreDeletedInTheDescriptorsScopeOnly() async throws {
        try await withStore { store, books in
            let server = BookServer()
            server.set([Book(id: 1, title: "A", shelf: "x"), Book(id: 2, title: "B", shelf: "x"), Book(id: 3, title: "C", shelf: "y")])
            let all = StoreResponseDescriptor(books, pathPattern: "/books", keyPath: "books", orphans: { _ in .all })
            let shelf = StoreResponseDescriptor(books, pathPattern: "/shelves/:shelf/books", keyPath: "books", orphans: { parameters in
                parameters["shelf"].map { .matching(["shelf": .string($0)]) }
            })
            try await server.run { baseURL in
                let manager = ObjectManager(baseURL: baseURL)
                let first = try await manager.getObjects(at: "/books", into: store, with: all)
                #expect(first.inserted == 3)
                #expect(first.objects.map(\.id) == [1, 2, 3])
                // Book 2 leaves shelf x, book 3 (shelf y) is out of the scope of /shelves/x/books.
                server.set([Book(id: 1, title: "A", shelf: "x"), Book(id: 3, title: "C", shelf: "y")])
                let scoped = try await manager.getObjects(at: "/shelves/x/books", into: store, with: shelf)
                #expect(scoped.deleted == 1)
                #expect(try await store.objects(of: books).map(\.id) == [1, 3])
                // A server error deletes nothing.
                let broken = StoreResponseDescriptor(books, pathPattern: "/broken", orphans: { _ in .all })
                let error = try await #require(throws: ObjectManagerError.self) {
                    try await manager.getObjects(at: "/broken", into: store, with: broken)
                }
                #expect(error.status == 500)
                #expect(try await store.count(of: books) == 2)
                // A response whose objects cannot be stored is `.store`, with the store's error;
                // nothing is written, deleted or cached.
                let malformed = StoreResponseDescriptor(books, pathPattern: "/malformed", keyPath: "books", orphans: { _ in .all })
                let storeError = try await #require(throws: ObjectManagerError.self) {
                    try await manager.getObjects(at: "/malformed", into: store, with: malformed)
                }
                #expect(storeError.errorType == .store)
                let underlying = try #require(storeError.underlying as? StoreError)
                #expect(underlying.keyPath == "1.id")
                #expect(underlying.errorType == .typeMismatch)
                #expect(try await store.objects(of: books).map(\.id) == [1, 3])
                #expect(try await store.cachedResponse(for: "/malformed") == nil)
                // A path the descriptor does not describe is refused before anything is sent.
                let mismatch = try await #require(throws: ObjectManagerError.self) {
                    try await manager.getObjects(at: "/shelves/x/books", into: store, with: all)
                }
                #expect(mismatch.errorType == .noResponseDescriptor)
            }
        }
    }

    @Test func notModifiedReturnsTheStoredObjectsAndDeletesNothing() async throws {
        try await withStore { store, books in
            let server = BookServer()
            server.set([Book(id: 2, title: "B", shelf: "x"), Book(id: 1, title: "A", shelf: "x")])
            let all = StoreResponseDescriptor(books, pathPattern: "/books", keyPath: "books", orphans: { _ in .all })
            try await server.run { baseURL in
                let manager = ObjectManager(baseURL: baseURL)
                let first = try await manager.getObjects(at: "/books", into: store, with: all)
                #expect(first.response?.headers["ETag"] == #""v2""#)
                #expect(try await store.cachedResponse(for: "/books")?.etag == #""v2""#)
                let second = try await manager.getObjects(at: "/books", into: store, with: all)
                #expect(second.response?.status == 304)
                #expect(second.isFromStore)
                #expect(second.objects == [Book(id: 2, title: "B", shelf: "x"), Book(id: 1, title: "A", shelf: "x")])
                #expect(second.deleted == 0)
                #expect(server.requests.withLock { $0.map(\.ifNoneMatch) } == [nil, #""v2""#])
                // A new version is fetched and mapped again.
                server.set([Book(id: 1, title: "A, 2nd edition", shelf: "x")])
                let third = try await manager.getObjects(at: "/books", into: store, with: all)
                #expect(third.response?.status == 200)
                #expect(third.deleted == 1)
                #expect(third.objects.map(\.title) == ["A, 2nd edition"])
            }
        }
    }

    @Test func aTransportFailureFallsBackToStoredObjectsOnlyWhenAsked() async throws {
        try await withStore { store, books in
            let server = BookServer()
            server.set([Book(id: 1, title: "A", shelf: "x")])
            let all = StoreResponseDescriptor(books, pathPattern: "/books", keyPath: "books", orphans: { _ in .all })
            let baseURL = try await server.run { baseURL in
                _ = try await ObjectManager(baseURL: baseURL).getObjects(at: "/books", into: store, with: all)
                return baseURL
            }
            // The server is gone: connection refused.
            let manager = ObjectManager(baseURL: baseURL)
            let error = try await #require(throws: ObjectManagerError.self) {
                try await manager.getObjects(at: "/books", into: store, with: all)
            }
            #expect(error.errorType == .transport)
            let stale = try await manager.getObjects(at: "/books", into: store, with: all, offline: .useStoredObjects)
            guard case .stale(let cause) = stale.source else {
                Issue.record("expected stale objects, got \(stale.source)")
                return
            }
            #expect(cause.errorType == .transport)
            #expect(stale.objects == [Book(id: 1, title: "A", shelf: "x")])
            #expect(try await store.count(of: books) == 1)
            // Nothing stored for a path: the error is thrown even with the fallback.
            let unknown = StoreResponseDescriptor(books, pathPattern: "/shelves/:shelf/books", keyPath: "books")
            await #expect(throws: ObjectManagerError.self) {
                try await manager.getObjects(at: "/shelves/x/books", into: store, with: unknown, offline: .useStoredObjects)
            }
        }
    }
}
