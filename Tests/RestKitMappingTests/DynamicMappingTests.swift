import Foundation
import RestKitCore
import RestKitJSON
import RestKitTestSupport
import Testing

@testable import RestKitMapping

protocol Person {
    var name: String { get }
}

struct Boy: Person, Equatable { var name = ""; var friends: [any Person] = []
    static func == (lhs: Boy, rhs: Boy) -> Bool { lhs.name == rhs.name && lhs.friends.map(\.name) == rhs.friends.map(\.name) }
}
struct Girl: Person, Equatable { var name = "" }

enum People {
    static let girl = ObjectMapping(Girl.init) { $0.map("name", to: \.name) }
    static let person: ObjectMapping<any Person> = .dynamic(on: "type", [
        "Boy": boy.erased(to: (any Person).self),
        "Girl": girl.erased(to: (any Person).self),
    ])
    static let boy = ObjectMapping(Boy.init) { boy in
        boy.map("name", to: \.name)
        boy.relationship("friends", to: \.friends, mapping: ObjectMapping<any Person>.dynamic(on: "type", [
            "Boy": ObjectMapping(Boy.init) { $0.map("name", to: \.name) }.erased(to: (any Person).self),
            "Girl": girl.erased(to: (any Person).self),
        ]))
    }
}

struct DynamicMappingTests {
    @Test func choosesByTheValueAtAKeyPath() throws {
        let boy = try People.person.map(["name": "Blake Watters", "type": "Boy"])
        #expect(boy is Boy)
        #expect(boy.name == "Blake Watters")
        let girl = try People.person.map(["name": "Sarah", "type": "Girl"])
        #expect(girl is Girl)
    }

