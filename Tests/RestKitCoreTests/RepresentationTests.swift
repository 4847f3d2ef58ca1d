import RestKitCore
import Testing

struct RepresentationTests {
    let user: Representation = [
        "name": "Blake", "id": 31337, "ratio": 0.5, "admin": false, "manager": nil,
        "address": ["city": "Paris", "lines": ["1 rue", "2e étage"]],
        "friends": [["name": "Ada"], ["name": "Grace"]],
    ]

    @Test func keyAccessDistinguishesNullFromMissing() {
        #expect(user["name"] == "Blake")
        #expect(user["manager"] == .null)
        #expect(user["manager"]?.isNull == true)
        #expect(user["phone"] == nil)
        #expect(Representation.string("x")["name"] == nil)
    }

    @Test func keyPaths() {
        #expect(user[keyPath: "address.city"] == "Paris")
        #expect(user[keyPath: "address.lines.1"] == "2e étage")
        #expect(user[keyPath: "friends.0.name"] == "Ada")
        #expect(user[keyPath: "friends.2.name"] == nil)
        #expect(user[keyPath: "address.zip"] == nil)
        #expect(user[keyPath: "name.first"] == nil)
        #expect(user[keyPath: ""] == user)
        #expect(user[keyPath: "address."] == nil)
    }

    @Test func typedAccessors() {
        #expect(user["name"]?.stringValue == "Blake")
        #expect(user["id"]?.int64Value == 31337)
        #expect(user["id"]?.doubleValue == 31337)
        #expect(user["ratio"]?.int64Value == nil)
        #expect(Representation.double(3).int64Value == 3)
        #expect(user["admin"]?.boolValue == false)
        #expect(user["id"]?.boolValue == nil)
        #expect(user["friends"]?.arrayValue?.count == 2)
        #expect(user["address"]?.objectValue?.keys.elementsEqual(["city", "lines"]) == true)
        #expect(Representation.number("1e400").doubleValue == nil)
        #expect(Representation.number("123456789012345678901").numberText == "123456789012345678901")
        #expect(Representation.double(0.1).numberText == "0.1")
    }

    @Test func kinds() {
        #expect(Representation.int(1).kind == .number)
        #expect(Representation.number("1e400").kind == .number)
        #expect(Representation.bool(true).kind == .bool)
        #expect(user.kind == .object)
    }

    @Test func booleansAreNotNumbers() {
        #expect(Representation.bool(true) != .int(1))
        #expect(Representation.bool(false) != .int(0))
        #expect(Representation.int(1) != .double(1))
    }

    @Test func objectEqualityIgnoresKeyOrderButKeepsIt() {
        let forward: Representation = ["a": 1, "b": [2, 3]]
        let backward: Representation = ["b": [2, 3], "a": 1]
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        #expect(Set([forward, backward]).count == 1)
        #expect(forward.description == #"{"a":1,"b":[2,3]}"#)
        #expect(backward.description == #"{"b":[2,3],"a":1}"#)
        #expect(forward != ["a": 1, "b": [3, 2]])
        #expect(forward != ["a": 1])
        #expect(Representation.object([:]) != .array([]))
    }

    @Test func duplicateLiteralKeysKeepFirstPositionAndLastValue() {
        let value: Representation = ["a": 1, "b": 2, "a": 3]
        #expect(value.description == #"{"a":3,"b":2}"#)
    }

    @Test func isSendableAndHashable() async {
        let copy = await Task.detached { [user] in user }.value
        #expect(copy == user)
        var seen: Set<Representation> = [user, "x", 1, 1.0, true, nil]
        seen.insert(user)
        #expect(seen.count == 6)
    }
}
