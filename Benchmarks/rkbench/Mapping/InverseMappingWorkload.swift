/// Subject `mapping` of `serialize/…`: models → representation through the inverse of the
/// fixture's mapping, then `JSONSerializer` → bytes. Returns the byte count.
///
/// ```swift
/// let workload = InverseMappingWorkload(fixture: fixture, models: statuses)
/// ```
struct InverseMappingWorkload<Fixture: MappingFixture>: Workload {
    let name = "mapping"
    let fixture: Fixture
    /// The models written each run (mapped once, in setup).
    let models: [Fixture.Model]

    func run() throws -> Int {
        try RestKitJSONCodecs.serializer.serialize(fixture.representation(of: models)).count
    }
}
