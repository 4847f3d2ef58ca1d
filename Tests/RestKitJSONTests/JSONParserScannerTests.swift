import Foundation
import RestKitCore
import RestKitTestSupport
import Testing

@testable import RestKitJSON

/// The Swift scanner (``JSONParser``) on its own: escapes, numbers, error positions, and
/// agreement with yajl on every prefix and on mutated documents.
struct JSONParserScannerTests {
    let parser = JSONParser()

    @Test func decodesEveryEscape() throws {
        let value = try parser.parse(text: #"["\"\\\/\b\f\n\r\t", "\u00e9\u4e2d\uD83D\uDE00", "a\u0000b", "plain é 中 😀"]"#)
        #expect(value == ["\"\\/\u{8}\u{c}\n\r\t", "é中😀", "a\u{0}b", "plain é 中 😀"])
    }

    @Test func keysWithEscapesAreDecodedToo() throws {
        let value = try parser.parse(text: #"{"a\nb": 1, "\u00e9": 2, "plain": 3}"#)
        #expect(value["a\nb"] == 1)
        #expect(value["é"] == 2)
        #expect(value["plain"] == 3)
    }

    @Test func rejectsLoneAndMispairedSurrogateEscapes() throws {
        for text in [#"["\uD800"]"#, #"["\uDC00"]"#, #"["\uD800\u0041"]"#, #"["\uD800x"]"#, #"["\uDBFF\uDBFF"]"#] {
            let error = #expect(throws: ParseError.self, "\(text)") { try parser.parse(text: text) }
            #expect(error?.errorType == .syntax, "\(text): \(String(describing: error))")
            #expect(error?.reason.contains("surrogate") == true, "\(text): \(String(describing: error))")
        }
    }

    @Test func rejectsBadEscapes() throws {
        for text in [#"["\x"]"#, #"["\u12"]"#, #"["\u12G4"]"#, #"["\'"]"#] {
            let error = #expect(throws: ParseError.self, "\(text)") { try parser.parse(text: text) }
            #expect(error?.errorType == .syntax, "\(text): \(String(describing: error))")
        }
    }

    @Test func integersUpToInt64AreExactAndLargerOnesKeepTheirText() throws {
        let value = try parser.parse(text: "[0, -0, 123456789012345678, 1234567890123456789, -9223372036854775808, 9223372036854775808, 1.5e3, 1E-2]")
        #expect(value == [
            .int(0), .int(0), .int(123_456_789_012_345_678), .int(1_234_567_890_123_456_789), .int(.min),
            .number("9223372036854775808"), .double(1500), .double(0.01),
        ])
    }

    @Test func rejectsMalformedNumbers() throws {
        for text in ["[01]", "[-]", "[1.]", "[.5]", "[1e]", "[1e+]", "[+1]", "[1.e5]", "[-a]", "[0x10]"] {
            #expect(throws: ParseError.self, "\(text)") { try parser.parse(text: text) }
        }
    }

    @Test func errorsPointAtTheOffendingByte() throws {
        let cases: [(text: String, line: Int, column: Int, type: ParseError.ErrorType)] = [
            ("[1, 2,]", 1, 7, .syntax),
            ("{\"a\" 1}", 1, 6, .syntax),
            ("{\"a\":1,}", 1, 8, .syntax),
            ("[1]\n  x", 2, 3, .syntax),
            ("[true, fals]", 1, 12, .syntax),
            ("{\n  \"a\": [1,\n", 3, 1, .truncated),
            ("\"abc", 1, 5, .truncated),
            ("[\"a\tb\"]", 1, 4, .syntax),
        ]
        for (text, line, column, type) in cases {
            let error = #expect(throws: ParseError.self, "\(text.debugDescription)") { try parser.parse(text: text) }
            #expect(error?.location?.line == line, "\(text.debugDescription): \(String(describing: error))")
            #expect(error?.location?.column == column, "\(text.debugDescription): \(String(describing: error))")
            #expect(error?.errorType == type, "\(text.debugDescription): \(String(describing: error))")
            #expect(error?.parser == "swift")
        }
    }

