/// Why a serializer could not write a representation, and at which key path.
///
/// ```swift
/// do {
///     _ = try JSONWriter().write(.double(.nan))
/// } catch {
///     print(error)  // NaN is not a valid JSON number
/// }
/// ```
public struct SerializationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The broad kind of failure.
    public struct ErrorType: Sendable, Hashable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case unrepresentableValue, unsupportedShape, depthLimitExceeded
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// A value the format cannot hold (NaN in JSON, a control character in XML).
        public static let unrepresentableValue = ErrorType(.unrepresentableValue)
        /// A structure the format cannot hold (XML needs one root element).
        public static let unsupportedShape = ErrorType(.unsupportedShape)
        /// Nesting is deeper than the serializer allows.
        public static let depthLimitExceeded = ErrorType(.depthLimitExceeded)

        public var description: String { "\(base)" }
    }

    /// The broad kind of failure.
    public var errorType: ErrorType
    /// What went wrong, in words.
    public var reason: String
    /// Dotted key path of the offending value (`""` for the root).
    public var keyPath: String

    /// Creates an error.
    public init(_ errorType: ErrorType, _ reason: String, keyPath: String) {
        self.errorType = errorType
        self.reason = reason
        self.keyPath = keyPath
    }

    /// `reason (at key path)`.
    public var description: String {
        keyPath.isEmpty ? reason : "\(reason) (at '\(keyPath)')"
    }
}
