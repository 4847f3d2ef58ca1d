import Foundation
import RestKitCore
import RestKitJSON
import Testing

@testable import RestKitMapping

/// `RequestMapping.json(of:)` writes models straight to JSON; it must write exactly the bytes
/// `JSONWriter` writes for `representation(of:)`, and fail with the same errors.
struct JSONWritingTests {
    struct Book: Equatable {
        var title = ""
        var isbn: String?
        var pages = 0
    }

    struct Shelf {
        var name = ""
        var page = 0
        var owner = Friend()
        var curator: Friend?
        var books: [Book] = []
        var tags: Set<Friend> = []
        var weight = 0.0
        var label = ""
        var extra: Representation?
    }

    static let book = ObjectMapping(Book.init) { book in
        book.map("title", to: \.title)
        book.map("isbn", to: \.isbn)
        book.map("pages", to: \.pages)
    }

    /// Failing writes of `label` when it is "fail", to check mapping errors.
    static let label = Transform<String>(
        read: { value, context throws(MappingError) in try String(representation: value, context: context) },
        write: { value, context throws(MappingError) in
            guard value != "fail" else { throw MappingError(.typeMismatch, "cannot write 'fail'", keyPath: context.keyPath) }
            return .string(value)
        })

    static let shelf = ObjectMapping(Shelf.init) { shelf in
        shelf.map("name", to: \.name)
        shelf.map("@metadata.page", to: \.page)  // read from metadata, never written
        shelf.relationship("owner", to: \.owner, mapping: Mappings.friend)
        shelf.relationship("curator", to: \.curator, mapping: Mappings.friend)
        shelf.relationship("books", to: \.books, mapping: book)
        shelf.relationship("tags", to: \.tags, mapping: Mappings.friend)
        shelf.map("weight", to: \.weight)
        shelf.map("label", to: \.label, transform: label)
        shelf.map("extra", to: \.extra)  // written as the tree it holds
    }

    static let full = Shelf(
        name: "Fiction / \"new\"\n", page: 3, owner: Friend(id: 1, name: "Ada"), curator: Friend(id: 2, name: "Grace"),
        books: [Book(title: "Dune", isbn: "978-0441", pages: 412), Book(title: "Solaris", isbn: nil, pages: 204)],
        tags: [Friend(id: 7, name: "sf"), Friend(id: 8, name: "classic")], weight: 2.5, label: "A",
        extra: ["score": 4.5, "votes": [1, 2, nil], "note": ["by": "Ada"]])
    static let sparse = Shelf(name: "", owner: Friend(), curator: nil, books: [], tags: [], weight: -0.0, label: "")

    static let writers: [JSONWriter] = [
        JSONWriter(), JSONWriter(options: .prettyPrinted), JSONWriter(options: .escapeSlashes),
        JSONWriter(options: [.prettyPrinted, .sortedKeys]), JSONWriter(options: .sortedKeys),
    ]

    static var optionSets: [MappingOptions] {
        var nilAsNull = MappingOptions()
        nilAsNull.writesNilAsNull = true
        return [MappingOptions(), nilAsNull]
    }

