import Foundation
import RestKitCore
import RestKitJSON
import RestKitTestSupport
import Testing

/// Cross-checks with Python's `json` module: `python3 -m json.tool` accepts the JSON we write
/// and writes it again in its own style (indented, non-ASCII escaped), which we read back to the
/// value we wrote. Skipped, with a message, when `python3` is not installed.
@Suite(
    "JSON interoperability with Python's json",
    .enabled(if: ExternalProgram("python3") != nil, "python3 is not installed; JSON interoperability checks skipped"))
struct JSONInteropTests {
    /// Values where writers go wrong: every control character, escapes, astral characters,
    /// the Int64 limits, doubles at the edges of their range, big integers kept as text.
    static let hostileValues: [(String, Representation)] = [
        ("control characters", .string(String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }) + "\u{7F}")),
        ("escapes and quotes", .string(#"a "quoted" \ back/slash </script>"#)),
        ("non-ASCII", .string("Zoë, 東京, 🎉 (astral), \u{2028}\u{2029} (line separators), \u{FEFF}")),
        ("integers", [.int(0), .int(-1), .int(Int64.max), .int(Int64.min)]),
        ("doubles", [.double(0.1), .double(-0.0), .double(1e300), .double(5e-324), .double(1.7976931348623157e308), .double(-2.5e-8)]),
        ("big integer text", .number("123456789012345678901234567890")),
        ("keys", ["": 1, "with \"quote\"": 2, "é": 3, "\n": 4]),
        ("empty containers", ["array": [], "object": [:], "null": .null, "true": true, "false": false]),
        ("nesting", Representation.array([(0..<200).reduce(Representation.int(1)) { inner, _ in .array([inner]) }])),
    ]

    /// Runs `python3 -m json.tool` on `bytes`; its output, which must be accepted.
    static func jsonTool(_ bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws -> [UInt8]? {
        let python = try #require(ExternalProgram("python3"))
        let outcome = try await python.run(["-m", "json.tool"], input: bytes)
        #expect(outcome.status == 0, "json.tool refused our output: \(outcome.errors)", sourceLocation: sourceLocation)
        return outcome.status == 0 ? outcome.output : nil
    }

    @Test("json.tool accepts what we write, and what it writes back reads as the same value", arguments: hostileValues.map(\.0))
    func pythonReadsOurJSON(name: String) async throws {
        let value = try #require(Self.hostileValues.first { $0.0 == name }?.1)
        for options: JSONWriter.Options in [[], [.prettyPrinted]] {
            let written = try JSONWriter(options: options).write(value)
            let rewritten = try #require(try await Self.jsonTool(written))
            #expect(try JSONParser().parse(rewritten) == value, "\(String(decoding: rewritten, as: UTF8.self).prefix(400))")
        }
    }

    @Test(
        "real-world documents: we parse, write; json.tool reads ours and rewrites; we read its output to the same value",
        .enabled(if: SharedCorpus.directory("corpora/json") != nil, Comment(rawValue: SharedCorpus.missingMessage("corpora/json"))),
        arguments: ["twitter.json", "citm_catalog.json", "canada.json", "github_events.json"])
    func realWorldDocuments(file: String) async throws {
        let directory = try #require(SharedCorpus.directory("corpora/json"))
        let original = try JSONParser().parse(try SharedCorpus.bytes(of: directory.appendingPathComponent(file)))
        let written = try JSONWriter().write(original)
        let rewritten = try #require(try await Self.jsonTool(written))
        #expect(try JSONParser().parse(rewritten) == original)
    }
}
