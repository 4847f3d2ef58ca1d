import RestKitMapping
import RestKitStore
import Testing

/// Declaring entities: names validated, identification inferred or explicit.
struct EntityMappingTests {
    private let tagMapping = ObjectMapping(Tag.init) {
        $0.map(["slug": \Tag.slug, "tagID": \Tag.tagID, "id": \Tag.id, "tag_id": \Tag.tag_id])
    }

    @Test func identificationIsInferredInRestKitsOrder() throws {
        let all = [Column("id", .integer), Column("tag_id", .integer), Column("tagID", .integer), Column("slug", .text)]
        #expect(try EntityMapping(tagMapping, table: "tags", columns: all).identificationColumns.map(\.keyPath) == ["tagID"])
        let noCamel = all.filter { $0.keyPath != "tagID" }
        #expect(try EntityMapping(tagMapping, table: "tags", columns: noCamel).identificationColumns.map(\.keyPath) == ["tag_id"])
        let plain = [Column("slug", .text), Column("id", .integer)]
        #expect(try EntityMapping(tagMapping, table: "tags", columns: plain).identificationColumns.map(\.keyPath) == ["id"])
        // The entity name, not the table, names the candidates (snake case for `_id`).
        let named = try EntityMapping(tagMapping, table: "t", entityName: "BlogTag", columns: [Column("id", .integer), Column("blog_tag_id", .integer)])
        #expect(named.identificationColumns.map(\.keyPath) == ["blog_tag_id"])
        let articles = try articleEntity()
        #expect(articles.identificationColumns.map(\.name) == ["id"])
    }

    @Test func explicitIdentificationWins() throws {
        var mapping = tagMapping
        mapping.identificationAttributes = ["slug"]
        let tags = try EntityMapping(mapping, table: "tags", columns: [Column("id", .integer), Column("slug", .text)])
        #expect(tags.identificationColumns.map(\.name) == ["slug"])
        mapping.identificationAttributes = ["label"]
        let error = #expect(throws: StoreError.self) {
            try EntityMapping(mapping, table: "tags", columns: [Column("id", .integer), Column("slug", .text)])
        }
        #expect(error?.errorType == .invalidEntity)
        #expect(error?.keyPath == "label")
    }

    @Test func noIdentificationIsAnError() {
        let error = #expect(throws: StoreError.self) {
            try EntityMapping(tagMapping, table: "tags", columns: [Column("slug", .text)])
        }
        #expect(error?.errorType == .invalidEntity)
        #expect(error?.reason.contains("tagID, tag_id, identifier, id, ID, URL, url") == true)
    }

    static let invalidNames = [
        "", "articles; DROP TABLE x", "a b", #"quo"ted"#, "1st", "naïve", "sqlite_master", "SQLite_x", "rowid", "OID",
        String(repeating: "a", count: 64), "a-b", "a.b",
    ]

    @Test(arguments: invalidNames)
    func invalidTableNamesAreRejected(name: String) {
        let error = #expect(throws: StoreError.self) {
            try EntityMapping(tagMapping, table: name, columns: [Column("id", .integer)])
        }
        #expect(error?.errorType == .invalidName)
    }

    @Test(arguments: invalidNames)
    func invalidColumnNamesAreRejected(name: String) {
        let error = #expect(throws: StoreError.self) {
            try EntityMapping(tagMapping, table: "tags", columns: [Column("id", .integer), Column("slug", .text, name: name)])
        }
        #expect(error?.errorType == .invalidName)
        #expect(error?.column == name)
    }

    @Test func validNamesAreAccepted() throws {
        let longest = String(repeating: "a", count: 63)
        let entity = try EntityMapping(tagMapping, table: "_Tags2", columns: [Column("id", .integer, name: longest), Column("author.name", .text)])
        #expect(entity.columns.map(\.name) == [longest, "author_name"])
    }

    @Test func inconsistentColumnsAreRejected() {
        let cases: [[Column]] = [
            [],
            [Column("id", .integer), Column("ID", .text, name: "Id")],       // same column name, any case
            [Column("id", .integer), Column("id", .text, name: "other")],    // same key path
            [Column("id", .integer), Column("items.@count", .integer, name: "n")],
            [Column("id", .integer), Column("a..b", .text, name: "ab")],
        ]
        for columns in cases {
            let error = #expect(throws: StoreError.self) { try EntityMapping(tagMapping, table: "tags", columns: columns) }
            #expect(error?.errorType == .invalidEntity, "\(columns.map(\.keyPath))")
        }
    }
}
