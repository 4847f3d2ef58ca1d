import Foundation
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

    @Test func arraysQuoteEveryElementAndEscapeQuotesAndBackslashes() {
        let values: [DatabaseValue] = [
            "plain".databaseValue, #"say "hi" \ bye"#.databaseValue, "".databaseValue, "NULL".databaseValue, .null,
            42.databaseValue, 1.5.databaseValue, Double.infinity.databaseValue, "{a,b}".databaseValue, Data([0, 0x5C, 0xFF]).databaseValue,
        ]
        #expect(PostgresArrays.literal(values) == #"{"plain","say \"hi\" \\ bye","","NULL",NULL,"42","1.5","Infinity","{a,b}","\\x005cff"}"#)
        #expect(PostgresArrays.literal([]) == "{}")
    }

    @Test func upsertsOfOneObjectKeepItsLastRowInItsFirstPlace() {
        var pending = PostgresPendingWrites()
        // A post's row: id, title, its author's id.
        #expect(pending.upsert([1.databaseValue, "one".databaseValue, 7.databaseValue], into: posts).isEmpty)
        #expect(pending.upsert([2.databaseValue, "two".databaseValue, .null], into: posts).isEmpty)
        #expect(pending.upsert([1.databaseValue, "uno".databaseValue, 8.databaseValue], into: posts).isEmpty)
        let statements = pending.drain()
        #expect(statements.count == 1)
        #expect(statements.first?.sql == posts.upsertRows)
        #expect(statements.first?.arguments == [#"{"1","2"}"#, #"{"uno","two"}"#, #"{"8",NULL}"#].map(\.databaseValue))
        #expect(pending.isEmpty && pending.drain().isEmpty)
    }

    @Test func aFullGroupIsDueAtOnceAndTheOthersWait() {
        var pending = PostgresPendingWrites()
        #expect(pending.insertLink(parent: Self.id(1), child: Self.id(1), position: 0, in: tags).isEmpty)
        var due: [PostgresPendingWrites.Statement] = []
        for id in 1...PostgresPendingWrites.maximumRows {
            due += pending.upsert([id.databaseValue, "t".databaseValue, .null], into: posts)
        }
        #expect(due.map(\.sql) == [posts.upsertRows])
        #expect(due.first?.arguments.first == ("{" + (1...PostgresPendingWrites.maximumRows).map { "\"\($0)\"" }.joined(separator: ",") + "}").databaseValue)
        #expect(pending.drain().map(\.sql) == [tags.insertLinks])
    }

    @Test func deletionsGoBeforeInsertionsMadeAfterThem() {
        var pending = PostgresPendingWrites()
        _ = pending.deleteLinks(of: Self.id(1), in: tags)
        _ = pending.insertLink(parent: Self.id(1), child: Self.id(5), position: 0, in: tags)
        _ = pending.deleteLinks(of: Self.id(2), in: tags)
        _ = pending.insertLink(parent: Self.id(2), child: Self.id(6), position: 0, in: tags)
        let statements = pending.drain()
        #expect(statements.map(\.sql) == [tags.deleteLinksOfParents, tags.insertLinks])
        #expect(statements.first?.arguments == [#"{"1","2"}"#.databaseValue])
        #expect(statements.last?.arguments == [#"{"1","2"}"#, #"{"5","6"}"#, #"{"0","0"}"#].map(\.databaseValue))
    }

    @Test func aDeletionNeverOvertakesAnInsertionOfTheSameParent() {
        var pending = PostgresPendingWrites()
        _ = pending.deleteLinks(of: Self.id(1), in: tags)
        _ = pending.insertLink(parent: Self.id(1), child: Self.id(5), position: 0, in: tags)
        _ = pending.insertLink(parent: Self.id(2), child: Self.id(5), position: 0, in: tags)
        // Parent 2 was linked since the last send: what was gathered goes first.
        let due = pending.deleteLinks(of: Self.id(2), in: tags)
        #expect(due.map(\.sql) == [tags.deleteLinksOfParents, tags.insertLinks])
        #expect(due.last?.arguments.first == #"{"1","2"}"#.databaseValue)
        _ = pending.insertLink(parent: Self.id(2), child: Self.id(7), position: 0, in: tags)
        let rest = pending.drain()
        #expect(rest.map(\.sql) == [tags.deleteLinksOfParents, tags.insertLinks])
        #expect(rest.first?.arguments == [#"{"2"}"#.databaseValue])
        #expect(rest.last?.arguments == [#"{"2"}"#, #"{"7"}"#, #"{"0"}"#].map(\.databaseValue))
    }

    @Test func fullDeletionsAreSentAloneAndInsertionsWithTheDeletionsBeforeThem() {
        var pending = PostgresPendingWrites()
        let cap = PostgresPendingWrites.maximumRows
        var due: [PostgresPendingWrites.Statement] = []
        for parent in 1...cap { due += pending.deleteLinks(of: Self.id(parent), in: tags) }
        #expect(due.map(\.sql) == [tags.deleteLinksOfParents])
        due = []
        _ = pending.deleteLinks(of: Self.id(0), in: tags)
        for child in 1...cap {
            due += pending.insertLink(parent: Self.id(0), child: Self.id(child), position: child, in: tags)
        }
        #expect(due.map(\.sql) == [tags.deleteLinksOfParents, tags.insertLinks])
        #expect(due.first?.arguments == [#"{"0"}"#.databaseValue])
        #expect(pending.drain().isEmpty)
    }
}
