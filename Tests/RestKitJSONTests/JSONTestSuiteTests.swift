import Foundation
import RestKitCore
import RestKitTestSupport
import Testing

@testable import RestKitJSON

/// JSONTestSuite (Nicolas Seriot): `y_` must be accepted, `n_` rejected, `i_` must not crash.
@Suite(.enabled(if: SharedCorpus.directory("corpora/JSONTestSuite") != nil,
                Comment(rawValue: SharedCorpus.missingMessage("corpora/JSONTestSuite"))))
struct JSONTestSuiteTests {
    static let directory = "corpora/JSONTestSuite"
    static let parsers: [any RepresentationParser] = [JSONParser(), JanssonParser(), YAJLParser()]

    static func files(_ prefix: String) -> [URL] {
        SharedCorpus.files(in: directory) { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }
    }

    @Test func suiteIsPresent() {
        #expect(Self.files("y_").count > 90)
        #expect(Self.files("n_").count > 150)
    }

    @Test(arguments: ["swift", "jansson", "yajl"])
    func acceptsEveryValidDocument(parserName: String) throws {
        let parser = try #require(Self.parsers.first { $0.name == parserName })
        for file in Self.files("y_") {
            let bytes = try SharedCorpus.bytes(of: file)
            #expect(throws: Never.self, "\(parserName) rejected \(file.lastPathComponent)") {
                try parser.parse(bytes)
            }
        }
    }

    @Test(arguments: ["swift", "jansson", "yajl"])
    func rejectsEveryInvalidDocument(parserName: String) throws {
        let parser = try #require(Self.parsers.first { $0.name == parserName })
        for file in Self.files("n_") {
            let bytes = try SharedCorpus.bytes(of: file)
            let error = #expect(throws: ParseError.self, "\(parserName) accepted \(file.lastPathComponent)") {
                try parser.parse(bytes)
            }
            if let location = error?.location {
                #expect(location.line >= 1, "\(file.lastPathComponent): \(location)")
                #expect((0...bytes.count).contains(location.byteOffset), "\(file.lastPathComponent): \(location)")
            } else if error != nil {
                Issue.record("\(parserName): no location for \(file.lastPathComponent)")
            }
        }
    }

    /// Implementation-defined documents may be accepted or rejected, but either way properly:
    /// an accepted document is a well-formed value (written out and read back, it is the same
    /// value), a rejection is a ``ParseError`` with a location inside the input, and nothing
    /// else is thrown (any other error fails the test).
    @Test(arguments: ["swift", "jansson", "yajl"])
    func survivesImplementationDefinedDocuments(parserName: String) throws {
        let parser = try #require(Self.parsers.first { $0.name == parserName })
        let files = Self.files("i_")
        try #require(files.count > 20, "only \(files.count) i_ documents in the JSONTestSuite corpus")
        var accepted: [String] = []
        var rejected: [String] = []
        for file in files {
            let bytes = try SharedCorpus.bytes(of: file)
            let name = file.lastPathComponent
            do {
                let value = try parser.parse(bytes)
                let written = try JSONWriter().write(value)
                #expect(try JSONParser().parse(written) == value, "\(parserName) accepted \(name), but its value does not read back")
                accepted.append(name)
            } catch let error as ParseError {
                let location = try #require(error.location, "\(parserName) rejected \(name) without a location: \(error)")
                #expect((0...bytes.count).contains(location.byteOffset), "\(parserName): \(name): \(location)")
                rejected.append(name)
            }
        }
        print("JSONTestSuite i_ documents, \(parserName): \(accepted.count) accepted, \(rejected.count) rejected")
        // Every parser rejects the UTF-16 documents (not UTF-8) and accepts the 500-deep arrays.
        #expect(rejected.contains("i_string_UTF-16LE_with_BOM.json"), "\(parserName)")
        #expect(accepted.contains("i_structure_500_nested_arrays.json"), "\(parserName)")
    }

    @Test func allParsersAgreeOnValidDocuments() throws {
        for file in Self.files("y_") {
            let bytes = try SharedCorpus.bytes(of: file)
            let fromSwift = try JSONParser().parse(bytes)
            let fromJansson = try JanssonParser().parse(bytes)
            let fromYAJL = try YAJLParser().parse(bytes)
            #expect(fromJansson == fromYAJL, "\(file.lastPathComponent)")
            #expect(fromSwift == fromYAJL, "\(file.lastPathComponent)")
            #expect(fromSwift.description == fromYAJL.description, "\(file.lastPathComponent)")
        }
    }

    /// Implementation-defined documents: the Swift scanner accepts exactly what yajl
    /// accepts, with the same value, except for lone surrogate escapes, which it rejects
    /// (yajl replaces them; nothing is silently replaced here).
    @Test func swiftScannerAgreesWithYAJLOnImplementationDefinedDocuments() throws {
        for file in Self.files("i_") {
            let bytes = try SharedCorpus.bytes(of: file)
            let fromSwift = Result { try JSONParser().parse(bytes) }
            let fromYAJL = Result { try YAJLParser().parse(bytes) }
            switch (fromSwift, fromYAJL) {
            case (.success(let swift), .success(let yajl)):
                #expect(swift == yajl, "\(file.lastPathComponent)")
            case (.failure, .failure):
                break
            case (.failure(let error), .success):
                #expect(file.lastPathComponent.contains("surrogate"), "\(file.lastPathComponent): swift rejected it: \(error)")
            case (.success, .failure(let error)):
                Issue.record("\(file.lastPathComponent): swift accepted what yajl rejected: \(error)")
            }
        }
    }
}
