import Foundation
import RestKitCore
import RestKitMapping
@testable import RestKitStore
import Testing

@Suite struct ImportSummaryTests {
    @Test(arguments: StoreBackend.available)
    func importsCountWithoutReturningModels(kind: StoreBackend) async throws {
        try await withStore(kind) { store in
            let articles = try EntityMapping(articleMapping, table: "articles", columns: articleColumns, modificationAttribute: "published_at")
            try await store.register(articles)
            let page = try json("""
                [{"id": 1, "title": "One", "published_at": "2026-11-01T10:00:00Z"}, {"id": 2, "title": "Two", "published_at": "2026-11-02T10:00:00Z"},
                 {"id": 1, "title": "One, later in the page", "published_at": "2026-11-03T10:00:00Z"}]
                """)
            let first = try await store.importElements(of: page, with: articles)
            #expect(first == StoreImportSummary(elements: 3, inserted: 2, updated: 0, unchanged: 0, deleted: 0, bytes: 0))
            #expect(try await store.object(of: articles, identifiedBy: 1)?.title == "One, later in the page")
            let again = try await store.importElements(of: page, with: articles)
            #expect(again.unchanged == 2)
            #expect(again.inserted + again.updated == 0)
            // A newer version of one, and a page without the other: orphan deleted.
            let newer = try await store.importElements(
                of: json(#"[{"id": 2, "title": "Two, edited", "published_at": "2026-11-05T10:00:00Z"}]"#), with: articles, deletingOrphansIn: .all)
            #expect(newer.updated == 1)
            #expect(newer.deleted == 1)
            #expect(try await store.objects(of: articles).map(\.title) == ["Two, edited"])
            // Each written element is still mapped to check it; an error writes nothing.
            let error = try await #require(throws: StoreError.self) {
                try await store.importElements(of: json(#"[{"id": 5, "title": "Five"}, {"id": 6, "rating": "lots"}]"#), with: articles)
            }
            #expect(error.keyPath == "1.rating")
            #expect(try await store.count(of: articles) == 1)
        }
    }
}
