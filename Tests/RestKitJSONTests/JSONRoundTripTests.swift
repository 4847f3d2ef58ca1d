import Foundation
import RestKitCore
import RestKitTestSupport
import Testing

@testable import RestKitJSON

/// parse → write → parse is the identity on every corpus document, for every writer option.
@Suite(.enabled(if: SharedCorpus.directory("corpora/json") != nil,
                Comment(rawValue: SharedCorpus.missingMessage("corpora/json"))))
struct JSONRoundTripTests {
    static let corpus = SharedCorpus.files(in: "corpora/json") { $0.hasSuffix(".json") }.map(\.lastPathComponent)
    static let optionSets: [JSONWriter.Options] = [[], [.prettyPrinted], [.sortedKeys], [.prettyPrinted, .sortedKeys, .escapeSlashes]]

    static func load(_ name: String) throws -> [UInt8] {
        let directory = try #require(SharedCorpus.directory("corpora/json"))
        return try SharedCorpus.bytes(of: directory.appendingPathComponent(name))
    }

    /// The arguments of the tests below: an empty list would run them zero times and pass.
    @Test func corpusIsPresent() {
        for name in ["twitter.json", "citm_catalog.json", "canada.json"] {
            #expect(Self.corpus.contains(name), "\(name) is missing from the JSON corpus")
        }
    }

    @Test(arguments: corpus)
    func roundTripIsIdentity(file: String) throws {
        let bytes = try Self.load(file)
        let original = try YAJLParser().parse(bytes)
        for options in Self.optionSets {
            let written = try JSONSerializer(options: options).serialize(original)
            #expect(try YAJLParser().parse(written) == original, "\(file) with \(options)")
            #expect(try JanssonParser().parse(written) == original, "\(file) with \(options)")
        }
    }

    @Test(arguments: corpus)
    func parsersAgreeOnTheCorpus(file: String) throws {
        let bytes = try Self.load(file)
        #expect(try JanssonParser().parse(bytes) == YAJLParser().parse(bytes))
    }

    @Test(arguments: corpus)
    func chunkedParsingMatchesWholeParsing(file: String) throws {
        let bytes = try Self.load(file)
        let whole = try YAJLParser().parse(bytes)
        // One byte at a time only for the small files (the large ones take minutes in a debug
        // build; every chunking of small documents is tried in ChunkedAgreementTests).
        for chunkSize in bytes.count < 100_000 ? [1, 7, 4096] : [13, 4096] {
            var parser = IncrementalJSONParser()
            var start = 0
            while start < bytes.count {
                let end = min(start + chunkSize, bytes.count)
                try parser.append(bytes[start..<end])
                start = end
            }
            #expect(try parser.finish() == whole, "\(file) at chunk size \(chunkSize)")
        }
    }

    @Test func foundationReadsWhatWeWrite() throws {
        let bytes = try Self.load("twitter.json")
        let written = try JSONSerializer().serialize(try YAJLParser().parse(bytes))
        let reference = try JSONSerialization.jsonObject(with: Data(bytes)) as? NSDictionary
        let ours = try JSONSerialization.jsonObject(with: Data(written)) as? NSDictionary
        #expect(reference != nil)
        #expect(reference == ours)
    }
}
