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

    @Test(arguments: ["swift", "jansson", "yajl"])
    func survivesImplementationDefinedDocuments(parserName: String) throws {
        let parser = try #require(Self.parsers.first { $0.name == parserName })
        var outcomes = 0
        for file in Self.files("i_") {
            let bytes = try SharedCorpus.bytes(of: file)
            do {
                _ = try parser.parse(bytes)
            } catch is ParseError {
                // Rejecting is allowed; throwing anything else is not.
            }
            outcomes += 1
        }
        #expect(outcomes == Self.files("i_").count)
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
