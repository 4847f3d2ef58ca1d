/// Subject `mapping`: parse the bytes with `YAJLParser`, then map them into typed models
/// with the fixture's `ObjectMapping`. Returns the model count.
///
/// ```swift
/// let workload = MappingWorkload(fixture: TwitterFixture(), document: document)
/// ```
struct MappingWorkload<Fixture: MappingFixture>: Workload {
    let name = "mapping"
    let fixture: Fixture
    let document: Document

    func run() throws -> Int {
        let representation = try document.bytes.withUnsafeBytes { try RestKitJSONCodecs.parser.parse($0) }
        return try fixture.map(representation).count
    }
}
