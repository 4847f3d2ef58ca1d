import RestKitCore
import RestKitXML
import Testing

/// Malformed, hostile and oversized input: every failure is a `ParseError` with a location.
@Suite struct ParserErrorTests {
    let parser = LibXML2Parser()

    /// The `ParseError` thrown for `bytes`, or a recorded failure.
    func parseError(_ bytes: [UInt8], parser: LibXML2Parser = LibXML2Parser()) -> ParseError? {
        do {
            let value = try parser.parse(bytes)
            Issue.record("expected a ParseError, got \(value)")
        } catch let error as ParseError {
            #expect(error.parser == "libxml2")
            return error
        } catch {
            Issue.record("expected a ParseError, got \(error)")
        }
        return nil
    }

    func parseError(_ text: String) -> ParseError? { parseError(Array(text.utf8)) }

    @Test func emptyInputIsTruncated() throws {
        let error = try #require(parseError([]))
        #expect(error.errorType == .truncated)
        #expect(error.location == SourceLocation(line: 1, column: 1, byteOffset: 0))
    }

    @Test(arguments: ["<a><b>text</b>", "<a", "<a><b>", "<?xml version=\"1.0\"?>", "   "])
    func truncatedDocumentsFail(text: String) throws {
        let error = try #require(parseError(text))
        #expect(error.errorType == .truncated)
        #expect(!error.reason.isEmpty)
        #expect((error.location?.line ?? 0) >= 1)
    }

    /// Fuzzing finding (xml-roundtrip): `<xmlns:omerTypeId i:nil="true"/>` parsed into a key
    /// `xmlns:omerTypeId` holding an object, which reads as a namespace declaration and which
    /// `XMLSerializer` refused to write. Namespaces in XML forbid the prefix on elements.
    @Test(arguments: [
        ("<a>\n  <xmlns:b i=\"1\"/>\n</a>", "xmlns:b", 2),
        ("<xmlns:root/>", "xmlns:root", 1),
        ("<a><xmlns>text</xmlns></a>", "xmlns", 1),
        // A later campaign of xml-roundtrip: `xmlns:` with nothing after the colon, which
        // libxml2 cannot split and hands over as a local name, became the key `xmlns:`.
        ("<a>\n\n  <xmlns: xmlns=\"u\" i=\"1\"/>\n</a>", "xmlns:", 3),
        ("<xmlns:>text</xmlns:>", "xmlns:", 1),
    ])
    func elementsWithTheReservedXMLNSPrefixAreRejected(text: String, name: String, line: Int) throws {
        let error = try #require(parseError(text))
        #expect(error.errorType == .syntax)
        #expect(error.reason.contains("'\(name)'"))
        #expect(error.location?.line == line)
        // Declarations themselves, and names that only start with the letters, still parse.
        #expect(throws: Never.self) { try parser.parse(text: #"<a xmlns="u" xmlns:p="v"><xmlnsx/><p:xmlns/><xmlnsx:/></a>"#) }
    }

    @Test func mismatchedTagsFailWithTheLibxml2Message() throws {
        let error = try #require(parseError("<a><b>x</c></a>"))
        #expect(error.errorType == .syntax)
        #expect(error.reason.contains("mismatch"))
        #expect(!error.reason.hasSuffix("\n"))
    }

    @Test func errorOnLineThreeHasLineColumnAndOffset() throws {
        let text = "<root>\n  <a>1</a>\n  <b x=1/>\n</root>"
        let error = try #require(parseError(text))
        let location = try #require(error.location)
        #expect(location.line == 3)
        #expect(location.column >= 7 && location.column <= 9)
        // The byte offset agrees with the core's line/column convention.
        #expect(SourceLocation(offset: location.byteOffset, in: Array(text.utf8)) == location)
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let text = "<r>\n<é>ü</é><x a=b/></r>"
        let error = try #require(parseError(text))
        let location = try #require(error.location)
        #expect(location.line == 2)
        #expect(SourceLocation(offset: location.byteOffset, in: Array(text.utf8)) == location)
    }

