import Foundation
import RestKitCore
import Testing

/// ``PercentEncoding``: the one encoder and decoder of every module, checked byte by byte and
/// against Foundation as an independent oracle.
struct PercentEncodingTests {
    typealias Allowed = PercentEncoding.AllowedBytes

    static let sets: [(String, Allowed)] = [
        ("unreserved", .unreserved), ("formValue", .formValue), ("formKey", .formKey),
        ("pathParameter", .pathParameter), ("pathSegment", .pathSegment), ("multipartQuoted", .multipartQuoted),
    ]

    static func encoded(_ bytes: [UInt8], _ allowed: Allowed, spaceAsPlus: Bool = false) -> [UInt8] {
        var output: [UInt8] = []
        PercentEncoding.append(bytes, to: &output, allowing: allowed, spaceAsPlus: spaceAsPlus)
        return output
    }

    static func hex(_ byte: UInt8) -> [UInt8] {
        Array(String(format: "%%%02X", byte).utf8)
    }

    // MARK: Sets

    @Test func setsHoldExactlyTheirDocumentedBytes() {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        let expected: [String: Set<UInt8>] = [
            "unreserved": unreserved, "formValue": unreserved, "pathParameter": unreserved,
            "formKey": unreserved.union("[]".utf8),
            "pathSegment": unreserved.union("!$&'()*+,;=:@".utf8),
            "multipartQuoted": Set((0...255).map(UInt8.init)).subtracting([0x22, 0x0D, 0x0A]),
        ]
        for (name, allowed) in Self.sets {
            let members = Set((0...255).map(UInt8.init).filter(allowed.contains))
            #expect(members == expected[name], "\(name)")
        }
        #expect(Allowed.unreserved.contains(UInt8(ascii: "~")))
        #expect(!Allowed.unreserved.contains(UInt8(ascii: "%")))
        #expect(!Allowed.unreserved.contains(0xFF))
    }

    @Test func buildingSets() {
        let digits = Allowed(UInt8(ascii: "0")...UInt8(ascii: "9"))
        #expect((0...255).filter { digits.contains(UInt8($0)) }.count == 10)
        #expect(digits.inverted.contains(UInt8(ascii: "a")) && !digits.inverted.contains(UInt8(ascii: "5")))
        #expect(digits.inverted.inverted == digits)
        let high = Allowed([0x80, 0xC0, 0xFF])
        #expect(high.contains(0x80) && high.contains(0xC0) && high.contains(0xFF) && !high.contains(0xBF))
        #expect(Allowed.unreserved.union(Allowed(ascii: "[]")) == .formKey)
        #expect(Allowed.formKey != .formValue)
        #expect(Set([Allowed.unreserved, .formValue, .pathParameter]).count == 1)
        #expect(PercentEncoding.encode("a/b c", allowing: .unreserved.union(Allowed(ascii: "/"))) == "a/b%20c")
    }

    // MARK: Encoding

    @Test(arguments: sets.map(\.0))
    func everyByteIsLiteralOrUpperCaseEscape(set name: String) throws {
        let allowed = try #require(Self.sets.first { $0.0 == name }?.1)
        for value in 0...255 {
            let byte = UInt8(value)
            let expected = allowed.contains(byte) ? [byte] : Self.hex(byte)
            #expect(Self.encoded([byte], allowed) == expected, "byte \(byte)")
        }
        #expect(Self.encoded([0x20], allowed, spaceAsPlus: true) == (allowed.contains(0x20) ? [0x20] : [UInt8(ascii: "+")]))
    }

