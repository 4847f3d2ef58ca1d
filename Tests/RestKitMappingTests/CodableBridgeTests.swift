import Foundation
import RestKitCore
import RestKitJSON
import RestKitTestSupport
import Testing

@testable import RestKitMapping

struct CodableBridgeTests {
    struct Address: Codable, Equatable {
        var city: String
        var zip: String?
    }

    struct User: Codable, Equatable {
        var id: Int
        var name: String
        var email: String?
        var balance: Decimal
        var ratio: Double
        var admin: Bool
        var birthdate: Date
        var homepage: URL
        var tags: [String]
        var scores: Set<Int>
        var address: Address
        var friends: [Address]
    }

    static let json = #"""
        {"id": 31337, "name": "Blake Watters", "email": null, "balance": 150.115, "ratio": 0.25, "admin": false,
         "birthdate": "1982-11-27T10:30:00Z", "homepage": "https://restkit.org/blake", "tags": ["a", "b"],
         "scores": [3, 1, 2], "address": {"city": "Paris"}, "friends": [{"city": "Lyon", "zip": "69001"}],
         "ignored": {"deep": [1, 2, {"x": "y"}]}}
        """#

    static var expected: User {
        User(id: 31337, name: "Blake Watters", email: nil, balance: Decimal(string: "150.115") ?? 0, ratio: 0.25, admin: false,
             birthdate: Date(timeIntervalSince1970: 407_241_000), homepage: URL(string: "https://restkit.org/blake")!,
             tags: ["a", "b"], scores: [1, 2, 3], address: Address(city: "Paris", zip: nil),
             friends: [Address(city: "Lyon", zip: "69001")])
    }

    @Test(arguments: ["yajl", "jansson"])
    func decodesFromAParsedDocument(parser: String) throws {
        let parsed = try (parser == "yajl" ? YAJLParser() as any RepresentationParser : JanssonParser()).parse(text: Self.json)
        let user = try RepresentationDecoder().decode(User.self, from: parsed)
        #expect(user == Self.expected)
        #expect(user.balance.description == "150.115")  // exact, not via Double
    }

    @Test func roundTripThroughTheEncoder() throws {
        let representation = try RepresentationEncoder().encode(Self.expected)
        #expect(representation["birthdate"] == "1982-11-27T10:30:00Z")
        #expect(representation["balance"] == .number("150.115"))
        #expect(representation["email"] == nil)  // nil optionals are left out
        #expect(representation["homepage"] == "https://restkit.org/blake")
        #expect(representation.objectValue.map { Array($0.keys.prefix(3)) } == ["id", "name", "balance"])
        #expect(try RepresentationDecoder().decode(User.self, from: representation) == Self.expected)
        let bytes = try JSONSerializer().serialize(representation)
        #expect(try RepresentationDecoder().decode(User.self, from: YAJLParser().parse(bytes)) == Self.expected)
    }

    @Test func errorsNameTheKeyPathTheValueAndTheType() throws {
        let document = try YAJLParser().parse(text: #"{"friends": [{"city": "Lyon"}, {"city": 7, "zip": [1]}]}"#)
        struct Friends: Decodable { var friends: [Address] }
        let error = #expect(throws: DecodingError.self) {
            try RepresentationDecoder(allowsLooseTypes: false).decode(Friends.self, from: document)
        }
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected a type mismatch, got \(String(describing: error))")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["friends", "1", "city"])
        #expect(context.debugDescription == "expected a string at 'friends.1.city', found number 7")
    }

    @Test func missingKeysAndInexactNumbersAreErrors() throws {
        struct Small: Decodable { var id: Int8 }
        let missing = #expect(throws: DecodingError.self) { try RepresentationDecoder().decode(Small.self, from: ["name": "x"]) }
        if case .keyNotFound(let key, _) = missing { #expect(key.stringValue == "id") } else { Issue.record("\(String(describing: missing))") }
        #expect(throws: DecodingError.self) { try RepresentationDecoder().decode(Small.self, from: ["id": 300]) }
        #expect(throws: DecodingError.self) { try RepresentationDecoder().decode(Small.self, from: ["id": 1.5]) }
        #expect(try RepresentationDecoder().decode(Small.self, from: ["id": 3.0]).id == 3)
    }

    @Test func looseTypesReadTextValues() throws {
        // XML and form data carry every value as text.
        struct Item: Decodable, Equatable { var id: Int; var price: Double; var available: Bool; var label: String }
        let textual: Representation = ["id": "42", "price": "9.5", "available": "Yes", "label": 12]
        #expect(try RepresentationDecoder().decode(Item.self, from: textual) == Item(id: 42, price: 9.5, available: true, label: "12"))
        #expect(throws: DecodingError.self) { try RepresentationDecoder(allowsLooseTypes: false).decode(Item.self, from: textual) }
        #expect(throws: DecodingError.self) {
            try RepresentationDecoder().decode(Item.self, from: ["id": "4x", "price": 1, "available": true, "label": "x"])
        }
    }

    @Test func dateStrategies() throws {
        struct Stamp: Codable, Equatable { var at: Date }
        let fractional = try RepresentationDecoder().decode(Stamp.self, from: ["at": "2012-03-01T12:30:00.250+01:00"])
        #expect(fractional.at.timeIntervalSince1970 == 1_330_601_400.25)
        let epoch = try RepresentationDecoder(dateDecodingStrategy: .secondsSince1970).decode(Stamp.self, from: ["at": 1_330_601_400])
        #expect(epoch.at.timeIntervalSince1970 == 1_330_601_400)
        let millis = try RepresentationDecoder(dateDecodingStrategy: .millisecondsSince1970).decode(Stamp.self, from: ["at": "1330601400250"])
        #expect(millis.at.timeIntervalSince1970 == 1_330_601_400.25)
        #expect(try RepresentationEncoder().encode(fractional)["at"] == "2012-03-01T11:30:00.250Z")
        #expect(try RepresentationEncoder(dateEncodingStrategy: .secondsSince1970).encode(epoch)["at"] == .double(1_330_601_400))
        #expect(throws: DecodingError.self) { try RepresentationDecoder().decode(Stamp.self, from: ["at": "03/01/2012"]) }
    }

    @Test func encoderRejectsNonFiniteNumbersWithTheirPath() {
        struct Reading: Encodable { var values: [Double] }
        let error = #expect(throws: EncodingError.self) { try RepresentationEncoder().encode(Reading(values: [1, .nan])) }
        if case .invalidValue(_, let context) = error {
            #expect(context.codingPath.map(\.stringValue) == ["values", "1"])
        } else {
            Issue.record("\(String(describing: error))")
        }
    }

    @Test func decodesFromAnyRegisteredMediaType() throws {
        var registry = Registry()
        registry.register(YAJLParser(), for: "application/json")
        let address = try RepresentationDecoder().decode(Address.self, from: Array(#"{"city":"Oslo","zip":"0150"}"#.utf8), as: .json, using: registry)
        #expect(address == Address(city: "Oslo", zip: "0150"))
    }

    @Test(.enabled(if: SharedCorpus.directory("corpora/json") != nil, Comment(rawValue: SharedCorpus.missingMessage("corpora/json"))))
    func decodesTwitterStatuses() throws {
        struct Timeline: Decodable { var statuses: [Status] }
        struct Status: Decodable { var id: Int64; var text: String; var retweet_count: Int; var favorited: Bool; var user: Account }
        struct Account: Decodable { var id: Int64; var screen_name: String; var followers_count: Int }
        let directory = try #require(SharedCorpus.directory("corpora/json"))
        let bytes = try SharedCorpus.bytes(of: directory.appendingPathComponent("twitter.json"))
        let timeline = try RepresentationDecoder().decode(Timeline.self, from: YAJLParser().parse(bytes))
        let reference = try JSONDecoder().decode(Timeline.self, from: Data(bytes))
        #expect(timeline.statuses.count == 100)
        #expect(timeline.statuses.map(\.id) == reference.statuses.map(\.id))
        #expect(timeline.statuses.map(\.user.screen_name) == reference.statuses.map(\.user.screen_name))
        #expect(timeline.statuses.map(\.text) == reference.statuses.map(\.text))
    }
}
