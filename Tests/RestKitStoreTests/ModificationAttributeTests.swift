import Foundation
import GRDB
import RestKitCore
import RestKitMapping
import RestKitStore
import Testing

/// The modification attribute: a stored object whose element is not newer is skipped (not
/// mapped, not written), by RestKit's rules — strings: skip when equal; numbers and dates:
/// skip unless greater.
struct ModificationAttributeTests {
    struct Versioned: Equatable, Sendable {
        var id = 0
        var title = ""
        var etag: String?
        var updatedAt: Date?
        var revision: Double?
    }

    static let mapping = ObjectMapping(Versioned.init) { item in
        item.map("id", to: \.id)
        item.map("title", to: \.title)
        item.map("etag", to: \.etag)
        item.map("updated_at", to: \.updatedAt)
        item.map("revision", to: \.revision)
    }

    static func entity(_ attribute: String?, dateType: ColumnType = .dateText, numberType: ColumnType = .integer) throws -> EntityMapping<Versioned> {
        try EntityMapping(mapping, table: "versioned", columns: [
            Column("id", .integer), Column("title", .text), Column("etag", .text),
            Column("updated_at", dateType), Column("revision", numberType),
        ], modificationAttribute: attribute)
    }

    /// [inserted, updated, unchanged] and the titles of the result's objects.
    struct Outcome: Equatable, CustomStringConvertible {
        var counts: [Int]
        var titles: [String]
        init(_ counts: [Int], _ titles: [String]) { self.counts = counts; self.titles = titles }
        var description: String { "\(counts) \(titles)" }
    }

    static func map(_ text: String, _ entity: EntityMapping<Versioned>, in store: any TestedStore) async throws -> Outcome {
        let result = try await store.map(json(text), with: entity)
        return Outcome([result.inserted, result.updated, result.unchanged], result.objects.map(\.title))
    }

    @Test(arguments: StoreBackend.available)
    func stringsAreSkippedWhenEqual(kind: StoreBackend) async throws {
        try await withStore(kind) { store in
            let entity = try Self.entity("etag")
            try await store.register(entity)
            #expect(try await Self.map(#"{"id": 1, "title": "A", "etag": "v2"}"#, entity, in: store) == Outcome([1, 0, 0], ["A"]))
            // Equal: skipped, returned as stored.
            #expect(try await Self.map(#"{"id": 1, "title": "B", "etag": "v2"}"#, entity, in: store) == Outcome([0, 0, 1], ["A"]))
            #expect(try await store.object(of: entity, identifiedBy: 1)?.title == "A")
            // Different (even "smaller"): mapped.
            #expect(try await Self.map(#"{"id": 1, "title": "C", "etag": "v1"}"#, entity, in: store) == Outcome([0, 1, 0], ["C"]))
            #expect(try await store.object(of: entity, identifiedBy: 1) == Versioned(id: 1, title: "C", etag: "v1"))
        }
    }

