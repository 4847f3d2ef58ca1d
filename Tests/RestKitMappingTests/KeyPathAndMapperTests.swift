import Foundation
import RestKitCore
import RestKitJSON
import Testing

@testable import RestKitMapping

struct KeyPathAndMapperTests {
    /// The bank-account example from RestKit's key-value coding documentation.
    static let account: Representation = [
        "name": "Checking",
        "transactions": [
            ["payee": "Joe Blow", "amount": .number("100.23")],
            ["payee": "Grocery Store", "amount": .number("200.00")],
            ["payee": "John Doe", "amount": .number("100.23")],
            ["payee": "Joe Blow", "amount": .number("200.00")],
        ],
        "batches": [[1, 2], [3]],
    ]

    static func value(_ path: String) throws -> Representation? {
        try SourceKeyPath(path).value(in: account)
    }

    @Test func collectionOperators() throws {
        #expect(try Self.value("transactions.@count") == 4)
        #expect(try Self.value("transactions.@avg.amount") == .number("150.115"))
        #expect(try Self.value("transactions.@sum.amount") == .number("600.46"))
        #expect(try Self.value("transactions.@min.amount") == .number("100.23"))
        #expect(try Self.value("transactions.@max.amount") == .number("200.00"))
        #expect(try Self.value("transactions.@distinctUnionOfObjects.payee") == ["Joe Blow", "Grocery Store", "John Doe"])
        #expect(try Self.value("batches.@unionOfArrays") == [1, 2, 3])
        #expect(try Self.value("transactions.payee") == ["Joe Blow", "Grocery Store", "John Doe", "Joe Blow"])
        #expect(try Self.value("transactions.1.payee") == "Grocery Store")
        #expect(try Self.value("transactions.missing") == [nil, nil, nil, nil])
        #expect(try Self.value("name.first") == nil)
    }

    @Test func operatorsInMappings() throws {
        struct Summary { var count = 0; var average: Decimal = 0; var payees: [String] = [] }
        let mapping = ObjectMapping(Summary.init) { summary in
            summary.map("transactions.@count", to: \.count)
            summary.map("transactions.@avg.amount", to: \.average)
            summary.map("transactions.@distinctUnionOfObjects.payee", to: \.payees)
        }
        let summary = try mapping.map(Self.account)
        #expect(summary.count == 4)
        #expect(summary.average == Decimal(string: "150.115"))
        #expect(summary.payees == ["Joe Blow", "Grocery Store", "John Doe"])
        // Operator key paths are read-only: the inverse leaves them out.
        #expect(try mapping.representation(of: summary) == .object([:]))
    }

