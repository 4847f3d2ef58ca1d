import Foundation
import RestKitCore
import RestKitMapping
@testable import RestKitStore
import Testing

// Models with relationships: posts with an author (to-one), comments (to-many, foreign key in
// the comments table) and tags (many-to-many, join table).

struct PostAuthor: Equatable, Sendable {
    var id = 0
    var name = ""
    var email: String?
}

struct PostComment: Equatable, Sendable {
    var id = 0
    var text = ""
}

struct PostTag: Equatable, Sendable {
    var id = 0
    var name = ""
}

struct Post: Equatable, Sendable {
    var id = 0
    var title = ""
    var author: PostAuthor?
    var comments: [PostComment] = []
    var tags: [PostTag] = []
}

let authorMapping = ObjectMapping(PostAuthor.init) { author in
    author.map("id", to: \.id)
    author.map("name", to: \.name)
    author.map("email", to: \.email)
}
let commentMapping = ObjectMapping(PostComment.init) { comment in
    comment.map("id", to: \.id)
    comment.map("text", to: \.text)
}
let tagMapping = ObjectMapping(PostTag.init) { tag in
    tag.map("id", to: \.id)
    tag.map("name", to: \.name)
}
let postMapping = ObjectMapping(Post.init) { post in
    post.map("id", to: \.id)
    post.map("title", to: \.title)
    post.relationship("author", to: \.author, mapping: authorMapping)
    post.relationship("comments", to: \.comments, mapping: commentMapping)
    post.relationship("tags", to: \.tags, mapping: tagMapping)
}

struct PostEntities {
    let authors: EntityMapping<PostAuthor>
    let comments: EntityMapping<PostComment>
    let tags: EntityMapping<PostTag>
    let posts: EntityMapping<Post>

    init(comments commentPolicy: AssignmentPolicy = .set, tags tagPolicy: AssignmentPolicy = .set) throws {
        authors = try EntityMapping(authorMapping, table: "authors", columns: [
            Column("id", .integer), Column("name", .text), Column("email", .text),
        ])
        comments = try EntityMapping(commentMapping, table: "comments", columns: [Column("id", .integer), Column("text", .text)])
        tags = try EntityMapping(tagMapping, table: "tags", columns: [Column("id", .integer), Column("name", .text)])
        posts = try EntityMapping(postMapping, table: "posts", columns: [Column("id", .integer), Column("title", .text)], relationships: [
            .toOne("author", authors),
            .toMany("comments", comments, policy: commentPolicy),
            .manyToMany("tags", tags, policy: tagPolicy),
        ])
    }
}

