import RestKitCore
import RestKitTestSupport
import Testing

@testable import RestKitJSON

/// The incremental parser gives the same result, and the same errors, at every chunk size.
struct IncrementalJSONParserTests {
    static let chunkSizes = [1, 2, 3, 7, 64, 4096, Int.max]

    static let documents: [String] = [
        #"{"name":"Blake Watters","id":31337,"ratio":0.25,"tags":["a","b"],"nested":{"deep":[1,[2,[3]]]},"none":null,"yes":true,"no":false}"#,
        #"["caf\u00e9 \ud83d\ude00 \"quoted\" \\ \/ \b\f\n\r\t", "naïve – 😀"]"#,
        #"[-0, 0.5e-3, 1E+2, 9223372036854775807, -9223372036854775808, 9223372036854775808, 123456789012345678901234567890]"#,
        "  \n\t 42 \r\n",
        #""top-level string""#,
        "[" + String(repeating: #"{"k":"v","n":1.5},"#, count: 300) + "null]",
    ]

    static func parse(_ text: String, chunkSize: Int, maximumBytes: Int = 64 << 20, expectedBytes: Int? = nil) throws(ParseError) -> Representation {
        let bytes = Array(text.utf8)
        var parser = IncrementalJSONParser(maximumBytes: maximumBytes, expectedBytes: expectedBytes)
        var start = 0
        while start < bytes.count {
            let end = start + min(chunkSize, bytes.count - start)
            try parser.append(bytes[start..<end])
            start = end
        }
        return try parser.finish()
    }

    /// A parser copied in the middle of a document (containers open on its stack) goes on
    /// independently of the copy: the copy reads a different ending, then the original reads
    /// the document's own, and each gets its own result.
    @Test(arguments: [1, 7, 64])
    func aCopyGoesOnIndependently(chunkSize: Int) throws {
        func feed(_ parser: inout IncrementalJSONParser, _ text: String) throws {
            let bytes = Array(text.utf8)
            for start in stride(from: 0, to: bytes.count, by: chunkSize) {
                try parser.append(bytes[start..<min(start + chunkSize, bytes.count)])
            }
        }
        let head = #"{"a":[1,{"b":[true,{"c":["#
        let tail = #""x",2]}]}],"d":null}"#
        let otherTail = #"3]},{"n":{"m":[0,{"o":[]}]}}]}]}"#
        var original = IncrementalJSONParser()
        try feed(&original, head)
        var copy = original
        try feed(&copy, otherTail)
        #expect(try copy.finish() == YAJLParser().parse(text: head + otherTail))
        try feed(&original, tail)
        #expect(try original.finish() == YAJLParser().parse(text: head + tail))
    }

    @Test(arguments: documents, chunkSizes)
    func sameResultAtEveryChunkSize(document: String, chunkSize: Int) throws {
        let whole = try YAJLParser().parse(text: document)
        let chunked = try Self.parse(document, chunkSize: chunkSize)
        #expect(chunked == whole)
        if !document.contains("9223372036854775808") {  // beyond what jansson can hold
            #expect(try JanssonParser().parse(text: document) == whole)
        }
    }

    @Test(arguments: chunkSizes)
    func numbersKeepTheirExactness(chunkSize: Int) throws {
        let value = try Self.parse(Self.documents[2], chunkSize: chunkSize)
        #expect(value == [
            .int(0), .double(0.0005), .double(100), .int(.max), .int(.min),
            .number("9223372036854775808"), .number("123456789012345678901234567890"),
        ])
    }

    /// Malformed documents with the line of the error and, where the parser's position
    /// is exact, the column (yajl reports some errors just after the offending token).
    static let malformed: [(text: String, line: Int, column: Int?, type: ParseError.ErrorType)] = [
        ("{\"a\": 1,\n \"b\": tru }", 2, nil, .syntax),
        ("[1, 2", 1, 6, .truncated),
        ("", 1, 1, .truncated),
        ("[1]\n\n  x", 3, nil, .syntax),
        ("[\"a\u{0C}\"]", 1, 4, .syntax),
        ("{\"k\":\n\n\"\u{1}\"}", 3, nil, .syntax),
    ]

    @Test(arguments: 0..<malformed.count, chunkSizes)
    func errorsCarryTheSamePositionAtEveryChunkSize(index: Int, chunkSize: Int) throws {
        let sample = Self.malformed[index]
        let error = #expect(throws: ParseError.self) { try Self.parse(sample.text, chunkSize: chunkSize) }
        #expect(error?.errorType == sample.type, "\(String(describing: error))")
        #expect(error?.location?.line == sample.line, "\(String(describing: error))")
        if let column = sample.column {
            #expect(error?.location?.column == column, "\(String(describing: error))")
        }
        // Whatever the chunking, the position is the one reported for the whole document.
        let whole = #expect(throws: ParseError.self) { try YAJLParser().parse(text: sample.text) }
        #expect(error?.location == whole?.location)
    }

    @Test(arguments: chunkSizes)
    func invalidUTF8IsRejected(chunkSize: Int) throws {
        let inputs: [[UInt8]] = [
            [0x22, 0xC3, 0x28, 0x22],              // bad continuation
            [0x22, 0xC0, 0xAF, 0x22],              // overlong '/'
            [0x22, 0xED, 0xA0, 0x80, 0x22],        // UTF-16 surrogate encoded in UTF-8
            [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D],  // in a key
        ]
        for input in inputs {
            var parser = IncrementalJSONParser()
            let error = #expect(throws: ParseError.self) {
                var start = 0
                while start < input.count {
                    let end = start + min(chunkSize, input.count - start)
                    try parser.append(input[start..<end])
                    start = end
                }
                _ = try parser.finish()
            }
            #expect(error?.errorType == .invalidUTF8 || error?.errorType == .syntax, "\(input): \(String(describing: error))")
        }
    }

    // The spent and finished states are the driver's: YAJLDriverTests.

    @Test func trailingDataAfterTheValueIsAnError() {
        #expect(throws: ParseError.self) { try Self.parse("[1] [2]", chunkSize: 2) }
        #expect(throws: ParseError.self) { try Self.parse("{} x", chunkSize: 1) }
    }

    /// yajl's lexer waits for the end of an unterminated string and does not report it when
    /// the parse is finished; the driver checks what follows the value itself. (Arrays are
    /// in YAJLDriverTests, for both parsers; these top-level values are whole documents only.)
    @Test(arguments: chunkSizes)
    func anUnterminatedStringAfterTheValueIsAnError(chunkSize: Int) throws {
        for (text, offset) in [("[1] \"x", 4), ("\"abc\" \"", 6), ("-0\".5", 2), ("{}\n\n  \"]", 6), ("12 \"", 3)] {
            let error = #expect(throws: ParseError.self, "\(text.debugDescription)") { try Self.parse(text, chunkSize: chunkSize) }
            #expect(error?.errorType == .syntax, "\(text.debugDescription): \(String(describing: error))")
            #expect(error?.location?.byteOffset == offset, "\(text.debugDescription): \(String(describing: error))")
        }
        // Whitespace after the value is fine, in any chunking.
        #expect(try Self.parse("[1] \n\t ", chunkSize: chunkSize) == [1])
        #expect(try Self.parse("12 ", chunkSize: chunkSize) == 12)
    }

    @Test("document size limit: the first byte over it, at every chunk size", arguments: chunkSizes)
    func documentSizeLimit(chunkSize: Int) throws {
        func parse(_ text: String, maximumBytes: Int) throws(ParseError) -> Representation {
            try Self.parse(text, chunkSize: chunkSize, maximumBytes: maximumBytes)
        }
        #expect(try parse("[1,2,3,4]", maximumBytes: 9) == [1, 2, 3, 4])
        let error = try #require(throws: ParseError.self) { try parse("[1,2,3,4] ", maximumBytes: 9) }
        #expect(error.errorType == .sizeLimitExceeded)
        #expect(error.location?.byteOffset == 9)
        #expect(error.reason.contains("maximumBytes"))
        // An error before the limit is reported first.
        #expect(throws: ParseError.self) { try parse("[1,x,3,4] ", maximumBytes: 9) }
        #expect((try? parse("[1,x,3,4] ", maximumBytes: 9)) == nil)
    }

    /// Checked without a 64 MiB document: the suite runs in one process beside tests that
    /// measure its resident memory.
    @Test("the default limit is 64 MiB")
    func defaultDocumentLimit() throws {
        #expect(IncrementalJSONParser().maximumBytes == 64 << 20)
        #expect(IncrementalJSONParser(maximumBytes: 10).maximumBytes == 10)
        #expect(JSONElementStreamParser().maximumElementBytes == 64 << 20)
    }

    /// `expectedBytes` only sizes allocations: right, too small, too large, negative or absurd
    /// (a lying Content-Length), the value and the errors are the same.
    @Test("expectedBytes changes nothing but allocation sizes", arguments: [nil, 0, -5, 3, 25, 4096, Int.max])
    func expectedBytesOnlySizesBuffers(expectedBytes: Int?) throws {
        let text = #"{"a": [1, 2.5, "x\u00e9"], "b": null}"#
        for chunkSize in [1, 7, Int.max] {
            let value = try Self.parse(text, chunkSize: chunkSize, maximumBytes: 1 << 20, expectedBytes: expectedBytes)
            #expect(value == (try JSONParser().parse(Array(text.utf8))))
        }
        let error = try #require(throws: ParseError.self) {
            try Self.parse("[1,2]", chunkSize: 2, maximumBytes: 4, expectedBytes: expectedBytes)
        }
        #expect(error.errorType == .sizeLimitExceeded)
        #expect(error.location?.byteOffset == 4)
    }
}
