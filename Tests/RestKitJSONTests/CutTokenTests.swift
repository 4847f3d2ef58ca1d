import RestKitCore
import Testing

@testable import RestKitJSON

/// yajl lexes a token cut by the end of a call again from its start on the next call: a 38 KB
/// string fed one byte at a time took over a second (the `json-diff-chunked` fuzz target, with
/// AddressSanitizer five). The yajl driver now holds back bytes that only lengthen a cut string
/// or number and hands them over with the first byte that does more. These tests check the
/// count of calls into yajl (instead of timing it): about one per byte outside the long token,
/// not one per byte of it, with the same value or error as one buffer, and elements coming out
/// of the same `append` as with RestKit's scanner, which holds nothing back.
struct CutTokenTests {
    static let length = 30_000

    static func text(_ unit: String, repeatedTo length: Int = length) -> String {
        String(repeating: unit, count: max(1, length / unit.utf8.count))
    }

    /// Documents with one long token (a string, escapes, non-ASCII text, a key, the three
    /// parts of a number), valid and not.
    static let documents: [(name: String, json: String)] = [
        ("string", #"{"user":{"name":""# + text("x") + #"","id":1}}"#),
        ("escapes", #"["# + "\"" + text(#"\n\u00e9\"\\\/\t\uD83D\uDE00ab"#) + #"",2]"#),
        ("non-ASCII", #"[""# + text("é€😀") + #""]"#),
        ("DEL bytes", "[\"" + text("\u{7F}a") + "\"]"),
        ("key", #"{""# + text("k") + #"":true}"#),
        ("integer", "[1" + text("2") + ",3]"),
        ("fraction", "[-0." + text("0") + "1]"),
        ("exponent", "[1.5E+" + text("0") + "3, 4e" + text("1", repeatedTo: 300) + "]"),
        ("top-level number", "9" + text("8")),
        ("control byte in a string", #"{"user":{"name":""# + text("x") + "\u{01}" + #""}}"#),
        ("invalid escape", #"[""# + text("x") + #"\q"]"#),
        ("invalid unicode escape", #"[""# + text("x") + #"\u12G4"]"#),
        ("unterminated string", #"[""# + text("x")),
        ("letter after digits", "[1" + text("2") + "x]"),
        ("leading zero", "[0" + text("0") + "]"),
    ]

    static func outcome(_ bytes: [UInt8], chunkSize: Int?) -> (outcome: ChunkedAgreementTests.Outcome, yajlCalls: Int) {
        var parser = YAJLIncrementalParser()
        let outcome = ChunkedAgreementTests.Outcome { () throws(ParseError) -> String in
            for chunk in ChunkedAgreementTests.slices(bytes, [chunkSize ?? bytes.count]) { try parser.append(chunk) }
            return "\(try parser.finish())"
        }
        return (outcome, parser.yajlCalls)
    }

    @Test("a long token cut into small chunks reaches yajl a few times, with the whole parse's value or error", arguments: documents.indices)
    func longTokens(index: Int) {
        let (name, json) = Self.documents[index]
        let bytes = Array(json.utf8)
        let whole = Self.outcome(bytes, chunkSize: nil).outcome
        for chunkSize in [1, 2, 3, 7, 1000] {
            let (chunked, calls) = Self.outcome(bytes, chunkSize: chunkSize)
            #expect(chunked == whole, "\(name) in chunks of \(chunkSize)")
            // Bytes outside the long token are each handed over (2 calls when held bytes go
            // first); the long token costs a handful of calls, not one per chunk.
            #expect(calls < 120, "\(name) in chunks of \(chunkSize): \(calls) calls into yajl for \(bytes.count) bytes")
        }
    }

    /// The fuzz target's shape: the long string ends at a control byte; the error is placed at
    /// it, in chunks of one byte as in one buffer.
    @Test("an error at the end of a long cut string is where one buffer puts it")
    func errorAfterLongString() throws {
        let bytes = Array((#"{"user":{"name":""# + Self.text("x") + "\u{01}\"}}").utf8)
        let (outcome, calls) = Self.outcome(bytes, chunkSize: 1)
        guard case .error(let type, _, let location) = outcome else {
            Issue.record("parsed: \(outcome)")
            return
        }
        #expect(type == .syntax)
        #expect(location?.byteOffset == bytes.firstIndex(of: 0x01))
        #expect(calls < 60)
    }

    /// Elements come out of the `append` that brings the byte completing them (a string's or
    /// a container's last byte, the byte after a number): neither the yajl driver's held bytes
    /// nor the Swift scanner's waiting to read a cut element again delays an element. (The
    /// Swift scanner did: an element cut by a chunk came out only once the input after its
    /// start had doubled, or at the end.)
    @Test("elements come out of the append that completes them", arguments: ChunkedAgreementTests.Engine.allCases, [1, 2, 5, 4096])
    func elementsComeOutOnTime(engine: ChunkedAgreementTests.Engine, chunkSize: Int) throws {
        // Each element, and the offset (within it) of the byte that completes it.
        let object = "{\"" + Self.text("k") + "\":\"" + Self.text("v") + "\"}"
        let number = "12" + Self.text("3")
        let exponent = "-0.5e1" + Self.text("0", repeatedTo: 100)
        let string = "\"" + Self.text("a") + "\""
        // Each element, and the offset (in it) of the byte that completes it: a number is
        // complete at the byte after it.
        let elements: [(json: String, completedAt: Int)] = [
            (string, string.utf8.count - 1), (number + ",", number.utf8.count), (object, object.utf8.count - 1),
            (exponent + ",", exponent.utf8.count), ("\"x\"", 2),
        ]
        var json = "["
        var completions: [Int] = []
        for (index, element) in elements.enumerated() {
            if index > 0 && !json.hasSuffix(",") { json += "," }
            json += " "
            completions.append(json.utf8.count + element.completedAt)
            json += element.json
        }
        json += "]"
        let chunks = ChunkedAgreementTests.slices(Array(json.utf8), [chunkSize])
        var yajl = YAJLElementStreamParser()
        var swift = JSONElementStreamParser()
        var count = 0
        for chunk in chunks {
            count += try engine == .yajl ? yajl.append(chunk).count : swift.append(chunk).count
            let expected = completions.filter { $0 < chunk.endIndex }.count
            #expect(count == expected, "after bytes ..<\(chunk.endIndex): \(count) elements, expected \(expected)")
        }
        count += try engine == .yajl ? yajl.finish().count : swift.finish().count
        #expect(count == elements.count)
        if engine == .yajl {
            #expect(yajl.yajlCalls < 100, "\(yajl.yajlCalls) calls into yajl")
        }
    }

    /// An element longer than the element limit fails at the first byte over it whatever the
    /// chunking, also while its bytes are held back.
    @Test("the element limit is reported at the same byte while bytes are held", arguments: [1, 3, 1000])
    func elementLimitWhileHolding(chunkSize: Int) throws {
        let bytes = Array(("[\"short\", \"" + Self.text("z") + "\"]").utf8)
        func outcome(_ pattern: [Int]) -> ChunkedAgreementTests.Outcome {
            var parser = YAJLElementStreamParser(maximumElementBytes: 10_000)
            return ChunkedAgreementTests.Outcome { () throws(ParseError) -> String in
                var count = 0
                for chunk in ChunkedAgreementTests.slices(bytes, pattern) { count += try parser.append(chunk).count }
                try parser.finish()
                return "\(count) elements"
            }
        }
        let whole = outcome([bytes.count])
        guard case .error(.sizeLimitExceeded, _, let location) = whole else {
            Issue.record("whole: \(whole)")
            return
        }
        // The limit counts from the end of the last element (`"short"` ends at 8).
        #expect(location?.byteOffset == 8 + 10_000)
        #expect(outcome([chunkSize]) == whole)
    }
}

/// ``PendingTokenTracker`` on its own: which bytes after a prefix yajl has read are quiet.
struct PendingTokenTrackerTests {
    /// After `prefix` (read from offset 0, no value ended), whether `next` is quiet.
    static func isQuiet(after prefix: String, _ next: String, valueEnd: Int = -1) -> Bool {
        var tracker = PendingTokenTracker(startingAt: 0)
        Array(prefix.utf8).withUnsafeBytes { tracker.follow($0, at: 0, valueEnd: valueEnd) }
        return Array(next.utf8).withUnsafeBytes { tracker.readQuietly($0, for: .token) }
    }

    @Test("inside a string: text and whole escapes are quiet; a quote, a control byte or a bad escape is not")
    func strings() {
        #expect(Self.isQuiet(after: #"["ab"#, "cd é"))
        #expect(Self.isQuiet(after: #"{"k"#, #"\n\"\\\/\b\f\r\t\u00E9x"#))
        #expect(Self.isQuiet(after: #"["a\"#, "n"))
        #expect(Self.isQuiet(after: #"["a\u0"#, "0aF"))
        #expect(!Self.isQuiet(after: #"["ab"#, #"c""#))
        #expect(!Self.isQuiet(after: #"["ab"#, "c\n"))
        #expect(!Self.isQuiet(after: #"["a\"#, "q"))
        #expect(!Self.isQuiet(after: #"["a\u0"#, "0g"))
        #expect(!Self.isQuiet(after: #"["a\"b"#, "\u{1F}"))
        // An escaped quote does not end the string; a closed string is between tokens.
        #expect(Self.isQuiet(after: #"["a\""#, "b"))
        #expect(!Self.isQuiet(after: #"["a","#, " "))
    }

    @Test("inside a number: digits that continue it are quiet; the rest of its grammar is not")
    func numbers() {
        #expect(Self.isQuiet(after: "[12", "345"))
        #expect(Self.isQuiet(after: "[-7", "0"))
        #expect(Self.isQuiet(after: "[1.5", "55"))
        #expect(Self.isQuiet(after: "[1e+5", "5"))
        #expect(Self.isQuiet(after: "[0.0", "0"))
        #expect(!Self.isQuiet(after: "[0", "1"))         // a leading zero: yajl ends the number
        #expect(!Self.isQuiet(after: "[-0", "1"))
        #expect(!Self.isQuiet(after: "[-", "1"))
        #expect(!Self.isQuiet(after: "[1.", "5"))
        #expect(!Self.isQuiet(after: "[1e", "5"))
        #expect(!Self.isQuiet(after: "[1e-", "5"))
        #expect(!Self.isQuiet(after: "[12", "."))
        #expect(!Self.isQuiet(after: "[12", "e"))
        #expect(!Self.isQuiet(after: "[12", ","))
        #expect(!Self.isQuiet(after: "[tru", "e"))
        #expect(!Self.isQuiet(after: "[1,", "2"))
    }

    /// For an element stream: bytes that stay inside a container opened since the start are
    /// quiet too; a byte that may complete the value is not.
    static func isQuietForValue(after prefix: String, _ next: String) -> Bool {
        var tracker = PendingTokenTracker(startingAt: 0)
        Array(prefix.utf8).withUnsafeBytes { tracker.follow($0, at: 0, valueEnd: -1) }
        return Array(next.utf8).withUnsafeBytes { tracker.readQuietly($0, for: .value) }
    }

    @Test("for a value: what stays inside its containers is quiet; what may complete it is not")
    func values() {
        #expect(Self.isQuietForValue(after: #"{"a":[1,"#, #" "b", {"c": 2}, 3.5e1, true"#))
        #expect(Self.isQuietForValue(after: #"{"a":"#, #""x"}, "b": [1]"#) == false)   // closes the object
        #expect(Self.isQuietForValue(after: #"{"a":{"#, #"}"#))
        #expect(!Self.isQuietForValue(after: #"{"a":{"#, #"}}"#))
        #expect(Self.isQuietForValue(after: #"{"a":"x"#, #"]}{"#))                    // inside a string
        #expect(!Self.isQuietForValue(after: #""abc"#, #"d""#))                       // a string value ends
        #expect(!Self.isQuietForValue(after: "12", " "))                               // a number value ends
        #expect(Self.isQuietForValue(after: "12", "34"))
        #expect(!Self.isQuietForValue(after: "", "["))                                 // between values
        #expect(!Self.isQuietForValue(after: "tru", "e"))
    }

    @Test("bytes that are not all quiet leave the tracker as it was")
    func failedReadChangesNothing() {
        var tracker = PendingTokenTracker(startingAt: 0)
        Array(#"["ab"#.utf8).withUnsafeBytes { tracker.follow($0, at: 0, valueEnd: -1) }
        #expect(!Array(#"c", 1"#.utf8).withUnsafeBytes { tracker.readQuietly($0, for: .token) })
        #expect(tracker.position == 4)
        // Still inside the string: had the failed read moved it past `"`, `d` would not be quiet.
        #expect(Array("d".utf8).withUnsafeBytes { tracker.readQuietly($0, for: .token) })
        #expect(tracker.position == 5)
    }

    @Test("after a gap nothing is quiet until a value ends; there the tracker starts afresh")
    func resynchronisation() {
        var tracker = PendingTokenTracker(startingAt: 0)
        Array(#"["ab"#.utf8).withUnsafeBytes { tracker.follow($0, at: 0, valueEnd: -1) }
        // Bytes from offset 10: the tracker missed 4..<10 and no longer knows where it is.
        Array("cd".utf8).withUnsafeBytes { tracker.follow($0, at: 10, valueEnd: -1) }
        #expect(tracker.position == 12)
        var trial = tracker
        #expect(!Array("e".utf8).withUnsafeBytes { trial.readQuietly($0, for: .token) })
        // `", 1, "x` from 12, a value (the `1`) ending at 16: in a string again.
        Array(#"", 1, "x"#.utf8).withUnsafeBytes { tracker.follow($0, at: 12, valueEnd: 16) }
        #expect(tracker.position == 20)
        #expect(Array("yz".utf8).withUnsafeBytes { tracker.readQuietly($0, for: .token) })
    }
}
