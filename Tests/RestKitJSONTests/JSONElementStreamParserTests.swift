import Foundation
@testable import RestKitCore
import RestKitTestSupport
import Testing

@testable import RestKitJSON

/// The element stream parser hands out the same elements at every chunk size, skips
/// everything outside the target array, and keeps the parser's error guarantees.
struct JSONElementStreamParserTests {
    static let chunkSizes = [1, 2, 3, 7, 64, 4096, Int.max]

    /// Parses `bytes` in chunks of `chunkSize`, returning the elements and how many
    /// `append` calls handed elements out (to show they arrive before the end).
    static func stream(
        _ bytes: [UInt8], keyPath: String?, chunkSize: Int, maximumDepth: Int = 512, maximumElementBytes: Int = 64 << 20
    ) throws(ParseError) -> (elements: [Representation], deliveries: Int) {
        var parser = JSONElementStreamParser(keyPath: keyPath, maximumDepth: maximumDepth, maximumElementBytes: maximumElementBytes)
        var elements: [Representation] = []
        var deliveries = 0
        var start = 0
        while start < bytes.count {
            let end = start + min(chunkSize, bytes.count - start)
            let batch = try parser.append(bytes[start..<end])
            if !batch.isEmpty { deliveries += 1 }
            elements += batch
            start = end
        }
        elements += try parser.finish()
        return (elements, deliveries)
    }

    static func stream(_ text: String, keyPath: String?, chunkSize: Int, maximumDepth: Int = 512) throws(ParseError) -> [Representation] {
        try stream(Array(text.utf8), keyPath: keyPath, chunkSize: chunkSize, maximumDepth: maximumDepth).elements
    }

