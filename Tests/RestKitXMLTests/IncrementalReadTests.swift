import Foundation
import RestKitCore
import RestKitTestSupport
import RestKitXML
import Testing

/// Read from one buffer or through libxml2's read callback (``LibXML2Parser/incrementalReadThreshold``),
/// every document gives the same value or the same error: type, reason, line, column and byte
/// offset. (libxml2 itself does not: some of its errors change text or position with how much
/// input it had read, and for input it transcodes the byte offset is its count of bytes consumed,
/// so a document that fails in pieces is parsed again from one buffer for its error.)
@Suite struct IncrementalReadTests {
    static let inOneBuffer = LibXML2Parser(incrementalReadThreshold: .max)
    static let inPieces = LibXML2Parser(incrementalReadThreshold: 0)

    /// The outcome of a parse, comparable.
    enum Outcome: Equatable {
        case value(Representation)
        case error(ParseError.ErrorType, String, line: Int?, column: Int?, byteOffset: Int?)

        /// The start of the outcome's description (values can be megabytes).
        var summary: String {
            let text = "\(self)"
            return text.count > 300 ? text.prefix(300) + "…" : text
        }
    }

    static func outcome(_ parser: LibXML2Parser, _ bytes: [UInt8]) -> Outcome {
        do {
            return .value(try parser.parse(bytes))
        } catch let error as ParseError {
            return .error(error.errorType, error.reason, line: error.location?.line, column: error.location?.column,
                          byteOffset: error.location?.byteOffset)
        } catch {
            return .error(.syntax, "not a ParseError: \(error)", line: nil, column: nil, byteOffset: nil)
        }
    }

    /// Checks that both ways agree on `bytes`; returns the outcome.
    @discardableResult
    static func expectAgreement(_ bytes: [UInt8], _ comment: String) -> Outcome {
        let whole = outcome(inOneBuffer, bytes)
        let pieces = outcome(inPieces, bytes)
        if whole != pieces {
            Issue.record("\(comment): from one buffer \(whole.summary); in pieces \(pieces.summary)")
        }
        return whole
    }

