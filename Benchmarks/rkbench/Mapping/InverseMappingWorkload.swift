/// Subject `mapping` of `serialize/…`: models → JSON bytes through the inverse of the
/// fixture's mapping (`RequestMapping.json(of:)`, no representation in between). Returns the
/// byte count.
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
        try fixture.json(of: models).count
    }
}
