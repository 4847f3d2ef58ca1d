import Foundation
import RestKitCore
import RestKitMapping
import RestKitStore
import Testing

/// Find-or-create, transactions, bound values and fetching: the same suite against a file
/// store and an in-memory store.
struct SQLiteStoreMappingTests {
    @Test(arguments: StoreBackend.available)
    func mapsAndFetchesInRowOrder(kind: StoreBackend) async throws {
        try await withStore(kind) { store in
            let articles = try articleEntity()
            try await store.register(articles)
            let result = try await store.map(json("""
                [{"id": 2, "title": "Second", "author": {"name": "Rachit"}, "published_at": "2024-05-01T10:00:00Z",
                  "rating": 4.5, "featured": true},
                 {"id": 1, "title": "First", "body": "…", "author": {"name": "Blake"}, "rating": 3}]
                """), with: articles)
            #expect(result.inserted == 2)
            #expect(result.updated == 0)
            #expect(result.objects.map(\.id) == [2, 1])
            let all = try await store.objects(of: articles)
            #expect(all == result.objects)
            #expect(all.first?.authorName == "Rachit")
            #expect(all.first?.publishedAt == Date(timeIntervalSince1970: 1_714_557_600))
            #expect(all.first?.featured == true)
            #expect(all.last?.body == "…")
            #expect(all.last?.rating == 3.0)
            #expect(try await store.count(of: articles) == 2)
            #expect(try await store.object(of: articles, identifiedBy: 1)?.title == "First")
            #expect(try await store.object(of: articles, identifiedBy: "2")?.title == "Second")
            #expect(try await store.object(of: articles, identifiedBy: 3) == nil)
        }
    }

    @Test(arguments: StoreBackend.available)
    func sameObjectTwiceInOnePayloadIsOneRowWithTheLaterValues(kind: StoreBackend) async throws {
        try await withStore(kind) { store in
            let articles = try articleEntity()
            try await store.register(articles)
            let result = try await store.map(json("""
                [{"id": 7, "title": "Draft", "body": "kept"}, {"id": 8, "title": "Other"}, {"id": "7", "title": "Final"}]
                """), with: articles)
            #expect(result.inserted == 2)
            #expect(result.objects.map(\.title) == ["Final", "Other"])
            #expect(try await store.count(of: articles) == 2)
            let seven = try await store.object(of: articles, identifiedBy: 7)
            #expect(seven?.title == "Final")
            #expect(seven?.body == "kept")   // the later element did not name it
        }
    }