    /// `text` in UTF-16, little-endian, after a byte-order mark.
    static func utf16LittleEndian(_ text: String) -> [UInt8] {
        [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    /// Documents that put libxml2's slow paths at the end of its 4,000-byte pieces: long and
    /// non-ASCII attribute values and names, entities, UTF-16, errors near and after a piece end.
    static let documents: [(String, [UInt8])] = {
        let longValue = String(repeating: "M10 20 L30 40 ", count: 900)  // 12,600 bytes
        let accented = String(repeating: "é€", count: 3000)
        var cases: [(String, String)] = [
            ("long attribute values", "<svg>" + (0..<40).map { "<path id=\"p\($0)\" d=\"\(longValue.prefix(100 * $0))\"/>" }.joined() + "</svg>"),
            ("non-ASCII attribute values", "<a v=\"\(accented)\" w='\(accented)'>\(accented)</a>"),
            ("a long name", "<\(String(repeating: "n", count: 9000))>x</\(String(repeating: "n", count: 9000))>"),
            ("entities", "<!DOCTYPE d [<!ENTITY e \"\(longValue)\">]><d a=\"&e;&amp;\">&e;&#233;</d>"),
            ("an error after a piece end", "<d>" + String(repeating: "<i>text</i>", count: 1000) + "<i></j></d>"),
            ("truncated after a piece end", "<d>" + String(repeating: "<i>text</i>", count: 1000) + "<i>"),
            ("an error in a long attribute", "<d a=\"\(longValue)<\"/>"),
            ("CDATA across pieces", "<d><![CDATA[\(longValue)]]></d>"),
            ("a comment across pieces", "<d><!--\(longValue)--><e/></d>"),
            // libxml2 quotes the start of an unterminated comment in its message, or not,
            // depending on how much of it it has read (found by the xml-libxml2 fuzz target).
            ("an unterminated comment (truncated)", "<d><!--\(longValue)"),
            ("an unterminated short comment after a piece end (truncated)", "<d>" + String(repeating: "<i>text</i>", count: 1000) + "<!-- a <e/>\n\t<v/>"),
            ("an unterminated comment in the first piece (truncated)", "<d><!--\n\t<v o=\"1\"/>\n" + String(repeating: "<i>text</i>", count: 800)),
            ("an unterminated comment with CR LF lines (truncated)", "<d>\r\n<!--" + String(repeating: "\r\n\t\t<val o=\"1fc016\" v=\"55\"/>", count: 200)),
            ("an unterminated CDATA section with CR LF lines (truncated)", "<d>\r\n<![CDATA[" + String(repeating: "\r\n\t\t<val o=\"1fc016\" v=\"55\"/>", count: 200)),
        ]
        cases.append(("ISO-8859-1", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><d a=\"x\">y</d>"))
        var result = cases.map { ($0.0, Array($0.1.utf8)) }
        // Latin-1 bytes (é is 0xE9), an error after several pieces.
        let latin1 = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<d>".utf8)
            + Array(repeating: Array("<i>caf".utf8) + [0xE9] + Array("</i>\n".utf8), count: 1000).flatMap { $0 }
            + Array("<1bad/></d>".utf8)
        result.append(("an error after several pieces of ISO-8859-1", latin1))
        let utf16 = "<d a=\"\(accented)\">\(longValue)</d>"
        result.append(("UTF-16 with a byte-order mark", utf16LittleEndian(utf16)))
        // The shape of an xml-libxml2 fuzz finding (4,003 bytes, its text made x's): an
        // unterminated comment, LF lines then CR LF lines, running three bytes past the first
        // piece. Read in pieces, libxml2 quoted the comment's start in its message; from one
        // buffer it did not.
        let x = { (count: Int) in String(repeating: "x", count: count) }
        let indent = "\n" + String(repeating: " ", count: 20)
        var comment = "<d>" + String(repeating: " ", count: 2162) + "<!--  " + x(30)
        for words in [[16, 78, 14], [6, 77, 14], [8, 14], [9, 76, 14], [15, 14], [24, 84, 14], [19, 90, 14], [44]] {
            comment += indent + words.map(x).joined(separator: " ")
        }
        comment += "\n        " + x(4) + String(repeating: "\r\n\t\t\t\t\t" + x(4) + " " + x(10) + " " + x(8), count: 32) + "\r\n" + x(2)
        result.append(("an unterminated comment of LF and CR LF lines past the first piece (truncated)", Array(comment.utf8)))
        // The shape of another xml-libxml2 finding (55,662 bytes; 20,003 once minimised): a comment
        // with `--` in it and a CR as the last byte of one of libxml2's 4,000-byte pieces. Read in
        // pieces, a CR LF split between two reads sends libxml2 from its fast comment path to the
        // slow one, which reports the `--` with another text and position.
        for piece in 1...3 {
            let crOffset = 4000 * piece - 1
            let opening = "<d>" + String(repeating: " ", count: 100) + "<!--"
            let text = opening + x(crOffset - opening.utf8.count) + "\r\n"
            result.append(("a comment ending the document in -- after a CR at byte \(crOffset) (truncated)", Array((text + "--").utf8)))
            result.append(("a comment holding -- after a CR at byte \(crOffset) (an error)", Array((text + "-- x --></d>").utf8)))
        }
        // The same in UTF-16, little- and big-endian, the CR's two bytes ending a piece.
        for piece in 1...2 {
            let opening = "<d>" + String(repeating: " ", count: 100) + "<!--"
            let text = opening + x((4000 * piece - 2) / 2 - 1 - opening.utf16.count) + "\r\n-- x --></d>"
            result.append(("a comment holding -- after a CR ending piece \(piece), UTF-16LE (an error)", utf16LittleEndian(text)))
            result.append(("a comment holding -- after a CR ending piece \(piece), UTF-16BE (an error)",
                           [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }))
        }
        result.append(("invalid UTF-8 after a piece end", Array("<d>\(longValue)".utf8) + [0xC3, 0x28] + Array("</d>".utf8)))
        return result
    }()

    @Test func inlineDocumentsAgree() {
        for (name, bytes) in Self.documents {
            Self.expectAgreement(bytes, name)
        }
    }

    @Test func documentsThatShouldParseDo() {
        for (name, bytes) in Self.documents where !name.contains("error") && !name.contains("truncated") && !name.contains("invalid") {
            guard case .value = Self.expectAgreement(bytes, name) else {
                Issue.record("\(name) did not parse")
                continue
            }
        }
    }

    @Test(.enabled(if: SharedCorpus.directory("corpora/xml") != nil, Comment(rawValue: SharedCorpus.missingMessage("corpora/xml"))))
    func corpusDocumentsAgree() throws {
        let files = SharedCorpus.files(in: "corpora/xml") { name in CorpusTests.documentExtensions.contains { name.hasSuffix($0) } }
        #expect(files.count >= 14)
        for file in files {
            Self.expectAgreement(try SharedCorpus.bytes(of: file), file.lastPathComponent)
        }
    }

    @Test(.enabled(if: SharedCorpus.directory("corpora/xml/malformed") != nil,
                   Comment(rawValue: SharedCorpus.missingMessage("corpora/xml/malformed"))))
    func malformedDocumentsAgree() throws {
        let root = try #require(SharedCorpus.directory("corpora/xml/malformed"))
        let paths = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
        let documents = paths.filter { $0.hasSuffix(".xml") }
        #expect(documents.count >= 100)
        for path in documents {
            Self.expectAgreement(try SharedCorpus.bytes(of: root.appendingPathComponent(path)), path)
        }
    }
}