    /// Every set that escapes `%` (all but the WHATWG multipart one, which keeps `%` literal
    /// and is read back by the multipart parser instead).
    @Test(arguments: sets.map(\.0).filter { $0 != "multipartQuoted" })
    func everyByteRoundTrips(set name: String) throws {
        let allowed = try #require(Self.sets.first { $0.0 == name }?.1)
        let all = (0...255).map(UInt8.init)
        // Each byte alone, all 256 in one buffer, and in reverse order.
        for bytes in all.map({ [$0] }) + [all, all.reversed()] {
            let encoded = Self.encoded(bytes, allowed)
            #expect(try encoded.withUnsafeBytes { raw in
                var output: [UInt8] = []
                try PercentEncoding.decode(raw, into: &output)
                return output
            } == bytes)
        }
        // `+` for a space reads back only with plusAsSpace (a literal `+` is escaped by the
        // ASCII sets, so it cannot be confused with a space).
        if !allowed.contains(UInt8(ascii: "+")) {
            let plus = String(decoding: Self.encoded(all, allowed, spaceAsPlus: true), as: UTF8.self)
            #expect(try PercentEncoding.decode(plus, plusAsSpace: true) == all)
        }
    }

    @Test func encodesLikeFoundation() throws {
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let ascii = String(String.UnicodeScalarView((0...127).compactMap(Unicode.Scalar.init)))
        for text in [ascii, "café au lait", "naïve – 日本語 😀", "a+b=c&d;e/f?g#h%i", ""] {
            #expect(PercentEncoding.encode(text, allowing: .unreserved) == text.addingPercentEncoding(withAllowedCharacters: unreserved))
            let encoded = PercentEncoding.encode(text, allowing: .formKey)
            #expect(encoded.removingPercentEncoding == text)
            #expect(try PercentEncoding.decodeText(encoded) == text)
        }
    }

    @Test func encodingExamples() {
        #expect(PercentEncoding.encode("a b&c/é", allowing: .unreserved) == "a%20b%26c%2F%C3%A9")
        #expect(PercentEncoding.encode("a b", allowing: .formValue, spaceAsPlus: true) == "a+b")
        #expect(PercentEncoding.encode("user[name]", allowing: .formKey) == "user[name]")
        #expect(PercentEncoding.encode("user[name]", allowing: .formValue) == "user%5Bname%5D")
        #expect(PercentEncoding.encode("ré\"sumé\r\n%.pdf", allowing: .multipartQuoted) == "ré%22sumé%0D%0A%.pdf")
        #expect(PercentEncoding.encode("a:b@c;d/e", allowing: .pathSegment) == "a:b@c;d%2Fe")
        var body = Array("p=".utf8)
        PercentEncoding.append([0xFF, 0x00, 0x41] as [UInt8], to: &body, allowing: .formValue)
        #expect(body == Array("p=%FF%00A".utf8))
        // A collection without contiguous storage takes the same path.
        body.removeAll()
        PercentEncoding.append((0xFE as UInt8)...0xFF, to: &body, allowing: .formValue)
        #expect(body == Array("%FE%FF".utf8))
    }

    @Test func hexDigits() {
        let digits = Array("0123456789ABCDEF".utf8)
        for nibble in 0...15 {
            #expect(PercentEncoding.hexDigit(UInt8(nibble)) == digits[nibble])
            #expect(PercentEncoding.hexValue(digits[nibble]) == UInt8(nibble))
            #expect(PercentEncoding.hexValue(Array("0123456789abcdef".utf8)[nibble]) == UInt8(nibble))
        }
        #expect(PercentEncoding.hexDigit(0xAB) == UInt8(ascii: "B"))
        let nonHex = (0...255).map(UInt8.init).filter { !"0123456789abcdefABCDEF".utf8.contains($0) }
        #expect(nonHex.count == 256 - 22)
        #expect(nonHex.allSatisfy { PercentEncoding.hexValue($0) == nil })
    }

    // MARK: Decoding

    @Test func decodingExamples() throws {
        #expect(try PercentEncoding.decode("caf%C3%A9") == Array("café".utf8))
        #expect(try PercentEncoding.decode("caf%c3%a9") == Array("café".utf8))
        #expect(try PercentEncoding.decode("a+b") == Array("a+b".utf8))
        #expect(try PercentEncoding.decode("a+b%2B", plusAsSpace: true) == Array("a b+".utf8))
        #expect(try PercentEncoding.decode("%00%FF") == [0x00, 0xFF])
        #expect(try PercentEncoding.decode("") == [])
        #expect(try PercentEncoding.decodeText("%E2%82%AC%20rates") == "€ rates")
        #expect(try PercentEncoding.decode("x=%41"[...].dropFirst(2)) == [0x41])
        for text in ["a%20b", "%E2%82%AC", "100%25", "%7e~"] {
            #expect(try PercentEncoding.decodeText(text) == text.removingPercentEncoding)
        }
    }

    struct Malformed: Sendable, CustomTestStringConvertible {
        let input: String
        let errorType: PercentDecodingError.ErrorType
        let offset: Int
        let kept: String
        var testDescription: String { input }
    }

    static let malformed: [Malformed] = [
        Malformed(input: "%", errorType: .truncatedEscape, offset: 0, kept: "%"),
        Malformed(input: "%4", errorType: .truncatedEscape, offset: 0, kept: "%4"),
        Malformed(input: "ab%4", errorType: .truncatedEscape, offset: 2, kept: "ab%4"),
        Malformed(input: "%G1", errorType: .invalidEscape, offset: 0, kept: "%G1"),
        Malformed(input: "a%1G", errorType: .invalidEscape, offset: 1, kept: "a%1G"),
        Malformed(input: "%G", errorType: .invalidEscape, offset: 0, kept: "%G"),
        Malformed(input: "%41%4&", errorType: .invalidEscape, offset: 3, kept: "A%4&"),
        Malformed(input: "%%41", errorType: .invalidEscape, offset: 0, kept: "%A"),
        Malformed(input: "é%zz", errorType: .invalidEscape, offset: 2, kept: "é%zz"),
        Malformed(input: "% 41", errorType: .invalidEscape, offset: 0, kept: "% 41"),
    ]

    @Test(arguments: malformed)
    func malformedEscapes(_ testCase: Malformed) throws {
        let error = try #require(throws: PercentDecodingError.self) { try PercentEncoding.decode(testCase.input) }
        #expect(error.errorType == testCase.errorType)
        #expect(error.offset == testCase.offset)
        #expect(error.description.hasPrefix("byte \(testCase.offset): "))
        #expect(try PercentEncoding.decodeText(testCase.input, malformed: .keepLiteral) == testCase.kept)
        #expect(throws: PercentDecodingError.self) { try PercentEncoding.decodeText(testCase.input) }
    }

    @Test func messagesQuoteTheEscape() throws {
        let invalid = try #require(throws: PercentDecodingError.self) { try PercentEncoding.decode("a=%G1") }
        #expect(invalid.description == "byte 2: invalid percent escape '%G1': '%' needs two hex digits")
        let truncated = try #require(throws: PercentDecodingError.self) { try PercentEncoding.decode("a=%2") }
        #expect(truncated.reason == "incomplete percent escape '%2': '%' needs two hex digits")
    }

    @Test(arguments: [
        ("%FF", 0), ("ok%C3", 2), ("a+%E2%82", 2), ("%C3%28", 0), ("%C0%AF", 0), ("%ED%A0%80", 0), ("%41%41%80", 6),
    ])
    func decodedTextMustBeUTF8(input: String, offset: Int) throws {
        let error = try #require(throws: PercentDecodingError.self) { try PercentEncoding.decodeText(input, plusAsSpace: true) }
        #expect(error.errorType == .invalidUTF8)
        #expect(error.offset == offset)
        #expect(try PercentEncoding.decode(input).isEmpty == false)   // the bytes alone are fine
    }

    @Test func rawInputAndScratchReuse() throws {
        var scratch: [UInt8] = []
        let first = try Array("caf%C3%A9+au+lait".utf8).withUnsafeBytes {
            try PercentEncoding.decodeText($0, plusAsSpace: true, scratch: &scratch)
        }
        #expect(first == "café au lait")
        let second = try Array("x".utf8).withUnsafeBytes { try PercentEncoding.decodeText($0, scratch: &scratch) }
        #expect(second == "x")
        // Raw bytes that are not UTF-8 are located where they stand.
        let error = try #require(throws: PercentDecodingError.self) {
            try ([0x61, 0x25, 0x34, 0x31, 0xFF] as [UInt8]).withUnsafeBytes { try PercentEncoding.decodeText($0, scratch: &scratch) }
        }
        #expect(error.errorType == .invalidUTF8)
        #expect(error.offset == 4)
        // On a malformed escape, the bytes decoded before it are in the output.
        var output: [UInt8] = []
        #expect(throws: PercentDecodingError.self) {
            try Array("ab%41%G".utf8).withUnsafeBytes { try PercentEncoding.decode($0, into: &output) }
        }
        #expect(output == Array("abA".utf8))
    }
}
