import RestKitCore
import Testing

struct MediaTypeTests {
    @Test func parsesAndNormalises() throws {
        let type = try MediaType("Application/VND.API+JSON ; Charset=\"UTF-8\"; Profile=\"https://x/Y\"")
        #expect(type.type == "application")
        #expect(type.subtype == "vnd.api+json")
        #expect(type.suffix == "json")
        #expect(type.parameters == ["charset": "utf-8", "profile": "https://x/Y"])
        #expect(type.essence == "application/vnd.api+json")
        #expect(type.description == #"application/vnd.api+json; charset=utf-8; profile="https://x/Y""#)
        #expect(try MediaType(type.description) == type)
    }

    /// The memberwise initializer normalizes as parsing does, whether or not the parts are
    /// already in normal form (normal ones are kept without a copy, the others lowercased).
    @Test(arguments: [
        ("text", "plain", ["charset": "utf-8", "x": "A"], "text", "plain", ["charset": "utf-8", "x": "A"]),
        ("Text", "PLAIN", ["Charset": "UTF-8", "X": "A"], "text", "plain", ["charset": "utf-8", "x": "A"]),
        ("text", "plain", ["charset": "UTF-8"], "text", "plain", ["charset": "utf-8"]),
        ("ÄPP", "Ünï", ["ÑAME": "Ä"], "äpp", "ünï", ["ñame": "Ä"]),
        ("multipart", "form-data", ["boundary": "AbC"], "multipart", "form-data", ["boundary": "AbC"]),
    ])
    func memberwiseInitializerNormalises(
        type: String, subtype: String, parameters: [String: String],
        expectedType: String, expectedSubtype: String, expectedParameters: [String: String]
    ) {
        let mediaType = MediaType(type: type, subtype: subtype, parameters: parameters)
        #expect(mediaType.type == expectedType)
        #expect(mediaType.subtype == expectedSubtype)
        #expect(mediaType.parameters == expectedParameters)
    }

    @Test func equalityIsByValueNotByPattern() throws {
        #expect(try MediaType("TEXT/XML") == .textXML)
        #expect(try MediaType("application/json; charset=UTF-8") == MediaType("application/json;charset=utf-8"))
        #expect(try MediaType("application/json; charset=utf-8") != .json)
        #expect(try MediaType("application/*") != .json)
        #expect(Set([try MediaType("a/b"), try MediaType("A/B")]).count == 1)
    }

    @Test func matching() throws {
        let hal = try MediaType("application/hal+json; charset=utf-8")
        #expect(hal.matches(.any))
        #expect(hal.matches(try MediaType("application/*")))
        #expect(!hal.matches(try MediaType("text/*")))
        #expect(!hal.matches(.json))
        #expect(hal.matches(.json, followingSuffix: true))
        #expect(hal.matches(try MediaType("application/hal+json")))
        #expect(hal.matches(try MediaType("application/hal+json; charset=UTF-8")))
        #expect(!hal.matches(try MediaType("application/hal+json; charset=latin1")))
        #expect(try MediaType("text/plain").suffix == nil)
        #expect(try MediaType("application/x+").suffix == nil)
    }

    @Test(arguments: ["", "json", "application/", "/json", "application/json;", "a/b; c", "a/b; c=", "a b/c", "a/b; c=\"unterminated", "a/b x"])
    func rejectsMalformedTypes(text: String) {
        if text == "application/json;" {
            #expect(throws: Never.self) { try MediaType(text) }  // a trailing ';' is tolerated
            return
        }
        let error = #expect(throws: ParseError.self) { try MediaType(text) }
        #expect(error?.reason.contains("invalid media type") == true)
        #expect(error?.location != nil)
    }

    /// A fuzzing finding: a `"` or `\` followed by a combining mark was printed unescaped, so
    /// `x/y; k="\"ܸ"` printed as text that does not parse, and `k="a\\́"` as text that
    /// reads back as `á`.
    @Test func quotesAndBackslashesBeforeCombiningMarksAreEscaped() throws {
        for text in ["x/y; k=\"\\\"\u{0738}\"", "x/y; k=\"a\\\\\u{0301}\"", "x/y; k=\"\\\\\\\"\u{0301}\u{0301}\""] {
            let type = try MediaType(text)
            #expect(try MediaType(type.description) == type, "\(text) printed as \(type.description)")
        }
        #expect(try MediaType("x/y; k=\"\\\"\u{0738}\"").parameters["k"] == "\"\u{0738}")
    }
}
