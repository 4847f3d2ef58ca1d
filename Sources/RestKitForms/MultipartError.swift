/// Why a multipart body could not be written or parsed, naming the part and, for parsing,
/// the byte offset in the whole input.
///
/// ```swift
/// do {
///     var parser = MultipartParser(boundary: "XyZ")
///     parser.append(Array("--wrong\r\n".utf8))
///     parser.finish()
///     _ = try parser.read()
/// } catch let error as MultipartError {
///     print(error)        // byte 0: expected boundary '--XyZ', found '--wrong'
///     error.errorType     // .wrongBoundary
///     error.byteOffset    // 0
/// }
/// ```
public struct MultipartError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The broad kind of failure.
    public struct ErrorType: Sendable, Hashable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case invalidHeader, invalidBoundary, boundaryInContent
            case missingBoundary, wrongBoundary, truncated, malformedHeaders, limitExceeded
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// Writing: a header name or value the writer refuses (CR or LF in a value, a name
        /// that is not a token, a header the writer sets itself).
        public static let invalidHeader = ErrorType(.invalidHeader)
        /// A boundary that RFC 2046 does not allow (empty, over 70 characters, bad characters).
        public static let invalidBoundary = ErrorType(.invalidBoundary)
        /// Writing: a fixed boundary occurs inside an in-memory part.
        public static let boundaryInContent = ErrorType(.boundaryInContent)
        /// Parsing: the input never contains the boundary.
        public static let missingBoundary = ErrorType(.missingBoundary)
        /// Parsing: the input starts with a different boundary.
        public static let wrongBoundary = ErrorType(.wrongBoundary)
        /// Parsing: the input ends before the closing boundary.
        public static let truncated = ErrorType(.truncated)
        /// Parsing: a part's header block is not `Name: value` lines, or a boundary line is
        /// followed by something other than CRLF or `--`.
        public static let malformedHeaders = ErrorType(.malformedHeaders)
        /// Parsing: a part's headers are too large, or there are too many parts.
        public static let limitExceeded = ErrorType(.limitExceeded)

        public var description: String { "\(base)" }
    }

    /// The broad kind of failure.
    public var errorType: ErrorType
    /// What went wrong, in words.
    public var reason: String
    /// The part at fault: its field name, or `#index` (0-based) when it has none yet.
    public var part: String?
    /// Parsing: the 0-based offset in the whole input where the problem was found.
    public var byteOffset: Int?

    /// Creates an error.
    public init(_ errorType: ErrorType, _ reason: String, part: String? = nil, byteOffset: Int? = nil) {
        self.errorType = errorType
        self.reason = reason
        self.part = part
        self.byteOffset = byteOffset
    }

    /// `byte N: part 'name': reason`, leaving out what is unknown.
    public var description: String {
        var text = ""
        if let byteOffset { text += "byte \(byteOffset): " }
        if let part { text += "part '\(part)': " }
        return text + reason
    }
}
