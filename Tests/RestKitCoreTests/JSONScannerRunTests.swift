@testable import RestKitCore
import Testing

/// The scanner skips whitespace, the plain bytes of strings and runs of digits many bytes at a
/// time (`CByteScan`: sixteen with SSE2 here), and byte by byte in the last bytes of the input.
/// These end runs of 0 to 40 bytes at every position (whitespace with a control byte, string
/// bodies with an escape, a control byte, non-ASCII text, an invalid or truncated UTF-8
/// sequence, digits with a letter), so runs end inside a step, on a step's edge and in the tail;
/// what follows the run and the 0 to 3 bytes before the document vary too. The value, or the
/// error and its offset, must be what the grammar says.
struct JSONScannerRunTests {
    private func scan(_ bytes: [UInt8]) -> Result<Representation, ParseError> {
        do {
            return .success(try bytes.withUnsafeBytes { try JSONScanner(maximumDepth: 64, parserName: "swift").scan($0) })
        } catch let error as ParseError {
            return .failure(error)
        } catch {
            Issue.record("unexpected error \(error)")
            return .failure(ParseError(.syntax, "\(error)", at: nil, parser: "test"))
        }
    }

    /// The bytes of `parts`, one after another (text as UTF-8).
    private func join(_ parts: any Sequence<UInt8>...) -> [UInt8] {
        parts.flatMap { Array($0) }
    }

    private func expectError(_ bytes: [UInt8], _ type: ParseError.ErrorType, at offset: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        switch scan(bytes) {
        case .success(let value):
            Issue.record("parsed \(value) from \(bytes)", sourceLocation: sourceLocation)
        case .failure(let error):
            #expect(error.errorType == type, "\(error) for \(bytes)", sourceLocation: sourceLocation)
            #expect(error.location?.byteOffset == offset, "\(error) for \(bytes)", sourceLocation: sourceLocation)
        }
    }

    /// A number as the scanner laid it out: an integer entry (its value in decimal) or the
    /// number's text.
    private struct Number: Equatable {
        var isInteger: Bool
        var text: String
    }

    /// The first number on the tape of `bytes`.
    private func firstNumber(in bytes: [UInt8]) -> Number? {
        guard case .success(let value) = scan(bytes), case .tape(let tape, _) = value.storage,
              let entry = tape.entries.first(where: { $0.kind == .int || $0.kind == .numberText })
        else { return nil }
        if entry.kind == .int { return Number(isInteger: true, text: "\(entry.payload)") }
        let start = Int(entry.payload)
        return Number(isInteger: false, text: String(decoding: tape.bytes[start..<(start + Int(entry.count))], as: UTF8.self))
    }

    private static let prefixes: [[UInt8]] = [[], [0x20], [0x20, 0x20], [0x20, 0x20, 0x20]]

    @Test(arguments: prefixes)
    func whitespaceRunsOfEveryLength(prefix: [UInt8]) throws {
        let kinds = Array(" \n\t\r".utf8)
        for length in 0...40 {
            let run = (0..<length).map { kinds[$0 % kinds.count] }
            #expect(try scan(join(prefix, "[".utf8, run, "1".utf8, run, "]".utf8, run)).get() == [1], "run of \(length)")
            // A byte that is not whitespace, at each position of the run: where a value was
            // expected, and where ',' or ']' was.
            for position in 0..<length {
                var broken = run
                broken[position] = 0x01
                expectError(join(prefix, "[".utf8, broken, "1]".utf8), .syntax, at: prefix.count + 1 + position)
                expectError(join(prefix, "[1".utf8, broken, "]".utf8), .syntax, at: prefix.count + 2 + position)
            }
            // The document ends inside the run.
            expectError(join(prefix, "[".utf8, run), .truncated, at: prefix.count + 1 + length)
        }
    }