@Suite struct RelationshipTests {
    @Test(arguments: StoreBackend.available)
    func toOneObjectsAreStoredOnceAndReadBack(kind: StoreBackend) async throws {
        try await withStore(kind) { store in
            let entities = try PostEntities()
            try await store.register(entities.posts)
            let result = try await store.map(json("""
                [{"id": 1, "title": "One", "author": {"id": 7, "name": "Ada", "email": "ada@example.com"}},
                 {"id": 2, "title": "Two", "author": {"id": 7, "name": "Ada L."}}]
                """), with: entities.posts)
            #expect(result.inserted == 2)
            // One author row, merged: the second element renamed her and kept her email.
            #expect(try await store.count(of: entities.authors) == 1)
            let ada = PostAuthor(id: 7, name: "Ada L.", email: "ada@example.com")
            #expect(try await store.object(of: entities.authors, identifiedBy: 7) == ada)
            #expect(result.objects.map(\.author) == [PostAuthor(id: 7, name: "Ada", email: "ada@example.com"), ada])
            #expect(try await store.objects(of: entities.posts).map(\.author) == [ada, ada])

            // A missing key keeps the author; null clears the link (the author stays).
            _ = try await store.map(json(#"[{"id": 1, "title": "One, edited"}, {"id": 2, "author": null}]"#), with: entities.posts)
            let posts = try await store.objects(of: entities.posts)
            #expect(posts.map(\.title) == ["One, edited", "Two"])
            #expect(posts.map(\.author) == [ada, nil])
            #expect(try await store.count(of: entities.authors) == 1)
        }
    }

    @Test(arguments: StoreBackend.available)
    func toManySetLinksExactlyThePayloadsObjects(kind: StoreBackend) async throws {
        try await withStore(kind) { store in
            let entities = try PostEntities(comments: .set)
            try await store.register(entities.posts)
            _ = try await store.map(json(#"{"id": 1, "comments": [{"id": 1, "text": "a"}, {"id": 2, "text": "b"}]}"#), with: entities.posts)
            let result = try await store.map(json(#"{"id": 1, "comments": [{"id": 3, "text": "c"}, {"id": 2}]}"#), with: entities.posts)
            #expect(result.objects.first?.comments == [PostComment(id: 3, text: "c"), PostComment(id: 2, text: "b")])
            // PostComment 1 is unlinked, not deleted; stored order is row order.
            #expect(try await store.object(of: entities.posts, identifiedBy: 1)?.comments.map(\.id) == [2, 3])
            #expect(try await store.count(of: entities.comments) == 3)
            // An empty array unlinks all; a missing key leaves them.
            _ = try await store.map(json(#"{"id": 1, "title": "kept"}"#), with: entities.posts)
            #expect(try await store.object(of: entities.posts, identifiedBy: 1)?.comments.count == 2)
            _ = try await store.map(json(#"{"id": 1, "comments": []}"#), with: entities.posts)
            #expect(try await store.object(of: entities.posts, identifiedBy: 1)?.comments == [])
            #expect(try await store.count(of: entities.comments) == 3)
        }
    }

    @Test(arguments: StoreBackend.available)
    func toManyReplaceDeletesTheObjectsItUnlinks(kind: StoreBackend) async throws {
        try await withStore(kind) { store in
            let entities = try PostEntities(comments: .replace, tags: .replace)
            try await store.register(entities.posts)
            _ = try await store.map(json("""
                [{"id": 1, "comments": [{"id": 1, "text": "a"}, {"id": 2, "text": "b"}], "tags": [{"id": 1, "name": "swift"}, {"id": 2, "name": "sql"}]},
                 {"id": 2, "comments": [{"id": 5, "text": "e"}], "tags": [{"id": 2, "name": "sql"}]}]
                """), with: entities.posts)
            _ = try await store.map(json(#"{"id": 1, "comments": [{"id": 2}], "tags": [{"id": 1}]}"#), with: entities.posts)
            #expect(try await store.objects(of: entities.comments).map(\.id) == [2, 5])
            // PostTag 2 is deleted, and unlinked from post 2 too.
            #expect(try await store.objects(of: entities.tags).map(\.id) == [1])
            let posts = try await store.objects(of: entities.posts)
            #expect(posts.map { $0.tags.map(\.id) } == [[1], []])
            #expect(posts.map { $0.comments.map(\.id) } == [[2], [5]])
        }
    }

    @Test(arguments: StoreBackend.available)
    func unionAddsToTheLinkedObjects(kind: StoreBackend) async throws {
        try await withStore(kind) { store in
            let entities = try PostEntities(comments: .union, tags: .union)
            try await store.register(entities.posts)
            _ = try await store.map(json(#"{"id": 1, "comments": [{"id": 1, "text": "a"}], "tags": [{"id": 1, "name": "swift"}]}"#), with: entities.posts)
            let result = try await store.map(
                json(#"{"id": 1, "comments": [{"id": 2, "text": "b"}], "tags": [{"id": 2, "name": "sql"}, {"id": 1}]}"#), with: entities.posts)
            #expect(result.objects.first?.comments.map(\.id) == [1, 2])
            #expect(result.objects.first?.tags.map(\.id) == [1, 2])
            let stored = try #require(try await store.object(of: entities.posts, identifiedBy: 1))
            #expect(stored.comments.map(\.id) == [1, 2])
            #expect(stored.tags == [PostTag(id: 1, name: "swift"), PostTag(id: 2, name: "sql")])
        }
    }

    @Test(arguments: StoreBackend.available)
    func manyToManySharesObjectsAndKeepsPayloadOrder(kind: StoreBackend) async throws {
        try await withStore(kind) { store in
            let entities = try PostEntities()
            try await store.register(entities.posts)
            _ = try await store.map(json("""
                [{"id": 1, "tags": [{"id": 3, "name": "c"}, {"id": 1, "name": "a"}, {"id": 2, "name": "b"}]},
                 {"id": 2, "tags": [{"id": 2, "name": "b"}, {"id": 3, "name": "c"}, {"id": 3, "name": "c"}]}]
                """), with: entities.posts)
            #expect(try await store.count(of: entities.tags) == 3)
            #expect(try await store.rowCount("posts_tags") == 5)
            var posts = try await store.objects(of: entities.posts)
            #expect(posts.map { $0.tags.map(\.id) } == [[3, 1, 2], [2, 3]])
            // Set: exactly the new list, in its order; the tags stay.
            _ = try await store.map(json(#"{"id": 1, "tags": [{"id": 2}, {"id": 3}]}"#), with: entities.posts)
            posts = try await store.objects(of: entities.posts)
            #expect(posts.map { $0.tags.map(\.id) } == [[2, 3], [2, 3]])
            #expect(try await store.count(of: entities.tags) == 3)
        }
    }

    /// More links, posts and tags than one statement of each holds (a backend sending them in
    /// batches), relinked: every post ends with exactly its last list.
    @Test(arguments: StoreBackend.available)
    func manyToManyPastOneBatchOfLinksKeepsEveryList(kind: StoreBackend) async throws {
        try await withStore(kind) { store in
            let entities = try PostEntities()
            try await store.register(entities.posts)
            func posts(_ ids: ClosedRange<Int>, tags: (Int) -> [Int]) -> String {
                "[" + ids.map { id in
                    #"{"id": \#(id), "tags": ["# + tags(id).map { #"{"id": \#($0), "name": "t\#($0)"}"# }.joined(separator: ", ") + "]}"
                }.joined(separator: ", ") + "]"
            }
            // One post with 1,200 tags, 1,199 posts with two each.
            _ = try await store.map(json(posts(1...1_200) { $0 == 1 ? Array(1...1_200) : [$0, $0 % 7 + 1] }), with: entities.posts)
            #expect(try await store.rowCount("posts_tags") == 1_200 + 2 * 1_199)
            // Relinked: post 1 down to three, the others reversed, a post named twice keeps its last list.
            let relinked = try await store.map(json(posts(1...1_200) { $0 == 1 ? [3, 2, 1] : [$0 % 7 + 1, $0] }), with: entities.posts)
            #expect(relinked.updated == 1_200)
            _ = try await store.map(json(posts(5...5) { _ in [9] } .dropLast() + ", " + posts(5...5) { _ in [8, 9] }.dropFirst()), with: entities.posts)
            #expect(try await store.rowCount("posts_tags") == 3 + 2 * 1_199)
            let stored = try await store.objects(of: entities.posts)
            #expect(stored.count == 1_200)
            #expect(stored.first?.tags.map(\.id) == [3, 2, 1])
            #expect(stored.first { $0.id == 5 }?.tags.map(\.id) == [8, 9])
            #expect(stored.dropFirst().allSatisfy { post in post.id == 5 || post.tags.map(\.id) == [post.id % 7 + 1, post.id] })
            #expect(try await store.count(of: entities.tags) == 1_200)
        }
    }

    @Test(arguments: StoreBackend.available)
    func aBadRelatedObjectRollsEverythingBack(kind: StoreBackend) async throws {
        try await withStore(kind) { store in
            let entities = try PostEntities()
            try await store.register(entities.posts)
            _ = try await store.map(json(#"{"id": 1, "title": "One", "author": {"id": 7, "name": "Ada"}}"#), with: entities.posts)
            let error = try await #require(throws: StoreError.self) {
                try await store.map(json("""
                    [{"id": 2, "title": "Two", "author": {"id": 8, "name": "Grace"}, "tags": [{"id": 1, "name": "a"}]},
                     {"id": 1, "title": "Changed", "tags": [{"id": 2, "name": "b"}, {"id": 3, "name": ["not", "text"]}]}]
                    """), with: entities.posts)
            }
            #expect(error.errorType == .typeMismatch)
            #expect(error.entity == "tags")
            #expect(error.keyPath == "1.tags.1.name")
            let mappingError = try await #require(throws: StoreError.self) {
                try await store.map(json(#"[{"id": 3, "author": {"id": 9}}, {"id": 4, "author": {"id": 10, "name": null}}]"#), with: entities.posts)
            }
            #expect(mappingError.errorType == .mapping)
            #expect(mappingError.entity == "authors")
            #expect(mappingError.keyPath == "1.author.name")
            #expect(try await store.count(of: entities.posts) == 1)
            #expect(try await store.count(of: entities.authors) == 1)
            #expect(try await store.count(of: entities.tags) == 0)
            #expect(try await store.rowCount("posts_tags") == 0)
            #expect(try await store.object(of: entities.posts, identifiedBy: 1)?.title == "One")
        }
    }

    @Test func relationshipDeclarationsAreChecked() throws {
        let authors = try EntityMapping(authorMapping, table: "authors", columns: [Column("id", .integer), Column("name", .text)])
        func reason(_ make: () throws -> EntityMapping<Post>) -> String? {
            do {
                _ = try make()
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(reason {
            try EntityMapping(postMapping, table: "posts", columns: [Column("id", .integer), Column("author.name", .text)], relationships: [
                .toOne("author", authors)
            ])
        } == "posts: author: relationship key path 'author' overlaps attribute column 'author.name'")
        #expect(reason {
            try EntityMapping(postMapping, table: "posts", columns: [Column("id", .integer), Column("author_id", .integer)], relationships: [
                .toOne("author", authors)
            ])
        } == "posts: author: the foreign key column 'author_id' of relationship 'author' is already a column")
        #expect(reason {
            try EntityMapping(postMapping, table: "posts", columns: [Column("id", .integer)], relationships: [
                .toOne("author", authors), .toMany("author", authors),
            ])
        } == "posts: author: relationship key path 'author' is declared twice")
        #expect(reason {
            try EntityMapping(postMapping, table: "posts", columns: [Column("id", .integer)], relationships: [
                .manyToMany("tags", authors, joinTable: "bad name")
            ])
        }?.contains("invalid table name 'bad name'") == true)
        #expect(reason {
            try EntityMapping(postMapping, table: "posts", columns: [Column("id", .integer)], connections: [
                .toOne("author", authors, where: ["author_id": "id"])
            ])
        } == "posts: author_id: connection 'author': 'author_id' is not a declared column")
        #expect(reason {
            try EntityMapping(postMapping, table: "posts", columns: [Column("id", .integer), Column("author_id", .text)], connections: [
                .toOne("author", authors, where: ["author_id": "id"])
            ])
        } == "posts: author_id: connection 'author': 'author_id' is text, 'authors.id' is integer")
    }
}

@Suite struct UnchangedRelationshipTests {
    struct Versioned: Equatable, Sendable {
        var id = 0
        var version = 0
        var tags: [PostTag] = []
    }

    func entity(mapsRelationships: Bool) throws -> EntityMapping<Versioned> {
        let mapping = ObjectMapping(Versioned.init) { versioned in
            versioned.map("id", to: \.id)
            versioned.map("version", to: \.version)
            versioned.relationship("tags", to: \.tags, mapping: tagMapping)
        }
        let tags = try EntityMapping(tagMapping, table: "tags", columns: [Column("id", .integer), Column("name", .text)])
        return try EntityMapping(mapping, table: "versioned", columns: [Column("id", .integer), Column("version", .integer)],
            modificationAttribute: "version", relationships: [.manyToMany("tags", tags)], mapsRelationshipsWhenUnchanged: mapsRelationships)
    }

    @Test(arguments: [false, true])
    func relationshipsOfUnchangedObjectsAreMappedOnlyWhenAsked(mapsRelationships: Bool) async throws {
        try await withStore(.file) { store in
            let versioned = try entity(mapsRelationships: mapsRelationships)
            try await store.register(versioned)
            _ = try await store.map(json(#"{"id": 1, "version": 2, "tags": [{"id": 1, "name": "a"}]}"#), with: versioned)
            let again = try await store.map(json(#"{"id": 1, "version": 2, "tags": [{"id": 2, "name": "b"}]}"#), with: versioned)
            #expect(again.unchanged == 1)
            let expected = mapsRelationships ? [2] : [1]
            #expect(again.objects.first?.tags.map(\.id) == expected)
            #expect(try await store.object(of: versioned, identifiedBy: 1)?.tags.map(\.id) == expected)
            #expect(try await store.object(of: versioned, identifiedBy: 1)?.version == 2)
        }
    }
}
