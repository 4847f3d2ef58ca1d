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
