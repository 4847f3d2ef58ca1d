import RestKitCore
import RestKitXML
import Testing

/// Documents larger than the window libxml2 reads them through: the parser hands libxml2 the
/// input a few kilobytes at a time (as libxml2 reads files), so values that span many reads,
/// values bigger than libxml2's 10 MB lookup limit and errors far into the input must come out
/// exactly as from one buffer.
@Suite struct LargeDocumentTests {
    /// `count` bytes of text cycling through ASCII, two-byte and three-byte UTF-8 characters, so
    /// read boundaries land inside multi-byte characters.
    static func text(_ count: Int) -> String {
        let unit = "abcdé€xyz0123456789 "
        var result = ""
        result.reserveCapacity(count + unit.utf8.count)
        while result.utf8.count < count { result += unit }
        return result
    }

    @Test func aTextNodeLargerThanLibxml2sLookupLimitIsKeptWhole() throws {
        let body = Self.text(12 << 20)
        let value = try LibXML2Parser().parse(text: "<doc><big>\(body)</big><after>x</after></doc>")
        #expect(value[keyPath: "doc.big"]?.stringValue == body)
        #expect(value[keyPath: "doc.after"]?.stringValue == "x")
    }

    @Test(arguments: ["<doc>WS<a>x</a></doc>", "<doc><a>x</a>WS</doc>", "<doc>\n<a>WS</a></doc>"])
    func runsOfWhitespaceLargerThanTheLookupLimitAreSkipped(shape: String) throws {
        let document = shape.replacingOccurrences(of: "WS", with: Self.whitespace)
        let value = try LibXML2Parser().parse(text: document)
        #expect(value == ["doc": ["a": shape.contains("<a>x") ? "x" : ""]])
    }

    /// Outside the root element libxml2 skips whitespace without giving up input it has read, so
    /// more than 10 MB of it there hits its lookup limit (no `XML_PARSE_HUGE`), whether libxml2
    /// reads from one buffer or through a callback (checked against both).
    @Test(arguments: ["WS<doc/>", "<doc/>WS"])
    func overTenMegabytesOfWhitespaceOutsideTheRootIsASizeError(shape: String) throws {
        do {
            _ = try LibXML2Parser().parse(text: shape.replacingOccurrences(of: "WS", with: Self.whitespace))
            Issue.record("libxml2's lookup limit was not reached")
        } catch let error as ParseError {
            #expect(error.errorType == .sizeLimitExceeded)
            #expect(error.reason.contains("Huge input lookup"))
        }
    }

    /// 12 MiB of spaces, line feeds and tabs.
    static let whitespace = String(repeating: " \n\t", count: 4 << 20)

    @Test func aLongAttributeValueAndManyElementsAreKeptWhole() throws {
        let attribute = Self.text(3 << 20)
        var document = "<doc a=\"\(attribute)\">"
        for index in 0..<200_000 { document += "<item n=\"\(index)\">v\(index)</item>" }
        document += "</doc>"
        let value = try LibXML2Parser().parse(text: document)
        #expect(value[keyPath: "doc.a"]?.stringValue == attribute)
        let items = try #require(value[keyPath: "doc.item"]?.arrayValue)
        #expect(items.count == 200_000)
        #expect(items.last == ["n": "199999", "text": "v199999"])
    }

    @Test func anErrorFarIntoTheInputHasItsLineColumnAndOffset() throws {
        let line = "<item>\(Self.text(100))</item>\n"
        let lines = 150_000  // about 16 MB before the error
        let document = "<doc>\n" + String(repeating: line, count: lines) + "<item>oops</wrong>\n</doc>\n"
        do {
            _ = try LibXML2Parser().parse(text: document)
            Issue.record("a mismatched end tag was accepted")
        } catch let error as ParseError {
            let errorLine = lines + 2
            let lineStart = "<doc>\n".utf8.count + lines * line.utf8.count
            #expect(error.location?.line == errorLine)
            let column = try #require(error.location?.column)
            #expect(error.location?.byteOffset == lineStart + column - 1)
            #expect(error.reason.contains("wrong"))
        }
    }
}
