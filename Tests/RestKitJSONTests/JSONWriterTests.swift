import RestKitCore
import Testing

@testable import RestKitJSON

struct JSONWriterTests {
    @Test func compactOutputKeepsKeyOrder() throws {
        let value: Representation = ["b": 1, "a": [true, nil, 2.5, "x"], "c": .object([:]), "d": []]
        #expect(try JSONWriter().string(from: value) == #"{"b":1,"a":[true,null,2.5,"x"],"c":{},"d":[]}"#)
    }

    @Test func prettyOutputWithSortedKeys() throws {
        let value: Representation = ["b": [1, 2], "a": ["z": nil]]
        let expected = """
            {
              "a": {
                "z": null
              },
              "b": [
                1,
                2
              ]
            }
            """
        #expect(try JSONWriter(options: [.prettyPrinted, .sortedKeys]).string(from: value) == expected)
    }

    @Test func escapesWhatJSONRequires() throws {
        let value: Representation = .string("\"\\/\u{8}\u{C}\n\r\t\u{0}\u{1F}é😀\u{7F}")
        #expect(try JSONWriter().string(from: value) == #""\"\\/\b\f\n\r\t\u0000\u001fé😀\#u{7F}""#)
        #expect(try JSONWriter(options: .escapeSlashes).string(from: "a/b") == #""a\/b""#)
        #expect(try YAJLParser().parse(JSONWriter().write(value)) == value)
    }

    /// The writer finds escapes eight bytes at a time: every special byte at every position
    /// of strings from 0 to 33 bytes, with and without non-ASCII text around it, must come out
    /// as a byte-at-a-time escaper writes it.
    @Test(arguments: [false, true])
    func escapesAtEveryPositionOfAWord(escapeSlashes: Bool) throws {
        func reference(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "/" where escapeSlashes: out += "\\/"
                case "\u{8}": out += "\\b"
                case "\u{C}": out += "\\f"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        let writer = JSONWriter(options: escapeSlashes ? .escapeSlashes : [])
        let specials: [Character] = ["\"", "\\", "/", "\u{0}", "\u{1F}", "\n", "\u{7F}", "é", " ", "!", "#", "]", "~"]
        for length in 0...33 {
            for position in 0..<max(length, 1) {
                for special in specials {
                    for filler in ["a", "é"] {
                        var characters = Array(repeating: Character(filler), count: length)
                        if length > 0 { characters[position] = special }
                        let text = String(characters)
                        #expect(try writer.string(from: .string(text)) == reference(text), "\(text.debugDescription)")
                    }
                }
            }
        }
    }

    @Test func numbersAreExact() throws {
        let value: Representation = [.int(.max), .int(.min), .double(1), .double(0.1), .double(-0.0), .double(1e300),
                                     .number("123456789012345678901234567890"), .number("1e400")]
        let text = try JSONWriter().string(from: value)
        #expect(text == "[9223372036854775807,-9223372036854775808,1.0,0.1,-0.0,1e+300,123456789012345678901234567890,1e400]")
        #expect(try YAJLParser().parse(text: text) == value)
    }

    @Test func rejectsWhatJSONCannotHold() {
        for value: Representation in [["x": [.double(.nan)]], .double(.infinity), .number("12abc"), .number("")] {
            let error = #expect(throws: SerializationError.self) { try JSONWriter().write(value) }
            #expect(error?.errorType == .unrepresentableValue)
        }
        let error = #expect(throws: SerializationError.self) { try JSONWriter().write(["x": [.double(.nan)]]) }
        #expect(error?.keyPath == "x.0")
    }

    @Test func errorsNameTheKeyPathThroughBuiltAndParsedValues() throws {
        let parsed = try JSONParser().parse(text: #"{"list":[{"deep":[1,2]},{"k":"v"}]}"#)
        let value: Representation = ["a": [1, ["b": .double(.infinity)]], "parsed": parsed]
        let error = #expect(throws: SerializationError.self) { try JSONWriter().write(value) }
        #expect(error?.keyPath == "a.1.b")
        #expect(error?.description == "inf is not a valid JSON number (at 'a.1.b')")

        let tooDeep = #expect(throws: SerializationError.self) { try JSONWriter(maximumDepth: 4).write(["ok": 1, "p": parsed]) }
        #expect(tooDeep?.errorType == .depthLimitExceeded)
        #expect(tooDeep?.keyPath == "p.list.0.deep")
        let atTop = #expect(throws: SerializationError.self) { try JSONWriter().write(.double(.nan)) }
        #expect(atTop?.keyPath == "")
        // A writer that failed once writes the next value with a fresh path.
        let writer = JSONWriter()
        _ = try? writer.write(["x": [.double(.nan)]])
        let second = #expect(throws: SerializationError.self) { try writer.write([.double(.nan)]) }
        #expect(second?.keyPath == "0")
    }

    @Test func integersAtTheLimitsAndAroundZero() throws {
        let values: [Int64] = [0, 1, -1, 9, 10, -10, 99, 100, Int64.max, Int64.min, 1_000_000_007, -4_294_967_296]
        let text = try JSONWriter().string(from: .array(values.map(Representation.int)))
        #expect(text == "[" + values.map(String.init).joined(separator: ",") + "]")
    }

    @Test func boundsNesting() {
        var value: Representation = 1
        for _ in 0..<50 { value = [value] }
        let error = #expect(throws: SerializationError.self) { try JSONWriter(maximumDepth: 10).write(value) }
        #expect(error?.errorType == .depthLimitExceeded)
        #expect(throws: Never.self) { try JSONWriter(maximumDepth: 60).write(value) }
    }

    @Test func descriptionIsCompactJSON() {
        let value: Representation = ["name": "Blake", "id": 7, "nan": .double(.nan)]
        #expect(value.description == #"{"name":"Blake","id":7,"nan":"nan"}"#)
    }

    @Test(arguments: ["yajl", "jansson"])
    func parsedDocumentsWriteLikeBuiltOnes(parser name: String) throws {
        let parser: any RepresentationParser = name == "yajl" ? YAJLParser() : JanssonParser()
        let big = name == "yajl" ? "1e400" : "-0.0"  // jansson cannot hold 1e400
        let text = #"{"b":[1,2.50,"x\ny",{"z":null}],"a":{"k":true},"c":"# + big + "}"
        let parsed = try parser.parse(text: text)
        let built = parsed.materialized()
        for options: JSONWriter.Options in [[], [.sortedKeys], [.prettyPrinted, .sortedKeys]] {
            #expect(try JSONWriter(options: options).string(from: parsed) == JSONWriter(options: options).string(from: built))
        }
        #expect(try JSONWriter(options: .sortedKeys).string(from: parsed).hasPrefix(#"{"a":{"k":true},"b":"#))
    }

    @Test func repeatedKeysOnATapeAreWrittenOnce() throws {
        let parsed = try YAJLParser().parse(text: #"{"a":1,"b":2,"a":3}"#)
        #expect(parsed.description == #"{"a":3,"b":2}"#)
        #expect(try JSONWriter(options: .sortedKeys).string(from: parsed) == #"{"a":3,"b":2}"#)
    }
}
