import Foundation
import RestKit
import Testing

// The DocC articles' code (Sources/*/*.docc), compiled and checked here:
// scripts/check-doc-examples.py fails when an article's Swift block is not found in a test.

struct DocumentationExamples {
    struct User: Equatable {
        var id = 0
        var name = ""
        var tags: [String] = []
    }

    @Test("Getting started: parse a payload, map it into models, write one back")
    func gettingStarted() throws {
        let payload = Array(#"{"users": [{"id": 1, "name": "Ada", "tags": ["math"]}]}"#.utf8)
        let document = try Registry.default.parse(payload, as: .json)
        #expect(document["users"]?[0]?["name"]?.stringValue == "Ada")

        let userMapping = ObjectMapping(User.init) { user in
            user.map("id", to: \.id)
            user.map("name", to: \.name)
            user.map("tags", to: \.tags)
        }
        var mapper = Mapper()
        mapper.add(userMapping, at: "users")
        let users = try mapper.map(document).objects(of: User.self)
        #expect(users == [User(id: 1, name: "Ada", tags: ["math"])])

        let written = try userMapping.inverse(rootKey: "user").representation(of: users[0])
        let json = try Registry.default.serialize(written, as: .json)
        #expect(String(decoding: json, as: UTF8.self) == #"{"user":{"id":1,"name":"Ada","tags":["math"]}}"#)
    }

    @Test("Getting started: the same payload as XML maps with the same mapping")
    func gettingStartedXML() throws {
        let xml = Array("<users><user><id>1</id><name>Ada</name><tags>math</tags></user></users>".utf8)
        let document = try Registry.default.parse(xml, as: MediaType("application/xml"))
        let userMapping = ObjectMapping(User.init) { user in
            user.map("id", to: \.id)
            user.map("name", to: \.name)
            user.map("tags", to: \.tags)
        }
        let user = try userMapping.map(document[keyPath: "users.user"] ?? .null)
        #expect(user == User(id: 1, name: "Ada", tags: ["math"]))
    }
}
