/// Scans `type/subtype; name=value` (RFC 9110 §5.6.2 tokens, §5.6.4 quoted strings).
struct MediaTypeScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    /// `tchar` of RFC 9110 §5.6.2.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    mutating func scan() throws(ParseError) -> (String, String, [String: String]) {
        skipWhitespace()
        let type = try token(what: "type")
        try expect(UInt8(ascii: "/"), what: "'/' after the type")
        let subtype = try token(what: "subtype")
        var parameters: [String: String] = [:]
        skipWhitespace()
        while index < bytes.count {
            try expect(UInt8(ascii: ";"), what: "';' before a parameter")
            skipWhitespace()
            if index == bytes.count || bytes[index] == UInt8(ascii: ";") { continue }  // empty parameter
            let name = try token(what: "parameter name")
            try expect(UInt8(ascii: "="), what: "'=' after parameter '\(name)'")
            let value = index < bytes.count && bytes[index] == UInt8(ascii: "\"")
                ? try quotedString() : try token(what: "value of parameter '\(name)'")
            parameters[name.lowercased()] = value
            skipWhitespace()
        }
        return (type, subtype, parameters)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
    }

    private mutating func token(what: String) throws(ParseError) -> String {
        let start = index
        while index < bytes.count, Self.isTokenByte(bytes[index]) { index += 1 }
        guard index > start else { throw failure("expected \(what)") }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func expect(_ byte: UInt8, what: String) throws(ParseError) {
        guard index < bytes.count, bytes[index] == byte else { throw failure("expected \(what)") }
        index += 1
    }

    private mutating func quotedString() throws(ParseError) -> String {
        index += 1  // opening quote
        var value: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: value, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw failure("unterminated quoted string") }
                value.append(bytes[index])
                index += 1
            default:
                value.append(byte)
            }
        }
        throw failure("unterminated quoted string")
    }

    private func failure(_ reason: String) -> ParseError {
        let found = index < bytes.count ? "'\(String(decoding: [bytes[index]], as: UTF8.self))'" : "end of text"
        let text = String(decoding: bytes, as: UTF8.self)
        return ParseError(.syntax, "invalid media type '\(text)': \(reason), found \(found)",
                          at: SourceLocation(offset: index, in: bytes), parser: "MediaType")
    }
}
