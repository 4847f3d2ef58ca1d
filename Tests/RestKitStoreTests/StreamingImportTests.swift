import Foundation
import RestKitCore
import RestKitJSON
import RestKitMapping
@testable import RestKitStore
import Testing

@Suite struct StreamingImportTests {
    /// `{"posts": [...]}` with `count` posts, each with an author (four authors in turn) and
    /// two tags, post 3 named twice.
    static func document(count: Int) -> String {
        var posts: [String] = []
        for id in 1...count {
            posts.append(#"{"id": \#(id), "title": "Post \#(id)", "author": {"id": \#(id % 4), "name": "Author \#(id % 4)"}, "tags": [{"id": \#(id % 3), "name": "t\#(id % 3)"}, {"id": 9, "name": "nine"}]}"#)
        }
        posts.append(#"{"id": 3, "title": "Post 3, again"}"#)
        return #"{"meta": {"count": \#(count)}, "posts": [\#(posts.joined(separator: ",\n"))]}"#
    }

    @Test(arguments: [1, 7, 64, 4096, 1 << 20])
    func everyChunkSizeImportsTheSameRows(chunkSize: Int) async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appending(path: "posts.json")
            try Data(Self.document(count: 40).utf8).write(to: file)
            let store = try SQLiteStore(path: directory.appending(path: "store.sqlite").path)
            let entities = try PostEntities()
            try await store.register(entities.posts)
            let summary = try await store.importElements(
                ofFile: file.path, parser: { JSONElementStreamParser(keyPath: "posts") }, with: entities.posts, chunkSize: chunkSize)
            #expect(summary.elements == 41)
            #expect(summary.inserted == 40)
            #expect(summary.updated == 1)
            #expect(summary.bytes == (try Data(contentsOf: file)).count)
            let posts = try await store.objects(of: entities.posts)
            #expect(posts.count == 40)
            #expect(posts[2].title == "Post 3, again")
            #expect(posts[2].author?.id == 3)
            #expect(posts[4].tags.map(\.id) == [2, 9])
            #expect(try await store.count(of: entities.authors) == 4)
            #expect(try await store.count(of: entities.tags) == 4)
            #expect(try await store.rowCount("posts_tags") == 80)
        }
    }

    @Test func malformedAndBadElementsRollBackWithTheirPosition() async throws {
        try await withTemporaryDirectory { directory in
            let store = try SQLiteStore(path: directory.appending(path: "store.sqlite").path)
            let entities = try PostEntities()
            try await store.register(entities.posts)
            _ = try await store.map(json(#"{"id": 100, "title": "kept"}"#), with: entities.posts)

            let truncated = directory.appending(path: "truncated.json")
            try Data(Self.document(count: 10).utf8.dropLast(30)).write(to: truncated)
            let parse = try await #require(throws: StoreError.self) {
                try await store.importElements(ofFile: truncated.path, parser: { JSONElementStreamParser(keyPath: "posts") }, with: entities.posts, chunkSize: 16)
            }
            #expect(parse.errorType == .parse)
            #expect(parse.reason.contains("truncated.json"))

            let bad = directory.appending(path: "bad.json")
            try Data(#"{"posts": [{"id": 1, "title": "a"}, {"id": 2, "title": "b"}, {"id": 3, "title": ["c"]}]}"#.utf8).write(to: bad)
            let mapping = try await #require(throws: StoreError.self) {
                try await store.importElements(ofFile: bad.path, parser: { JSONElementStreamParser(keyPath: "posts") }, with: entities.posts)
            }
            #expect(mapping.keyPath == "posts.2.title")

            let missing = try await #require(throws: StoreError.self) {
                try await store.importElements(ofFile: directory.appending(path: "nope.json").path, parser: { JSONElementStreamParser() }, with: entities.posts)
            }
            #expect(missing.errorType == .file)
            #expect(try await store.objects(of: entities.posts).map(\.id) == [100])
            #expect(try await store.count(of: entities.authors) == 0)
        }
    }
}
