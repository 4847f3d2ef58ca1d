/// A registry has no plugin for what was asked.
///
/// ```swift
/// do {
///     _ = try Registry.default.parser(for: MediaType("text/csv"))
/// } catch {
///     print(error)
///     // no parser registered for text/csv; registered: application/json (yajl), */*+json (yajl), …
/// }
/// ```
public struct RegistryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The broad kind of failure.
    public struct ErrorType: Sendable, Hashable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case noParser, noSerializer, noParserNamed(String)
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// No parser matches the media type.
        public static let noParser = ErrorType(.noParser)
        /// No serializer matches the media type.
        public static let noSerializer = ErrorType(.noSerializer)
        /// No parser has the requested name.
        public static func noParserNamed(_ name: String) -> ErrorType { ErrorType(.noParserNamed(name)) }

        public var description: String {
            switch base {
            case .noParser: "no parser registered"
            case .noSerializer: "no serializer registered"
            case .noParserNamed(let name): "no parser named '\(name)'"
            }
        }
    }

    /// The broad kind of failure.
    public var errorType: ErrorType
    /// The media type that was asked for, when the lookup was by type.
    public var mediaType: MediaType?
    /// What is registered: `pattern (name)` entries, or names for a lookup by name.
    public var registered: [String]

    /// Creates an error.
    public init(_ errorType: ErrorType, mediaType: MediaType?, registered: [String]) {
        self.errorType = errorType
        self.mediaType = mediaType
        self.registered = registered
    }

    /// The reason, the type asked for, and everything registered.
    public var reason: String {
        let subject = mediaType.map { "\(errorType) for \($0.essence)" } ?? "\(errorType)"
        let listing = registered.isEmpty ? "nothing is registered" : "registered: " + registered.joined(separator: ", ")
        return "\(subject); \(listing)"
    }

    public var description: String { reason }
}
