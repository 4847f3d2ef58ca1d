/// `map/<document>`: parse + map from bytes into typed Swift models, for the documents a
/// ``MappingFixture`` knows (`twitter.json`, `citm_catalog.json` and their generated
/// stand-ins).
///
/// | subject | pipeline |
/// |---|---|
/// | `mapping` | `YAJLParser().parse(bytes)`, then `ObjectMapping.map` / `mapCollection` |
/// | `codable-bridge` | `YAJLParser().parse(bytes)`, then `RepresentationDecoder` (for information) |
///
/// Baseline: `JSONDecoder` decoding the same fields into the same models from `Data`.
/// Setup (not timed) checks once that all three read equal models; a difference makes
/// every workload of the case fail with the reason, and is printed on standard error.
///
/// ```swift
/// let cases = MapBenchmarkGroup().cases(in: corpus)   // map/twitter.json, map/citm_catalog.json
/// ```
struct MapBenchmarkGroup: BenchmarkGroup {
    let name = "map"

    func cases(in corpus: Corpus) -> [BenchmarkCase] {
        corpus.documents.compactMap { document in
            MappingFixtures.fixture(for: document).map { benchmark($0, document) }
        }
    }

    private func benchmark<Fixture: MappingFixture>(_ fixture: Fixture, _ document: Document) -> BenchmarkCase {
        let name = "\(name)/\(document.name)"
        do {
            try MappingFixtures.verifyTwitterDates()
            _ = try MappingFixtures.verifiedModels(fixture, document)
        } catch {
            MappingFixtures.report(error, in: name)
            let reason = "\(error)"
            return BenchmarkCase(
                name: name, inputBytes: document.bytes.count,
                subjects: [FailedSetupWorkload(name: "mapping", reason: reason),
                           FailedSetupWorkload(name: "codable-bridge", reason: reason)],
                baselines: [FailedSetupWorkload(name: "JSONDecoder", reason: reason)])
        }
        return BenchmarkCase(
            name: name, inputBytes: document.bytes.count,
            subjects: [MappingWorkload(fixture: fixture, document: document),
                       CodableBridgeWorkload(fixture: fixture, document: document)],
            baselines: [JSONDecoderWorkload(fixture: fixture, document: document)])
    }
}