    @Test(arguments: StoreBackend.available)
    func mappingAgainUpdatesWithoutDuplicates(kind: StoreBackend) async throws {
        try await withStore(kind) { store in
            let articles = try articleEntity()
            try await store.register(articles)
            _ = try await store.map(json(#"[{"id": 1, "title": "One", "body": "b1"}, {"id": 2, "title": "Two"}]"#), with: articles)
            let again = try await store.map(json(#"[{"id": 2, "title": "Two, edited"}, {"id": 3, "title": "Three"}]"#), with: articles)
            #expect(again.inserted == 1)
            #expect(again.updated == 1)
            #expect(try await store.count(of: articles) == 3)
            #expect(try await store.objects(of: articles).map(\.title) == ["One", "Two, edited", "Three"])
            // One object (not an array) maps too; keys it lacks keep their stored values.
            let one = try await store.map(json(#"{"id": 1, "title": "One, edited"}"#), with: articles)
            #expect(one.updated == 1)
            #expect(one.objects.first?.body == "b1")
            #expect(try await store.count(of: articles) == 3)
        }
    }

    @Test(arguments: StoreBackend.available)
    func aBadElementRollsBackTheWholeOperation(kind: StoreBackend) async throws {
        try await withStore(kind) { store in
            let articles = try articleEntity()
            try await store.register(articles)
            _ = try await store.map(json(#"[{"id": 1, "title": "One"}, {"id": 2, "title": "Two"}]"#), with: articles)
            let bad = try json("""
                [{"id": 10, "title": "New"}, {"id": 1, "title": "Changed"}, {"id": 11, "title": "New too"},
                 {"id": 12, "title": "Bad", "rating": "lots"}, {"id": 13}]
                """)
            let error = try await #require(throws: StoreError.self) { try await store.map(bad, with: articles) }
            #expect(error.errorType == .typeMismatch)
            #expect(error.keyPath == "3.rating")
            #expect(error.entity == "articles")
            #expect(error.column == "rating")
            #expect(error.object == "id=12")
            #expect("\(error)" == #"articles: 3.rating: cannot store string "lots" in REAL column 'rating' (object id=12)"#)
            #expect(try await store.count(of: articles) == 2)
            #expect(try await store.object(of: articles, identifiedBy: 10) == nil)
            #expect(try await store.object(of: articles, identifiedBy: 1)?.title == "One")

            let missing = try await #require(throws: StoreError.self) {
                try await store.map(json(#"[{"id": 20, "title": "x"}, {"title": "no id"}]"#), with: articles)
            }
            #expect(missing.errorType == .missingIdentification)
            #expect(missing.keyPath == "1.id")
            let wrongType = try await #require(throws: StoreError.self) {
                try await store.map(json(#"[{"id": 21}, {"id": 22}, "not an object"]"#), with: articles)
            }
            #expect(wrongType.errorType == .typeMismatch)
            #expect(wrongType.keyPath == "2")
            #expect(try await store.count(of: articles) == 2)
        }
    }

    @Test(arguments: StoreBackend.available)
    func valuesAreBoundNeverSpliced(kind: StoreBackend) async throws {
        try await withStore(kind) { store in
            let hostile = "'); DROP TABLE articles; --"
            let articles = try articleEntity()
            try await store.register(articles)
            let payload = Representation.object(["id": 1, "title": .string(hostile), "author": ["name": #"O'Brien "quoted""#]])
            _ = try await store.map(payload, with: articles)
            let stored = try await store.object(of: articles, identifiedBy: 1)
            #expect(stored?.title == hostile)
            #expect(stored?.authorName == #"O'Brien "quoted""#)
            #expect(try await store.count(of: articles) == 1)

            // A text identity holding SQL, looked up and updated through bound values.
            var slugMapping = ObjectMapping(Tag.init) { $0.map(["slug": \Tag.slug, "label": \Tag.label]) }
            slugMapping.identificationAttributes = ["slug"]
            let tags = try EntityMapping(slugMapping, table: "tags", columns: [Column("slug", .text), Column("label", .text)])
            try await store.register(tags)
            _ = try await store.map(.array([["slug": .string(hostile), "label": "one"], ["slug": .string(hostile), "label": "two"]]), with: tags)
            #expect(try await store.count(of: tags) == 1)
            #expect(try await store.object(of: tags, identifiedBy: .string(hostile))?.label == "two")
            #expect(try await store.count(of: articles) == 1)
        }
    }

    @Test(arguments: StoreBackend.available)
    func compositeIdentification(kind: StoreBackend) async throws {
        try await withStore(kind) { store in
            var mapping = ObjectMapping(Membership.init) {
                $0.map(["team": \Membership.team, "user": \Membership.user, "role": \Membership.role])
            }
            mapping.identificationAttributes = ["team", "user"]
            let memberships = try EntityMapping(
                mapping, table: "memberships", columns: [Column("team", .text), Column("user", .integer), Column("role", .text)])
            #expect(memberships.identificationColumns.map(\.name) == ["team", "user"])
            try await store.register(memberships)
            let result = try await store.map(json("""
                [{"team": "core", "user": 1, "role": "member"}, {"team": "core", "user": 2, "role": "member"},
                 {"team": "docs", "user": 1, "role": "owner"}, {"team": "core", "user": 1, "role": "owner"}]
                """), with: memberships)
            #expect(result.inserted == 3)
            #expect(try await store.count(of: memberships) == 3)
            #expect(try await store.object(of: memberships, identifiedBy: ["team": "core", "user": 1])?.role == "owner")
            #expect(try await store.object(of: memberships, identifiedBy: ["team": "docs", "user": 2]) == nil)
            let error = try await #require(throws: StoreError.self) {
                try await store.object(of: memberships, identifiedBy: "core")
            }
            #expect(error.errorType == .invalidIdentity)
            #expect(error.keyPath == "team")
        }
    }

    @Test(arguments: StoreBackend.available)
    func columnTypesRoundTrip(kind: StoreBackend) async throws {
        try await withStore(kind) { store in
            let mapping = ObjectMapping(Sample.init) {
                $0.map(["id": \Sample.id, "at": \Sample.at, "epoch": \Sample.epoch, "bytes": \Sample.bytes, "ratio": \Sample.ratio])
            }
            let samples = try EntityMapping(mapping, table: "samples", columns: [
                Column("id", .integer), Column("at", .dateText), Column("epoch", .dateEpoch), Column("bytes", .blob),
                Column("ratio", .real),
            ])
            try await store.register(samples)
            let sample = Sample(
                id: 1, at: Date(timeIntervalSince1970: 1_000_000_000), epoch: Date(timeIntervalSince1970: 86_400),
                bytes: Data([0, 1, 2, 255]).base64EncodedString(), ratio: 0.25)
            _ = try await store.map(mapping.representation(of: sample), with: samples)
            #expect(try await store.object(of: samples, identifiedBy: 1) == sample)
            // A value that does not fit its column is an error naming the key path.
            let error = try await #require(throws: StoreError.self) {
                try await store.map(json(#"{"id": 2, "bytes": "not base64!"}"#), with: samples)
            }
            #expect(error.errorType == .typeMismatch)
            #expect(error.keyPath == "bytes")
            #expect(error.column == "bytes")
            #expect(try await store.count(of: samples) == 1)
        }
    }

    /// Texts and numbers that need quoting or escaping in a statement (PostgreSQL sends each
    /// column of a batch as one array), in more rows than one batch, written, updated, and
    /// found again by composite identities holding the same characters.
    @Test(arguments: StoreBackend.available)
    func awkwardValuesRoundTripInBatches(kind: StoreBackend) async throws {
        let texts = [
            "plain", #"say "hi""#, #"back\slash\"#, "{a,b}", "(1, 2)", "NULL", "null", "", " padded ", "tab\tnew\nline",
            "ünïcödé 🎉", "comma,separated", "'single'", #"\x41"#, "$1",
        ]
        let ratings = [0.0, -0.0, 1.5, -2.25e-300, 1.7976931348623157e308, 5e-324, 123456789.125]
        func articles(_ ids: ClosedRange<Int>, edit: Int) -> Representation {
            .array(ids.map { id in
                var object: OrderedDictionary<String, Representation> = [
                    "id": .int(Int64(id)), "title": .string(texts[(id + edit) % texts.count]),
                    "rating": .double(ratings[(id + edit) % ratings.count]), "featured": .bool((id + edit).isMultiple(of: 2)),
                ]
                object["body"] = id.isMultiple(of: 3) ? .null : .string(texts[(id * 7 + edit) % texts.count])
                return .object(object)
            })
        }
        func expected(_ ids: ClosedRange<Int>, edit: Int) -> [StoredArticle] {
            ids.map { id in
                StoredArticle(
                    id: id, title: texts[(id + edit) % texts.count], body: id.isMultiple(of: 3) ? nil : texts[(id * 7 + edit) % texts.count],
                    rating: ratings[(id + edit) % ratings.count], featured: (id + edit).isMultiple(of: 2))
            }
        }
        try await withStore(kind) { store in
            let entity = try articleEntity()
            try await store.register(entity)
            #expect(try await store.map(articles(1...2_345, edit: 0), with: entity).inserted == 2_345)
            #expect(try await store.objects(of: entity) == expected(1...2_345, edit: 0))
            let again = try await store.map(articles(1...2_345, edit: 1), with: entity)
            #expect(again.updated == 2_345 && again.inserted == 0)
            #expect(try await store.objects(of: entity) == expected(1...2_345, edit: 1))

            var mapping = ObjectMapping(Membership.init) {
                $0.map(["team": \Membership.team, "user": \Membership.user, "role": \Membership.role])
            }
            mapping.identificationAttributes = ["team", "user"]
            let memberships = try EntityMapping(
                mapping, table: "memberships", columns: [Column("team", .text), Column("user", .integer), Column("role", .text)])
            try await store.register(memberships)
            func members(role: String) -> Representation {
                .array(texts.indices.flatMap { index in
                    (1...100).map { user in
                        Representation.object(["team": .string(texts[index]), "user": .int(Int64(user)), "role": .string(role)])
                    }
                })
            }
            #expect(try await store.map(members(role: "member"), with: memberships).inserted == texts.count * 100)
            let promoted = try await store.map(members(role: #"o"w\ner"#), with: memberships)
            #expect(promoted.updated == texts.count * 100 && promoted.inserted == 0)
            #expect(try await store.count(of: memberships) == texts.count * 100)
            #expect(try await store.object(of: memberships, identifiedBy: ["team": .string(#"back\slash\"#), "user": 7])?.role == #"o"w\ner"#)
        }
    }

    @Test(arguments: StoreBackend.available)
    func anUnregisteredEntityIsAnError(kind: StoreBackend) async throws {
        try await withStore(kind) { store in
            let articles = try articleEntity()
            let error = try await #require(throws: StoreError.self) { try await store.count(of: articles) }
            #expect(error.errorType == .notRegistered)
            try await store.register(articles)
            try await store.register(articles)   // again: no-op
            let other = try EntityMapping(articleMapping, table: "articles", columns: [Column("id", .integer), Column("title", .text)])
            let clash = try await #require(throws: StoreError.self) { try await store.register(other) }
            #expect(clash.errorType == .notRegistered)
            #expect(try await store.count(of: articles) == 0)
        }
    }
}

struct Tag: Equatable, Sendable { var slug = ""; var label = ""; var tagID = 0; var id = 0; var tag_id = 0 }
struct Membership: Equatable, Sendable { var team = ""; var user = 0; var role = "" }
struct Sample: Equatable, Sendable { var id = 0; var at = Date(timeIntervalSince1970: 0); var epoch = Date(timeIntervalSince1970: 0); var bytes = ""; var ratio = 0.0 }
