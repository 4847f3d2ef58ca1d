import RestKitCore
import Testing

@testable import RestKitJSON

/// The yajl driver, tested once: both parsers that run on it (``YAJLIncrementalParser`` for a
/// whole document, ``YAJLElementStreamParser`` for the elements of a top-level array) reject
/// the same inputs with the same error type at the same position, at every chunk size, and
/// share the spent and finished states. What differs between them (the callbacks, keeping or
/// not keeping the input) is tested in their own suites.
struct YAJLDriverTests {
    enum FrontEnd: String, CaseIterable, Sendable {
        case document, elements
    }

    static let chunkSizes = [1, 2, 3, 4096, Int.max]

    /// Parses `bytes` in chunks of `chunkSize` with `frontEnd`.
    static func parse(_ frontEnd: FrontEnd, _ bytes: [UInt8], chunkSize: Int, maximumDepth: Int = 512) -> ParseError? {
        let chunks = stride(from: 0, to: bytes.count, by: min(chunkSize, max(bytes.count, 1))).map {
            bytes[$0..<min($0 + chunkSize, bytes.count)]
        }
        switch frontEnd {
        case .document:
            var parser = YAJLIncrementalParser(maximumDepth: maximumDepth)
            do throws(ParseError) {
                for chunk in chunks { try parser.append(chunk) }
                _ = try parser.finish()
                return nil
            } catch {
                return error
            }
        case .elements:
            var parser = YAJLElementStreamParser(maximumDepth: maximumDepth)
            do throws(ParseError) {
                for chunk in chunks { _ = try parser.append(chunk) }
                try parser.finish()
                return nil
            } catch {
                return error
            }
        }
    }

    /// Malformed top-level arrays: the error type, and the byte offset where it is exact.
    static let malformed: [(bytes: [UInt8], type: ParseError.ErrorType, offset: Int?)] = [
        (Array("[1,\u{0C}2]".utf8), .syntax, 3),                   // form feed: yajl's whitespace, not JSON's
        (Array("[\"a\u{0B}\"]".utf8), .syntax, 3),                 // vertical tab, inside a string
        (Array("[1] \"x".utf8), .syntax, 4),                       // an unterminated string after the value
        (Array("[1]\n\n  x".utf8), .syntax, nil),                  // text after the value (yajl: just after it)
        (Array("[1] [2]".utf8), .syntax, nil),
        (Array("[1,,2]".utf8), .syntax, nil),
        (Array("[1,".utf8), .truncated, 3),
        (Array("".utf8), .truncated, 0),
        (Array("   ".utf8), .truncated, 3),
        ([0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D], .invalidUTF8, 2),   // overlong '/'
        ([0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D], .invalidUTF8, 2),  // an encoded surrogate
        ([0x5B, 0x22, 0xF0, 0x9F, 0x98], .invalidUTF8, 2),          // cut off at the end
    ]

    @Test(arguments: malformed.indices, chunkSizes)
    func bothFrontEndsRejectTheSameWayAtEveryChunkSize(index: Int, chunkSize: Int) throws {
        let (bytes, type, offset) = Self.malformed[index]
        let shown = String(decoding: bytes, as: UTF8.self).debugDescription
        let document = try #require(Self.parse(.document, bytes, chunkSize: chunkSize), "\(shown) was accepted")
        let elements = try #require(Self.parse(.elements, bytes, chunkSize: chunkSize), "\(shown) was accepted")
        #expect(document.errorType == type, "\(shown): \(document)")
        #expect(elements.errorType == document.errorType, "\(shown): \(elements) vs \(document)")
        #expect(elements.location == document.location, "\(shown): \(elements) vs \(document)")
        #expect(document.parser == "yajl" && elements.parser == "yajl")
        if let offset {
            #expect(document.location?.byteOffset == offset, "\(shown): \(document)")
        }
        // The position does not depend on the chunking.
        #expect(document.location == Self.parse(.document, bytes, chunkSize: .max)?.location, "\(shown)")
    }

    @Test(arguments: FrontEnd.allCases)
    func depthIsLimitedFromTheRoot(frontEnd: FrontEnd) {
        #expect(Self.parse(frontEnd, Array("[[[1]]]".utf8), chunkSize: 2, maximumDepth: 3) == nil)
        #expect(Self.parse(frontEnd, Array("[[[[1]]]]".utf8), chunkSize: 2, maximumDepth: 3)?.errorType == .depthLimitExceeded)
    }

    @Test func aSpentDriverRethrowsItsError() throws {
        var incremental = YAJLIncrementalParser()
        let first = #expect(throws: ParseError.self) { try incremental.append(Array("[1,}".utf8)) }
        let again = #expect(throws: ParseError.self) { try incremental.append(Array("2]".utf8)) }
        let atEnd = #expect(throws: ParseError.self) { _ = try incremental.finish() }
        #expect(first != nil && again == first && atEnd == first)

        var elements = YAJLElementStreamParser()
        let firstElements = #expect(throws: ParseError.self) { _ = try elements.append(Array("[1,}".utf8)) }
        let againElements = #expect(throws: ParseError.self) { _ = try elements.append(Array("2]".utf8)) }
        #expect(firstElements != nil && againElements == firstElements)
        #expect(firstElements?.location == first?.location)
    }

    @Test func aFinishedDriverRejectsMoreInput() throws {
        var incremental = YAJLIncrementalParser()
        try incremental.append(Array("[1]".utf8))
        #expect(try incremental.finish() == [1])
        let error = #expect(throws: ParseError.self) { try incremental.append(Array(" ".utf8)) }
        #expect(error?.reason == "the parser has already finished")

        var elements = YAJLElementStreamParser()
        #expect(try elements.append(Array("[1]".utf8)) == [1])
        try elements.finish()
        let again = #expect(throws: ParseError.self) { try elements.finish() }
        #expect(again?.reason == "the parser has already finished")
    }

    /// yajl reports errors only as text; this is the one place that reads it.
    @Test(arguments: [
        ("parse error: premature EOF\n", ParseError.ErrorType.truncated, "premature EOF"),
        ("lexical error: invalid bytes in UTF8 string.\n", .invalidUTF8, "invalid bytes in UTF8 string."),
        ("parse error: trailing garbage\n", .syntax, "trailing garbage"),
        ("  lexical error: invalid char in json text.  ", .syntax, "invalid char in json text."),
        (" \n", .syntax, "invalid JSON"),
    ] as [(String, ParseError.ErrorType, String)])
    func classifiesYAJLMessages(message: String, type: ParseError.ErrorType, reason: String) {
        let (classified, text) = YAJLDriver<YAJLState>.classify(message: message)
        #expect(classified == type)
        #expect(text == reason)
    }

    @Test func noMessageIsInvalidJSON() {
        let (type, reason) = YAJLDriver<JSONStreamState>.classify(message: nil)
        #expect(type == .syntax)
        #expect(reason == "invalid JSON")
    }
}