    /// `json(of:)` and `representation(of:)` + `writer` give the same bytes, for one model and
    /// for collections, under every writer and mapping option, with and without a root key.
    func expectSameBytes<Model>(_ mapping: ObjectMapping<Model>, _ models: [Model], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        for writer in Self.writers {
            for options in Self.optionSets {
                for rootKey in [nil, "root"] as [String?] {
                    let request = mapping.inverse(rootKey: rootKey)
                    for model in models {
                        let expected = try writer.write(request.representation(of: model, options: options))
                        let written = try request.json(of: model, options: options, writer: writer)
                        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
                                "\(writer.options) \(options.writesNilAsNull) \(rootKey ?? "-")", sourceLocation: sourceLocation)
                    }
                    for collection in [models, [], Array(models.prefix(1))] {
                        let expected = try writer.write(request.representation(of: collection, options: options))
                        let written = try request.json(of: collection, options: options, writer: writer)
                        #expect(written == expected, "\(writer.options) \(collection.count) models", sourceLocation: sourceLocation)
                    }
                }
            }
        }
    }

    @Test func flatMembersAreWrittenStraightFromTheModel() throws {
        #expect(Self.shelf.writesMembersInOrder)
        #expect(Self.book.writesMembersInOrder)
        try expectSameBytes(Self.shelf, [Self.full, Self.sparse])
        let written = String(decoding: try Self.shelf.inverse().json(of: Self.sparse), as: UTF8.self)
        #expect(written == #"{"name":"","owner":{"id":0,"name":""},"books":[],"tags":[],"weight":-0.0,"label":""}"#)
        var options = MappingOptions()
        options.writesNilAsNull = true
        let withNulls = String(decoding: try Self.shelf.inverse().json(of: Self.sparse, options: options), as: UTF8.self)
        #expect(withNulls.contains(#""curator":null"#))
    }

    @Test func prettyOutputMatchesTheWriter() throws {
        let pretty = String(decoding: try Self.book.inverse(rootKey: "books").json(of: [Self.full.books[0]], writer: JSONWriter(options: .prettyPrinted)), as: UTF8.self)
        #expect(pretty == """
            {
              "books": [
                {
                  "title": "Dune",
                  "isbn": "978-0441",
                  "pages": 412
                }
              ]
            }
            """)
    }

    /// Nested and merged keys, and a key two properties share, are built and written whole,
    /// also when such a mapping sits inside one written member by member.
    @Test func objectsThatNeedTheirTreeAreBuiltFirst() throws {
        #expect(!Mappings.user.writesMembersInOrder)  // merges the coordinate; "friends" twice
        let user = try Mappings.user.map(try YAJLParser().parse(text: ObjectMappingTests.userJSON))
        try expectSameBytes(Mappings.user, [user, User()])

        struct Club { var members = DynamicKeysAndStoreTests.Team(); var chair = User() }
        let club = ObjectMapping(Club.init) { club in
            club.relationship("members", to: \.members, mapping: DynamicKeysAndStoreTests.team)
            club.relationship("chair", to: \.chair, mapping: Mappings.user)
        }
        #expect(club.writesMembersInOrder)
        let members = DynamicKeysAndStoreTests.Team(members: [
            .init(username: "blake", id: 1, website: URL(string: "http://restkit.org/")), .init(username: "rachit", id: 2),
        ])
        try expectSameBytes(club, [Club(members: members, chair: user), Club()])

        let nested = ObjectMapping(Book.init) { $0.map("info.title", to: \.title); $0.map("pages", to: \.pages) }
        #expect(!nested.writesMembersInOrder)
        try expectSameBytes(nested, [Self.full.books[0]])
    }

    @Test func delegatingMappingsAreWrittenWhole() throws {
        let either = ObjectMapping<Book>.dynamic(candidates: [Self.book]) { _ in Self.book }
        let shelf = ObjectMapping(Shelf.init) { $0.relationship("books", to: \.books, mapping: either) }
        try expectSameBytes(shelf, [Self.full, Self.sparse])
    }

    /// A value JSON cannot hold fails as `JSONWriter` fails on the representation: the same
    /// error with the same key path.
    @Test func unwritableValuesFailWithTheWritersError() throws {
        var broken = Self.full
        broken.extra = ["note": ["score": .double(.nan)]]
        let request = Self.shelf.inverse(rootKey: "shelves")
        let expected = #expect(throws: SerializationError.self) { try JSONWriter().write(request.representation(of: [Self.full, broken])) }
        let error = #expect(throws: SerializationError.self) { try request.json(of: [Self.full, broken]) }
        #expect(error?.keyPath == "shelves.1.extra.note.score")
        #expect(error?.keyPath == expected?.keyPath)
        #expect(error?.reason == expected?.reason)

        // Nesting past the writer's limit: the books inside shelves inside the root object.
        let shallow = JSONWriter(maximumDepth: 3)
        let tooDeep = #expect(throws: SerializationError.self) { try request.json(of: [Self.full], writer: shallow) }
        let tooDeepTree = #expect(throws: SerializationError.self) { try shallow.write(request.representation(of: [Self.full])) }
        #expect(tooDeep?.errorType == .depthLimitExceeded)
        #expect(tooDeep?.keyPath == tooDeepTree?.keyPath)
        #expect(tooDeep?.keyPath == "shelves.0.owner")
        // The same documents one level shallower fit.
        #expect(try request.json(of: [Self.sparse], writer: JSONWriter(maximumDepth: 4)) == (try JSONWriter(maximumDepth: 4).write(request.representation(of: [Self.sparse]))))
    }

    @Test func mappingErrorsNameTheKeyPath() throws {
        var broken = Self.full
        broken.label = "fail"
        let error = #expect(throws: MappingError.self) { try Self.shelf.inverse().json(of: [Self.full, broken]) }
        let expected = #expect(throws: MappingError.self) { try Self.shelf.inverse().representation(of: [Self.full, broken]) }
        #expect(error?.keyPath == "1.label")
        #expect(error?.keyPath == expected?.keyPath)
    }
}
