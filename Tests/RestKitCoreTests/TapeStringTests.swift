@testable import RestKitCore
import Testing

/// Strings come off a tape without the standard library checking their UTF-8 again only when
/// the scanner that made the tape checked it (the Swift JSON cursor, in all three of its
/// modes); a tape built through ``TapeBuilder`` (yajl, jansson, libxml2, a user's plugin)
/// keeps the checking, repairing conversion.
struct TapeStringTests {
    /// Plain, non-ASCII (two-, three- and four-byte), escaped and surrogate-pair text, as keys
    /// and values, short and longer than a small string.
    private let document = #"{"plain":"abc","café":"naïve ünïcödé text that is longer than fifteen bytes","日本":"こんにちは","esc\u00e9":"a\"b\\c\u00e9\ud83d\ude00 — tail","😀":["x","yz"]}"#

    private let expected: Representation = [
        "plain": "abc",
        "café": "naïve ünïcödé text that is longer than fifteen bytes",
        "日本": "こんにちは",
        "escé": "a\"b\\cé😀 — tail",
        "😀": ["x", "yz"],
    ]

    private func tape(of value: Representation) -> Tape? {
        if case .tape(let tape, _) = value.storage { return tape }
        return nil
    }

    @Test func theWholeDocumentScannerMarksItsStringsChecked() throws {
        let bytes = Array(document.utf8)
        let value = try bytes.withUnsafeBytes { try JSONScanner(maximumDepth: 16, parserName: "swift").scan($0) }
        #expect(tape(of: value)?.stringsAreCheckedUTF8 == true)
        #expect(value == expected)
        #expect(value.materialized() == expected)
        #expect(value.materialized().description == value.description)
    }

    @Test(arguments: [1, 3, 7, 64])
    func theChunkedScannerMarksItsStringsChecked(chunkSize: Int) throws {
        let bytes = Array(document.utf8)
        var scanner = ChunkedJSONScanner(maximumDepth: 16, maximumBytes: 1 << 20, parserName: "swift")
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + chunkSize, bytes.count)
            try bytes[offset..<end].withUnsafeBytes { try scanner.append($0) }
            offset = end
        }
        let value = try scanner.finish()
        #expect(tape(of: value)?.stringsAreCheckedUTF8 == true)
        #expect(value == expected)
        #expect(value.materialized() == expected)
    }

    @Test(arguments: [1, 5, 64])
    func theElementScannerMarksItsStringsChecked(chunkSize: Int) throws {
        let bytes = Array("[\(document),\(document)]".utf8)
        var scanner = JSONElementScanner(keyPath: nil, maximumDepth: 16, maximumElementBytes: 1 << 20, parserName: "swift")
        var elements: [Representation] = []
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + chunkSize, bytes.count)
            elements += try bytes[offset..<end].withUnsafeBytes { try scanner.append($0) }
            offset = end
        }
        elements += try scanner.finish()
        #expect(elements.count == 2)
        for element in elements {
            #expect(tape(of: element)?.stringsAreCheckedUTF8 == true)
            #expect(element == expected)
            #expect(element.materialized() == expected)
        }
    }

    /// A builder's caller promises UTF-8 but is not trusted with it: bytes that are not UTF-8
    /// come out repaired (U+FFFD), from the lazy value and from its copy alike.
    @Test func builtTapesKeepCheckingTheirStrings() throws {
        var builder = TapeBuilder(maximumDepth: 8)
        let opened = builder.beginObject()
        #expect(opened)
        let invalid: [UInt8] = [0x61, 0xFF, 0x62, 0xE3, 0x81]
        invalid.withUnsafeBufferPointer { builder.key(bytes: $0) }
        invalid.withUnsafeBufferPointer { builder.string(bytes: $0) }
        builder.end()
        let finished = builder.finish()
        let value = try #require(finished)
        #expect(tape(of: value)?.stringsAreCheckedUTF8 == false)
        let repaired = "a\u{FFFD}b\u{FFFD}"
        #expect(value == [repaired: .string(repaired)])
        #expect(value.materialized() == [repaired: .string(repaired)])
        #expect(value.materialized().objectValue?.keys.first?.utf8.count == repaired.utf8.count)
    }
}