    static let elementsText = #"""
        [{"id":1,"text":"caf\u00e9 😀 \"q\"","tags":["a","b"],"user":{"id":7,"name":"Ann"}},
         {"id":2,"text":"naïve","tags":[],"big":123456789012345678901234567890,"r":0.25,"n":null,"t":true},
         "plain", 42, -1.5e3, null, false, [], {}, [[1,[2]],{"deep":{"x":[null]}}]]
        """#

    /// The elements as a whole-document parse sees them.
    static func expectedElements() throws -> [Representation] {
        guard case .array(let elements) = try YAJLParser().parse(text: elementsText).content else { return [] }
        return elements
    }

    @Test(arguments: chunkSizes)
    func topLevelArray(chunkSize: Int) throws {
        let elements = try Self.stream(Self.elementsText, keyPath: nil, chunkSize: chunkSize)
        #expect(elements == (try Self.expectedElements()))
        #expect(elements.count == 10)
    }

    /// The target array sits among keys that come before and after it, including arrays
    /// and objects (with keys of the same name) that must be skipped.
    static let nestedText = #"""
        {"meta":{"items":[9,9],"data":{"items":["no"]}},"count":3,"items":[0],
         "data":{"before":[{"items":[1]}],"x":"items","items":\#(elementsText),"after":{"items":[2]},"tail":[[]]},
         "trailer":[{"data":{"items":[3]}}]}
        """#

    @Test(arguments: chunkSizes)
    func arrayAtNestedKeyPath(chunkSize: Int) throws {
        let elements = try Self.stream(Self.nestedText, keyPath: "data.items", chunkSize: chunkSize)
        #expect(elements == (try Self.expectedElements()))
    }

    @Test(arguments: chunkSizes)
    func arrayAtOneKey(chunkSize: Int) throws {
        let elements = try Self.stream(Self.nestedText, keyPath: "items", chunkSize: chunkSize)
        #expect(elements == [.int(0)])
    }

    @Test(arguments: chunkSizes)
    func emptyArrays(chunkSize: Int) throws {
        #expect(try Self.stream("[]", keyPath: nil, chunkSize: chunkSize).isEmpty)
        #expect(try Self.stream(#" {"a":{"b":[ ]}} "#, keyPath: "a.b", chunkSize: chunkSize).isEmpty)
    }

    @Test func elementsArriveBeforeTheEnd() throws {
        let text = "[" + (0..<100).map { #"{"id":\#($0)}"# }.joined(separator: ",") + "]"
        let (elements, deliveries) = try Self.stream(Array(text.utf8), keyPath: nil, chunkSize: 16)
        #expect(elements.count == 100)
        #expect(deliveries > 50)
        #expect(elements.last?["id"] == .int(99))
    }

    /// Each element has its own small tape, with a copy of its own bytes only: keeping one
    /// does not keep the input.
    @Test func elementsDoNotKeepTheInput() throws {
        let text = "[" + String(repeating: #"{"k":"v"},"#, count: 1000) + #"{"k":"last"}]"#
        let elements = try Self.stream(text, keyPath: nil, chunkSize: 4096)
        guard case .tape(let tape, _) = elements[500].storage else {
            Issue.record("expected a tape-backed element")
            return
        }
        #expect(tape.bytes == Array(#"{"k":"v"}"#.utf8))
        #expect(tape.entries.count == 3)
        #expect(elements.last?["k"] == "last")
    }

    // MARK: Errors

    static let mismatches: [(text: String, keyPath: String?, reason: String)] = [
        (#"{"a":1}"#, nil, "expected a top-level array, found an object"),
        (#""s""#, nil, "expected a top-level array, found a string"),
        (#"{"x":[1]}"#, "data.items", "no array at key path 'data.items': the top-level value has no key 'data'"),
        (#"{"data":{"other":[]}}"#, "data.items", "no array at key path 'data.items': the value at 'data' has no key 'items'"),
        (#"{"data":{"items":{"a":1}}}"#, "data.items", "no array at key path 'data.items': the value at 'data.items' is an object, not an array"),
        (#"{"data":"items"}"#, "data.items", "no array at key path 'data.items': the value at 'data' is a string, not an object"),
        (#"{"data":{"items":7}}"#, "data.items", "no array at key path 'data.items': the value at 'data.items' is a number, not an array"),
        (#"[{"data":[]}]"#, "data", "no array at key path 'data': the top-level value is an array, not an object"),
    ]

    @Test(arguments: mismatches.indices, [1, 3, 4096])
    func keyPathMismatch(index: Int, chunkSize: Int) {
        let (text, keyPath, reason) = Self.mismatches[index]
        #expect {
            _ = try Self.stream(text, keyPath: keyPath, chunkSize: chunkSize)
        } throws: { error in
            guard let error = error as? ParseError else { return false }
            return error.errorType == .keyPathMismatch && error.reason == reason && error.location != nil
        }
    }

    static let truncated = ["", "  ", "[1, 2", #"{"data":{"items":[{"a":"#, #"[{"a":"unterminated"#, "[1]\n{"]

    @Test(arguments: truncated, [1, 4096])
    func truncatedInput(text: String, chunkSize: Int) {
        #expect {
            _ = try Self.stream(text, keyPath: text.contains("data") ? "data.items" : nil, chunkSize: chunkSize)
        } throws: { error in
            guard let error = error as? ParseError else { return false }
            return error.errorType == .truncated || (text == "[1]\n{" && error.errorType == .syntax)
        }
    }

    /// Invalid UTF-8 is found wherever the chunks split it, inside and outside the target.
    @Test(arguments: chunkSizes)
    func invalidUTF8SplitAcrossChunks(chunkSize: Int) {
        let documents: [[UInt8]] = [
            Array(#"["ok","#.utf8) + [0x22, 0xE2, 0x82, 0x22] + Array("]".utf8),            // cut 3-byte sequence
            Array(#"{"skip":"#.utf8) + [0x22, 0xED, 0xA0, 0x80, 0x22] + Array(#","a":[]}"#.utf8),  // surrogate, skipped value
            Array(#"["#.utf8) + [0x22, 0xF0, 0x9F, 0x98, 0x22, 0x5D],                        // truncated sequence
            Array(#"[""#.utf8) + [0xC0, 0xAF] + Array(#""]"#.utf8),                          // overlong
        ]
        for (index, bytes) in documents.enumerated() {
            #expect {
                _ = try Self.stream(bytes, keyPath: index == 1 ? "a" : nil, chunkSize: chunkSize)
            } throws: { error in
                (error as? ParseError)?.errorType == .invalidUTF8
            }
        }
        // Valid multi-byte text split anywhere is fine.
        #expect((try? Self.stream(#"["😀é€", {"k😀":"ü"}]"#, keyPath: nil, chunkSize: chunkSize))?.count == 2)
    }

    @Test(arguments: [1, 7, 4096])
    func depthLimitCountsFromTheRoot(chunkSize: Int) throws {
        let text = #"{"a":{"b":[[[1]]]}}"#  // depth 5 at the innermost array
        #expect(try Self.stream(text, keyPath: "a.b", chunkSize: chunkSize, maximumDepth: 5) == [[[1]]])
        #expect {
            _ = try Self.stream(text, keyPath: "a.b", chunkSize: chunkSize, maximumDepth: 4)
        } throws: { ($0 as? ParseError)?.errorType == .depthLimitExceeded }
        // Skipped values count too.
        #expect {
            _ = try Self.stream(#"{"x":[[[[[[1]]]]]],"a":{"b":[]}}"#, keyPath: "a.b", chunkSize: chunkSize, maximumDepth: 4)
        } throws: { ($0 as? ParseError)?.errorType == .depthLimitExceeded }
    }

    /// An element is scanned by a cursor of its own, which counts the containers around it:
    /// the error inside an element is the whole parser's, word for word and at the same place.
    @Test(arguments: [1, 2, 5, 4096])
    func depthLimitInsideAnElementIsTheWholeParsersError(chunkSize: Int) throws {
        let text = #"{"a":{"b":[1,{"c":[[2]]},3]}}"#  // the innermost array is at depth 6
        let bytes = Array(text.utf8)
        for maximumDepth in 3...5 {
            var whole: ParseError?
            do { _ = try bytes.withUnsafeBytes { try JSONParser(maximumDepth: maximumDepth).parse($0) } } catch { whole = error as? ParseError }
            var streamed: ParseError?
            do { _ = try Self.stream(bytes, keyPath: "a.b", chunkSize: chunkSize, maximumDepth: maximumDepth) } catch { streamed = error }
            #expect(whole?.errorType == .depthLimitExceeded)
            #expect(streamed?.reason == whole?.reason, "maximumDepth \(maximumDepth)")
            #expect(streamed?.location == whole?.location, "maximumDepth \(maximumDepth)")
        }
        #expect(try Self.stream(bytes, keyPath: "a.b", chunkSize: chunkSize, maximumDepth: 6).elements.count == 3)
    }

    @Test(arguments: chunkSizes)
    func syntaxErrorsHaveLineAndColumn(chunkSize: Int) {
        let text = "[\n  {\"a\":1},\n  {\"b\":2} x\n]"
        #expect {
            _ = try Self.stream(text, keyPath: nil, chunkSize: chunkSize)
        } throws: { error in
            guard let error = error as? ParseError, let location = error.location else { return false }
            return error.errorType == .syntax && location.line == 3 && location.byteOffset >= 20
        }
        #expect {
            _ = try Self.stream("[1,\n \"é\u{0B}\"]", keyPath: nil, chunkSize: chunkSize)
        } throws: { error in
            guard let error = error as? ParseError, let location = error.location else { return false }
            return error.errorType == .syntax && location.line == 2 && location.column == 4 && location.byteOffset == 8
        }
    }

    @Test(.enabled(if: SharedCorpus.directory("corpora/json") != nil, Comment(rawValue: SharedCorpus.missingMessage("corpora/json"))),
          arguments: [1, 7, 4096, Int.max])
    func twitterStatuses(chunkSize: Int) throws {
        let directory = try #require(SharedCorpus.directory("corpora/json"))
        let bytes = try SharedCorpus.bytes(of: directory.appendingPathComponent("twitter.json"))
        let whole = try YAJLParser().parse(bytes)
        guard case .array(let statuses)? = whole["statuses"]?.content else {
            Issue.record("twitter.json has no statuses array")
            return
        }
        let elements = try Self.stream(bytes, keyPath: "statuses", chunkSize: chunkSize).elements
        #expect(elements.count == statuses.count)
        #expect(elements == statuses)
    }

    /// What the parser holds at once is bounded, not the stream: each element (from the end
    /// of the one before) and, outside the array, each stretch between two values.
    @Test("element size limit: the first byte over it, at every chunk size", arguments: chunkSizes)
    func elementSizeLimit(chunkSize: Int) throws {
        // `,{"a":12345}` is 12 bytes from the end of the element before it.
        let text = #"[1,2,{"a":12345},3]"#
        #expect(try Self.stream(Array(text.utf8), keyPath: nil, chunkSize: chunkSize, maximumElementBytes: 12).elements.count == 4)
        let error = try #require(throws: ParseError.self) {
            try Self.stream(Array(text.utf8), keyPath: nil, chunkSize: chunkSize, maximumElementBytes: 11)
        }
        #expect(error.errorType == .sizeLimitExceeded)
        #expect(error.location?.byteOffset == 4 + 11)
        #expect(error.reason.contains("an element longer than 11 bytes (maximumElementBytes)"))

        // A long key before the array is one token held whole: limited too (from the end of
        // the `{` before it).
        let keyed = #"{"a-long-key-before":0,"items":[1,2]}"#
        let outside = try #require(throws: ParseError.self) {
            try Self.stream(Array(keyed.utf8), keyPath: "items", chunkSize: chunkSize, maximumElementBytes: 12)
        }
        #expect(outside.errorType == .sizeLimitExceeded)
        #expect(outside.location?.byteOffset == 1 + 12)
        #expect(outside.reason.contains("more than 12 bytes in one token outside the array (maximumElementBytes)"))
        #expect(try Self.stream(Array(keyed.utf8), keyPath: "items", chunkSize: chunkSize, maximumElementBytes: 24).elements == [1, 2])
    }

    @Test("a stream far longer than the element limit passes")
    func longStreamsOfSmallElements() throws {
        let text = "[" + (0..<20_000).map { #"{"id":\#($0)}"# }.joined(separator: ",") + "]"
        let streamed = try Self.stream(Array(text.utf8), keyPath: nil, chunkSize: 4096, maximumElementBytes: 16)
        #expect(streamed.elements.count == 20_000)
        #expect(text.utf8.count > 200_000)
    }

}
