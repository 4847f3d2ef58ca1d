import RestKitCore
import RestKitForms
import Testing

/// Bad input is a located ``ParseError``, never a crash or a silently changed value.
struct URLEncodedErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let input: String
        let errorType: ParseError.ErrorType
        let byteOffset: Int
        let column: Int
        var testDescription: String { input }
    }

    static let cases: [Case] = [
        Case(input: "a=%G1", errorType: .syntax, byteOffset: 2, column: 3),
        Case(input: "a=%2", errorType: .syntax, byteOffset: 2, column: 3),
        Case(input: "a=%", errorType: .syntax, byteOffset: 2, column: 3),
        Case(input: "a=%2&b=1", errorType: .syntax, byteOffset: 2, column: 3),
        Case(input: "ok=1&k%zz=1", errorType: .syntax, byteOffset: 6, column: 7),
        Case(input: "x=1&y=a%1G", errorType: .syntax, byteOffset: 7, column: 8),
        Case(input: "ñ=1&y=%", errorType: .syntax, byteOffset: 7, column: 7),
        // Lone continuation byte, truncated sequence, overlong form, surrogate.
        Case(input: "a=%80", errorType: .invalidUTF8, byteOffset: 2, column: 3),
        Case(input: "a=ok%C3", errorType: .invalidUTF8, byteOffset: 4, column: 5),
        Case(input: "a=%C3%28", errorType: .invalidUTF8, byteOffset: 2, column: 3),
        Case(input: "a=%C0%AF", errorType: .invalidUTF8, byteOffset: 2, column: 3),
        Case(input: "a=%ED%A0%80", errorType: .invalidUTF8, byteOffset: 2, column: 3),
        Case(input: "a=b+c%FF", errorType: .invalidUTF8, byteOffset: 5, column: 6),
        Case(input: "k%FF=1", errorType: .invalidUTF8, byteOffset: 1, column: 2),
        // Shape conflicts are reported at the pair's key.
        Case(input: "a=1&a[b]=2", errorType: .syntax, byteOffset: 4, column: 5),
        Case(input: "a[b]=1&a=2", errorType: .syntax, byteOffset: 7, column: 8),
        Case(input: "a[b]=1&a[]=2", errorType: .syntax, byteOffset: 7, column: 8),
        Case(input: "a[]=1&a[b]=2", errorType: .syntax, byteOffset: 6, column: 7),
        // A string and an array (Rack 3: ParameterTypeError), in either order.
        Case(input: "a=1&a[]=2", errorType: .syntax, byteOffset: 4, column: 5),
        Case(input: "a[]=1&a=2", errorType: .syntax, byteOffset: 6, column: 7),
        Case(input: "a=1&a=2&a[]=3", errorType: .syntax, byteOffset: 8, column: 9),
        Case(input: "a=1&a=2&a[b]=3", errorType: .syntax, byteOffset: 8, column: 9),
        Case(input: "x[a]=1&x[a][]=2", errorType: .syntax, byteOffset: 7, column: 8),
        Case(input: "x[][a]=1&x[][a][]=2", errorType: .syntax, byteOffset: 9, column: 10),
        Case(input: "éé=1&éé[]=2", errorType: .syntax, byteOffset: 7, column: 6),
    ]

    @Test(arguments: cases)
    func located(_ testCase: Case) throws {
        let error = try #require(throws: ParseError.self) { try URLEncodedParser().parse(text: testCase.input) }
        #expect(error.errorType == testCase.errorType)
        #expect(error.parser == "urlencoded")
        #expect(error.location?.byteOffset == testCase.byteOffset)
        #expect(error.location?.line == 1)
        #expect(error.location?.column == testCase.column)
    }

    @Test func rawInvalidUTF8IsLocated() throws {
        let bytes: [UInt8] = Array("a=1&b=x".utf8) + [0xFF] + Array("&c=2".utf8)
        let error = try #require(throws: ParseError.self) { try URLEncodedParser().parse(bytes) }
        #expect(error.errorType == .invalidUTF8)
        #expect(error.location?.byteOffset == 7)
    }

    @Test func messagesNameTheProblem() throws {
        let escape = try #require(throws: ParseError.self) { try URLEncodedParser().parse(text: "a=%G1") }
        #expect(escape.description == "1:3: invalid percent escape '%G1': '%' needs two hex digits")
        let truncated = try #require(throws: ParseError.self) { try URLEncodedParser().parse(text: "a=%2") }
        #expect(truncated.description == "1:3: incomplete percent escape '%2': '%' needs two hex digits")
        let conflict = try #require(throws: ParseError.self) { try URLEncodedParser().parse(text: "a=1&a[b]=2") }
        #expect(conflict.reason == "'a' is used as an object but already holds a string (key 'a[b]')")
        let array = try #require(throws: ParseError.self) { try URLEncodedParser().parse(text: "b=0&a=1&a[]=2") }
        #expect(array.description == "1:9: 'a' is used as an array but already holds a string (key 'a[]')")
        #expect(array.location?.byteOffset == 8)
        let string = try #require(throws: ParseError.self) { try URLEncodedParser().parse(text: "a[]=1&a=2") }
        #expect(string.reason == "'a' is used as a string but already holds an array (key 'a')")
        let repeated = try #require(throws: ParseError.self) { try URLEncodedParser().parse(text: "a=1&a=2&a[]=3") }
        #expect(repeated.reason == "'a' is used as an array but already holds strings of a repeated key (key 'a[]')")
    }

    @Test func flatModeStillChecksEscapes() throws {
        let error = try #require(throws: ParseError.self) {
            try URLEncodedParser(keyMode: .flat).parse(text: "a[b]=%2")
        }
        #expect(error.location?.byteOffset == 5)
    }

    @Test func depthLimit() throws {
        func key(levels: Int) -> String { "a" + String(repeating: "[k]", count: levels) }
        let parser = URLEncodedParser(maximumDepth: 4)
        #expect(try parser.parse(text: key(levels: 4) + "=1")[keyPath: "a.k.k.k.k"] == "1")
        let error = try #require(throws: ParseError.self) { try parser.parse(text: "ok=1&" + key(levels: 5) + "=1") }
        #expect(error.errorType == .depthLimitExceeded)
        #expect(error.location?.byteOffset == 5)

        #expect(try parser.parse(text: "a[][][][]=1") == ["a": [[[["1"]]]]])
        #expect(throws: ParseError.self) { try parser.parse(text: "a[][][][][]=1") }
        #expect(throws: ParseError.self) { try parser.parse(text: "a[][x][][y][z]=1") }

        // The default limit (32) stops hostile keys long before the stack is at risk.
        let hostile = key(levels: 10_000) + "=1"
        #expect(throws: ParseError.self) { try URLEncodedParser().parse(text: hostile) }
        #expect(try URLEncodedParser().parse(text: key(levels: 32) + "=1").kind == .object)
    }

    @Test("pair limit: 4,096 by default (Rack's params_limit), the pair over it is located, empty pairs are free")
    func pairLimit() throws {
        let atLimit = (0..<4096).map { "k\($0)=v" }.joined(separator: "&")
        #expect(try URLEncodedParser().parse(text: atLimit + "&&&").objectValue?.count == 4096)
        let error = try #require(throws: ParseError.self) { try URLEncodedParser().parse(text: atLimit + "&over=1") }
        #expect(error.errorType == .sizeLimitExceeded)
        #expect(error.location?.byteOffset == atLimit.utf8.count + 1)
        #expect(error.reason.contains("4096 pairs"))

        let small = URLEncodedParser(keyMode: .flat, maximumPairs: 2)
        #expect(try small.parse(text: "a=1&&b=2") == ["a": "1", "b": "2"])
        #expect(throws: ParseError.self) { try small.parse(text: "a=1&b=2&=3") }   // a dropped pair still counts
        #expect(throws: ParseError.self) { try small.parse(queryOf: "/p?a=1&a=2&a=3") }
        #expect(try URLEncodedParser(maximumPairs: .max).parse(text: atLimit + "&over=1").objectValue?.count == 4097)
    }

    @Test("byte limit: 4 MiB by default (Rack's bytesize_limit), checked before reading")
    func byteLimit() throws {
        let big = "a=" + String(repeating: "x", count: 4 << 20)
        let error = try #require(throws: ParseError.self) { try URLEncodedParser().parse(text: big) }
        #expect(error.errorType == .sizeLimitExceeded)
        #expect(error.location?.byteOffset == 0)
        let exact = "a=" + String(repeating: "x", count: (4 << 20) - 2)
        #expect(try URLEncodedParser().parse(text: exact)[keyPath: "a"]?.stringValue?.utf8.count == (4 << 20) - 2)
        // A query's limit counts the query only, and the error points at its start.
        let query = try #require(throws: ParseError.self) { try URLEncodedParser(maximumBytes: 3).parse(queryOf: "/path?a=12") }
        #expect(query.location?.byteOffset == 6)
        #expect(try URLEncodedParser(maximumBytes: 4).parse(queryOf: "/path?a=12") == ["a": "12"])
    }

    @Test func queryErrorsPointIntoTheWholeURL() throws {
        let error = try #require(throws: ParseError.self) {
            try URLEncodedParser().parse(queryOf: "/search?q=%ZZ")
        }
        #expect(error.location?.byteOffset == 10)
        #expect(error.location?.column == 11)
    }

    @Test func multilineInputReportsLines() throws {
        let error = try #require(throws: ParseError.self) { try URLEncodedParser().parse(text: "a=1\n&b=%X") }
        #expect(error.location?.line == 2)
        #expect(error.location?.column == 4)
    }
}
