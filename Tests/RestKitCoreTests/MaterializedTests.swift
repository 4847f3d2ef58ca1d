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

    /// An object's dictionary is made from its keys and values at once when the keys are
    /// ASCII and distinct as bytes; otherwise each member goes in through the subscript.
    /// Both give the first position and the last value of a repeated key, and keys equal as
    /// `String`s (composed and decomposed accents) are one key.
    @Test(arguments: [2, 16, 17, 40, 1_000])
    func objectsOfEverySizeKeepFirstPositionsAndLastValues(keyCount: Int) throws {
        let distinct = (0..<keyCount).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        let plain = try scan("{\(distinct)}")
        let keys = (0..<keyCount).map { "k\($0)" }
        for (index, shape) in [plain, plain.materialized()].enumerated() {
            let members = try #require(shape.objectValue, "shape \(index)")
            #expect(Array(members.keys) == keys, "shape \(index)")
            #expect(members.values.map(\.doubleValue) == (0..<keyCount).map { Double?(Double($0)) }, "shape \(index)")
        }
        // k1 again, last: first position, last value.
        let repeated = try scan("{\(distinct),\"k1\":\"again\"}")
        for shape in [repeated, repeated.materialized()] {
            let members = try #require(shape.objectValue)
            #expect(Array(members.keys) == keys)
            #expect(members["k1"] == "again")
            #expect(members["k0"] == 0)
        }
        // "é" composed, then decomposed: one String key, at the first position, last value.
        let accented = try scan("{\(distinct),\"\u{E9}\":1,\"e\u{301}\":2}")
        for shape in [accented, accented.materialized()] {
            let members = try #require(shape.objectValue)
            #expect(members.count == keyCount + 1)
            #expect(members.keys.last == "\u{E9}")
            #expect(members["\u{E9}"] == 2)
        }
    }

    @Test func distinctASCIIKeysAreRecognised() throws {
        func distinct(_ text: String) throws -> Bool {
            guard case .tape(let tape, let index) = try scan(text).storage else { return false }
            return tape.keysAreDistinctASCII(inObjectAt: index)
        }
        let many = (0..<100).map { #""key\#($0)":[\#($0),{"key\#($0)":1}]"# }.joined(separator: ",")
        #expect(try distinct("{}"))
        #expect(try distinct(#"{"a":1}"#))
        #expect(try distinct(#"{"a":1,"b":{"a":2},"ab":3,"":4}"#))
        #expect(try distinct("{\(many)}"))
        #expect(try !distinct(#"{"a":1,"b":2,"a":3}"#))
        #expect(try !distinct(#"{"":1,"":2}"#))
        #expect(try !distinct("{\(many),\"key57\":0}"))
        #expect(try distinct(#"{"caf\u00e9":1}"#))           // one key: nothing to compare
        #expect(try !distinct(#"{"caf\u00e9":1,"x":2}"#))    // decoded from an escape: not ASCII
        #expect(try !distinct(#"{"a\"b":1,"a\u0022b":2}"#))  // the same key, spelled two ways
        #expect(try distinct(#"{"a\"b":1,"a\\b":2}"#))
    }

    /// Two empty keys are one key wherever their (no) bytes lie: here one in the input, followed
    /// by `x`, and one decoded, followed by `z` (what a chunked parse produces). The check
    /// compared the byte after an empty key and called such keys distinct, so the object kept
    /// both (a `json-diff-chunked` fuzzing finding: yajl in 1-byte chunks against one chunk).
    /// With 20 other keys the check goes through its hash table.
    @Test(arguments: [0, 20])
    func emptyKeysAreOneKeyWhereverTheyLie(otherKeys: Int) throws {
        var builder = TapeBuilder(maximumDepth: 8)
        let input = Array("x".utf8)
        _ = input.withUnsafeBytes { builder.appendInput($0) }
        let opened = builder.beginObject()
        #expect(opened)
        for index in 0..<otherKeys {
            builder.key("k\(index)")
            builder.int(Int64(index))
        }
        builder.key(inputOffset: 0, count: 0)
        builder.int(1)
        builder.key(bytes: UnsafeBufferPointer(start: nil, count: 0))
        builder.string("z")
        builder.end()
        let finished = builder.finish()
        let value = try #require(finished)
        guard case .tape(let tape, let index) = value.storage else {
            Issue.record("not a tape")
            return
        }
        #expect(!tape.keysAreDistinctASCII(inObjectAt: index))
        for shape in [value, value.materialized()] {
            let members = try #require(shape.objectValue)
            #expect(members.count == otherKeys + 1)
            #expect(members[""] == "z")
            #expect(members.keys.last == "")
        }
    }

    /// Keys that share their length and first and last eight bytes share a hash: up to the
    /// probing bound they are still told apart by comparing; beyond it the object takes the
    /// general path (not distinct as far as this check goes), and its members are the same.
    @Test func collidingKeysStayLinearAndCorrect() throws {
        func object(_ count: Int) -> String {
            "{" + (0..<count).map { #""aaaaaaaa\#(1000 + $0)bbbbbbbb":\#($0)"# }.joined(separator: ",") + "}"
        }
        func distinct(_ text: String) throws -> Bool {
            guard case .tape(let tape, let index) = try scan(text).storage else { return false }
            return tape.keysAreDistinctASCII(inObjectAt: index)
        }
        #expect(try distinct(object(17)))    // 136 comparisons: within 8 a key
        #expect(try !distinct(object(40)))   // 780: over the bound
        let members = try #require(try scan(object(40)).materialized().objectValue)
        #expect(members.count == 40)
        #expect(members.keys.first == "aaaaaaaa1000bbbbbbbb")
        #expect(members["aaaaaaaa1039bbbbbbbb"] == 39)
    }

    // MARK: Objects of one shape share their keys

    /// The copy equals the lazy document and keeps every object's keys in document order
    /// (`==` ignores key order; the description does not).
    private func expectFaithfulCopy(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let parsed = try scan(text)
        let copy = parsed.materialized()
        #expect(!pointsIntoTape(copy), sourceLocation: sourceLocation)
        #expect(copy == parsed, sourceLocation: sourceLocation)
        #expect(copy.description == parsed.description, sourceLocation: sourceLocation)
    }

    /// Objects after the first of a shape take its keys; an object whose keys differ from an
    /// earlier one's anywhere (first, middle or last byte of a short, 8-16 byte or long key)
    /// has its own, even with the same count and key lengths (so the same cache set).
    @Test(arguments: ["ab", "abcdefghij", "abcdefghijklmnopqrstuvwxyz"])
    func objectsOfOneShapeKeepTheirOwnKeysAndValues(key: String) throws {
        let variants = Set(key.indices.flatMap { index in
            [key.startIndex, index, key.index(before: key.endIndex)].map { position in
                var changed = key
                changed.replaceSubrange(position...position, with: "_")
                return changed
            }
        })
        var objects: [String] = []
        for (index, variant) in variants.sorted().enumerated() {
            objects.append(#"{"id":\#(index),"\#(key)":"first","tail":[\#(index)]}"#)
            objects.append(#"{"id":\#(index),"\#(variant)":"second","tail":[\#(index)]}"#)
        }
        try expectFaithfulCopy("[" + objects.joined(separator: ",") + "]")
        let copy = try scan("[" + objects.joined(separator: ",") + "]").materialized()
        let second = try #require(copy[1]?.objectValue)
        #expect(Array(second.keys) == ["id", variants.sorted()[0], "tail"])
        #expect(second[variants.sorted()[0]] == "second")
    }

    /// Keys spelled with escapes are decoded before they are compared: `"a\u0062"` is the key
    /// `ab`, the same shape as an earlier `"ab"`; a key in the input and one decoded compare by
    /// their bytes, not by where they lie.
    @Test func escapedKeysShareTheShapeOfTheirDecodedBytes() throws {
        try expectFaithfulCopy(#"[{"ab":1,"c":2},{"ab":3,"c":4},{"ac":5,"c":6},{"ab":7,"c":8}]"#)
        let copy = try scan(#"[{"ab":1,"c":2},{"ab":3,"c":4},{"ac":5,"c":6}]"#).materialized()
        #expect(copy[keyPath: "1.ab"] == 3)
        #expect(copy[keyPath: "2.ac"] == 5)
        #expect(copy[keyPath: "2.ab"] == nil)
    }

    /// An object with a repeated key has fewer members than keys, so it is no shape for later
    /// objects: `{"a":3,"a":4}` after `{"a":1,"a":2}` still keeps its own last value.
    @Test func objectsWithRepeatedKeysAreNoShape() throws {
        let copy = try scan(#"[{"a":1,"a":2},{"a":3,"a":4},{"a":5,"b":6}]"#).materialized()
        #expect(copy == [["a": 2], ["a": 4], ["a": 5, "b": 6]])
        try expectFaithfulCopy(#"[{"a":1,"a":2},{"a":3,"a":4},{"a":5,"b":6}]"#)
    }

    /// Nested objects of one shape, and more shapes than the cache holds, interleaved: every
    /// object still gets exactly its own keys and values.
    @Test func manyInterleavedShapesStayFaithful() throws {
        var objects: [String] = []
        for round in 0..<3 {
            for shape in 0..<300 {
                let keys = (0..<(shape % 7 + 1)).map { #""k\#(shape)_\#($0)":\#(round)"# }
                objects.append(#"{\#(keys.joined(separator: ",")),"inner":{"x":\#(shape),"y":{"x":\#(round)}}}"#)
            }
        }
        try expectFaithfulCopy("[" + objects.map { #"{"o":\#($0)}"# }.joined(separator: ",") + "]")
    }

    /// Empty keys are the same key whether they lie in the input or were decoded.
    @Test func emptyKeysShareAShapeWhereverTheyLie() throws {
        var builder = TapeBuilder(maximumDepth: 8)
        let input = Array("x".utf8)
        _ = input.withUnsafeBytes { builder.appendInput($0) }
        let arrayBegan = builder.beginArray()
        #expect(arrayBegan)
        for (index, inInput) in [true, false, true].enumerated() {
            let objectBegan = builder.beginObject()
            #expect(objectBegan)
            if inInput { builder.key(inputOffset: 0, count: 0) } else { builder.key(bytes: UnsafeBufferPointer(start: nil, count: 0)) }
            builder.int(Int64(index))
            builder.key("k")
            builder.int(Int64(index))
            builder.end()
        }
        builder.end()
        let finished = builder.finish()
        let document = try #require(finished)
        let copy = document.materialized()
        #expect(copy == [["": 0, "k": 0], ["": 1, "k": 1], ["": 2, "k": 2]])
        #expect(copy.description == document.description)
    }

    /// The walk stays within the entries whatever a tape says: a container whose end lies past
    /// the last entry stops at it, and a position past the entries reads as null (no parser
    /// makes such a tape; this is the bound, not a format).
    @Test func theWalkStaysWithinTheEntries() {
        let entries = [Tape.Entry(kind: .array, count: 2, payload: 99), Tape.Entry(kind: .int, payload: 7)]
        let tape = Tape(entries: entries, bytes: [], decoded: [])
        #expect(tape.materialized(at: 0) == [7])
        #expect(tape.materialized(at: 5) == .null)
    }
}
