/// Why a ``Body`` could not be created or produced, naming the file or stream at fault.
///
/// A body never silently sends fewer or more bytes than it declared: a file that is
/// missing, unreadable, or changes while it is streamed fails the body with this error.
///
/// ```swift
/// do {
///     let body = try Body.file(atPath: "/tmp/upload.bin")
///     var reader = body.makeReader()
///     _ = try reader.readAll()
/// } catch let error as BodyError {
///     print(error)  // /tmp/upload.bin: file changed size while streaming (…)
///     error.path    // "/tmp/upload.bin"
/// }
/// ```
public struct BodyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The broad kind of failure.
    public struct ErrorType: Sendable, Hashable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case fileNotFound, fileUnreadable, fileChanged, lengthMismatch, streamFailed
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The file does not exist.
        public static let fileNotFound = ErrorType(.fileNotFound)
        /// The file exists but cannot be opened or read (permissions, not a regular file, I/O error).
        public static let fileUnreadable = ErrorType(.fileUnreadable)
        /// The file's size or modification time differs from when it was added, or it
        /// became shorter or longer while being streamed.
        public static let fileChanged = ErrorType(.fileChanged)
        /// A stream produced fewer or more bytes than its declared length.
        public static let lengthMismatch = ErrorType(.lengthMismatch)
        /// A stream's own source threw.
        public static let streamFailed = ErrorType(.streamFailed)

        public var description: String { "\(base)" }
    }

    /// The broad kind of failure.
    public var errorType: ErrorType
    /// What went wrong, in words.
    public var reason: String
    /// The file at fault, when a file is at fault.
    public var path: String?

    /// Creates an error.
    public init(_ errorType: ErrorType, _ reason: String, path: String? = nil) {
        self.errorType = errorType
        self.reason = reason
        self.path = path
    }

    /// `path: reason`, or just the reason.
    public var description: String {
        if let path { "\(path): \(reason)" } else { reason }
    }
}
