import Foundation
import RestKitCore
@testable import rkbench
import Testing

/// The parts of rkbench's `store-postgres` rows that need no server: the concurrent case's
/// slices, the hand-written baseline's rows and statements, and choosing a server.
struct PostgresBenchTests {
    static func articles(_ ids: [Int], author: (Int) -> Int = { $0 % 3 }, tags: (Int) -> [Int] = { [$0 % 5, ($0 + 1) % 5] }) -> [Representation] {
        ids.map { id in
            let tagList: [Representation] = tags(id).map { ["id": .int(Int64($0)), "name": .string("tag \($0)")] }
            return [
                "id": .int(Int64(id)), "title": .string("title \(id)"), "body": "body", "score": .double(1.5), "views": .int(7),
                "published": true, "published_at": "2026-01-01T00:00:00Z",
                "author": ["id": .int(Int64(author(id))), "name": .string("author \(author(id))")],
                "tags": .array(tagList),
            ]
        }
    }

    /// Four slices of 60%, each pair overlapping, together every article once, in pages.
    @Test(arguments: [1, 2, 7, 10, 999, 10_000])
    func slicesOverlapAndCoverThePayload(count: Int) throws {
        let elements = Self.articles(Array(1...count))
        let slices = try PostgresConcurrentImportWorkload.Slices(elements)
        let length = PostgresConcurrentImportWorkload.Slices.length(count)
        #expect(slices.ranges.count == 4)
        #expect(slices.ranges.allSatisfy { $0.count == length })
        #expect(PostgresConcurrentImportWorkload.Slices.submitted(count) == 4 * length)
        #expect(slices.unionIDs == (1...count).map(Int64.init))
        for (index, range) in slices.ranges.enumerated() {
            for other in slices.ranges[(index + 1)...] { #expect(range.overlaps(other), "\(range) and \(other)") }
            let paged = slices.pages[index].flatMap { $0.arrayValue ?? [] }.compactMap { $0["id"]?.int64Value }
            #expect(paged == range.map { Int64($0 + 1) })
            #expect(slices.pages[index].allSatisfy { ($0.arrayValue?.count ?? 0) <= PostgresConcurrentImportWorkload.Slices.pageSize })
        }
    }

    /// Authors and tags once each (first position, last values), links in listed order without
    /// repeats, an article named twice in its first position with its last values.
    @Test func batchRowsAreTheStoresRows() throws {
        var elements = Self.articles([1, 2, 3], tags: { $0 == 2 ? [4, 4, 1] : [$0] })
        elements.append(Self.articles([1], author: { _ in 9 }, tags: { _ in [2] })[0])
        let rows = try PostgresBatchImport(elements)
        #expect(rows.articles.map(\.id) == [1, 2, 3])
        #expect(rows.articles[0].authorID == 9)
        #expect(rows.authors.map(\.id) == [1, 2, 0, 9])
        #expect(rows.tags.map(\.id) == [1, 4, 3, 2])
        #expect(rows.links == [[2], [4, 1], [3]])
        #expect(rows.articles[1].score == 1.5 && rows.articles[1].published == true && rows.articles[1].publishedAt == "2026-01-01T00:00:00Z")
        #expect(throws: BaselineError.self) { try PostgresBatchImport([["title": "no id"]] as [Representation]) }
    }

    @Test func statementsNumberEveryParameter() {
        let statement = PostgresBatchImport.linkSQL
        #expect(statement.text(rows: 2) == """
            INSERT INTO "articles_tags" ("parent_id", "child_id", "position") VALUES ($1, $2, $3), ($4, $5, $6) \
            ON CONFLICT ("parent_id", "child_id") DO UPDATE SET "position" = excluded."position"
            """)
        #expect(PostgresBatchImport.articleSQL.full.contains("$4000)"))
        #expect(!PostgresBatchImport.articleSQL.full.contains("$4001"))
    }

    /// `--postgres-url` first, then `RESTKIT_POSTGRES_URL`; nothing is started or reached.
    @Test func serverChoice() throws {
        let explicit = try PostgresBenchServer.locate(url: "postgres://a@h/d", environment: ["RESTKIT_POSTGRES_URL": "postgres://b@h/d"]).get()
        #expect("\(explicit.source)" == "--postgres-url")
        let environment = try PostgresBenchServer.locate(url: nil, environment: ["RESTKIT_POSTGRES_URL": "postgres://b@h/d"]).get()
        #expect("\(environment.source)" == "RESTKIT_POSTGRES_URL")
        #expect(PostgresBenchConnection.quoted(#"a"b"#) == #""a""b""#)
    }
}
