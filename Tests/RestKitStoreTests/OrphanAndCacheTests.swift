import Foundation
import RestKitCore
import RestKitMapping
@testable import RestKitStore
import Testing

@Suite struct OrphanAndCacheTests {
    struct Book: Equatable, Sendable {
        var id = 0
        var title = ""
        var shelf = ""
        var tags: [PostTag] = []
    }

    func books() throws -> EntityMapping<Book> {
        let mapping = ObjectMapping(Book.init) { book in
            book.map("id", to: \.id)
            book.map("title", to: \.title)
            book.map("shelf", to: \.shelf)
            book.relationship("tags", to: \.tags, mapping: tagMapping)
        }
        let tags = try EntityMapping(tagMapping, table: "tags", columns: [Column("id", .integer), Column("name", .text)])
        return try EntityMapping(mapping, table: "books", columns: [Column("id", .integer), Column("title", .text), Column("shelf", .text)],
            relationships: [.manyToMany("tags", tags)])
    }

    @Test(arguments: StoreBackend.available)
    func orphansInTheScopeAreDeletedInTheSameTransaction(kind: StoreBackend) async throws {
        try await withStore(kind) { store in
            let books = try books()
            try await store.register(books)
            _ = try await store.map(json("""
                [{"id": 1, "shelf": "a", "tags": [{"id": 1, "name": "x"}]}, {"id": 2, "shelf": "a"}, {"id": 3, "shelf": "b"},
                 {"id": 4, "shelf": "a", "tags": [{"id": 1}]}]
                """), with: books)
            // Shelf a now lists 2 only: 1 and 4 go (with their tag links), 3 (shelf b) stays.
            let result = try await store.map(json(#"[{"id": 2, "shelf": "a"}]"#), with: books, deletingOrphansIn: .matching(["shelf": "a"]))
            #expect(result.deleted == 2)
            #expect(try await store.objects(of: books).map(\.id) == [2, 3])
            #expect(try await store.rowCount("books_tags") == 0)
            #expect(try await store.rowCount("tags") == 1)
            // A failing mapping deletes nothing.
            await #expect(throws: StoreError.self) {
                try await store.map(json(#"[{"id": 5, "title": ["bad"]}]"#), with: books, deletingOrphansIn: .all)
            }
            #expect(try await store.objects(of: books).map(\.id) == [2, 3])
            // All: everything not listed.
            let all = try await store.map(json(#"[{"id": 3}]"#), with: books, deletingOrphansIn: .all)
            #expect(all.deleted == 1)
            #expect(try await store.objects(of: books).map(\.id) == [3])
            // A scope on an undeclared attribute is an error before anything is written.
            let error = try await #require(throws: StoreError.self) {
                try await store.map(json(#"[{"id": 9}]"#), with: books, deletingOrphansIn: .matching(["colour": "red"]))
            }
            #expect(error.errorType == .invalidScope)
            #expect(try await store.count(of: books) == 1)
        }
    }

    @Test(arguments: StoreBackend.available)
    func cachedResponsesListTheirObjectsInOrder(kind: StoreBackend) async throws {
        try await withStore(kind) { store in
            let books = try books()
            try await store.register(books)
            #expect(try await store.cachedResponse(for: "/books") == nil)
            #expect(try await store.cachedObjects(for: "/books", of: books) == nil)
            let cached = CachedResponse(path: "/books", etag: #""v1""#, lastModified: "Tue, 24 Nov 2026 10:00:00 GMT")
            _ = try await store.map(json(#"[{"id": 3, "title": "c"}, {"id": 1, "title": "a"}]"#), with: books, caching: cached)
            _ = try await store.map(json(#"[{"id": 2, "title": "b"}, {"id": 1, "title": "a, edited"}]"#), with: books,
                caching: CachedResponse(path: "/books?page=2", etag: nil, lastModified: nil))
            #expect(try await store.cachedResponse(for: "/books")?.etag == #""v1""#)
            #expect(try await store.cachedResponse(for: "/books")?.lastModified == "Tue, 24 Nov 2026 10:00:00 GMT")
            #expect(try await store.cachedObjects(for: "/books", of: books)?.map(\.title) == ["c", "a, edited"])
            #expect(try await store.cachedObjects(for: "/books?page=2", of: books)?.map(\.id) == [2, 1])
            // A new response for the path replaces the entry.
            _ = try await store.map(json(#"[{"id": 2}]"#), with: books, caching: CachedResponse(path: "/books", etag: #""v2""#, lastModified: nil))
            #expect(try await store.cachedResponse(for: "/books")?.etag == #""v2""#)
            #expect(try await store.cachedObjects(for: "/books", of: books)?.map(\.id) == [2])
        }
    }
}
