import Foundation
import RestKitCore
import RestKitMapping
import RestKitStore
import Testing

// The store suite: one set of behavioural tests run against every store that keeps mapped
// objects by identity — RestKitMapping's `InMemoryObjectStore` (through
// `ObjectMapping.mapCollection(_:into:)`), `SQLiteStore` in memory and on a file, and `PostgreSQLStore` when a server runs. Each
// store is reached through a small adapter (`SuiteStore`), so a new backend joins the suite
// by adding one adapter and one case to `SuiteBackend`.

struct SuiteItem: Equatable, Sendable {
    var id = 0
    var title = ""
    var body: String?
    var rating = 0.0
}

struct SuiteMembership: Equatable, Sendable {
    var team = ""
    var user = 0
    var role = ""
}

let suiteItemMapping: ObjectMapping<SuiteItem> = {
    var mapping = ObjectMapping(SuiteItem.init) { item in
        item.map("id", to: \.id)
        item.map("title", to: \.title)
        item.map("body", to: \.body)
        item.map("rating", to: \.rating)
    }
    mapping.identificationAttributes = ["id"]
    return mapping
}()

let suiteMembershipMapping: ObjectMapping<SuiteMembership> = {
    var mapping = ObjectMapping(SuiteMembership.init) { membership in
        membership.map("team", to: \.team)
        membership.map("user", to: \.user)
        membership.map("role", to: \.role)
    }
    mapping.identificationAttributes = ["team", "user"]
    return mapping
}()

/// A failed mapping operation, whatever the store's error type: where it failed.
struct SuiteFailure: Error {
    var keyPath: String?
    var underlying: any Error
}

/// One store, as the suite sees it. Each `map` is one operation (all or nothing); errors come
/// out as ``SuiteFailure``.
protocol SuiteStore: Sendable {
    func mapItems(_ payload: Representation) async throws(SuiteFailure)
    func mapMemberships(_ payload: Representation) async throws(SuiteFailure)
    func items() async throws -> [SuiteItem]
    func item(_ id: Int) async throws -> SuiteItem?
    func memberships() async throws -> [SuiteMembership]
    func membership(team: String, user: Int) async throws -> SuiteMembership?
}

/// `InMemoryObjectStore`, through `ObjectMapping.mapCollection(_:into:)`.
struct InMemorySuiteStore: SuiteStore {
    let itemStore = InMemoryObjectStore<SuiteItem>()
    let membershipStore = InMemoryObjectStore<SuiteMembership>()

    func mapItems(_ payload: Representation) async throws(SuiteFailure) {
        do { _ = try suiteItemMapping.mapCollection(payload, into: itemStore) } catch { throw SuiteFailure(keyPath: error.keyPath, underlying: error) }
    }
    func mapMemberships(_ payload: Representation) async throws(SuiteFailure) {
        do { _ = try suiteMembershipMapping.mapCollection(payload, into: membershipStore) } catch { throw SuiteFailure(keyPath: error.keyPath, underlying: error) }
    }
    func items() async throws -> [SuiteItem] { itemStore.allObjects }
    func item(_ id: Int) async throws -> SuiteItem? { itemStore.object(identifiedBy: [.int(Int64(id))]) }
    func memberships() async throws -> [SuiteMembership] { membershipStore.allObjects }
    func membership(team: String, user: Int) async throws -> SuiteMembership? {
        membershipStore.object(identifiedBy: [.string(team), .int(Int64(user))])
    }
}

/// A `PersistentObjectStore` (`SQLiteStore`, `PostgreSQLStore`), with the two entities registered.
struct PersistentSuiteStore: SuiteStore {
    let store: any PersistentObjectStore
    let itemEntity: EntityMapping<SuiteItem>
    let membershipEntity: EntityMapping<SuiteMembership>

    init(_ store: any PersistentObjectStore) async throws {
        self.store = store
        itemEntity = try EntityMapping(suiteItemMapping, table: "items", columns: [
            Column("id", .integer), Column("title", .text), Column("body", .text), Column("rating", .real),
        ])
        membershipEntity = try EntityMapping(suiteMembershipMapping, table: "memberships", columns: [
            Column("team", .text), Column("user", .integer), Column("role", .text),
        ])
        try await store.register(itemEntity)
        try await store.register(membershipEntity)
    }

    func mapItems(_ payload: Representation) async throws(SuiteFailure) {
        do { _ = try await store.map(payload, with: itemEntity) } catch { throw SuiteFailure(keyPath: error.keyPath, underlying: error) }
    }
    func mapMemberships(_ payload: Representation) async throws(SuiteFailure) {
        do { _ = try await store.map(payload, with: membershipEntity) } catch { throw SuiteFailure(keyPath: error.keyPath, underlying: error) }
    }
    func items() async throws -> [SuiteItem] { try await store.objects(of: itemEntity) }
    func item(_ id: Int) async throws -> SuiteItem? { try await store.object(of: itemEntity, identifiedBy: .int(Int64(id))) }
    func memberships() async throws -> [SuiteMembership] { try await store.objects(of: membershipEntity) }
    func membership(team: String, user: Int) async throws -> SuiteMembership? {
        try await store.object(of: membershipEntity, identifiedBy: ["team": .string(team), "user": .int(Int64(user))])
    }
}

