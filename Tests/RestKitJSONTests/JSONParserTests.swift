import RestKitCore
import RestKitTestSupport
import Testing

@testable import RestKitJSON

/// Behaviour the JSON parsers share.
struct JSONParserTests {
    static let parsers: [any RepresentationParser] = [JSONParser(), JanssonParser(), YAJLParser()]

    @Test(arguments: parsers.map(\.name))
    func buildsTheRepresentation(name: String) throws {
        let parser = try #require(Self.parsers.first { $0.name == name })
        let value = try parser.parse(text: #"{"z":1,"a":[true,false,null],"s":"x\u0000y","d":2.5,"o":{}}"#)
        #expect(value == ["z": 1, "a": [true, false, nil], "s": "x\u{0}y", "d": 2.5, "o": .object([:])])
        #expect(value.objectValue.map { Array($0.keys) } == ["z", "a", "s", "d", "o"])
        #expect(value["a"]?[0] == .bool(true))
        #expect(value["a"]?[0] != .int(1))
        #expect(value["missing"] == nil)
        #expect(value["a"]?[2] == .null)
    }

    @Test(arguments: parsers.map(\.name))
    func duplicateKeysKeepTheFirstPositionAndTheLastValue(name: String) throws {
        let parser = try #require(Self.parsers.first { $0.name == name })
        let value = try parser.parse(text: #"{"a":1,"b":2,"a":3}"#)
        #expect(value.objectValue.map { Array($0.keys) } == ["a", "b"])
        #expect(value["a"] == 3)
    }

    @Test(arguments: parsers.map(\.name))
    func integersAreExactOverInt64(name: String) throws {
        let parser = try #require(Self.parsers.first { $0.name == name })
        #expect(try parser.parse(text: "9223372036854775807") == .int(.max))
        #expect(try parser.parse(text: "-9223372036854775808") == .int(.min))
        #expect(try parser.parse(text: "[1.0]") == [.double(1)])
    }

    @Test(arguments: ["swift", "yajl"])
    func numbersThatFitNeitherInt64NorDoubleKeepTheirText(name: String) throws {
        let parser = try #require(Self.parsers.first { $0.name == name })
        let value = try parser.parse(text: "[18446744073709551616, 1e400, -1e400, 1e-400, 0.10000000000000000000001, 1.50000000000000000000]")
        #expect(value == [
            .number("18446744073709551616"), .number("1e400"), .number("-1e400"), .number("1e-400"),
            .number("0.10000000000000000000001"), .double(1.5),
        ])
    }

    @Test func janssonRejectsNumbersItCannotHold() {
        let error = #expect(throws: ParseError.self) { try JanssonParser().parse(text: "[18446744073709551616]") }
        #expect(error?.errorType == .unsupported)
    }

    @Test(arguments: parsers.map(\.name))
    func nesting100000DeepIsAnErrorNotACrash(name: String) throws {
        let parser = try #require(Self.parsers.first { $0.name == name })
        for open in ["[", "{\"a\":"] {
            let text = String(repeating: open, count: 100_000)
            let error = #expect(throws: ParseError.self) { try parser.parse(text: text) }
            #expect(error?.errorType == .depthLimitExceeded, "\(String(describing: error))")
            #expect(error?.location?.line == 1)
        }
    }

    @Test(arguments: parsers.map(\.name))
    func nestingUpToTheLimitIsAccepted(name: String) throws {
        let parser = try #require(Self.parsers.first { $0.name == name })
        let text = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        var value = try parser.parse(text: text)
        var depth = 0
        while case .array(let elements) = value.content {
            depth += 1
            value = elements.first ?? .null
        }
        #expect(depth == 512)
        #expect(throws: ParseError.self) { try parser.parse(text: "[" + text + "]") }
    }

    @Test(arguments: parsers.map(\.name))
    func errorsNameLineColumnAndOffset(name: String) throws {
        let parser = try #require(Self.parsers.first { $0.name == name })
        let text = "{\n  \"a\": [1, 2,\n  \"b\" }"
        let error = #expect(throws: ParseError.self) { try parser.parse(text: text) }
        #expect(error?.location?.line == 3, "\(String(describing: error))")
        #expect(error?.parser == name)
        #expect(error?.reason.isEmpty == false)
        #expect(error.map { "\($0)".hasPrefix("3:") } == true, "\(String(describing: error))")
    }

    @Test(arguments: parsers.map(\.name))
    func rejectsEmptyAndWhitespaceOnlyInput(name: String) throws {
        let parser = try #require(Self.parsers.first { $0.name == name })
        for text in ["", "   ", "\n"] {
            let error = #expect(throws: ParseError.self) { try parser.parse(text: text) }
            #expect(error?.errorType == .truncated || error?.errorType == .syntax)
        }
    }

    @Test(arguments: parsers.map(\.name))
    func rejectsInvalidUTF8(name: String) throws {
        let parser = try #require(Self.parsers.first { $0.name == name })
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC0, 0x80, 0x22], [0x22, 0xED, 0xB0, 0x80, 0x22]] {
            let error = #expect(throws: ParseError.self) { try parser.parse(bytes) }
            #expect(error?.errorType == .invalidUTF8, "\(bytes): \(String(describing: error))")
        }
    }

    @Test(arguments: parsers.map(\.name))
    func rejectsRawNULAndFormFeed(name: String) throws {
        let parser = try #require(Self.parsers.first { $0.name == name })
        for text in ["[1]\u{0}", "[\u{0C}1]", "[\u{0B}1]", "\"a\u{0}\""] {
            #expect(throws: ParseError.self, "\(text.debugDescription)") { try parser.parse(text: text) }
        }
    }

    @Test func janssonReadsNULInKeysThroughTheEventParser() throws {
        // jansson cannot store "\u0000" in a key; the document is valid, so it is read by yajl.
        let value = try JanssonParser().parse(text: #"{"a\u0000b": 1, "c": [true]}"#)
        #expect(value == ["a\u{0}b": 1, "c": [true]])
        #expect(throws: ParseError.self) { try JanssonParser().parse(text: #"{"a\u0000b": 1,}"#) }
    }

    /// Fuzzing finding (json-diff-parsers): after a `\u0000` in a key the document went to yajl
    /// alone, which accepts a lone surrogate escape that jansson (and the Swift scanner) reject,
    /// so the jansson plugin accepted `"\ud800\n"` further on. It is now checked first.
    @Test(arguments: [
        #"{"a\u0000b": "\ud800\n"}"#, #"{"a\u0000b": 1, "c": ["x\udc00"]}"#, #"{"k\u0000": {"\ud83d": 1}}"#,
    ])
    func janssonRejectsLoneSurrogatesAfterANULKey(text: String) throws {
        let error = try #require(throws: ParseError.self) { try JanssonParser().parse(text: text) }
        #expect(error.reason.contains("surrogate"), "\(error)")
        #expect(error.parser == "jansson")
        // jansson itself rejects the same escape when no key holds `\u0000`.
        #expect(throws: ParseError.self) { try JanssonParser().parse(text: #"{"ab": "\ud800\n"}"#) }
    }
}
