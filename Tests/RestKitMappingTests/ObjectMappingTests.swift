import Foundation
import RestKitCore
import RestKitJSON
import RestKitTestSupport
import Testing

@testable import RestKitMapping

/// Models in the spirit of RestKit's own test suite.
struct Address: Equatable {
    var id = 0
    var city = ""
    var state: String?
}

struct Friend: Equatable, Hashable {
    var id = 0
    var name = ""
}

struct Coordinate: Equatable {
    var latitude = 0.0
    var longitude = 0.0
}

struct User: Equatable {
    var id = 0
    var name = ""
    var birthdate: Date?
    var favoriteDate: Date?
    var website: URL?
    var isDeveloper = false
    var weight: Double = 0
    var luckyNumber = 0
    var interests: [String] = []
    var address: Address?
    var friends: [Friend] = []
    var friendSet: Set<Friend> = []
    var createdAt: Date?
    var coordinate = Coordinate()
}

enum Mappings {
    static let address = ObjectMapping(Address.init) { address in
        address.map(["id": \Address.id, "city": \Address.city, "state": \Address.state])
    }

    static let friend = ObjectMapping(Friend.init) { friend in
        friend.map("id", to: \.id)
        friend.map("name", to: \.name)
    }

    static let coordinate = ObjectMapping(Coordinate.init) { coordinate in
        coordinate.map("latitude", to: \.latitude)
        coordinate.map("longitude", to: \.longitude)
    }

    static let user = ObjectMapping(User.init) { user in
        user.map("id", to: \.id)
        user.map("name", to: \.name)
        user.map("birthdate", to: \.birthdate)
        user.map("favorite_date", to: \.favoriteDate)
        user.map("website", to: \.website)
        user.map("is_developer", to: \.isDeveloper)
        user.map("weight", to: \.weight)
        user.map("lucky_number", to: \.luckyNumber)
        user.map("interests", to: \.interests)
        user.map("created_at", to: \.createdAt)
        user.relationship("address", to: \.address, mapping: address)
        user.relationship("friends", to: \.friends, mapping: friend)
        user.relationship("friends", to: \.friendSet, mapping: friend)
        user.relationship(nil, to: \.coordinate, mapping: coordinate)
    }
}