    @Test func metadataParentAndRootScopes() throws {
        struct Item: Equatable { var name = ""; var position = 0; var listName = ""; var owner = ""; var source = "" }
        struct List { var items: [Item] = [] }
        struct Root { var list = List() }
        let item = ObjectMapping(Item.init) { item in
            item.map("name", to: \.name)
            item.map("@metadata.mapping.collectionIndex", to: \.position)
            item.map("@parent.title", to: \.listName)
            item.map("@root.owner", to: \.owner)
            item.map("@metadata.source", to: \.source)
        }
        let list = ObjectMapping(List.init) { $0.relationship("items", to: \.items, mapping: item) }
        let root = ObjectMapping(Root.init) { $0.relationship("list", to: \.list, mapping: list) }
        let document: Representation = ["owner": "Blake", "list": ["title": "Groceries", "items": [["name": "Milk"], ["name": "Eggs"]]]]
        var options = MappingOptions()
        options.metadata = ["source": "cache"]
        let mapped = try root.map(document, options: options)
        #expect(mapped.list.items == [
            Item(name: "Milk", position: 0, listName: "Groceries", owner: "Blake", source: "cache"),
            Item(name: "Eggs", position: 1, listName: "Groceries", owner: "Blake", source: "cache"),
        ])
    }

    @Test func aNilSourceMapsTheWholeValue() throws {
        struct Message: Equatable { var text = "" }
        struct Failure { var messages: [Message] = [] }
        let message = ObjectMapping(Message.init) { $0.mapValue(to: \.text) }
        let failure = ObjectMapping(Failure.init) { $0.relationship("errors", to: \.messages, mapping: message) }
        let mapped = try failure.map(["errors": ["Name can't be blank", "Email is taken"]])
        #expect(mapped.messages == [Message(text: "Name can't be blank"), Message(text: "Email is taken")])
    }

    struct Article: Equatable { var title = ""; var author = "" }
    struct Meta: Equatable { var page = 0 }

    static let article = ObjectMapping(Article.init) { article in
        article.map("title", to: \.title)
        article.map("author.name", to: \.author)
    }
    static let meta = ObjectMapping(Meta.init) { $0.map("page", to: \.page) }

    @Test func mapperMapsSeveralKeyPaths() throws {
        var mapper = Mapper()
        mapper.add(Self.article, at: "articles")
        mapper.add(Self.meta, at: "meta")
        let document = try YAJLParser().parse(text: #"""
            {"articles": [{"title": "One", "author": {"name": "Ada"}}, {"title": "Two", "author": {"name": "Grace"}}],
             "meta": {"page": 2}}
            """#)
        let result = try mapper.map(document)
        #expect(result.count == 3)
        #expect(result.objects(of: Article.self) == [Article(title: "One", author: "Ada"), Article(title: "Two", author: "Grace")])
        #expect(result.objects(at: "meta").first as? Meta == Meta(page: 2))
        #expect(result.first as? Article == Article(title: "One", author: "Ada"))
        #expect(result.errors.isEmpty)
    }

    @Test func objectErrorsAreCollectedWithoutLosingTheOthers() throws {
        var mapper = Mapper()
        mapper.add(Self.meta, at: "pages")
        let result = try mapper.map(["pages": [["page": 1], ["page": "two"], ["page": 3]]])
        #expect(result.objects(of: Meta.self) == [Meta(page: 1), Meta(page: 3)])
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.keyPath == "pages.1.page")
    }

    @Test func unmappableDocumentsSayWhatWasSearched() {
        var mapper = Mapper()
        mapper.add(Self.article, at: "articles")
        mapper.add(Self.meta, at: "meta")
        let error = #expect(throws: MappingError.self) { try mapper.map(["posts": [], "count": 0]) }
        #expect(error?.errorType == .unmappableDocument)
        #expect(error?.reason == "no mappable key path: searched articles, meta; the document has keys posts, count")
    }

    @Test func rootMappingAndInverseRoundTrip() throws {
        var mapper = Mapper()
        mapper.add(Self.article, at: nil)
        let result = try mapper.map(["title": "Root", "author": ["name": "Ada"]])
        let article = try #require(result.first as? Article)
        let request = Self.article.inverse(rootKey: "article")
        let body = try request.representation(of: article)
        #expect(body == ["article": ["title": "Root", "author": ["name": "Ada"]]])
        #expect(try Self.article.map(#require(body["article"])) == article)
        #expect(try request.representation(of: [article, article])["article"]?.arrayValue?.count == 2)
    }

    @Test func inverseOfTheClassicUserRoundTrips() throws {
        let user = try Mappings.user.map(try YAJLParser().parse(text: ObjectMappingTests.userJSON))
        let representation = try Mappings.user.representation(of: user)
        #expect(representation["birthdate"] == "1982-11-27T00:00:00Z")  // ISO 8601 by default
        #expect(representation["latitude"] == .double(12345))              // merged back from the coordinate
        // "friends" is written twice (the array and the set share the key); the set, written
        // last, has no order, so compare friends as sets.
        func normalized(_ user: User) -> User {
            var user = user
            user.friends.sort { $0.id < $1.id }
            return user
        }
        #expect(try normalized(Mappings.user.map(representation)) == normalized(user))
        let json = try JSONSerializer().serialize(representation)
        #expect(try normalized(Mappings.user.map(YAJLParser().parse(json))) == normalized(user))
        var options = MappingOptions()
        options.writesNilAsNull = true
        #expect(try Mappings.user.representation(of: User(), options: options)["birthdate"] == .null)
        let plain = try Mappings.user.representation(of: User())
        #expect(plain["birthdate"] == nil, "\(plain)")
    }
}
