/// Subject `codable-bridge`: parse the bytes with `YAJLParser`, then decode the models'
/// `Decodable` conformances with `RepresentationDecoder`. Returns the model count.
///
/// ```swift
/// let workload = CodableBridgeWorkload(fixture: CatalogFixture(), document: document)
/// ```
struct CodableBridgeWorkload<Fixture: MappingFixture>: Workload {
    let name = "codable-bridge"
    let fixture: Fixture
    let document: Document

    func run() throws -> Int {
        let representation = try document.bytes.withUnsafeBytes { try RestKitJSONCodecs.parser.parse($0) }
        return try fixture.bridge(representation).count
    }
}
