import Foundation
import RestKitCore
import RestKitJSON
import RestKitTestSupport
import Testing

@testable import RestKitMapping

/// Acceptance tests over the original RestKit's JSON fixtures.
@Suite(.enabled(if: SharedCorpus.directory("restkit-fixtures/JSON") != nil,
                Comment(rawValue: SharedCorpus.missingMessage("restkit-fixtures/JSON"))))
struct RestKitFixtureTests {
    struct Cat: Equatable { var id = 0; var name = "" }
    struct Human: Equatable { var id: Int?; var name = ""; var age: Int?; var birthday: Date?; var favoriteCat: Cat? }

    static let cat = ObjectMapping(Cat.init) { $0.map(["id": \Cat.id, "name": \Cat.name]) }
    static let human = ObjectMapping(Human.init) { human in
        human.map(["id": \Human.id, "name": \Human.name, "age": \Human.age, "birthday": \Human.birthday])
        human.relationship("favorite_cat", to: \.favoriteCat, mapping: cat)
    }

    static func load(_ name: String) throws -> Representation {
        let directory = try #require(SharedCorpus.directory("restkit-fixtures/JSON"))
        return try YAJLParser().parse(SharedCorpus.bytes(of: directory.appendingPathComponent(name)))
    }

    @Test func humanWithNullAttributes() throws {
        var mapper = Mapper()
        mapper.add(Self.human, at: "human")
        let result = try mapper.map(Self.load("humans/1.json"))
        #expect(result.objects(of: Human.self) == [Human(id: 1, name: "Blake Watters", age: 28)])
    }

    @Test func humansWithToOneRelationships() throws {
        var mapper = Mapper()
        mapper.add(Self.human, at: "human")
        let one = try mapper.map(Self.load("humans/with_to_one_relationship.json")).objects(of: Human.self)
        #expect(one == [Human(id: nil, name: "Blake Watters", age: 28, favoriteCat: Cat(id: 1234, name: "Asia"))])
        let everyone = try Self.load("humans/all.json").arrayValue?.compactMap { $0["human"] } ?? []
        // Each element nests its human under "human": map them with the collection operator's KVC path.
        let viaKeyPath = try SourceKeyPath("human").value(in: Self.load("humans/all.json"))
        let mapped = try Self.human.mapCollection(try #require(viaKeyPath))
        #expect(mapped.first?.favoriteCat == Cat(id: 1234, name: "Asia"))
        #expect(mapped.count == everyone.count)
        #expect(mapped.count > 1)
    }

    @Test func emptyCollectionMapsToNothing() throws {
        #expect(try Self.human.mapCollection(Self.load("humans/empty.json")).isEmpty)
    }

    @Test func nestedUserAtAKeyPath() throws {
        struct User: Equatable { var id = 0; var name = "" }
        var mapper = Mapper()
        mapper.add(ObjectMapping(User.init) { $0.map(["id": \User.id, "name": \User.name]) }, at: "user")
        #expect(try mapper.map(Self.load("nested_user.json")).objects(of: User.self) == [User(id: 31337, name: "Blake Watters")])
    }

    @Test func errorPayload() throws {
        #expect(try ServerError.mapping.map(Self.load("errors.json")).description == "error1, error2")
    }

    @Test func intentionallyInvalidFixturesAreParseErrors() throws {
        let directory = try #require(SharedCorpus.directory("restkit-fixtures/JSON"))
        for name in ["error.json", "Foursquare.json"] {
            let bytes = try SharedCorpus.bytes(of: directory.appendingPathComponent(name))
            #expect(throws: ParseError.self, "\(name)") { try YAJLParser().parse(bytes) }
        }
    }

    @Test func dynamicKeysFixture() throws {
        #expect(try DynamicKeysAndStoreTests.team.map(Self.load("DynamicKeys.json")).members.map(\.username) == ["blake", "rachit"])
    }

    @Test func railsUserRoundTrip() throws {
        struct RailsUser: Equatable { var id = 0; var email = ""; var firstName = ""; var lastName = ""; var token: String? }
        var mapping = ObjectMapping(RailsUser.init)
        mapping.keyTransformation = .snakeCase
        mapping.map(keys: ["id": \RailsUser.id, "email": \RailsUser.email, "firstName": \RailsUser.firstName, "lastName": \RailsUser.lastName])
        mapping.map("facebook_access_token", to: \.token)
        var mapper = Mapper()
        mapper.add(mapping, at: "user")
        let user = try #require(mapper.map(Self.load("RailsUser.json")).first as? RailsUser)
        #expect(user == RailsUser(id: 1, email: "test@email.com", firstName: "Test", lastName: "User", token: nil))
        let body = try mapping.inverse(rootKey: "user").representation(of: user)
        #expect(body == ["user": ["id": 1, "email": "test@email.com", "first_name": "Test", "last_name": "User"]])
    }
}
