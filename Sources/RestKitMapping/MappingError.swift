public import RestKitCore

/// Why a value could not be mapped, and where.
///
/// ```swift
/// do {
///     let user = try userMapping.map(document)
/// } catch let error as MappingError {
///     print(error)   // user.birthdate: cannot convert string "soon" to Date
///     error.keyPath  // "user.birthdate"
/// }
/// ```
public struct MappingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The broad kind of failure.
    public struct ErrorType: Sendable, Hashable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case typeMismatch, missingValue, unmappableDocument, declined, invalidKeyPath, custom
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The value has a type or form the destination cannot take.
        public static let typeMismatch = ErrorType(.typeMismatch)
        /// A value the mapping requires is absent or null.
        public static let missingValue = ErrorType(.missingValue)
        /// None of the mapper's key paths matched the document.
        public static let unmappableDocument = ErrorType(.unmappableDocument)
        /// A dynamic mapping chose no mapping for the value.
        public static let declined = ErrorType(.declined)
        /// A source key path is malformed (an unknown `@operator`).
        public static let invalidKeyPath = ErrorType(.invalidKeyPath)
        /// Raised by a custom transformer or mapping.
        public static let custom = ErrorType(.custom)

        public var description: String { "\(base)" }
    }

    /// The broad kind of failure.
    public var errorType: ErrorType
    /// What went wrong, in words.
    public var reason: String
    /// The dotted key path in the source document (`"articles.2.author.name"`).
    public var keyPath: String
    /// The value that could not be mapped, when there was one.
    public var value: Representation?

    /// Creates an error.
    public init(_ errorType: ErrorType, _ reason: String, keyPath: String, value: Representation? = nil) {
        self.errorType = errorType
        self.reason = reason
        self.keyPath = keyPath
        self.value = value
    }

    /// A conversion failure naming the value and the wanted type.
    static func cannotConvert(_ value: Representation, to type: Any.Type, keyPath: String, detail: String? = nil) -> MappingError {
        var shown = value.description
        if shown.count > 60 { shown = String(shown.prefix(57)) + "..." }
        let reason = "cannot convert \(value.kind) \(shown) to \(type)" + (detail.map { " (\($0))" } ?? "")
        return MappingError(.typeMismatch, reason, keyPath: keyPath, value: value)
    }

    /// `keyPath: reason`.
    public var description: String {
        keyPath.isEmpty ? reason : "\(keyPath): \(reason)"
    }
}