struct ObjectMappingTests {
    static let userJSON = #"""
        {"id": 31337, "name": "Blake Watters", "birthdate": "11/27/1982", "favorite_date": "03/01/2012",
         "website": "http://restkit.org/", "is_developer": "true", "weight": "131.3", "lucky_number": "187",
         "interests": ["Hacking", "Running"], "address": {"id": 1234, "city": "Carrboro", "state": "North Carolina"},
         "friends": [{"id": 187, "name": "Jeremy Ellison"}, {"id": 7, "name": "Rachit Shukla"}],
         "created_at": "2011-02-02 07:53:08", "latitude": 12345, "longitude": 56789}
        """#

    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date? {
        HTTPDates.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
    }

    @Test func mapsTheClassicUser() throws {
        let user = try Mappings.user.map(try YAJLParser().parse(text: Self.userJSON))
        #expect(user.id == 31337)
        #expect(user.name == "Blake Watters")
        #expect(user.birthdate == Self.utc(1982, 11, 27))
        #expect(user.favoriteDate == Self.utc(2012, 3, 1))
        #expect(user.website == URL(string: "http://restkit.org/"))
        #expect(user.isDeveloper)
        #expect(user.weight == 131.3)
        #expect(user.luckyNumber == 187)
        #expect(user.interests == ["Hacking", "Running"])
        #expect(user.address == Address(id: 1234, city: "Carrboro", state: "North Carolina"))
        #expect(user.friends == [Friend(id: 187, name: "Jeremy Ellison"), Friend(id: 7, name: "Rachit Shukla")])
        #expect(user.friendSet.count == 2)
        #expect(user.createdAt == Self.utc(2011, 2, 2, 7, 53, 8))
        #expect(user.coordinate == Coordinate(latitude: 12345, longitude: 56789))
    }

    @Test(.enabled(if: SharedCorpus.directory("restkit-fixtures/JSON") != nil,
                   Comment(rawValue: SharedCorpus.missingMessage("restkit-fixtures/JSON"))))
    func mapsTheRestKitFixture() throws {
        let directory = try #require(SharedCorpus.directory("restkit-fixtures/JSON"))
        let document = try YAJLParser().parse(SharedCorpus.bytes(of: directory.appendingPathComponent("user.json")))
        let user = try Mappings.user.map(document)
        #expect(user == (try Mappings.user.map(try YAJLParser().parse(text: Self.userJSON))))
    }

    @Test func nullClearsOptionalsAndMissingKeysLeaveValuesAlone() throws {
        var user = User(id: 1, name: "Kept", birthdate: Self.utc(2000, 1, 1), address: Address(id: 9, city: "X"))
        try Mappings.user.map(["id": 2, "birthdate": nil, "address": nil], into: &user)
        #expect(user.id == 2)
        #expect(user.name == "Kept")
        #expect(user.birthdate == nil)
        #expect(user.address == nil)
        var options = MappingOptions()
        options.assignsNilForMissingKeys = true
        var other = User(website: URL(string: "https://x"))
        try Mappings.user.map(["id": 3], into: &other, options: options)
        #expect(other.website == nil)
    }

    @Test func conversionFailuresNameKeyPathValueAndType() throws {
        let cases: [(Representation, String, String)] = [
            (["id": "abc"], "id", "cannot convert string \"abc\" to Int"),
            (["lucky_number": 1.5], "lucky_number", "cannot convert number 1.5 to Int (not an exact Int)"),
            (["is_developer": "maybe"], "is_developer", "cannot convert string \"maybe\" to Bool"),
            (["friends": [["id": 1], ["id": [2]]]], "friends.1.id", "cannot convert array [2] to Int"),
            (["name": nil], "name", "null for a non-optional String"),
            (["address": "Carrboro"], "address", "cannot convert string \"Carrboro\" to Address (expected an object)"),
        ]
        for (document, keyPath, reason) in cases {
            let error = #expect(throws: MappingError.self) { try Mappings.user.map(document) }
            #expect(error?.keyPath == keyPath)
            #expect(error?.reason == reason)
        }
        let date = #expect(throws: MappingError.self) { try Mappings.user.map(["birthdate": "soon"]) }
        #expect(date?.reason.hasPrefix("cannot convert string \"soon\" to Date (tried ISO 8601, epoch seconds") == true)
    }

    @Test func typeConversions() throws {
        struct Sample: Equatable {
            var text = ""
            var flag = false
            var price: Decimal = 0
            var tags: [String] = []
            var ids: Set<Int> = []
            var count: UInt8 = 0
        }
        let mapping = ObjectMapping(Sample.init) { sample in
            sample.map("text", to: \.text)
            sample.map("flag", to: \.flag)
            sample.map("price", to: \.price)
            sample.map("tags", to: \.tags)
            sample.map("ids", to: \.ids)
            sample.map("count", to: \.count)
        }
        let sample = try mapping.map(["text": true, "flag": "Y", "price": .number("12345678901234567890.123456789"), "tags": "solo", "ids": [1, 2, 2], "count": "255"])
        #expect(sample.text == "true")
        #expect(sample.flag)
        #expect(sample.price.description == "12345678901234567890.123456789")
        #expect(sample.tags == ["solo"])
        #expect(sample.ids == [1, 2])
        #expect(sample.count == 255)
        #expect(try mapping.map(["text": 12.5]).text == "12.5")
        #expect(throws: MappingError.self) { try mapping.map(["count": 256]) }
        let element = #expect(throws: MappingError.self) { try mapping.map(["ids": [1, "x", 3]]) }
        #expect(element?.keyPath == "ids.1")
        for word in ["true", "YES", "t", "y", "1"] { #expect(try mapping.map(["flag": .string(word)]).flag) }
        for word in ["false", "No", "F", "n", "0"] { #expect(try !mapping.map(["flag": .string(word)]).flag) }
    }

    @Test(arguments: [
        ("2012-03-01T12:30:00Z", 1_330_605_000.0), ("2012-03-01T12:30:00.250Z", 1_330_605_000.25),
        ("2012-03-01T13:30:00+01:00", 1_330_605_000.0), ("1330605000", 1_330_605_000.0),
        ("Thu, 01 Mar 2012 12:30:00 GMT", 1_330_605_000.0), ("Thursday, 01-Mar-12 12:30:00 GMT", 1_330_605_000.0),
        ("Thu Mar  1 12:30:00 2012", 1_330_605_000.0), ("/Date(1330605000000)/", 1_330_605_000.0),
        ("/Date(1330605000000+0100)/", 1_330_605_000.0), ("03/01/2012", 1_330_560_000.0), ("2012-03-01 12:30:00", 1_330_605_000.0),
    ])
    func dateFormats(text: String, seconds: Double) throws {
        struct Stamp { var at = Date.distantPast }
        let mapping = ObjectMapping(Stamp.init) { $0.map("at", to: \.at) }
        #expect(try mapping.map(["at": .string(text)]).at.timeIntervalSince1970 == seconds)
        #expect(try mapping.map(["at": .int(1_330_605_000)]).at.timeIntervalSince1970 == 1_330_605_000)
    }

    @Test func perAttributeDateFormats() throws {
        struct Stamp { var at: Date? }
        let mapping = ObjectMapping(Stamp.init) { $0.map("at", to: \.at, transform: .dates([.monthDayYear])) }
        #expect(throws: MappingError.self) { try mapping.map(["at": "2012-03-01T12:30:00Z"]) }
        let stamp = try mapping.map(["at": "03/01/2012"])
        #expect(try mapping.representation(of: stamp) == ["at": "03/01/2012"])
    }


    /// A fuzzing finding (`dates`, a campaign): `/Date(0000000000009223372036854775800)/` was
    /// read (milliseconds near Int64.max) and writing it back trapped converting the
    /// milliseconds to Int64; an epoch-seconds `1e300` written as a .NET date trapped the same
    /// way. Now the .NET format reads and writes ±2^53 milliseconds, and a mapping refuses an
    /// instant a format cannot write with an error at its key path.
    @Test func instantsADateFormatCannotHoldAreRefusedNotTrapped() throws {
        #expect(DateFormat.dotNet.date(from: "/Date(0000000000009223372036854775800)/") == nil)
        #expect(DateFormat.dotNet.date(from: "/Date(9007199254740993)/") == nil)
        let edge = try #require(DateFormat.dotNet.date(from: "/Date(-9007199254740992)/"))
        #expect(DateFormat.dotNet.representation(of: edge) == "/Date(-9007199254740992)/")

        let far = Date(timeIntervalSince1970: 1e300)
        #expect(!DateFormat.dotNet.canWrite(far))
        #expect(DateFormat.dotNet.representation(of: far) == .null)
        #expect(DateFormat.iso8601.canWrite(far))
        #expect(!DateFormat.iso8601.canWrite(Date(timeIntervalSince1970: .infinity)))
        // Epoch seconds read only finite numbers (Double("nan") and Double("inf") parse).
        for text in ["nan", "inf", "-infinity"] { #expect(DateFormat.epochSeconds.date(from: .string(text)) == nil, "\(text)") }
        #expect(DateFormat.epochSeconds.date(from: .double(.infinity)) == nil)

        struct Stamp { var at = Date.distantPast }
        let mapping = ObjectMapping(Stamp.init) { $0.map("at", to: \.at, transform: .dates([.dotNet])) }
        let error = try #require(throws: MappingError.self) { try mapping.representation(of: Stamp(at: far)) }
        #expect(error.keyPath == "at")
        #expect(error.errorType == .typeMismatch)
        #expect(error.reason.contains(".NET"), "\(error.reason)")
        var options = MappingOptions()
        options.outputDateFormat = .dotNet
        let plain = ObjectMapping(Stamp.init) { $0.map("at", to: \.at) }
        #expect(throws: MappingError.self) { try plain.representation(of: Stamp(at: far), options: options) }
        #expect(try plain.representation(of: Stamp(at: edge), options: options) == ["at": "/Date(-9007199254740992)/"])
    }
    @Test func keyTransformation() throws {
        #expect(KeyTransformation.snakeCase.apply("createdAt") == "created_at")
        #expect(KeyTransformation.snakeCase.apply("userIDValue") == "user_id_value")
        #expect(KeyTransformation.kebabCase.apply("favoriteDate") == "favorite-date")
        var mapping = ObjectMapping(User.init)
        mapping.keyTransformation = .snakeCase
        mapping.map(keys: ["favoriteDate": \User.favoriteDate, "luckyNumber": \User.luckyNumber, "name": \User.name])
        let user = try mapping.map(["favorite_date": "03/01/2012", "lucky_number": 7, "name": "Ada"])
        #expect(user.luckyNumber == 7)
        #expect(user.name == "Ada")
        #expect(user.favoriteDate == Self.utc(2012, 3, 1))
    }

    @Test func invalidKeyPathsAreReported() {
        struct Thing { var count = 0 }
        let mapping = ObjectMapping(Thing.init) { $0.map("items.@size", to: \.count) }
        let error = #expect(throws: MappingError.self) { try mapping.map(["items": []]) }
        #expect(error?.errorType == .invalidKeyPath)
        #expect(error?.reason == "unknown operator '@size' in key path 'items.@size'")
    }

    /// `MappingOptions` shares its settings between copies until one changes: a change made to
    /// a copy (or to the original) never shows in the other.
    @Test func mappingOptionsCopiesAreIndependent() {
        let original = MappingOptions()
        var copy = original
        copy.dateFormats = [.epochSeconds]
        copy.writesNilAsNull = true
        copy.assignsNilForMissingKeys = true
        copy.metadata = ["page": 2]
        copy.outputDateFormat = .epochSeconds
        #expect(original.dateFormats.map(\.description) == DateFormat.defaults.map(\.description))
        #expect(!original.writesNilAsNull && !original.assignsNilForMissingKeys)
        #expect(original.metadata == .object([:]))
        #expect(original.outputDateFormat.description == DateFormat.iso8601.description)
        #expect(copy.dateFormats.map(\.description) == [DateFormat.epochSeconds.description])
        #expect(copy.writesNilAsNull && copy.assignsNilForMissingKeys && copy.metadata == ["page": 2])

        var changedOriginal = copy
        let kept = changedOriginal
        changedOriginal.metadata = ["page": 3]
        #expect(kept.metadata == ["page": 2])
        #expect(changedOriginal.metadata == ["page": 3])

        // Every `MappingOptions()` starts from one shared box of defaults, which the changes
        // above (to copies of such a value) must not have reached.
        var fresh = MappingOptions()
        #expect(fresh.dateFormats.map(\.description) == DateFormat.defaults.map(\.description))
        #expect(!fresh.writesNilAsNull && !fresh.assignsNilForMissingKeys && fresh.metadata == .object([:]))
        #expect(fresh.outputDateFormat.description == DateFormat.iso8601.description)
        fresh.writesNilAsNull = true
        #expect(!MappingOptions().writesNilAsNull)
    }
}
