/// Baseline `JSONEncoder`: Foundation encodes the same models (ISO 8601 dates). Returns
/// the byte count.
///
/// ```swift
/// let workload = JSONEncoderWorkload(fixture: fixture, models: statuses)
/// ```
struct JSONEncoderWorkload<Fixture: MappingFixture>: Workload {
    let name = "JSONEncoder"
    let fixture: Fixture
    /// The models encoded each run (mapped once, in setup).
    let models: [Fixture.Model]

    func run() throws -> Int {
        try fixture.encode(models).count
    }
}
