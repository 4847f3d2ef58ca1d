/// `serialize/<document>`: typed models → JSON bytes, for the documents a
/// ``MappingFixture`` knows. The models are mapped once in setup from the document.
///
/// | workload | pipeline |
/// |---|---|
/// | subject `mapping` | `mapping.inverse().json(of: models)` (written straight from the models) |
/// | baseline `JSONEncoder` | `JSONEncoder().encode(models)` (same `Codable` models) |
///
/// Both write dates as ISO 8601 and leave `nil` optionals out. Setup checks once that the
/// two outputs parse to equal documents, and that `json(of:)` wrote the same bytes as
/// `representation(of:)` serialized. Throughput is over the mapping's output size.
///
/// ```swift
/// let cases = SerializeBenchmarkGroup().cases(in: corpus)   // serialize/twitter.json, …
/// ```
struct SerializeBenchmarkGroup: BenchmarkGroup {
    let name = "serialize"

    func cases(in corpus: Corpus) -> [BenchmarkCase] {
        corpus.documents.compactMap { document in
            MappingFixtures.fixture(for: document).map { benchmark($0, document) }
        }
    }

    private func benchmark<Fixture: MappingFixture>(_ fixture: Fixture, _ document: Document) -> BenchmarkCase {
        let name = "\(name)/\(document.name)"
        let models: [Fixture.Model]
        let outputBytes: Int
        do {
            models = try MappingFixtures.verifiedModels(fixture, document)
            outputBytes = try MappingFixtures.verifiedOutputSize(fixture, models)
        } catch {
            MappingFixtures.report(error, in: name)
            let reason = "\(error)"
            return BenchmarkCase(
                name: name, inputBytes: document.bytes.count,
                subjects: [FailedSetupWorkload(name: "mapping", reason: reason)],
                baselines: [FailedSetupWorkload(name: "JSONEncoder", reason: reason)])
        }
        return BenchmarkCase(
            name: name, inputBytes: outputBytes,
            subjects: [InverseMappingWorkload(fixture: fixture, models: models)],
            baselines: [JSONEncoderWorkload(fixture: fixture, models: models)])
    }
}