    @Test(arguments: StoreBackend.available, [ColumnType.dateText, .dateEpoch])
    func datesAreSkippedUnlessNewer(kind: StoreBackend, type: ColumnType) async throws {
        try await withStore(kind) { store in
            let entity = try Self.entity("updated_at", dateType: type)
            try await store.register(entity)
            _ = try await Self.map(#"{"id": 1, "title": "stored", "updated_at": "2024-05-01T10:00:00Z"}"#, entity, in: store)
            // Older, equal, equal in another format (epoch seconds): skipped.
            #expect(try await Self.map(#"{"id": 1, "title": "older", "updated_at": "2024-04-30T10:00:00Z"}"#, entity, in: store) == Outcome([0, 0, 1], ["stored"]))
            #expect(try await Self.map(#"{"id": 1, "title": "equal", "updated_at": "2024-05-01T10:00:00Z"}"#, entity, in: store) == Outcome([0, 0, 1], ["stored"]))
            #expect(try await Self.map(#"{"id": 1, "title": "epoch", "updated_at": 1714557600}"#, entity, in: store) == Outcome([0, 0, 1], ["stored"]))
            #expect(try await store.object(of: entity, identifiedBy: 1)?.title == "stored")
            // Newer by one second: mapped.
            #expect(try await Self.map(#"{"id": 1, "title": "newer", "updated_at": "2024-05-01T10:00:01Z"}"#, entity, in: store) == Outcome([0, 1, 0], ["newer"]))
            let stored = try await store.object(of: entity, identifiedBy: 1)
            #expect(stored?.title == "newer")
            #expect(stored?.updatedAt == Date(timeIntervalSince1970: 1_714_557_601))
        }
    }

    @Test(arguments: StoreBackend.available, [ColumnType.integer, .real])
    func numbersAreSkippedUnlessGreater(kind: StoreBackend, type: ColumnType) async throws {
        try await withStore(kind) { store in
            let entity = try Self.entity("revision", numberType: type)
            try await store.register(entity)
            _ = try await Self.map(#"{"id": 1, "title": "r5", "revision": 5}"#, entity, in: store)
            #expect(try await Self.map(#"{"id": 1, "title": "r4", "revision": 4}"#, entity, in: store) == Outcome([0, 0, 1], ["r5"]))
            #expect(try await Self.map(#"{"id": 1, "title": "r5 again", "revision": 5.0}"#, entity, in: store) == Outcome([0, 0, 1], ["r5"]))
            #expect(try await Self.map(#"{"id": 1, "title": "r10", "revision": "10"}"#, entity, in: store) == Outcome([0, 1, 0], ["r10"]))
            #expect(try await store.object(of: entity, identifiedBy: 1)?.revision == 10)
        }
    }

    @Test(arguments: StoreBackend.available)
    func missingOrNullValuesMapAndNewObjectsAreInserted(kind: StoreBackend) async throws {
        try await withStore(kind) { store in
            let entity = try Self.entity("revision")
            try await store.register(entity)
            // New objects are inserted whatever their value; within one payload the identity
            // map holds the current value, so an equal later element is skipped.
            #expect(try await Self.map("""
                [{"id": 1, "title": "one", "revision": 3}, {"id": 2, "title": "two"}, {"id": 1, "title": "one, equal", "revision": 3}]
                """, entity, in: store) == Outcome([2, 0, 0], ["one", "two"]))
            // No value, or null: mapped as usual (a null revision also clears the stored one).
            #expect(try await Self.map(#"{"id": 1, "title": "no revision"}"#, entity, in: store) == Outcome([0, 1, 0], ["no revision"]))
            #expect(try await Self.map(#"{"id": 1, "title": "null revision", "revision": null}"#, entity, in: store) == Outcome([0, 1, 0], ["null revision"]))
            // A stored NULL is older than any value.
            #expect(try await Self.map(#"{"id": 1, "title": "revision 1", "revision": 1}"#, entity, in: store) == Outcome([0, 1, 0], ["revision 1"]))
            // Skipped first, then a newer element in the same payload: one update, not unchanged.
            #expect(try await Self.map("""
                [{"id": 1, "title": "same", "revision": 1}, {"id": 2, "title": "two, newer", "revision": 1},
                 {"id": 1, "title": "newer", "revision": 2}]
                """, entity, in: store) == Outcome([0, 2, 0], ["newer", "two, newer"]))
            #expect(try await store.objects(of: entity).map(\.title) == ["newer", "two, newer"])
        }
    }

    @Test func reimportingAnUnchangedPayloadWritesNothing() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(path: "versioned.sqlite").path
            let payload = """
                [{"id": 1, "title": "one", "updated_at": "2024-05-01T10:00:00Z"},
                 {"id": 2, "title": "two", "updated_at": "2024-05-02T10:00:00Z"}]
                """
            let store = try SQLiteStore(path: path)
            let plain = try Self.entity(nil)
            try await store.register(plain)
            _ = try await store.map(json(payload), with: plain)
            // Every write to the table, logged by triggers installed behind the store's back.
            let queue = try DatabaseQueue(path: path)
            try await queue.write { db in
                try db.execute(sql: """
                    CREATE TABLE writes (id INTEGER);
                    CREATE TRIGGER log_insert AFTER INSERT ON versioned BEGIN INSERT INTO writes VALUES (new.id); END;
                    CREATE TRIGGER log_update AFTER UPDATE ON versioned BEGIN INSERT INTO writes VALUES (new.id); END;
                    """)
            }
            func writes() async throws -> [Int] { try await queue.read { db in try Int.fetchAll(db, sql: "SELECT id FROM writes") } }
            // Without a modification attribute, an identical re-import writes nothing either (a row
            // that would not change is not written); a changed row is (so the log works).
            _ = try await store.map(json(payload), with: plain)
            #expect(try await writes() == [])
            _ = try await store.map(json(#"[{"id": 1, "title": "one!"}]"#), with: plain)
            _ = try await store.map(json(#"[{"id": 1, "title": "one"}]"#), with: plain)
            #expect(try await writes() == [1, 1])

            let versioned = try Self.entity("updated_at")
            let other = try SQLiteStore(path: path)   // same table, same columns: another store registers it
            try await other.register(versioned)
            let again = try await other.map(json(payload), with: versioned)
            #expect(again.unchanged == 2)
            #expect(again.updated == 0)
            #expect(again.objects.map(\.title) == ["one", "two"])
            #expect(try await writes() == [1, 1])   // nothing written
            let changed = try await other.map(json("""
                [{"id": 1, "title": "one", "updated_at": "2024-05-01T10:00:00Z"},
                 {"id": 2, "title": "two, edited", "updated_at": "2024-05-03T10:00:00Z"}]
                """), with: versioned)
            #expect(changed.unchanged == 1)
            #expect(changed.updated == 1)
            #expect(try await writes() == [1, 1, 2])
        }
    }

    @Test func theAttributeMustBeADeclaredTextNumberOrDateColumn() throws {
        let undeclared = #expect(throws: StoreError.self) { try Self.entity("modified") }
        #expect(undeclared?.errorType == .invalidEntity)
        #expect(undeclared?.keyPath == "modified")
        let boolean = #expect(throws: StoreError.self) {
            try EntityMapping(Self.mapping, table: "versioned", columns: [Column("id", .integer), Column("flag", .boolean)], modificationAttribute: "flag")
        }
        #expect(boolean?.errorType == .invalidEntity)
        #expect(boolean?.column == "flag")
        #expect(try Self.entity("etag").modificationColumn?.name == "etag")
        #expect(try Self.entity(nil).modificationColumn == nil)
    }
}