/// The stores the suite runs against.
enum SuiteBackend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case inMemoryObjectStore, sqliteInMemory, sqliteFile, postgres
    var testDescription: String { rawValue }

    /// The backends of this run (PostgreSQL only with a server, `PostgresTestServer`).
    static var available: [SuiteBackend] {
        PostgresTestServer.url == nil ? [.inMemoryObjectStore, .sqliteInMemory, .sqliteFile] : allCases
    }

    /// Runs `body` with a fresh store of this kind (a file store's directory removed afterwards).
    func with(_ body: (any SuiteStore) async throws -> Void) async throws {
        switch self {
        case .inMemoryObjectStore: try await body(InMemorySuiteStore())
        case .sqliteInMemory: try await body(PersistentSuiteStore(SQLiteStore.inMemory()))
        case .sqliteFile:
            try await withTemporaryDirectory { directory in
                try await body(PersistentSuiteStore(SQLiteStore(path: directory.appending(path: "suite.sqlite").path)))
            }
        case .postgres:
            try await withStore(StoreBackend.postgres) { store in try await body(PersistentSuiteStore(store)) }
        }
    }
}

/// The same behaviour from every store: identification, duplicates in one payload, composite
/// keys, all-or-nothing operations.
struct SharedStoreSuite {
    @Test(arguments: SuiteBackend.available)
    func mappingAgainUpdatesByIdentityInsteadOfDuplicating(backend: SuiteBackend) async throws {
        try await backend.with { store in
            try await store.mapItems(json(#"[{"id": 1, "title": "One", "body": "first body"}, {"id": 2, "title": "Two"}]"#))
            try await store.mapItems(json(#"[{"id": 2, "title": "Two, edited", "rating": 4.5}, {"id": 3, "title": "Three"}]"#))
            let items = try await store.items()
            #expect(items.map(\.id) == [1, 2, 3])
            #expect(items.map(\.title) == ["One", "Two, edited", "Three"])
            #expect(try await store.item(2) == SuiteItem(id: 2, title: "Two, edited", rating: 4.5))
            // An update keeps what the element does not name.
            try await store.mapItems(json(#"[{"id": 1, "title": "One, edited"}]"#))
            #expect(try await store.item(1) == SuiteItem(id: 1, title: "One, edited", body: "first body"))
            #expect(try await store.items().count == 3)
            #expect(try await store.item(4) == nil)
        }
    }

    @Test(arguments: SuiteBackend.available)
    func theSameObjectTwiceInOnePayloadIsOneObjectWithTheLaterValues(backend: SuiteBackend) async throws {
        try await backend.with { store in
            try await store.mapItems(json("""
                [{"id": 7, "title": "Draft", "body": "kept"}, {"id": 8, "title": "Other"}, {"id": 7, "title": "Final", "rating": 2}]
                """))
            #expect(try await store.items().map(\.id) == [7, 8])
            #expect(try await store.item(7) == SuiteItem(id: 7, title: "Final", body: "kept", rating: 2))
        }
    }

    @Test(arguments: SuiteBackend.available)
    func compositeKeysIdentifyByAllTheirAttributes(backend: SuiteBackend) async throws {
        try await backend.with { store in
            try await store.mapMemberships(json("""
                [{"team": "core", "user": 1, "role": "member"}, {"team": "core", "user": 2, "role": "member"},
                 {"team": "docs", "user": 1, "role": "owner"}]
                """))
            try await store.mapMemberships(json(#"[{"team": "core", "user": 1, "role": "admin"}, {"team": "docs", "user": 2, "role": "member"}]"#))
            #expect(try await store.memberships().count == 4)
            #expect(try await store.membership(team: "core", user: 1)?.role == "admin")
            #expect(try await store.membership(team: "docs", user: 1)?.role == "owner")   // same user, other team
            #expect(try await store.membership(team: "core", user: 2)?.role == "member")
            #expect(try await store.membership(team: "docs", user: 2)?.role == "member")
            #expect(try await store.membership(team: "docs", user: 3) == nil)
        }
    }

    @Test(arguments: SuiteBackend.available)
    func aBadElementWritesNothing(backend: SuiteBackend) async throws {
        try await backend.with { store in
            try await store.mapItems(json(#"[{"id": 1, "title": "One"}, {"id": 2, "title": "Two"}]"#))
            let before = try await store.items()
            // New objects, an update and a duplicate before the bad element: none may stay.
            let bad = try json("""
                [{"id": 10, "title": "New"}, {"id": 1, "title": "Changed"}, {"id": 10, "title": "New, again"},
                 {"id": 11, "title": "Bad", "rating": "lots"}, {"id": 12, "title": "After"}]
                """)
            let failure = await #expect(throws: SuiteFailure.self) { try await store.mapItems(bad) }
            #expect(failure?.keyPath == "3.rating", "\(String(describing: failure?.underlying))")
            #expect(try await store.items() == before)
            #expect(try await store.item(1)?.title == "One")
            #expect(try await store.item(10) == nil)
            // A bad element in a composite-key payload too.
            await #expect(throws: SuiteFailure.self) {
                try await store.mapMemberships(json(#"[{"team": "core", "user": 1, "role": "member"}, {"team": "core", "role": "no user"}]"#))
            }
            #expect(try await store.memberships().isEmpty)
        }
    }
}
