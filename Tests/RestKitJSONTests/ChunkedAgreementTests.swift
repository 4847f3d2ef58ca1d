import RestKitCore
import Testing

@testable import RestKitJSON

/// Chunked and whole parses agree on every small document of a grammar of awkward pieces:
/// the same value, or the same error type at the same byte offset, for every chunking.
///
/// The `json-diff-chunked` fuzz target found documents where they did not: the checks the
/// yajl driver makes itself (form feed, UTF-8, text after the value) ran per chunk before or
/// after yajl, so which error came first depended on where a chunk ended. Documents of up to
/// three pieces are tried here at every chunk size and some mixed sizes. Both engines are
/// tried: RestKit's scanner (whose chunked parse must also give exactly ``JSONParser``'s value
/// or error) and yajl.
struct ChunkedAgreementTests {
    enum Engine: CaseIterable { case swift, yajl }

    /// Pieces chosen to put an error or a token end at every kind of place.
    static let pieces: [[UInt8]] = [
        "[1,", "{\"a\":", "{\"a\":[", "12", "1.", "-", "1e", "tru", "\"ab", "\"\\u12", "\"\\", "]", "}",
        ",", " ", "x", "\"x\"", "[", "null", "0", "\n", "\"a b\n\"", " \"long string\"",
    ].map { Array($0.utf8) } + [[0x00], [0xFF], [0x0C], [0xC3], [0xC3, 0xA9], [0x01], [0xE2, 0x82], [0xF0, 0x9F, 0x98, 0x80]]

    /// Every piece, every pair of pieces, and a fixed eighth of the triples (all of them
    /// take minutes per engine; an eighth still puts every piece in every position).
    static let documents: [[UInt8]] = {
        var documents = pieces
        for (i, first) in pieces.enumerated() {
            for (j, second) in pieces.enumerated() {
                documents.append(first + second)
                for (k, third) in pieces.enumerated() where (i + j + k) % 8 == 0 { documents.append(first + second + third) }
            }
        }
        return documents
    }()

    /// Chunk size patterns (cycled): every size up to the longest document, and mixed ones.
    static let patterns: [[Int]] = (1...8).map { [$0] } + [[13], [1, 2], [2, 1], [3, 1, 2], [1, 1, 5]]

    enum Outcome: Equatable, CustomStringConvertible {
        case value(String)
        case error(ParseError.ErrorType, String, RestKitCore.SourceLocation?)

        init(_ body: () throws(ParseError) -> String) {
            do { self = .value(try body()) } catch { self = .error(error.errorType, error.reason, error.location) }
        }

        var description: String {
            switch self {
            case .value(let text): "value \(text)"
            case .error(let type, let reason, let location):
                "\(type) '\(reason)' at \(location.map { "\($0.line):\($0.column) (byte \($0.byteOffset))" } ?? "?")"
            }
        }
    }

    static func slices(_ bytes: [UInt8], _ pattern: [Int]) -> [ArraySlice<UInt8>] {
        var slices: [ArraySlice<UInt8>] = []
        var start = 0, turn = 0
        while start < bytes.count {
            let end = min(start + pattern[turn % pattern.count], bytes.count)
            slices.append(bytes[start..<end])
            start = end
            turn += 1
        }
        return slices
    }

    static func incremental(_ engine: Engine, _ bytes: [UInt8], _ pattern: [Int]?, maximumBytes: Int) -> Outcome {
        let chunks = pattern.map({ slices(bytes, $0) }) ?? [bytes[...]]
        return Outcome { () throws(ParseError) -> String in
            switch engine {
            case .swift:
                var parser = IncrementalJSONParser(maximumBytes: maximumBytes)
                for chunk in chunks { try parser.append(chunk) }
                return "\(try parser.finish())"
            case .yajl:
                var parser = YAJLIncrementalParser(maximumBytes: maximumBytes)
                for chunk in chunks { try parser.append(chunk) }
                return "\(try parser.finish())"
            }
        }
    }

    static func stream(_ engine: Engine, _ bytes: [UInt8], _ pattern: [Int]?, keyPath: String?, maximumElementBytes: Int) -> Outcome {
        let chunks = pattern.map({ slices(bytes, $0) }) ?? [bytes[...]]
        return Outcome { () throws(ParseError) -> String in
            var elements: [Representation] = []
            switch engine {
            case .swift:
                var parser = JSONElementStreamParser(keyPath: keyPath, maximumElementBytes: maximumElementBytes)
                for chunk in chunks { elements += try parser.append(chunk) }
                elements += try parser.finish()
            case .yajl:
                var parser = YAJLElementStreamParser(keyPath: keyPath, maximumElementBytes: maximumElementBytes)
                for chunk in chunks { elements += try parser.append(chunk) }
                elements += try parser.finish()
            }
            return "\(elements)"
        }
    }

