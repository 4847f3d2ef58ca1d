/// Why a parser rejected its input, and where.
///
/// Every built-in parser throws this for malformed, truncated, hostile or oversized
/// input; custom parsers are encouraged to throw it too.
///
/// ```swift
/// do {
///     _ = try JSONParser().parse(Array("[1, 2".utf8))
/// } catch let error as ParseError {
///     print(error)            // 1:6: unexpected end of input: expected ',' or ']'
///     error.errorType         // .truncated
///     error.location?.line    // 1
/// }
/// ```
public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The broad kind of failure.
    public struct ErrorType: Sendable, Hashable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case syntax, truncated, invalidUTF8, depthLimitExceeded, sizeLimitExceeded, forbidden, unsupported, keyPathMismatch
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The input breaks the format's grammar.
        public static let syntax = ErrorType(.syntax)
        /// The input ends before the document is complete.
        public static let truncated = ErrorType(.truncated)
        /// The bytes are not valid UTF-8.
        public static let invalidUTF8 = ErrorType(.invalidUTF8)
        /// Nesting is deeper than the parser allows.
        public static let depthLimitExceeded = ErrorType(.depthLimitExceeded)
        /// The document (or an entity expansion) is larger than the parser allows.
        public static let sizeLimitExceeded = ErrorType(.sizeLimitExceeded)
        /// The input asks for something refused for safety (external entities, DTD loading).
        public static let forbidden = ErrorType(.forbidden)
        /// Valid input the parser does not support (say, a number its library cannot hold).
        public static let unsupported = ErrorType(.unsupported)
        /// A streaming parser was asked for the array at a key path, and the document has
        /// no array there (a key is missing, or the value is of another kind).
        public static let keyPathMismatch = ErrorType(.keyPathMismatch)

        public var description: String { "\(base)" }
    }

    /// The broad kind of failure.
    public var errorType: ErrorType
    /// What went wrong, in words.
    public var reason: String
    /// Where it went wrong, when known.
    public var location: SourceLocation?
    /// The name of the parser that failed (`"yajl"`, `"jansson"`, `"libxml2"`, …).
    public var parser: String

    /// Creates an error.
    public init(_ errorType: ErrorType, _ reason: String, at location: SourceLocation?, parser: String) {
        self.errorType = errorType
        self.reason = reason
        self.location = location
        self.parser = parser
    }

    /// `LINE:COLUMN: reason`, or just the reason when the position is unknown.
    public var description: String {
        if let location { "\(location): \(reason)" } else { reason }
    }
}
