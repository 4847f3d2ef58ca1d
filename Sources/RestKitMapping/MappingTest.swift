public import RestKitCore

/// Checks what a mapping does with a representation, in the spirit of RestKit's
/// `RKMappingTest`: "key path X maps to property Y with value Z", with failure messages
/// that say what did happen.
///
/// ```swift
/// var test = MappingTest(mapping: userMapping, representation: document)
/// test.expect("name", mapsTo: \.name, value: "Blake Watters")
/// test.expect("address", mapsTo: \.address)          // a mapping exists and produced a value
/// #expect(test.failures.isEmpty, "\(test.failures)")
/// ```
public struct MappingTest<Model> {
    /// The mapping under test.
    public let mapping: ObjectMapping<Model>
    /// The source representation.
    public let representation: Representation
    /// Options for the mapping.
    public var options: MappingOptions
    private var expectations: [(source: String, check: (ObjectMapping<Model>, Model) -> String?)] = []

    /// A test of `mapping` on `representation`.
    public init(mapping: ObjectMapping<Model>, representation: Representation, options: MappingOptions = MappingOptions()) {
        self.mapping = mapping
        self.representation = representation
        self.options = options
    }

    /// Expects `source` to be mapped to `destination`, and (when given) the mapped value to
    /// equal `value`.
    public mutating func expect<Value: Equatable>(_ source: String, mapsTo destination: KeyPath<Model, Value>, value: Value) {
        nonisolated(unsafe) let destination = destination
        expectations.append((source, { mapping, model in
            if let missing = Self.missingMapping(source, destination, in: mapping) { return missing }
            let actual = model[keyPath: destination]
            return actual == value ? nil : "expected '\(source)' to map to \(Self.name(destination)) with value \(value), but the value was \(actual)"
        }))
    }

    /// Expects `source` to be mapped to `destination`, whatever the value.
    public mutating func expect<Value>(_ source: String, mapsTo destination: KeyPath<Model, Value>) {
        nonisolated(unsafe) let destination = destination
        expectations.append((source, { mapping, _ in Self.missingMapping(source, destination, in: mapping) }))
    }

    /// Runs the mapping and every expectation; an empty list means everything held.
    public var failures: [String] {
        let model: Model
        do {
            model = try mapping.map(representation, options: options)
        } catch {
            return ["the mapping failed: \(error)"]
        }
        return expectations.compactMap { $0.check(mapping, model) }
    }

    private static func missingMapping(_ source: String, _ destination: AnyKeyPath, in mapping: ObjectMapping<Model>) -> String? {
        let fromSource = mapping.properties.filter { $0.sourceText == source }
        if fromSource.contains(where: { $0.destination?.keyPath == destination }) { return nil }
        if fromSource.isEmpty {
            let sources = mapping.properties.map { $0.source == nil ? "(the whole value)" : $0.sourceText }
            return "expected a mapping from '\(source)' to \(name(destination)), but the mapping has none from '\(source)' (it maps: \(sources.joined(separator: ", ")))"
        }
        return "expected '\(source)' to map to \(name(destination)), but it maps to another property"
    }

    private static func name(_ keyPath: AnyKeyPath) -> String {
        "\(keyPath)"
    }
}
