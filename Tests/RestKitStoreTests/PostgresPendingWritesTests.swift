import GRDB
@testable import RestKitStore
import Testing

/// The order ``PostgresPendingWrites`` sends gathered writes in: the same effect as sending
/// each write when it was made.
@Suite struct PostgresPendingWritesTests {
    let entities: PostEntities
    let tags: RelationshipSchema
    let posts: TableSchema

    init() throws {
        entities = try PostEntities()
        tags = try #require(entities.posts.schema.relationships.first { $0.keyPath == "tags" })
        posts = entities.posts.schema.sql(.postgres)
    }

    static func id(_ value: Int) -> [DatabaseValue] { [value.databaseValue] }

    @Test func upsertsOfOneObjectKeepItsLastRowInItsFirstPlace() {
        var pending = PostgresPendingWrites()
        #expect(pending.upsert([1.databaseValue, "one".databaseValue], into: posts).isEmpty)
        #expect(pending.upsert([2.databaseValue, "two".databaseValue], into: posts).isEmpty)
        #expect(pending.upsert([1.databaseValue, "uno".databaseValue], into: posts).isEmpty)
        let statements = pending.drain()
        #expect(statements.count == 1)
        #expect(statements.first?.sql == posts.upsert(rows: 2))
        #expect(statements.first?.arguments == [1.databaseValue, "uno".databaseValue, 2.databaseValue, "two".databaseValue])
        #expect(pending.isEmpty && pending.drain().isEmpty)
    }

    @Test func aFullGroupIsDueAtOnceAndTheOthersWait() {
        var pending = PostgresPendingWrites()
        #expect(pending.insertLink(parent: Self.id(1), child: Self.id(1), position: 0, in: tags).isEmpty)
        var due: [PostgresPendingWrites.Statement] = []
        for id in 1...PostgresPendingWrites.maximumRows {
            due += pending.upsert([id.databaseValue, "t".databaseValue], into: posts)
        }
        #expect(due.map(\.sql) == [posts.upsert(rows: PostgresPendingWrites.maximumRows)])
        #expect(due.first?.arguments.count == 2 * PostgresPendingWrites.maximumRows)
        #expect(pending.drain().map(\.sql) == [tags.insertLinks(rows: 1)])
    }

    @Test func deletionsGoBeforeInsertionsMadeAfterThem() {
        var pending = PostgresPendingWrites()
        _ = pending.deleteLinks(of: Self.id(1), in: tags)
        _ = pending.insertLink(parent: Self.id(1), child: Self.id(5), position: 0, in: tags)
        _ = pending.deleteLinks(of: Self.id(2), in: tags)
        _ = pending.insertLink(parent: Self.id(2), child: Self.id(6), position: 0, in: tags)
        let statements = pending.drain()
        #expect(statements.map(\.sql) == [tags.deleteLinks(ofParents: 2), tags.insertLinks(rows: 2)])
        #expect(statements.first?.arguments == [1.databaseValue, 2.databaseValue])
        #expect(statements.last?.arguments == [1, 5, 0, 2, 6, 0].map(\.databaseValue))
    }

    @Test func aDeletionNeverOvertakesAnInsertionOfTheSameParent() {
        var pending = PostgresPendingWrites()
        _ = pending.deleteLinks(of: Self.id(1), in: tags)
        _ = pending.insertLink(parent: Self.id(1), child: Self.id(5), position: 0, in: tags)
        _ = pending.insertLink(parent: Self.id(2), child: Self.id(5), position: 0, in: tags)
        // Parent 2 was linked since the last send: what was gathered goes first.
        let due = pending.deleteLinks(of: Self.id(2), in: tags)
        #expect(due.map(\.sql) == [tags.deleteLinks(ofParents: 1), tags.insertLinks(rows: 2)])
        _ = pending.insertLink(parent: Self.id(2), child: Self.id(7), position: 0, in: tags)
        let rest = pending.drain()
        #expect(rest.map(\.sql) == [tags.deleteLinks(ofParents: 1), tags.insertLinks(rows: 1)])
        #expect(rest.first?.arguments == [2.databaseValue])
        #expect(rest.last?.arguments == [2, 7, 0].map(\.databaseValue))
    }

    @Test func fullDeletionsAreSentAloneAndInsertionsWithTheDeletionsBeforeThem() {
        var pending = PostgresPendingWrites()
        let cap = PostgresPendingWrites.rowsPerStatement(width: 1)
        var due: [PostgresPendingWrites.Statement] = []
        for parent in 1...cap { due += pending.deleteLinks(of: Self.id(parent), in: tags) }
        #expect(due.map(\.sql) == [tags.deleteLinks(ofParents: cap)])
        due = []
        _ = pending.deleteLinks(of: Self.id(0), in: tags)
        for child in 1...PostgresPendingWrites.rowsPerStatement(width: 3) {
            due += pending.insertLink(parent: Self.id(0), child: Self.id(child), position: child, in: tags)
        }
        #expect(due.map(\.sql) == [tags.deleteLinks(ofParents: 1), tags.insertLinks(rows: PostgresPendingWrites.rowsPerStatement(width: 3))])
        #expect(pending.drain().isEmpty)
    }
}
