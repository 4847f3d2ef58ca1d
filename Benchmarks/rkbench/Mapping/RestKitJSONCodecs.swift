import RestKit

/// The parser and serializer the map and serialize subjects use, made once.
///
/// ```swift
/// let document = try bytes.withUnsafeBytes { try RestKitJSONCodecs.parser.parse($0) }
/// ```
enum RestKitJSONCodecs {
    /// RestKit's Swift JSON scanner (the registry's default for JSON).
    static let parser = JSONParser()
    /// RestKit's JSON writer.
    static let serializer = JSONSerializer()
}