    @Test(arguments: [
        [0x3C, 0x61, 0x3E, 0xC3, 0x28, 0x3C, 0x2F, 0x61, 0x3E],  // <a>\xC3(</a>
        [0x3C, 0x61, 0x3E, 0xFF, 0x3C, 0x2F, 0x61, 0x3E],  // <a>\xFF</a>
        Array(#"<?xml version="1.0" encoding="UTF-8"?><a x=""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""/>"#.utf8),
    ] as [[UInt8]])
    func invalidUTF8IsRejected(bytes: [UInt8]) throws {
        let error = try #require(parseError(bytes))
        #expect(error.errorType == .invalidUTF8, "\(error.reason)")
        #expect(error.location?.line == 1)
    }

    @Test func deepNestingIsADepthErrorNotACrash() throws {
        let depth = 100_000
        let bytes = Array(String(repeating: "<a>", count: depth).utf8) + Array(String(repeating: "</a>", count: depth).utf8)
        let error = try #require(parseError(bytes))
        #expect(error.errorType == .depthLimitExceeded)
    }

    @Test func maximumDepthIsConfigurable() throws {
        let text = "<a><b><c><d>x</d></c></b></a>"
        #expect(throws: Never.self) { try LibXML2Parser(maximumDepth: 4).parse(text: text) }
        let error = try #require(parseError(Array(text.utf8), parser: LibXML2Parser(maximumDepth: 3)))
        #expect(error.errorType == .depthLimitExceeded)
        #expect(error.location?.line == 1)
    }

    @Test func billionLaughsFailsQuickly() throws {
        var text = #"<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">"#
        text += #"<!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">"#
        for level in 2...9 {
            let previous = "&lol\(level - 1);"
            text += "<!ENTITY lol\(level) \"\(String(repeating: previous, count: 10))\">"
        }
        text += "]><lolz>&lol9;</lolz>"
        let clock = ContinuousClock()
        let start = clock.now
        let error = try #require(parseError(text))
        #expect(clock.now - start < .seconds(5))
        #expect(error.errorType == .sizeLimitExceeded || error.errorType == .forbidden)
    }

    @Test func quadraticBlowupFails() throws {
        let big = String(repeating: "x", count: 50_000)
        let text = "<?xml version=\"1.0\"?><!DOCTYPE k [<!ENTITY a \"\(big)\">]><k>"
            + String(repeating: "&a;", count: 20_000) + "</k>"
        let error = try #require(parseError(text))
        #expect(error.errorType == .sizeLimitExceeded)
    }

    @Test func attributeEntityAmplificationFails() throws {
        let big = String(repeating: "y", count: 10_000)
        let text = "<!DOCTYPE k [<!ENTITY a \"\(big)\">]><k v=\"" + String(repeating: "&a;", count: 5_000) + "\"/>"
        let error = try #require(parseError(text))
        #expect(error.errorType == .sizeLimitExceeded)
    }

    @Test func externalEntityIsNeverRead() throws {
        let text = #"<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>"#
        do {
            let value = try parser.parse(text: text)
            #expect(!value.description.contains("root:"))
            Issue.record("external entity reference was accepted: \(value)")
        } catch let error as ParseError {
            #expect(error.errorType == .forbidden)
            #expect(!error.reason.contains("root:"))
        }
    }

    @Test func externalEntityInAttributeIsRejected() throws {
        let text = #"<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x a="&e;"/>"#
        let error = try #require(parseError(text))
        #expect(!error.reason.contains("root:"))
    }

    @Test func externalDTDIsNotLoaded() throws {
        // A DTD that would define &secret; is never fetched, so the reference stays literal.
        let text = #"<!DOCTYPE x SYSTEM "file:///etc/passwd"><x>&secret;</x>"#
        #expect(try parser.parse(text: text) == ["x": "&secret;"])
    }

    @Test func undeclaredEntityWithoutDTDIsAnError() throws {
        let error = try #require(parseError("<x>&nope;</x>"))
        #expect(error.reason.contains("nope"))
    }

    @Test func namespaceErrorsAreTolerated() throws {
        #expect(try parser.parse(text: "<p:x>1</p:x>") == ["p:x": "1"])
        #expect(try parser.parse(text: #"<x xmlns="not a uri">1</x>"#) == ["x": ["xmlns": "not a uri", "text": "1"]])
    }

    @Test(arguments: ["<a></a><b></b>", "<a>x</a>junk", "<a b='1' b='2'/>", "<a>&#0;</a>", "<a><!-- -- --></a>", "<1a/>"])
    func malformedSnippetsFail(text: String) throws {
        let error = try #require(parseError(text))
        #expect(error.errorType == .syntax)
        #expect((error.location?.line ?? 0) >= 1)
    }
}
