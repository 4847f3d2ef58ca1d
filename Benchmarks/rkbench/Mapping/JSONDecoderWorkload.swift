/// Baseline `JSONDecoder`: Foundation decodes the same models, the same fields, from the
/// document's `Data`. Returns the model count.
///
/// ```swift
/// let workload = JSONDecoderWorkload(fixture: TwitterFixture(), document: document)
/// ```
struct JSONDecoderWorkload<Fixture: MappingFixture>: Workload {
    let name = "JSONDecoder"
    let fixture: Fixture
    let document: Document

    func run() throws -> Int {
        try fixture.decode(document.data).count
    }
}