    @Test func nestedDynamicRelationships() throws {
        let document = try YAJLParser().parse(text: #"""
            {"name": "Blake Watters", "type": "Boy", "friends": [{"name": "John Doe", "type": "Boy"}, {"name": "Jane Doe", "type": "Girl"}]}
            """#)
        let blake = try #require(try People.person.map(document) as? Boy)
        #expect(blake.friends.count == 2)
        #expect(blake.friends[0] is Boy)
        #expect(blake.friends[1] is Girl)
        #expect(blake.friends.map(\.name) == ["John Doe", "Jane Doe"])
    }

    @Test func declinedElementsAreSkippedAndReported() throws {
        let report = MappingReport()
        let people = try People.person.mapCollection(
            [["name": "A", "type": "Boy"], ["name": "R2", "type": "Robot"], ["name": "B", "type": "Girl"]], report: report)
        #expect(people.map(\.name) == ["A", "B"])
        #expect(report.issues.count == 1)
        #expect(report.issues.first?.keyPath == "1")
        #expect(report.issues.first?.errorType == .declined)
        #expect(report.issues.first?.reason == #"no mapping for type "Robot"; known: Boy, Girl"#)
        // A single value that is declined is an error.
        #expect(throws: MappingError.self) { try People.person.map(["name": "R2", "type": "Robot"]) }
    }

    /// A mapping with options of its own maps in an operation of its own, which must report to
    /// the caller's report: a friend declined inside such a mapping is reported.
    @Test func elementsDeclinedUnderAMappingsOwnOptionsAreReported() throws {
        var boy = People.boy
        boy.options = MappingOptions(assignsNilForMissingKeys: true)
        let report = MappingReport()
        let boys = try boy.mapCollection(
            [["name": "A", "friends": [["name": "B", "type": "Girl"], ["name": "R2", "type": "Robot"]]]], report: report)
        #expect(boys.map(\.friends.count) == [1])
        #expect(report.issues.map(\.keyPath) == ["0.friends.1"])
        #expect(report.issues.first?.errorType == .declined)
    }

    @Test func closureChoiceAndTheInverse() throws {
        let mapping = ObjectMapping<any Person>.dynamic(candidates: [People.girl.erased(to: (any Person).self)]) { representation in
            representation["numeric_type"] == 0 ? People.girl.erased(to: (any Person).self) : nil
        }
        let sarah = try mapping.map(["name": "Sarah", "numeric_type": 0])
        #expect(sarah is Girl)
        #expect(try mapping.representation(of: sarah) == ["name": "Sarah"])
        #expect(throws: MappingError.self) { try mapping.representation(of: Boy(name: "Blake")) }
    }

    @Test(.enabled(if: SharedCorpus.directory("restkit-fixtures/JSON/Dynamic") != nil,
                   Comment(rawValue: SharedCorpus.missingMessage("restkit-fixtures/JSON/Dynamic"))))
    func restKitDynamicFixtures() throws {
        let directory = try #require(SharedCorpus.directory("restkit-fixtures/JSON/Dynamic"))
        func load(_ name: String) throws -> Representation {
            try YAJLParser().parse(SharedCorpus.bytes(of: directory.appendingPathComponent(name)))
        }
        #expect(try People.person.map(load("boy.json")) is Boy)
        #expect(try People.person.map(load("girl.json")) is Girl)
        let mixed = try People.person.mapCollection(load("mixed.json"))
        #expect(mixed.map(\.name) == ["Blake Watters", "Sarah"])
        let blake = try #require(try People.person.map(load("friends.json")) as? Boy)
        #expect(blake.friends.map(\.name) == ["John Doe", "Jane Doe"])
    }
}

struct DynamicKeysAndStoreTests {
    struct Member: Equatable { var username = ""; var id = 0; var website: URL? }
    struct Team { var members: [Member] = [] }

    static let member = ObjectMapping(Member.init) { member in
        member.map("id", to: \.id)
        member.map("website", to: \.website)
    }
    static let team = ObjectMapping(Team.init) { $0.relationship("users", to: \.members, mapping: member, keysInto: \.username) }

    @Test func dynamicKeysBothWays() throws {
        let document = try YAJLParser().parse(text: #"""
            {"users": {"blake": {"id": 31337, "website": "http://restkit.org/"}, "rachit": {"id": 7, "website": "http://www.twotoasters.com/"}}}
            """#)
        let team = try Self.team.map(document)
        #expect(team.members == [
            Member(username: "blake", id: 31337, website: URL(string: "http://restkit.org/")),
            Member(username: "rachit", id: 7, website: URL(string: "http://www.twotoasters.com/")),
        ])
        #expect(try Self.team.representation(of: team) == document)
        #expect(throws: MappingError.self) { try Self.team.map(["users": ["blake", "rachit"]]) }
    }

    final class Gist {
        var id = ""
        var summary = ""
        var owner = ""
    }

    static let gist = ObjectMapping(Gist.init) { gist in
        gist.identificationAttributes = ["id"]
        gist.map("id", to: \.id)
        gist.map("description", to: \.summary)
        gist.map("owner.login", to: \.owner)
    }

    @Test func identificationUpdatesInsteadOfDuplicating() throws {
        let page: Representation = [
            ["id": "aa1", "description": "first", "owner": ["login": "blake"]],
            ["id": "bb2", "description": "second", "owner": ["login": "ada"]],
        ]
        let store = InMemoryObjectStore<Gist>()
        let first = try Self.gist.mapCollection(page, into: store)
        let updatedPage: Representation = [["id": "aa1", "description": "first, edited"], ["id": "cc3", "description": "third"]]
        let second = try Self.gist.mapCollection(updatedPage, into: store)
        #expect(store.count == 3)
        #expect(first[0] === second[0])                  // the same object, updated in place
        #expect(first[0].summary == "first, edited")
        #expect(first[0].owner == "blake")               // missing keys leave values alone
        _ = try Self.gist.mapCollection(page, into: store)
        #expect(store.count == 3)
        let missing = #expect(throws: MappingError.self) { try Self.gist.map(["description": "no id"], into: store) }
        #expect(missing?.keyPath == "id")
    }

    @Test(arguments: [
        (#"{"errors": ["error1", "error2"]}"#, "error1, error2"),
        (#"{"error": "this is an error"}"#, "this is an error"),
        (#"{"errors": {"email": ["is taken", "is invalid"], "name": ["can't be blank"]}}"#, "email is taken, email is invalid, name can't be blank"),
    ])
    func conventionalErrorPayloads(json: String, description: String) throws {
        let error = try ServerError.mapping.map(YAJLParser().parse(text: json))
        #expect(error.description == description)
    }
}
