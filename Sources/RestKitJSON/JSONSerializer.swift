public import RestKitCore

/// Writes a `Representation` as JSON: the registry's serializer for `application/json`.
///
/// ```swift
/// let bytes = try JSONSerializer(options: .prettyPrinted).serialize(["id": 1])
/// ```
public struct JSONSerializer: RepresentationSerializer {
    /// `"json"`.
    public let name = "json"
    /// Output options (pretty printing, sorted keys, escaped slashes).
    public var options: JSONWriter.Options

    /// Creates a serializer.
    public init(options: JSONWriter.Options = []) {
        self.options = options
    }

    /// The JSON bytes.
    ///
    /// - Throws: `SerializationError` for NaN or infinity, or invalid number text.
    public func serialize(_ value: Representation) throws -> [UInt8] {
        try JSONWriter(options: options).write(value)
    }
}
