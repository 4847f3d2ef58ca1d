import RestKit

/// A subject: a serializer plugin from the registry writing one representation.
///
/// ```swift
/// let serializer = try Registry.default.serializer(for: .formURLEncoded)
/// let workload = SerializeWorkload(serializer: serializer, value: OrderParameters.make())
/// ```
struct SerializeWorkload: Workload {
    /// The plugin under test.
    let serializer: any RepresentationSerializer
    /// What it writes.
    let value: Representation
    /// Why the case must not run (its output differs from the baseline's), or `nil`.
    var skipReason: String?

    /// The plugin's registered name (`"urlencoded"`).
    var name: String { serializer.name }

    /// Serializes the value; returns the output length.
    func run() throws -> Int {
        try serializer.serialize(value).count
    }
}
