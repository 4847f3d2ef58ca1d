@testable import RestKitCore
import Testing

@testable import RestKitJSON

/// How the Swift JSON parser takes its input: an array is kept as it is (the parsed document's
/// strings point into it), anything else is copied once; the results and errors are the same
/// whichever way the bytes come.
struct JSONParserInputTests {
    private let text = #"{"name":"Ada Lovelace","tags":["math","poetry"],"born":1815,"é":"\u00e9"}"#

    /// The address of the bytes the parsed document keeps.
    private func keptBytes(of value: Representation) -> UnsafePointer<UInt8>? {
        guard case .tape(let tape, _) = value.storage else { return nil }
        return tape.bytes.withUnsafeBufferPointer { $0.baseAddress }
    }

    @Test func anArrayIsKeptAsItIs() throws {
        let bytes = Array(text.utf8)
        let input = bytes.withUnsafeBufferPointer { $0.baseAddress }
        let direct = try JSONParser().parse(bytes)
        #expect(keptBytes(of: direct) == input)
        // Through the protocol and through the generic `Sequence` entry point alike.
        let plugin: any RepresentationParser = JSONParser()
        #expect(keptBytes(of: try plugin.parse(bytes)) == input)
        var registry = Registry()
        registry.register(JSONParser(), for: "application/json")
        #expect(keptBytes(of: try registry.parse(bytes, as: MediaType("application/json"))) == input)
        #expect(direct["name"] == "Ada Lovelace")
        #expect(direct[keyPath: "tags.1"] == "poetry")
        #expect(direct["é"] == "é")
    }

    @Test func otherInputIsCopiedAndParsesTheSame() throws {
        let bytes = Array(text.utf8)
        let fromArray = try JSONParser().parse(bytes)
        let fromPointer = try bytes.withUnsafeBytes { try JSONParser().parse($0) }
        let fromSlice = try JSONParser().parse(bytes[...])
        let fromText = try JSONParser().parse(text: text)
        let input = bytes.withUnsafeBufferPointer { $0.baseAddress }
        for (name, value) in [("pointer", fromPointer), ("slice", fromSlice), ("text", fromText)] {
            #expect(keptBytes(of: value) != input, "\(name)")
            #expect(value == fromArray, "\(name)")
            #expect(value.description == fromArray.description, "\(name)")
        }
    }

    /// The caller's array stays the caller's: changing it afterwards changes nothing parsed.
    @Test func changingTheArrayAfterwardsLeavesTheDocumentAlone() throws {
        var bytes = Array(#"["abc"]"#.utf8)
        let value = try JSONParser().parse(bytes)
        bytes[2] = UInt8(ascii: "x")
        #expect(value[0] == "abc")
        #expect(bytes[2] == UInt8(ascii: "x"))
    }

    @Test(arguments: [#"{"a":[1,2,}"#, "[\"caf\u{E9}\", tru]", "", "  ", #"{"a":1} x"#])
    func errorsAreTheSameWhicheverWayTheBytesCome(text: String) throws {
        let bytes = Array(text.utf8)
        let fromArray = #expect(throws: ParseError.self) { try JSONParser().parse(bytes) }
        let fromPointer = #expect(throws: ParseError.self) { try bytes.withUnsafeBytes { try JSONParser().parse($0) } }
        #expect(fromArray != nil)
        #expect(fromArray?.description == fromPointer?.description)
        #expect(fromArray?.location == fromPointer?.location)
    }
}
