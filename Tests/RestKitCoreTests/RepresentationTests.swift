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

    @Test func outOfRangeAndMissingAreNilNotNull() {
        let list: Representation = [1, 2]
        #expect(list[1] == 2)
        #expect(list[5] == nil)
        #expect(list[-1] == nil)
        #expect(list[5]?.isNull == nil)
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

/// The number fast paths must agree bit for bit with a correctly rounded conversion.
struct JSONNumberSyntaxTests {
    @Test func fastPathMatchesCorrectRounding() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {  // SplitMix64, deterministic
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        for _ in 0..<20_000 {
            let digits = Int(next() % 17) + 1
            var mantissa = String(next() % 100_000_000_000_000_000)
            mantissa = String(mantissa.prefix(digits))
            let point = Int(next() % UInt64(mantissa.count + 1))
            var text = mantissa
            if point < mantissa.count { text.insert(".", at: text.index(text.startIndex, offsetBy: point)) }
            if text.hasPrefix(".") { text = "0" + text }
            if text.hasSuffix(".") { text += "0" }
            if next() % 2 == 0 { text += "e\(Int(next() % 60) - 30)" }
            if next() % 2 == 0 { text = "-" + text }
            guard JSONNumberSyntax.isValid(text.utf8) else { continue }
            let value = JSONNumberSyntax.representation(of: text.utf8)
            switch value.content {
            case .int(let integer): #expect(Double(integer) == Double(text), "\(text)")
            case .double(let double): #expect(double == Double(text), "\(text)")
            case .number: Issue.record("\(text) kept as text")
            default: Issue.record("\(text) became \(value)")
            }
        }
    }

    @Test(arguments: ["0", "-0", "1", "-1.5", "1e5", "1E+5", "0.000001", "123.456e-7", "9007199254740993"])
    func validNumbers(text: String) {
        #expect(JSONNumberSyntax.isValid(text.utf8))
    }

    @Test(arguments: ["", "-", "01", "1.", ".5", "1e", "1e+", "+1", "0x10", "1.5.2", "NaN", "- 1"])
    func invalidNumbers(text: String) {
        #expect(!JSONNumberSyntax.isValid(text.utf8))
    }

    @Test func exactness() {
        #expect(JSONNumberSyntax.representation(of: "-9223372036854775808".utf8) == .int(.min))
        #expect(JSONNumberSyntax.representation(of: "9223372036854775808".utf8) == .number("9223372036854775808"))
        #expect(JSONNumberSyntax.representation(of: "-0.0".utf8) == .double(-0.0))
        #expect(JSONNumberSyntax.representation(of: "1e400".utf8) == .number("1e400"))
        #expect(JSONNumberSyntax.representation(of: "1e-400".utf8) == .number("1e-400"))
        #expect(JSONNumberSyntax.representation(of: "0e-400".utf8) == .double(0))
        #expect(JSONNumberSyntax.representation(of: "0.30000000000000004".utf8) == .double(0.30000000000000004))
        #expect(JSONNumberSyntax.representation(of: "3.141592653589793238462643".utf8) == .number("3.141592653589793238462643"))
    }
}
