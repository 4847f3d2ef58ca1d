import Foundation
import RestKitCore
import RestKitTestSupport
import Testing

@testable import RestKitXML

/// Cross-checks with `xmllint` (libxml2-utils): it accepts the XML we write as well-formed, and
/// re-writes documents (ours, and the real-world corpus) in its own style, which we read back
/// to the same representation. Skipped, with a message, when `xmllint` is not installed
/// (`make test` installs libxml2-utils with apt-get when it can).
@Suite(
    "XML interoperability with xmllint",
    .enabled(if: ExternalProgram("xmllint") != nil, "xmllint is not installed (apt-get install libxml2-utils); XML interoperability checks skipped"))
struct XMLInteropTests {
    /// Values where writers go wrong: markup characters, a CDATA terminator, whitespace-only
    /// and surrounding whitespace, carriage returns, non-ASCII and astral characters,
    /// namespace declarations, repeated elements, empty elements. Values are in the shape the
    /// parser reads (text is strings: a number written as text reads back as a string).
    static let values: [(String, Representation)] = [
        ("markup characters", ["note": ["body": "a < b && c > d \"quoted\" 'single' ]]> end", "to": "Zoë"]]),
        ("whitespace", ["note": ["blank": "   ", "padded": "  x  ", "lines": "one\ntwo\r\nthree\r", "tab": "\t"]]),
        ("non-ASCII", ["doc": ["title": "東京 🎉 \u{2028} \u{FEFF}", "ärger": "ü"]]),
        ("namespaces", ["feed": ["xmlns": "http://www.w3.org/2005/Atom", "xmlns:media": "http://search.yahoo.com/mrss/", "title": "T"]]),
        ("repeated and empty", ["list": ["item": ["a", "b", "", ["id": "3", "text": "c"]], "empty": ""]]),
        ("deep", ["a": (0..<100).reduce(Representation.string("leaf")) { inner, _ in ["b": inner] }]),
    ]

    static func xmllint(_ arguments: [String], _ input: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws -> [UInt8]? {
        let outcome = try await #require(ExternalProgram("xmllint")).run(arguments + ["-"], input: input)
        #expect(outcome.status == 0 && outcome.errors.isEmpty, "xmllint \(arguments): \(outcome.errors)", sourceLocation: sourceLocation)
        return outcome.status == 0 ? outcome.output : nil
    }

    @Test("xmllint finds what we write well-formed; its reformatted copy reads back as the same value", arguments: values.map(\.0))
    func xmllintReadsOurXML(name: String) async throws {
        let value = try #require(Self.values.first { $0.0 == name }?.1)
        for prettyPrinted in [false, true] {
            let written = try XMLSerializer(prettyPrinted: prettyPrinted).write(value)
            _ = try await Self.xmllint(["--noout"], written)
            // --format re-indents (whitespace-only text between elements) and re-escapes.
            let reformatted = try #require(try await Self.xmllint(["--format"], written))
            let parsed = try LibXML2Parser().parse(reformatted)
            #expect(parsed == value, "\(String(decoding: reformatted, as: UTF8.self))")
        }
    }

    @Test(
        "real-world documents: xmllint's re-written copy (entities expanded, CDATA as text) reads as what we read from the original",
        .enabled(if: SharedCorpus.directory("corpora/xml") != nil, Comment(rawValue: SharedCorpus.missingMessage("corpora/xml"))),
        arguments: [
            "atom_feed.xml", "rss2sample.xml", "rss2_itunes.xml", "soap11_response.xml", "stockquote.wsdl", "svg3.svg",
            "fedora_comps.xml", "xmark_auction.xml", "nvdcve.xml",
        ])
    func realWorldDocuments(file: String) async throws {
        let directory = try #require(SharedCorpus.directory("corpora/xml"))
        let bytes = try SharedCorpus.bytes(of: directory.appendingPathComponent(file))
        let original = try LibXML2Parser().parse(bytes)
        // --noent expands entities, --nocdata writes CDATA sections as escaped text: the same
        // document in different words.
        let rewritten = try #require(try await Self.xmllint(["--noent", "--nocdata"], bytes))
        #expect(try LibXML2Parser().parse(rewritten) == original)
        // And what we write from it is well-formed to xmllint.
        _ = try await Self.xmllint(["--noout"], try XMLSerializer().write(original))
    }
}
