/// Why percent-decoding failed, and at which byte.
///
/// ```swift
/// do {
///     _ = try PercentEncoding.decode("a=%G1")
/// } catch {
///     error.errorType   // .invalidEscape
///     error.offset      // 2
///     print(error)      // byte 2: invalid percent escape '%G1': '%' needs two hex digits
/// }
/// ```
public struct PercentDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The broad kind of failure.
    public struct ErrorType: Sendable, Hashable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case invalidEscape, truncatedEscape, invalidUTF8
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// A `%` followed by something other than two hex digits (`%G1`, `%4&`).
        public static let invalidEscape = ErrorType(.invalidEscape)
        /// The input ends less than two hex digits after a `%` (`%`, `%4`).
        public static let truncatedEscape = ErrorType(.truncatedEscape)
        /// The decoded bytes are not UTF-8 (only when decoding to text).
        public static let invalidUTF8 = ErrorType(.invalidUTF8)

        public var description: String { "\(base)" }
    }

    /// The broad kind of failure.
    public var errorType: ErrorType
    /// What went wrong, in words (quoting the escape).
    public var reason: String
    /// The byte offset, in the encoded input, of the `%` of the escape (or of the first byte
    /// of the bad UTF-8 sequence).
    public var offset: Int

    /// Creates an error.
    ///
    /// ```swift
    /// PercentDecodingError(.invalidEscape, "invalid percent escape '%G1'", offset: 2)
    /// ```
    public init(_ errorType: ErrorType, _ reason: String, offset: Int) {
        self.errorType = errorType
        self.reason = reason
        self.offset = offset
    }

    /// `byte OFFSET: reason`.
    public var description: String { "byte \(offset): \(reason)" }
}
