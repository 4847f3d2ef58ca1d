import Foundation
import RestKitCore
import RestKitTestSupport
import RestKitXML
import Testing

/// Real-world documents must parse; W3C not-well-formed documents must be rejected with a location.
@Suite(.enabled(
    if: SharedCorpus.directory("corpora/xml") != nil,
    Comment(rawValue: SharedCorpus.missingMessage("corpora/xml"))
))
struct CorpusTests {
    static let documentExtensions = [".xml", ".svg", ".wsdl", ".xhtml"]

    /// Root element of each known corpus document.
    static let roots: [String: String] = [
        "REC-xml-19980210.xml": "spec", "atom_feed.xml": "feed", "electroxml_att4.xml": "electroxml",
        "fedora_comps.xml": "comps", "nvdcve.xml": "nvd", "rss091_dtd.xml": "rss", "rss2_itunes.xml": "rss",
        "rss2sample.xml": "rss", "slashdot16_utf16.xml": "ultramode", "soap11_response.xml": "s:Envelope",
        "stockquote.wsdl": "definitions", "svg3.svg": "svg", "xhtml1.xhtml": "html", "xmark_auction.xml": "site",
    ]

    func document(_ name: String) throws -> Representation {
        let directory = try #require(SharedCorpus.directory("corpora/xml"))
        return try LibXML2Parser().parse(SharedCorpus.bytes(of: directory.appendingPathComponent(name)))
    }

    @Test func everyDocumentParsesWithItsRootElement() throws {
        let files = SharedCorpus.files(in: "corpora/xml") { name in Self.documentExtensions.contains { name.hasSuffix($0) } }
        #expect(files.count >= 14)
        for file in files {
            let name = file.lastPathComponent
            let value = try LibXML2Parser().parse(SharedCorpus.bytes(of: file))
            let keys = value.objectValue.map { Array($0.keys) }
            #expect(keys?.count == 1, "\(name)")
            if let root = Self.roots[name] { #expect(keys == [root], "\(name)") }
        }
    }

    @Test func specificValues() throws {
        let rss = try document("rss2sample.xml")
        #expect(rss[keyPath: "rss.version"] == "2.0")
        #expect(rss[keyPath: "rss.channel.title"] == "Liftoff News")
        #expect(rss[keyPath: "rss.channel.item"]?.arrayValue?.count == 4)
        #expect(rss[keyPath: "rss.channel.item.0.title"] == "Star City")

        let slashdot = try document("slashdot16_utf16.xml")
        #expect(slashdot[keyPath: "ultramode.story.0.title"] == "100 Mbit/s on Fibre to the home")
        #expect(slashdot[keyPath: "ultramode.story.0.author"] == "CmdrTaco")

        // Internal entities of the internal subset are expanded (ISO-8859-1 input).
        let spec = try document("REC-xml-19980210.xml")
        #expect(spec[keyPath: "spec.header.pubdate.day"] == "10")
        #expect(spec[keyPath: "spec.header.w3c-designation"] == "REC-xml-19980210")

        let soap = try document("soap11_response.xml")
        #expect(soap[keyPath: "s:Envelope.s:Body"]?.objectValue?.isEmpty == false)
    }

    @Test func undefinedEntitiesFromAnUnloadedDTDStayLiteral() throws {
        let xhtml = try document("xhtml1.xhtml")
        #expect(xhtml.description.contains("&copy; 1999"))
    }

    /// One not-well-formed case from `INDEX.tsv`.
    struct MalformedCase: CustomTestStringConvertible, Sendable {
        let path: String
        let entities: String
        var testDescription: String { path }
    }

    /// Rows of type `not-wf` that need no external entity (the `ENTITIES` column is empty or `none`).
    static let malformedCases: [MalformedCase] = {
        guard let directory = SharedCorpus.directory("corpora/xml/malformed"),
              let index = try? String(contentsOf: directory.appendingPathComponent("INDEX.tsv"), encoding: .utf8)
        else { return [] }
        return index.split(separator: "\n").dropFirst().compactMap { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count >= 5, columns[3] == "not-wf", columns[4].isEmpty || columns[4] == "none" else { return nil }
            return MalformedCase(path: columns[0], entities: columns[4])
        }
    }()

    @Test func indexSelectsTheSelfContainedCases() {
        #expect(Self.malformedCases.count == 185)
    }

    @Test(arguments: malformedCases)
    func malformedDocumentIsRejectedWithALocation(_ testCase: MalformedCase) throws {
        let directory = try #require(SharedCorpus.directory("corpora/xml/malformed"))
        let bytes = try SharedCorpus.bytes(of: directory.appendingPathComponent(testCase.path))
        do {
            let value = try LibXML2Parser().parse(bytes)
            Issue.record("\(testCase.path) was accepted: \(value)")
        } catch let error as ParseError {
            let location = try #require(error.location, "\(testCase.path): \(error)")
            #expect(location.line >= 1)
            #expect(location.column >= 1)
            #expect(location.byteOffset >= 0 && location.byteOffset <= bytes.count)
            #expect(!error.reason.isEmpty)
        }
    }
}
