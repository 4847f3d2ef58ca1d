import Foundation
import RestKit

/// The fixtures the `map` and `serialize` groups know, and the checks their setup runs once
/// (never timed): every reading path must produce the same models, both writers the same JSON.
///
/// ```swift
/// if let fixture = MappingFixtures.fixture(for: document) { … }
/// ```
enum MappingFixtures {
    /// The fixture for `document`'s shape, or `nil` when no benchmark maps it.
    static func fixture(for document: Document) -> (any MappingFixture)? {
        if TwitterFixture.reads(document) { return TwitterFixture() }
        if CatalogFixture.reads(document) { return CatalogFixture() }
        return nil
    }

    /// Reads `document` with the mapping, the Codable bridge and `JSONDecoder`, checks that
    /// all three agree (count, then every model field by field) and returns the mapped models.
    ///
    /// - Throws: ``BaselineError`` naming the first difference.
    static func verifiedModels<Fixture: MappingFixture>(_ fixture: Fixture, _ document: Document) throws -> [Fixture.Model] {
        let representation = try document.bytes.withUnsafeBytes { try RestKitJSONCodecs.parser.parse($0) }
        let mapped = try fixture.map(representation)
        guard !mapped.isEmpty else { throw BaselineError("the mapping found no models") }
        let expected = fixture.canonical(try fixture.decode(document.data))
        try compare(fixture.canonical(mapped), "mapping", with: expected, fixture)
        try compare(fixture.canonical(try fixture.bridge(representation)), "codable-bridge", with: expected, fixture)
        return mapped
    }

    /// Writes `models` with the inverse mapping + `JSONSerializer` and with `JSONEncoder`,
    /// and checks that both outputs parse to equal documents, which hold what was mapped.
    ///
    /// - Returns: the size of the mapping's output in bytes.
    /// - Throws: ``BaselineError`` when the outputs differ.
    static func verifiedOutputSize<Fixture: MappingFixture>(_ fixture: Fixture, _ models: [Fixture.Model]) throws -> Int {
        let written = try fixture.json(of: models)
        guard written == (try RestKitJSONCodecs.serializer.serialize(fixture.representation(of: models))) else {
            throw BaselineError("the mapping wrote different JSON straight from the models than through their representation")
        }
        let encoded = try fixture.encode(models)
        let fromMapping = try written.withUnsafeBytes { try RestKitJSONCodecs.parser.parse($0) }
        let fromEncoder = try Array(encoded).withUnsafeBytes { try RestKitJSONCodecs.parser.parse($0) }
        if fromMapping != fromEncoder {
            let mine = fromMapping[0]?.description.prefix(300) ?? "nothing"
            let theirs = fromEncoder[0]?.description.prefix(300) ?? "nothing"
            throw BaselineError("inverse mapping and JSONEncoder wrote different JSON; first element:\n  mapping:     \(mine)\n  JSONEncoder: \(theirs)")
        }
        guard fromMapping.arrayValue?.count == models.count else {
            throw BaselineError("the inverse mapping wrote \(fromMapping.arrayValue?.count ?? 0) elements for \(models.count) models")
        }
        return written.count
    }

    /// Checks ``TwitterDate`` against a `DateFormatter` on a few dates.
    static func verifyTwitterDates() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
        for text in ["Sun Aug 31 00:29:15 +0000 2014", "Thu Jan 01 00:00:00 +0000 1970", "Tue Feb 29 23:59:59 -0130 2000"] {
            guard let mine = TwitterDate.date(from: text), mine == formatter.date(from: text),
                  let back = TwitterDate.date(from: TwitterDate.string(from: mine)), back == mine
            else { throw BaselineError("TwitterDate reads '\(text)' differently from DateFormatter") }
        }
    }

    private static func compare<Model: Equatable, Fixture: MappingFixture>(
        _ models: [Model], _ subject: String, with expected: [Model], _ fixture: Fixture
    ) throws where Fixture.Model == Model {
        guard models.count == expected.count else {
            throw BaselineError("\(subject) read \(models.count) models, JSONDecoder \(expected.count)")
        }
        if let index = models.indices.first(where: { models[$0] != expected[$0] }) {
            throw BaselineError("\(subject) and JSONDecoder differ at model \(index):\n  \(subject): "
                + "\(fixture.summary(models[index]))\n  JSONDecoder: \(fixture.summary(expected[index]))")
        }
    }

    /// Prints a setup remark on standard error.
    private static func note(_ text: String) {
        FileHandle.standardError.write(Data("rkbench: note: \(text)\n".utf8))
    }

    /// Prints a setup failure on standard error, so it is seen even when the report is piped.
    static func report(_ error: any Error, in benchmark: String) {
        FileHandle.standardError.write(Data("rkbench: \(benchmark): setup check FAILED: \(error)\n".utf8))
    }
}
