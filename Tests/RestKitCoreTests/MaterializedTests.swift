@testable import RestKitCore
import Testing

/// `materialized()` copies a tape-backed document out into plain values, all the way down.
struct MaterializedTests {
    private func scan(_ text: String) throws -> Representation {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { try JSONScanner(maximumDepth: 64, parserName: "swift").scan($0) }
    }

    /// Whether any value in `value` (itself included) still points into a tape.
    private func pointsIntoTape(_ value: Representation) -> Bool {
        switch value.storage {
        case .tape: return true
        case .value(.array(let elements)): return elements.contains(where: pointsIntoTape)
        case .value(.object(let members)): return members.values.contains(where: pointsIntoTape)
        case .value: return false
        }
    }

    @Test func copiesEveryLevelOutOfTheTape() throws {
        let parsed = try scan(#"{"a":[1,-2.5,"x\ny",{"z":null,"t":true}],"b":{"k":false},"n":123456789012345678901234,"e":"é"}"#)
        #expect(pointsIntoTape(parsed))
        let copy = parsed.materialized()
        #expect(!pointsIntoTape(copy))
        #expect(copy == parsed)
        #expect(copy.description == parsed.description)
        #expect(copy[keyPath: "a.2"] == "x\ny")
        #expect(copy["n"] == .number("123456789012345678901234"))
    }

    @Test func repeatedKeysKeepTheFirstPositionAndTheLastValue() throws {
        let copy = try scan(#"{"a":1,"b":2,"a":{"c":[3]}}"#).materialized()
        #expect(copy.objectValue.map { Array($0.keys) } == ["a", "b"])
        #expect(copy[keyPath: "a.c.0"] == 3)
        #expect(!pointsIntoTape(copy))
    }

    @Test func groupedObjectsBecomeArraysOfPlainValues() throws {
        var builder = TapeBuilder(maximumDepth: 8)
        let began = builder.beginGroupedObject()
        #expect(began)
        builder.key("item")
        builder.string("one")
        builder.key("other")
        builder.int(2)
        builder.key("item")
        builder.string("two")
        builder.end()
        let finished = builder.finish()
        let document = try #require(finished)
        #expect(pointsIntoTape(document))
        let copy = document.materialized()
        #expect(!pointsIntoTape(copy))
        #expect(copy == ["item": ["one", "two"], "other": 2])
    }

    @Test func valuesHoldingTapeValuesAreCopiedToo() throws {
        let parsed = try scan(#"{"inner":[1,2]}"#)
        let wrapper: Representation = ["wrapped": parsed, "list": [parsed]]
        #expect(pointsIntoTape(wrapper))
        let copy = wrapper.materialized()
        #expect(!pointsIntoTape(copy))
        #expect(copy == wrapper)
    }

    @Test func scalarsAndPlainValuesComeBackEqual() throws {
        for text in ["null", "true", "0", "-0.0", "1e400", #""""#, "[]", "{}"] {
            let parsed = try scan(text)
            #expect(parsed.materialized() == parsed, "\(text)")
            #expect(!pointsIntoTape(parsed.materialized()), "\(text)")
        }
        let plain: Representation = ["a": [1, "b"]]
        #expect(plain.materialized() == plain)
    }
}