    @Test func invalidUTF8IsReportedAtItsOffset() throws {
        let bytes: [UInt8] = Array(#"{"ok": "é", "bad": "ab"#.utf8) + [0xC0, 0x80] + Array(#""}"#.utf8)
        let error = #expect(throws: ParseError.self) { try parser.parse(bytes) }
        #expect(error?.errorType == .invalidUTF8)
        #expect(error?.location?.byteOffset == bytes.count - 4)
        // In a string with escapes too.
        let escaped: [UInt8] = Array(#"["\n"#.utf8) + [0xFF] + Array(#""]"#.utf8)
        let escapedError = #expect(throws: ParseError.self) { try parser.parse(escaped) }
        #expect(escapedError?.errorType == .invalidUTF8)
        #expect(escapedError?.location?.byteOffset == 4)
        // A byte above 0x7F outside a string is a syntax error.
        #expect(throws: ParseError.self) { try parser.parse([0x5B, 0xC3, 0xA9, 0x5D]) }
    }

    static let samples = [
        #"{"a": [1, -2.5e3, "x\"y\u00e9\uD83D\uDE00", true, false, null], "b": {"c": {}}, "d": []}"#,
        #"[{"id": 1, "name": "Ada"}, {"id": 18446744073709551616, "name": "Grace", "tags": ["a", "b"]}]"#,
        "  \"top-level string\"  ",
        "-0.000123E+45",
    ]

    /// Every prefix is either a complete document (a number cut short can be one) or an
    /// error, exactly as with yajl, and never a crash.
    @Test(arguments: samples)
    func everyPrefixAgreesWithYAJL(sample: String) throws {
        let bytes = Array(sample.utf8)
        for length in 0...bytes.count {
            let prefix = Array(bytes[..<length])
            let swift = Result { try parser.parse(prefix) }
            let yajl = Result { try YAJLParser().parse(prefix) }
            switch (swift, yajl) {
            case (.success(let mine), .success(let theirs)):
                #expect(mine == theirs, "prefix \(length) of \(sample)")
            case (.failure(let error), .failure):
                let parseError = error as? ParseError
                #expect(parseError != nil, "prefix \(length): \(error)")
                #expect((0...length).contains(parseError?.location?.byteOffset ?? -1), "prefix \(length): \(error)")
            default:
                Issue.record("prefix \(length) of \(sample): swift \(swift), yajl \(yajl)")
            }
        }
    }

    /// Single-byte mutations of a document: the Swift scanner accepts exactly what yajl
    /// accepts (lone surrogates aside) and builds the same value.
    @Test func mutatedDocumentsAgreeWithYAJL() throws {
        var generator = SystemRandomNumberGenerator()
        let replacements: [UInt8] = Array("{}[]\",:0123456789-+.eEtrufalsn \\/u\n\t".utf8) + [0x00, 0x0C, 0x7F, 0x80, 0xC3, 0xFF]
        for sample in Self.samples {
            let bytes = Array(sample.utf8)
            for _ in 0..<400 {
                var mutated = bytes
                let position = Int.random(in: 0..<mutated.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: mutated[position] = replacements.randomElement(using: &generator) ?? 0
                case 1: mutated.remove(at: position)
                default: mutated.insert(replacements.randomElement(using: &generator) ?? 0, at: position)
                }
                let swift = Result { try parser.parse(mutated) }
                let yajl = Result { try YAJLParser().parse(mutated) }
                let shown = String(decoding: mutated, as: UTF8.self).debugDescription
                switch (swift, yajl) {
                case (.success(let mine), .success(let theirs)):
                    #expect(mine == theirs, "\(shown)")
                case (.failure(let error), .success):
                    #expect("\(error)".contains("surrogate"), "\(shown): swift rejected it: \(error)")
                case (.success, .failure(let error)):
                    Issue.record("\(shown): swift accepted what yajl rejected: \(error)")
                case (.failure(let error), .failure):
                    #expect(error is ParseError, "\(shown): \(error)")
                }
            }
        }
    }

    @Test(.enabled(if: SharedCorpus.directory("corpora/json") != nil, Comment(rawValue: SharedCorpus.missingMessage("corpora/json"))))
    func readsTheCorpusLikeYAJL() throws {
        let directory = try #require(SharedCorpus.directory("corpora/json"))
        for name in ["twitter.json", "citm_catalog.json", "canada.json"] {
            let bytes = try SharedCorpus.bytes(of: directory.appendingPathComponent(name))
            let mine = try parser.parse(bytes)
            let theirs = try YAJLParser().parse(bytes)
            #expect(mine == theirs, "\(name)")
            #expect(mine.description == theirs.description, "\(name)")
        }
    }
}