    /// RestKit's chunked parse gives exactly the whole-document scanner's value or error.
    @Test("incremental parser: one chunk gives JSONParser's value or error, line and column")
    func incrementalIsTheWholeScanner() {
        var mismatches: [String] = []
        for document in Self.documents {
            let whole = Outcome { () throws(ParseError) -> String in
                do { return try document.withUnsafeBytes { "\(try JSONParser().parse($0))" } }
                catch let error as ParseError { throw error } catch { return "not a ParseError: \(error)" }
            }
            let chunked = Self.incremental(.swift, document, nil, maximumBytes: .max)
            if chunked != whole { mismatches.append("\(document): \(chunked), JSONParser: \(whole)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, e.g. \(mismatches.prefix(20).joined(separator: "\n"))")
    }

    /// Objects that repeat the empty key: in chunks one `""` can lie in the input and the other
    /// in decoded text, and the tape's check for distinct keys compared the byte after an empty
    /// key, so the object kept both (the `json-diff-chunked` fuzz target, yajl in 1-byte
    /// chunks; the first document is its input).
    @Test("repeated empty keys are one key at every chunking", arguments: Engine.allCases)
    func repeatedEmptyKeysAgree(engine: Engine) throws {
        let many = (0..<20).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        let documents = [
            #"{"id":7,"":1.5,"0ags":["x"],"c\tated":"2012-03-01T::123000Z","fted":{"id":1,"values":[1,2]},"":["x"],"created":"2012-03-01T12:30:00Z","flag":true,"nested":{"id":1,"values":[1,2]},"countsCharacte":{"a":1}}"#,
            #"{"":1,"a\tb":2,"":3}"#, #"{"":1,"":2}"#, #"{"\u0041":1,"":2,"x":"\n","":4}"#,
            "{\(many),\"\":1,\"a\\tb\":2,\"\":3}",
        ]
        for document in documents.map({ Array($0.utf8) }) {
            let whole = Self.incremental(engine, document, nil, maximumBytes: .max)
            let parsed = try JSONParser().parse(document)
            #expect(parsed.objectValue?.keys.filter(\.isEmpty).count == 1)
            for pattern in Self.patterns {
                let chunked = Self.incremental(engine, document, pattern, maximumBytes: .max)
                #expect(chunked == whole, "\(String(decoding: document, as: UTF8.self)) in \(pattern)")
            }
        }
    }

    /// With the default limit and with a limit that many documents exceed (the size limit is
    /// reported at the first byte over it, whatever the chunking).
    @Test("incremental parser: every chunking gives the whole parse's value or error and offset", arguments: Engine.allCases, [64 << 20, 7])
    func incrementalAgrees(engine: Engine, maximumBytes: Int) {
        var mismatches: [String] = []
        for document in Self.documents {
            let whole = Self.incremental(engine, document, nil, maximumBytes: maximumBytes)
            for pattern in Self.patterns where pattern.count > 1 || pattern[0] < document.count {
                let chunked = Self.incremental(engine, document, pattern, maximumBytes: maximumBytes)
                if chunked != whole { mismatches.append("\(document) in \(pattern): \(chunked), whole: \(whole)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, e.g. \(mismatches.prefix(20).joined(separator: "\n"))")
    }

    @Test(
        "element stream: every chunking gives the whole parse's elements or error and offset",
        arguments: Engine.allCases, [(nil, 64 << 20), ("a", 64 << 20), (nil, 4), ("a", 4)] as [(String?, Int)])
    func streamAgrees(engine: Engine, settings: (keyPath: String?, maximumElementBytes: Int)) {
        let (keyPath, maximumElementBytes) = settings
        var mismatches: [String] = []
        for document in Self.documents {
            let whole = Self.stream(engine, document, nil, keyPath: keyPath, maximumElementBytes: maximumElementBytes)
            for pattern in Self.patterns where pattern.count > 1 || pattern[0] < document.count {
                let chunked = Self.stream(engine, document, pattern, keyPath: keyPath, maximumElementBytes: maximumElementBytes)
                if chunked != whole { mismatches.append("\(document) in \(pattern): \(chunked), whole: \(whole)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, e.g. \(mismatches.prefix(20).joined(separator: "\n"))")
    }
}