    @Test(arguments: prefixes)
    func stringBodiesOfEveryLength(prefix: [UInt8]) throws {
        let quote = Array("\"".utf8)
        let tabEscape = Array(#""\t"#.utf8)
        for length in 0...40 {
            let body = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            let plain = String(repeating: "a", count: length)
            #expect(try scan(join(prefix, quote, body, quote)).get() == .string(plain))
            #expect(try scan(join(prefix, "{".utf8, quote, body, #"":0}"#.utf8)).get() == .object([plain: 0]))
            // Unterminated: the input ends inside the body.
            expectError(join(prefix, quote, body), .truncated, at: prefix.count + 1 + length)
            let bodyStart = prefix.count + 1
            for position in 0..<length {
                let before = String(repeating: "a", count: position)
                let after = String(repeating: "a", count: length - position - 1)
                /// The body with its byte at `position` replaced by `middle`, after `opening`.
                func document(_ middle: [UInt8], opening: [UInt8] = quote) -> [UInt8] {
                    join(prefix, opening, body[..<position], middle, body[(position + 1)...], quote)
                }
                // An escape, a second escape later, a non-ASCII scalar: values.
                #expect(try scan(document(Array(#"\""#.utf8))).get() == .string(before + "\"" + after))
                #expect(try scan(document(Array(#"\n\u00e9"#.utf8))).get() == .string(before + "\né" + after))
                #expect(try scan(document(Array("é".utf8))).get() == .string(before + "é" + after))
                #expect(try scan(document(Array("日本".utf8))).get() == .string(before + "日本" + after))
                // A control character, a byte that is never UTF-8, a truncated sequence: errors
                // at that byte, in a plain body and in the run after an escape.
                expectError(document([0x1F]), .syntax, at: bodyStart + position)
                expectError(document([0xFF]), .invalidUTF8, at: bodyStart + position)
                expectError(document([0xE6, 0x97]), .invalidUTF8, at: bodyStart + position)
                expectError(document([0x1F], opening: tabEscape), .syntax, at: bodyStart + 2 + position)
                expectError(document([0xC0, 0x80], opening: tabEscape), .invalidUTF8, at: bodyStart + 2 + position)
                // Which error wins in one run: a control character after invalid UTF-8 is the
                // error (the run is validated only once it ends well), and so is the end of
                // input after it; plain and after an escape.
                let invalidThenControl = join(prefix, quote, body[..<position], [0xFF], body[(position + 1)...], [0x01], quote)
                expectError(invalidThenControl, .syntax, at: bodyStart + length)
                let invalidThenEnd = join(prefix, quote, body[..<position], [0xFF], body[(position + 1)...])
                expectError(invalidThenEnd, .truncated, at: bodyStart + length)
                let escapedInvalidThenEnd = join(prefix, tabEscape, body[..<position], [0xFF], body[(position + 1)...])
                expectError(escapedInvalidThenEnd, .truncated, at: bodyStart + 2 + length)
            }
        }
    }

    @Test(arguments: prefixes)
    func digitRunsOfEveryLength(prefix: [UInt8]) throws {
        for length in 1...40 {
            let digits = String((0..<length).map { Character(String(($0 % 9) + 1)) })
            let integer = Array(digits.utf8)
            // Up to 18 digits an integer entry, beyond that the number's text.
            let isInteger = length <= 18
            #expect(firstNumber(in: join(prefix, "[".utf8, integer, "]".utf8)) == Number(isInteger: isInteger, text: digits))
            #expect(firstNumber(in: join(prefix, "-".utf8, integer)) == Number(isInteger: isInteger, text: "-" + digits))
            let withFraction = join(prefix, "[1.".utf8, integer, "e-".utf8, integer, "]".utf8)
            #expect(firstNumber(in: withFraction) == Number(isInteger: false, text: "1.\(digits)e-\(digits)"))
            // A byte that ends the run early, at each position: it is out of place.
            for position in 0..<length {
                var broken = integer
                broken[position] = UInt8(ascii: "x")
                expectError(join(prefix, "[".utf8, broken, "]".utf8), .syntax, at: prefix.count + 1 + position)
                expectError(join(prefix, "[0.".utf8, broken, "]".utf8), .syntax, at: prefix.count + 3 + position)
            }
            // Digits missing after '.', and the input ending after the exponent's 'e'.
            expectError(join(prefix, "[".utf8, integer, ".]".utf8), .syntax, at: prefix.count + 1 + length + 1)
            expectError(join(prefix, integer, "e".utf8), .truncated, at: prefix.count + length + 1)
        }
    }
}
